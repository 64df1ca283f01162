"""A delivery platform, played end to end against Brigade (this module holds no tests): it
holds the channel's secret, pushes orders signed as Standard Webhooks prescribe, receives the
channel's webhooks on 127.0.0.1 (checking each one's signature with the same secret), and
keeps the menu it was told, as Uber Eats' or Deliverect's side of the integration would."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import orjson

from factories import LOCATION, AppClient
from receivers import Receiver

Json = dict[str, Any]


def sign(
    secret: str, body: bytes, *, at: int | None = None, message_id: str | None = None
) -> dict[str, str]:
    """The Standard Webhooks headers of ``body`` signed with ``secret`` (whsec_ + base64)."""
    stamp = str(int(time.time()) if at is None else at)
    message_id = message_id or f"msg_{uuid.uuid4().hex}"
    key = base64.b64decode(secret.removeprefix("whsec_"))
    digest = hmac.new(key, f"{message_id}.{stamp}.".encode() + body, hashlib.sha256).digest()
    return {
        "webhook-id": message_id,
        "webhook-timestamp": stamp,
        "webhook-signature": "v1," + base64.b64encode(digest).decode(),
        "content-type": "application/json",
    }


def verified(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """Whether a webhook Brigade sent carries a signature of ``secret``."""
    lowered = {name.lower(): value for name, value in headers.items()}
    expected = sign(
        secret, body, at=int(lowered["webhook-timestamp"]), message_id=lowered["webhook-id"]
    )["webhook-signature"]
    return expected in lowered["webhook-signature"].split()


@dataclass
class Platform:
    """One platform's channel at a location: its orders pushed, its webhooks heard."""

    client: AppClient
    channel: Json
    receiver: Receiver | None
    menu: dict[str, Json] = field(default_factory=dict)

    @property
    def secret(self) -> str:
        secret: str = self.channel["secret"]
        return secret

    def push(self, order: Json, **signing: Any) -> Any:
        body = orjson.dumps(order)
        headers = sign(self.secret, body, **signing)
        return self.client.post(
            f"/api/channels/{self.channel['id']}/orders", content=body, headers=headers
        )

    def heard(self) -> list[Json]:
        """Every webhook received, each checked to be signed with the channel's secret, in the
        order received; the menu kept up to date with the changes told."""
        assert self.receiver is not None
        events = []
        for headers, body in list(self.receiver.received):
            assert verified(self.secret, headers, body), "a webhook not signed by the channel"
            event: Json = orjson.loads(body)
            events.append(event)
            if event["type"] == "channel.menu_changed":
                self.menu |= {entry["plu"]: entry for entry in event["data"]["entries"]}
        return events

    def statuses(self, channel_order_id: str) -> list[str]:
        """The statuses told of one of its orders, in the order they came."""
        return [
            event["type"].removeprefix("channel_order.")
            for event in self.heard()
            if event["type"].startswith("channel_order.")
            and event["data"]["channelOrderId"] == channel_order_id
        ]


def connect(
    client: AppClient,
    receiver: Receiver | None = None,
    *,
    location: str = LOCATION,
    **fields: Any,
) -> Platform:
    """An INBOUND channel for a platform, told its statuses at ``receiver`` if given."""
    body = {"locationId": location, "kind": "INBOUND", "name": "Uber Eats"} | fields
    if receiver is not None:
        body.setdefault("statusUrl", receiver.url)
    created = client.post("/api/channels", json=body)
    assert created.status_code == 201, created.text
    return Platform(client, created.json(), receiver)


def an_order(*lines: tuple[str, int], **fields: Any) -> Json:
    """A platform's order: ``lines`` as (PLU, quantity)."""
    return {
        "channelOrderId": f"ue-{uuid.uuid4().hex[:10]}",
        "orderType": "DELIVERY",
        "customerName": "Ana",
        "items": [{"plu": plu, "quantity": quantity} for plu, quantity in lines],
    } | fields

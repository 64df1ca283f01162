"""Webhooks an integrator manages: deliveries that Standard Webhooks' library and Stripe's
verify unchanged (with the new base64 secrets and the older hex ones), PATCH, secret
rotation with both signatures during the overlap, a test ping, the dead letter after the
retry window, re-send and skip. The receivers are real HTTP servers on 127.0.0.1."""

from __future__ import annotations

import base64
from datetime import timedelta
from typing import Any
from uuid import UUID

import orjson
import pytest
import standardwebhooks
import stripe

from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.settings import Settings
from brigade.webhooks import service as webhook_service
from brigade.webhooks.domain import derive_secret
from brigade.webhooks.repository import WebhookRepository
from factories import AppClient, in_transaction, make_order
from receivers import LOCAL, Receiver, local_deliverer, one_round

TOLERANCE = 300


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # The test runs each delivery round itself: the app's own deliverer, polling every second,
    # would otherwise race it for a due delivery on a busy machine (seen in CI).
    return settings.model_copy(update={"webhook_allow_hosts": LOCAL, "webhook_poll_seconds": 60})


def _webhook(client: AppClient, url: str, types: list[str] | None = None) -> dict[str, Any]:
    body = {"url": url, "types": types or ["order.created"]}
    response = client.post("/api/webhooks", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _standard_verifies(secret: str, headers: dict[str, str], body: bytes) -> bool:
    try:
        standardwebhooks.Webhook(secret).verify(body, headers)
    except standardwebhooks.WebhookVerificationError:
        return False
    return True


def _stripe_verifies(secret: str, headers: dict[str, str], body: bytes) -> bool:
    try:
        stripe.WebhookSignature.verify_header(
            body.decode(), headers["Brigade-Signature"], secret, TOLERANCE
        )
    except stripe.SignatureVerificationError:
        return False
    return True


def _change(client: AppClient, webhook_id: str, **changes: Any) -> None:
    async def change(uow: UnitOfWork) -> None:
        await WebhookRepository(uow).update(UUID(webhook_id), **changes)

    in_transaction(client, change)


def test_both_libraries_verify_a_delivery_unchanged(client: AppClient, receiver: Receiver) -> None:
    webhook = _webhook(client, receiver.url)
    secret = webhook["secret"]
    key = base64.b64decode(secret.removeprefix("whsec_"), validate=True)
    assert len(key) == 32
    order = make_order(client)
    deliverer = local_deliverer(client)
    assert one_round(client, deliverer)
    [(headers, body)] = receiver.received
    assert _standard_verifies(secret, headers, body)
    assert _stripe_verifies(secret, headers, body)
    assert orjson.loads(body)["data"]["id"] == order["id"]
    assert headers["Brigade-Event-Type"] == "order.created"
    assert headers["webhook-signature"].startswith("v1,")
    # Tampered, or signed with another webhook's secret: refused by both.
    other = _webhook(client, receiver.url)["secret"]
    assert not _standard_verifies(other, headers, body)
    assert not _stripe_verifies(other, headers, body)
    assert not _standard_verifies(secret, headers, body + b" ")
    assert not _stripe_verifies(secret, headers, body + b" ")


def test_a_webhook_made_before_base64_secrets_keeps_its_hex_secret(
    client: AppClient, receiver: Receiver
) -> None:
    webhook = _webhook(client, receiver.url)
    _change(client, webhook["id"], secret_version=0)  # as migration 0030 leaves older ones

    async def key(uow: UnitOfWork) -> bytes:
        return await webhook_service.server_key(uow, None)

    old_secret = derive_secret(in_transaction(client, key), UUID(webhook["id"]), 0)
    assert len(old_secret) == len("whsec_") + 64
    make_order(client)
    assert one_round(client, local_deliverer(client))
    [(headers, body)] = receiver.received
    assert _standard_verifies(old_secret, headers, body)
    assert _stripe_verifies(old_secret, headers, body)
    assert not _stripe_verifies(webhook["secret"], headers, body)


def test_patch_changes_url_types_and_pauses_without_losing_events(
    client: AppClient, receiver: Receiver
) -> None:
    webhook = _webhook(client, "http://127.0.0.1:9/nowhere")
    url = f"/api/webhooks/{webhook['id']}"
    bodies: list[dict[str, Any]] = [
        {"url": "http://10.1.1.1/hook"},
        {"url": "ftp://127.0.0.1/hook"},
        {"types": ["order.eaten"]},
        {"types": []},
        {"enabled": "no"},
        {"enabled": None},
        {"secret": "mine"},
    ]
    for body in bodies:
        refused = client.patch(url, json=body)
        assert refused.status_code == 422, body
        assert refused.headers["content-type"] == "application/problem+json"
        assert refused.json()["code"] == "validation_failed"
    missing = client.patch(f"/api/webhooks/{UUID(int=1)}", json={"enabled": False})
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")

    changed = client.patch(
        url, json={"url": receiver.url, "types": ["order.updated"], "enabled": False}
    )
    assert changed.status_code == 200, changed.text
    assert (changed.json()["url"], changed.json()["types"]) == (receiver.url, ["order.updated"])
    assert changed.json()["enabled"] is False
    assert client.get(url).json() == changed.json()
    order = make_order(client)
    client.patch(f"/api/orders/{order['id']}", json={"customerName": "Sam"})
    deliverer = local_deliverer(client)
    assert not one_round(client, deliverer), "a paused webhook is never due"
    assert receiver.received == []
    assert client.patch(url, json={"enabled": True}).json()["enabled"] is True
    assert one_round(client, deliverer)
    [(_headers, sent)] = receiver.received
    assert orjson.loads(sent)["type"] == "order.updated", "the event meanwhile goes"


def test_rotation_signs_with_both_secrets_for_the_overlap_then_the_new_one(
    client: AppClient, receiver: Receiver
) -> None:
    webhook = _webhook(client, receiver.url)
    old = webhook["secret"]
    rotated = client.post(f"/api/webhooks/{webhook['id']}/rotate-secret")
    assert rotated.status_code == 200, rotated.text
    assert rotated.headers["cache-control"] == "no-store"
    new = rotated.json()["secret"]
    assert new != old
    assert new.startswith("whsec_")
    assert rotated.json()["secretRotatedAt"] is not None
    assert new not in client.get(f"/api/webhooks/{webhook['id']}").text
    deliverer = local_deliverer(client)

    make_order(client)
    assert one_round(client, deliverer)
    [(headers, body)] = receiver.received
    assert len(headers["webhook-signature"].split(" ")) == 2
    assert headers["Brigade-Signature"].count("v1=") == 2
    for secret in (old, new):
        assert _standard_verifies(secret, headers, body)
        assert _stripe_verifies(secret, headers, body)

    _change(client, webhook["id"], rotated_at=now() - timedelta(hours=24, seconds=1))
    make_order(client)
    assert one_round(client, local_deliverer(client))
    (headers, body) = receiver.received[1]
    assert len(headers["webhook-signature"].split(" ")) == 1
    assert _standard_verifies(new, headers, body)
    assert _stripe_verifies(new, headers, body)
    assert not _standard_verifies(old, headers, body)
    assert not _stripe_verifies(old, headers, body)

    again = client.post(f"/api/webhooks/{webhook['id']}/rotate-secret").json()["secret"]
    assert again not in (old, new)
    missing = client.post(f"/api/webhooks/{UUID(int=1)}/rotate-secret")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")


def test_a_test_ping_goes_to_that_webhook_only_signed_like_any(
    client: AppClient, receiver: Receiver
) -> None:
    other = Receiver()
    try:
        webhook = _webhook(client, receiver.url)
        _webhook(client, other.url)
        queued = client.post(f"/api/webhooks/{webhook['id']}/test")
        assert queued.status_code == 202, queued.text
        ping = queued.json()
        assert (ping["eventType"], ping["state"], ping["eventId"]) == (
            "webhook.test",
            "PENDING",
            None,
        )
        assert one_round(client, local_deliverer(client))
        [(headers, body)] = receiver.received
        assert other.received == []
    finally:
        other.close()
    assert headers["webhook-id"] == ping["id"]
    assert "Brigade-Event-Id" not in headers
    assert _standard_verifies(webhook["secret"], headers, body)
    assert _stripe_verifies(webhook["secret"], headers, body)
    event = orjson.loads(body)
    assert (event["type"], event["data"]["webhookId"]) == ("webhook.test", webhook["id"])
    delivered = client.get(f"/api/webhooks/{webhook['id']}/deliveries/{ping['id']}").json()
    assert delivered["state"] == "DELIVERED"
    [attempt] = client.get(f"/api/webhooks/{webhook['id']}/deliveries").json()["data"]
    assert (attempt["deliveryId"], attempt["eventId"], attempt["outcome"]) == (
        ping["id"],
        None,
        "delivered",
    )
    missing = client.post(f"/api/webhooks/{UUID(int=1)}/test")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")


def test_past_the_retry_window_a_delivery_is_dead_then_resent_or_skipped(
    client: AppClient, receiver: Receiver
) -> None:
    webhook = _webhook(client, receiver.url)
    base = f"/api/webhooks/{webhook['id']}/deliveries"
    receiver.failing = True
    make_order(client)
    deliverer = local_deliverer(client)
    assert one_round(client, deliverer)
    [attempt] = client.get(base).json()["data"]
    assert attempt["outcome"] == "retrying"
    delivery_id = attempt["deliveryId"]

    async def failing_for_a_day(uow: UnitOfWork) -> None:
        await WebhookRepository(uow).update_queued(
            UUID(delivery_id), retrying_since=now() - timedelta(hours=25), next_attempt_at=now()
        )

    in_transaction(client, failing_for_a_day)
    assert one_round(client, deliverer)
    dead = client.get(f"{base}/{delivery_id}").json()
    assert (dead["state"], dead["lastError"]) == ("FAILED", "answered 500")
    assert client.get(base).json()["data"][0]["outcome"] == "failed"
    assert client.get(f"/api/webhooks/{webhook['id']}").json()["failingSince"] is None

    receiver.failing = False
    resent = client.post(f"{base}/{delivery_id}/resend")
    assert resent.status_code == 200, resent.text
    assert (resent.json()["state"], resent.json()["attempts"]) == ("PENDING", 0)
    conflict = client.post(f"{base}/{delivery_id}/resend")
    assert conflict.status_code == 409
    assert conflict.headers["content-type"] == "application/problem+json"
    assert conflict.json()["code"] == "conflict"
    assert one_round(client, deliverer)
    ids = {headers["webhook-id"] for headers, _body in receiver.received}
    assert ids == {delivery_id}, "the same webhook-id on every attempt and the re-send"
    assert client.get(f"{base}/{delivery_id}").json()["state"] == "DELIVERED"
    refused = client.post(f"{base}/{delivery_id}/skip")
    assert (refused.status_code, refused.json()["code"]) == (409, "conflict")

    receiver.failing = True
    make_order(client)
    assert one_round(client, deliverer)
    pending = client.get(base).json()["data"][0]["deliveryId"]
    skipped = client.post(f"{base}/{pending}/skip")
    assert skipped.status_code == 200, skipped.text
    assert skipped.json()["state"] == "SKIPPED"
    for path in (f"{base}/{UUID(int=1)}/skip", f"{base}/{UUID(int=1)}/resend"):
        missing = client.post(path)
        assert (missing.status_code, missing.json()["code"]) == (404, "not_found")

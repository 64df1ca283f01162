"""Deliveries are ordered per order, not globally: a receiver failing only one order's events
holds back that order's later events, until the stuck one succeeds or is skipped, while the
other orders' events, later ones included, arrive (the probe saw one failing event hold every
later one back for up to 24 h)."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from brigade.settings import Settings
from brigade.webhooks.service import Deliverer
from factories import AppClient, make_order
from receivers import LOCAL, Receiver, due_now, local_deliverer, one_round


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # The test runs each delivery round itself: the app's own deliverer, polling every second,
    # would otherwise race it for a due delivery on a busy machine (seen in CI).
    return settings.model_copy(update={"webhook_allow_hosts": LOCAL, "webhook_poll_seconds": 60})


TYPES = ["order.created", "order.updated"]


def _webhook(client: AppClient, receiver: Receiver) -> dict[str, Any]:
    created: dict[str, Any] = client.post(
        "/api/webhooks", json={"url": receiver.url, "types": TYPES}
    ).json()
    return created


def _order_with_two_events(client: AppClient) -> dict[str, Any]:
    order = make_order(client)  # order.created
    renamed = client.patch(f"/api/orders/{order['id']}", json={"customerName": "Sam"})
    assert renamed.status_code == 200, renamed.text  # order.updated
    return order


def _delivered(receiver: Receiver, order: dict[str, Any], since: int = 0) -> list[str]:
    """The events of ``order`` the receiver got from its ``since``-th POST on, in order."""
    seen = [orjson.loads(body) for _headers, body in receiver.received[since:]]
    return [event["type"] for event in seen if event["orderId"] == order["id"]]


def _rounds(client: AppClient, deliverer: Deliverer, count: int) -> None:
    for _ in range(count):
        one_round(client, deliverer)


def test_a_stuck_event_holds_back_only_its_own_orders_later_events(
    client: AppClient, receiver: Receiver
) -> None:
    webhook = _webhook(client, receiver)
    stuck = _order_with_two_events(client)
    flowing = _order_with_two_events(client)
    receiver.fails_for = lambda body: orjson.loads(body)["orderId"] == stuck["id"]
    deliverer = local_deliverer(client)
    _rounds(client, deliverer, 3)
    assert _delivered(receiver, flowing) == TYPES, "the other order's later event arrived"
    attempted = [orjson.loads(body) for _headers, body in receiver.received]
    stuck_types = {event["type"] for event in attempted if event["orderId"] == stuck["id"]}
    assert stuck_types == {"order.created"}, "the stuck order's later event waits"
    state = client.get(f"/api/webhooks/{webhook['id']}").json()
    assert state["failingSince"] is not None

    # The receiver recovers: the stuck event goes, then its order's later one.
    receiver.fails_for = lambda _body: False
    failed_attempts = len(receiver.received)
    due_now(client, webhook["id"])
    _rounds(client, deliverer, 3)
    assert _delivered(receiver, stuck, since=failed_attempts) == TYPES
    assert client.get(f"/api/webhooks/{webhook['id']}").json()["failingSince"] is None


def test_skipping_the_stuck_event_lets_its_orders_later_ones_go(
    client: AppClient, receiver: Receiver
) -> None:
    webhook = _webhook(client, receiver)
    stuck = make_order(client)
    receiver.fails_for = lambda body: orjson.loads(body)["type"] == "order.created"
    deliverer = local_deliverer(client)
    _rounds(client, deliverer, 1)
    client.patch(f"/api/orders/{stuck['id']}", json={"customerName": "Sam"})
    _rounds(client, deliverer, 2)
    assert set(_delivered(receiver, stuck)) == {"order.created"}, "only its failing attempts"
    failed_attempts = len(receiver.received)
    base = f"/api/webhooks/{webhook['id']}/deliveries"
    stuck_delivery = client.get(base).json()["data"][-1]["deliveryId"]
    assert client.get(f"{base}/{stuck_delivery}").json()["state"] == "PENDING"
    assert client.post(f"{base}/{stuck_delivery}/skip").json()["state"] == "SKIPPED"
    _rounds(client, deliverer, 2)
    assert _delivered(receiver, stuck, since=failed_attempts) == ["order.updated"]
    _rounds(client, deliverer, 1)
    assert len(receiver.received) == failed_attempts + 1, "the skipped one is not tried again"

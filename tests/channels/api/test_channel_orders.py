"""Delivery platforms' orders (docs/design.md §29), played end to end by the channel simulator:
signed and idempotent, made whole or refused whole, accepted in the window or refused to the
channel, every status told back in order through retries, the menu's 86s told within a minute,
and one slot limit across every channel."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest

from brigade.channels import service
from brigade.kit.clock import now
from brigade.settings import Settings
from channels.channel_simulator import Json, Platform, an_order, connect
from factories import LOCATION, OTHER_LOCATION, AppClient, make_product
from orders.api.order_helpers import problem
from receivers import LOCAL, Receiver, due_now, local_deliverer, one_round


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # The tests deliver by hand, round by round, but for the one that waits for the app's own
    # deliverer; no worker refuses overdue orders by itself meanwhile.
    return settings.model_copy(
        update={
            "webhook_allow_hosts": LOCAL,
            "webhook_poll_seconds": 60,
            "channel_overdue_poll_seconds": 60,
        }
    )


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    receiving = Receiver()
    yield receiving
    receiving.close()


def ok(response: Any, status: int = 200) -> Json:
    assert response.status_code == status, response.text
    body: Json = response.json()
    return body


def _menu(client: AppClient, location: str = LOCATION) -> tuple[Json, Json]:
    burger = make_product(client, name="Burger", price=9.5, sku="BRG-1", locationId=location)
    fries = make_product(client, name="Fries", price=3, sku="FRY-1", locationId=location)
    return burger, fries


def _orders_made(client: AppClient) -> int:
    return int(ok(client.get("/api/orders", params={"locationId": LOCATION, "limit": 1}))["total"])


def _deliver(client: AppClient, rounds: int = 8) -> None:
    """Delivery rounds until nothing is due (at most ``rounds``)."""
    deliverer = local_deliverer(client)
    for _ in range(rounds):
        if not one_round(client, deliverer):
            return


def _ticket_of(client: AppClient, order_id: str) -> Json:
    tickets = ok(client.get("/api/kitchen/tickets"))["data"]
    ticket: Json = next(t for t in tickets if t["orderId"] == order_id)
    return ticket


def test_an_order_pushed_twice_makes_one_order(client: AppClient, receiver: Receiver) -> None:
    _menu(client)
    platform = connect(client, receiver)
    order = an_order(("BRG-1", 2), ("FRY-1", 1))
    before = _orders_made(client)

    first = ok(platform.push(order), 201)
    again = ok(platform.push(order), 200)

    assert again["id"] == first["id"]
    assert again["orderId"] == first["orderId"]
    assert _orders_made(client) == before + 1
    assert (first["status"], first["total"], first["orderType"]) == ("NEW", 22.0, "DELIVERY")
    assert [(line["plu"], line["quantity"]) for line in first["lines"]] == [
        ("BRG-1", 2),
        ("FRY-1", 1),
    ]
    check = ok(client.get(f"/api/orders/{first['orderId']}"))
    # On the check, unsent until accepted: the kitchen has nothing of it yet.
    assert {item["status"] for item in check["items"]} == {"PENDING"}
    assert check["customerName"] == "Uber Eats: Ana"


def test_an_unknown_plu_or_an_86d_product_refuses_the_whole_order(client: AppClient) -> None:
    burger, _ = _menu(client)
    platform = connect(client)
    before = _orders_made(client)

    unknown = problem(
        platform.push(an_order(("BRG-1", 1), ("NOPE-9", 1))), 422, "channel_order_refused"
    )
    assert "NOPE-9" in unknown["detail"]
    ok(client.post(f"/api/products/{burger['id']}/86"))
    gone = problem(
        platform.push(an_order(("FRY-1", 1), ("BRG-1", 1))), 422, "channel_order_refused"
    )
    assert "BRG-1" in gone["detail"]

    assert _orders_made(client) == before, "nothing was made, not even the lines before"
    assert client.get("/api/channel-orders", params={"locationId": LOCATION}).json() == []


def test_an_order_not_signed_with_the_channels_secret_is_refused(client: AppClient) -> None:
    _menu(client)
    platform = connect(client)
    order = an_order(("BRG-1", 1))
    forged = Platform(client, platform.channel | {"secret": "whsec_" + "A" * 43 + "="}, None)

    problem(forged.push(order), 401, "invalid_signature")
    problem(platform.push(order, at=int(time.time()) - 600), 401, "invalid_signature")
    unsigned = client.post(f"/api/channels/{platform.channel['id']}/orders", json=order)
    problem(unsigned, 401, "invalid_signature")
    assert client.get("/api/channel-orders", params={"locationId": LOCATION}).json() == []


def test_statuses_reach_the_channel_in_order_and_are_retried_after_it_fails(
    client: AppClient, receiver: Receiver
) -> None:
    _menu(client)
    platform = connect(client, receiver)
    pushed = ok(platform.push(an_order(("BRG-1", 1), paid=True)), 201)
    receiver.failing = True

    accepted = ok(client.post(f"/api/channel-orders/{pushed['id']}/accept"))
    assert accepted["status"] == "PREPARING"
    ticket = _ticket_of(client, pushed["orderId"])
    ok(client.post(f"/api/kitchen/tickets/{ticket['id']}/bump"))
    ready = ok(client.get(f"/api/channel-orders/{pushed['id']}"))
    assert ready["status"] == "READY"
    _deliver(client)
    assert platform.statuses(pushed["channelOrderId"]) == ["accepted"], "the first, failing"

    receiver.failing = False
    due_now(client, platform.channel["id"])
    _deliver(client)
    picked_up = ok(client.post(f"/api/channel-orders/{pushed['id']}/picked-up"))
    assert picked_up["status"] == "PICKED_UP"
    check = ok(client.get(f"/api/orders/{pushed['orderId']}"))
    assert (check["status"], check["payments"][0]["paymentMethod"]) == ("COMPLETED", "CHANNEL")
    _deliver(client)

    told = platform.statuses(pushed["channelOrderId"])
    # The failed attempt was made again: "accepted" twice, then each status once, in order.
    assert told == ["accepted", "accepted", "preparing", "ready", "picked_up"]


def test_an_order_paid_at_pickup_is_picked_up_when_its_check_is_paid(
    client: AppClient, receiver: Receiver
) -> None:
    _menu(client)
    platform = connect(client, receiver, autoAccept=True)
    pushed = ok(platform.push(an_order(("FRY-1", 2), orderType="TAKEOUT")), 201)
    assert pushed["status"] == "PREPARING", "accepted as it arrived"

    problem(client.post(f"/api/channel-orders/{pushed['id']}/picked-up"), 409, "payment_due")
    cash = {"amount": 6, "paymentMethod": "CASH"}
    ok(client.post(f"/api/orders/{pushed['orderId']}/payments", json=cash), 201)
    ok(client.post(f"/api/orders/{pushed['orderId']}/complete"))

    assert ok(client.get(f"/api/channel-orders/{pushed['id']}"))["status"] == "PICKED_UP"
    _deliver(client)
    assert platform.statuses(pushed["channelOrderId"]) == ["accepted", "preparing", "picked_up"]


def test_not_accepted_in_the_window_it_is_refused_to_the_channel(
    client: AppClient, receiver: Receiver
) -> None:
    _menu(client)
    platform = connect(client, receiver, acceptWindowSeconds=60)
    pushed = ok(platform.push(an_order(("BRG-1", 1))), 201)

    later = now() + timedelta(seconds=61)
    assert client.portal.call(service.refuse_overdue, client.app.state.database, later) == 1

    refused = ok(client.get(f"/api/channel-orders/{pushed['id']}"))
    assert (refused["status"], refused["reason"]) == ("REFUSED", "not accepted in time")
    assert ok(client.get(f"/api/orders/{pushed['orderId']}"))["status"] == "CANCELLED"
    problem(client.post(f"/api/channel-orders/{pushed['id']}/accept"), 409, "channel_order_decided")
    _deliver(client)
    assert platform.statuses(pushed["channelOrderId"]) == ["refused"]
    [told] = [e for e in platform.heard() if e["type"] == "channel_order.refused"]
    assert told["data"]["reason"] == "not accepted in time"


def test_refused_by_the_staff_with_a_reason_the_channel_is_told(
    client: AppClient, receiver: Receiver
) -> None:
    _menu(client)
    platform = connect(client, receiver)
    pushed = ok(platform.push(an_order(("BRG-1", 1))), 201)

    refused = ok(
        client.post(f"/api/channel-orders/{pushed['id']}/refuse", json={"reason": "closing"})
    )

    assert (refused["status"], refused["reason"]) == ("REFUSED", "closing")
    assert ok(client.get(f"/api/orders/{pushed['orderId']}"))["status"] == "CANCELLED"
    _deliver(client)
    assert platform.statuses(pushed["channelOrderId"]) == ["refused"]


def test_an_86_reaches_the_channel_within_a_minute(client: AppClient, receiver: Receiver) -> None:
    """The app's own deliverer, as a server runs it: no hand-driven round."""
    burger, fries = _menu(client)
    platform = connect(client, receiver)
    menu = ok(client.get(f"/api/channels/{platform.channel['id']}/menu"))["entries"]
    assert [(e["plu"], e["price"], e["available"]) for e in menu] == [
        ("BRG-1", 9.5, True),
        ("FRY-1", 3.0, True),
    ]

    ok(client.post(f"/api/products/{burger['id']}/86"))
    ok(client.put(f"/api/products/{fries['id']}", json={"price": 3.5}))
    deliverer = local_deliverer(client)

    async def deliver_until_told() -> None:
        async with deliverer.client() as http:
            deadline = time.monotonic() + 60
            while len(receiver.received) < 2 and time.monotonic() < deadline:
                await deliverer.deliver_due(http)

    client.portal.call(deliver_until_told)
    platform.heard()
    assert (platform.menu["BRG-1"]["available"], platform.menu["FRY-1"]["price"]) == (False, 3.5)


def test_the_slot_limit_refuses_the_11th_order_on_every_channel(client: AppClient) -> None:
    _menu(client)
    uber = connect(client, ordersPerSlot=10, prepMinutes=0)
    deliveroo = connect(client, name="Deliveroo", ordersPerSlot=10, prepMinutes=0)
    pickup_at = (now() + timedelta(hours=2)).replace(minute=1, second=0, microsecond=0)
    at = pickup_at.isoformat()

    for n in range(10):
        platform = uber if n % 2 else deliveroo
        ok(platform.push(an_order(("FRY-1", 1), pickupAt=at)), 201)

    for platform in (uber, deliveroo):
        full = problem(platform.push(an_order(("FRY-1", 1), pickupAt=at)), 409, "slot_full")
        assert "10 orders" in full["detail"]
    next_slot = (pickup_at + timedelta(minutes=15)).isoformat()
    ok(uber.push(an_order(("FRY-1", 1), pickupAt=next_slot)), 201)


def test_a_paused_channel_refuses_orders_until_it_takes_them_again(
    client: AppClient, receiver: Receiver
) -> None:
    _menu(client)
    platform = connect(client, receiver)
    channel_id = platform.channel["id"]

    paused = ok(client.post(f"/api/channels/{channel_id}/pause", json={"minutes": 20}))
    assert paused["pausedUntil"] is not None
    problem(platform.push(an_order(("BRG-1", 1))), 409, "channel_paused")
    busy = {"minutes": 0, "prepMinutes": 45}
    ok(client.post(f"/api/channels/{channel_id}/pause", json=busy))
    soonest = ok(platform.push(an_order(("BRG-1", 1))), 201)
    assert datetime.fromisoformat(soonest["pickupAt"]) >= now() + timedelta(minutes=44)
    _deliver(client)
    told = [e["data"] for e in platform.heard() if e["type"] == "channel.updated"]
    assert told[0]["pausedUntil"] is not None
    assert (told[1]["pausedUntil"], told[1]["prepMinutes"]) == (None, 45)


def test_a_channel_acts_at_its_location_only(client: AppClient) -> None:
    _menu(client)
    make_product(client, name="Burger", price=9.5, sku="BRG-1", locationId=OTHER_LOCATION)
    platform = connect(client)
    other = connect(client, location=OTHER_LOCATION)

    here = ok(platform.push(an_order(("BRG-1", 1))), 201)
    there = ok(other.push(an_order(("BRG-1", 1))), 201)

    assert ok(client.get(f"/api/orders/{here['orderId']}"))["locationId"] == LOCATION
    assert ok(client.get(f"/api/orders/{there['orderId']}"))["locationId"] == OTHER_LOCATION
    # One channel's secret signs for that channel only.
    problem(
        Platform(client, other.channel | {"secret": platform.secret}, None).push(
            an_order(("BRG-1", 1))
        ),
        401,
        "invalid_signature",
    )


def test_a_check_settled_at_the_till_before_anyone_accepted_it_moves_its_order_on(
    client: AppClient, receiver: Receiver
) -> None:
    """Paid and closed at the till unaccepted: picked up. Money taken on one that then times
    out: refused to the channel, its check kept for the staff to settle."""
    _menu(client)
    platform = connect(client, receiver, acceptWindowSeconds=60)
    closed = ok(platform.push(an_order(("FRY-1", 1))), 201)
    paid_part = ok(platform.push(an_order(("BRG-1", 1))), 201)

    cash = {"amount": 3, "paymentMethod": "CASH"}
    ok(client.post(f"/api/orders/{closed['orderId']}/payments", json=cash), 201)
    ok(client.post(f"/api/orders/{closed['orderId']}/complete"))
    part = {"amount": 5, "paymentMethod": "CASH"}
    ok(client.post(f"/api/orders/{paid_part['orderId']}/payments", json=part), 201)
    later = now() + timedelta(seconds=61)
    assert client.portal.call(service.refuse_overdue, client.app.state.database, later) == 1

    assert ok(client.get(f"/api/channel-orders/{closed['id']}"))["status"] == "PICKED_UP"
    assert ok(client.get(f"/api/channel-orders/{paid_part['id']}"))["status"] == "REFUSED"
    assert ok(client.get(f"/api/orders/{paid_part['orderId']}"))["status"] == "DRAFT"
    _deliver(client)
    assert platform.statuses(paid_part["channelOrderId"]) == ["refused"]

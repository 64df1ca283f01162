"""A channel's pickup time on the check it makes (docs/design.md §29): the check carries it as
its ``pickupAt`` (its notes keep the channel's order id), and so does its kitchen ticket once
the order is accepted."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from brigade.kit.clock import now
from channels.channel_simulator import Json, an_order, connect
from factories import LOCATION, AppClient, make_product


def _ok(response: Any, status: int = 200) -> Json:
    assert response.status_code == status, response.text
    body: Json = response.json()
    return body


def test_a_channel_orders_check_and_kitchen_ticket_carry_its_pickup_time(
    client: AppClient,
) -> None:
    make_product(client, name="Burger", price=9.5, sku="BRG-1")
    platform = connect(client)
    pickup_at = (now() + timedelta(hours=2)).replace(second=0, microsecond=0)
    shown = pickup_at.isoformat().replace("+00:00", "Z")
    pushed = _ok(platform.push(an_order(("BRG-1", 1), pickupAt=pickup_at.isoformat())), 201)

    check = _ok(client.get(f"/api/orders/{pushed['orderId']}"))
    assert (check["orderType"], check["pickupAt"]) == ("DELIVERY", shown)
    assert pushed["pickupAt"] == shown
    assert check["notes"] == f"Uber Eats #{pushed['channelOrderId']}"

    _ok(client.post(f"/api/channel-orders/{pushed['id']}/accept"))
    board = _ok(client.get("/api/kitchen/board", params={"locationId": LOCATION}))
    (card,) = [t for t in board["tickets"] if t["orderId"] == pushed["orderId"]]
    assert (card["customerName"], card["pickupAt"]) == ("Uber Eats: Ana", shown)


def test_a_channel_order_pushed_with_no_pickup_time_has_the_soonest(client: AppClient) -> None:
    make_product(client, name="Fries", price=3, sku="FRY-1")
    platform = connect(client)
    pushed = _ok(platform.push(an_order(("FRY-1", 2), orderType="TAKEOUT")), 201)

    check = _ok(client.get(f"/api/orders/{pushed['orderId']}"))
    assert check["pickupAt"] == pushed["pickupAt"] is not None

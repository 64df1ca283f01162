"""Brigade's own ordering page (docs/design.md §29): the menu guests see, the pickup slots
still open, an order placed once however often it is sent, followed by its id as the
restaurant accepts it, makes it and hands it over."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from factories import LOCATION, OTHER_LOCATION, AppClient, make_product
from orders.api.order_helpers import problem

Json = dict[str, Any]


def ok(response: Any, status: int = 200) -> Json:
    assert response.status_code == status, response.text
    body: Json = response.json()
    return body


def _page(client: AppClient, slug: str = "harbour-st", **fields: Any) -> Json:
    body = {"locationId": LOCATION, "kind": "WEB", "name": "Order online", "slug": slug}
    return ok(client.post("/api/channels", json=body | fields), 201)


def _basket(product: Json, **fields: Any) -> Json:
    return {
        "key": str(uuid.uuid4()),
        "customerName": "Ana",
        "phone": "+44 7700 900123",
        "items": [{"productId": product["id"], "quantity": 2}],
    } | fields


def test_the_page_shows_the_guests_menu_and_the_slots_still_open(client: AppClient) -> None:
    _page(client, ordersPerSlot=1, prepMinutes=15)
    shown = make_product(client, name="Bao", price=6, guestVisible=True)
    make_product(client, name="Staff meal", price=1)

    page = ok(client.get("/api/order-pages/harbour-st"))

    names = [p["name"] for s in page["menu"]["sections"] for p in s["products"]]
    assert names == ["Bao"]
    assert (page["channelName"], page["prepMinutes"], page["pausedUntil"]) == (
        "Order online",
        15,
        None,
    )
    starts = [datetime.fromisoformat(s["start"]) for s in page["slots"]]
    assert len(starts) == 16
    assert all(s.minute % 15 == 0 for s in starts)
    assert not any(s["full"] for s in page["slots"])

    first = page["slots"][0]["start"]
    ok(client.post("/api/order-pages/harbour-st/orders", json=_basket(shown, pickupAt=first)), 201)
    again = ok(client.get("/api/order-pages/harbour-st"))
    assert [s["full"] for s in again["slots"]][:2] == [True, False]
    full = _basket(shown, pickupAt=first)
    problem(client.post("/api/order-pages/harbour-st/orders", json=full), 409, "slot_full")


def test_an_order_is_placed_once_and_followed_to_pickup(client: AppClient) -> None:
    _page(client)
    bao = make_product(client, name="Bao", price=6, guestVisible=True)
    basket = _basket(bao)

    placed = ok(client.post("/api/order-pages/harbour-st/orders", json=basket), 201)
    again = ok(client.post("/api/order-pages/harbour-st/orders", json=basket), 200)

    assert again["id"] == placed["id"]
    assert (placed["status"], placed["total"], placed["customerName"]) == ("NEW", 12.0, "Ana")
    assert [(line["plu"], line["name"], line["quantity"]) for line in placed["lines"]] == [
        (None, "Bao", 2)
    ]
    follow = f"/api/order-pages/harbour-st/orders/{placed['id']}"
    ok(client.post(f"/api/channel-orders/{placed['id']}/accept"))
    assert ok(client.get(follow))["status"] == "PREPARING"
    incoming = ok(client.get(f"/api/channel-orders/{placed['id']}"))
    assert incoming["orderType"] == "TAKEOUT"
    check = ok(client.get(f"/api/orders/{incoming['orderId']}"))
    assert check["customerName"] == "Order online: Ana"


def test_the_page_orders_only_what_it_shows_and_only_its_own(client: AppClient) -> None:
    _page(client)
    _page(client, slug="the-pier", locationId=OTHER_LOCATION)
    hidden = make_product(client, name="Staff meal", price=1)
    bao = make_product(client, name="Bao", price=6, guestVisible=True)

    problem(
        client.post("/api/order-pages/harbour-st/orders", json=_basket(hidden)), 404, "not_found"
    )
    placed = ok(client.post("/api/order-pages/harbour-st/orders", json=_basket(bao)), 201)
    problem(client.get(f"/api/order-pages/the-pier/orders/{placed['id']}"), 404, "not_found")
    problem(client.get(f"/api/order-pages/the-pier/orders/{uuid.uuid4()}"), 404, "not_found")
    problem(client.get("/api/order-pages/nowhere"), 404, "not_found")
    # Another restaurant's product is not made here: the order is refused whole.
    theirs = make_product(client, name="Pier fish", guestVisible=True, locationId=OTHER_LOCATION)
    refused = client.post("/api/order-pages/harbour-st/orders", json=_basket(theirs))
    problem(refused, 422, "channel_order_refused")


def test_a_paused_page_takes_no_orders(client: AppClient) -> None:
    page = _page(client)
    bao = make_product(client, name="Bao", price=6, guestVisible=True)
    ok(client.post(f"/api/channels/{page['id']}/pause", json={"minutes": 30}))

    assert ok(client.get("/api/order-pages/harbour-st"))["pausedUntil"] is not None
    problem(
        client.post("/api/order-pages/harbour-st/orders", json=_basket(bao)), 409, "channel_paused"
    )

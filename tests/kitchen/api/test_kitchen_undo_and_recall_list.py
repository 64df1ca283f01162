"""The kitchen's undo of READY (READY back to PREPARING, the one step back an item takes, which
brings its bumped ticket back on the board) and the board's Recall list (`recentlyBumped`: the
location's last ten bumped tickets, newest first)."""

from __future__ import annotations

from typing import Any

from events.api.event_helpers import all_events
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_device,
    make_order,
    make_product,
)
from orders.api.order_helpers import add_item, problem

Json = dict[str, Any]


def _ok(response: Any) -> Json:
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


def _board(client: AppClient, location: str = LOCATION) -> Json:
    return _ok(client.get("/api/kitchen/board", params={"locationId": location}))


def _sent_order(
    client: AppClient, items: int = 1, **overrides: Any
) -> tuple[Json, list[Json], str]:
    """A new order with ``items`` products, sent: the order, its items and its ticket's id."""
    order = make_order(client, **overrides)
    at = {"locationId": order["locationId"]}
    added = [add_item(client, order, make_product(client, **at)) for _ in range(items)]
    ticket: str = _ok(client.post(f"/api/orders/{order['id']}/send"))["kitchenOrderId"]
    return order, added, ticket


def _set(client: AppClient, order: Json, item: Json, status: str, **headers: str) -> Any:
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    return client.put(url, json={"status": status}, headers=headers)


def test_a_ready_item_goes_back_to_preparing_and_no_further(client: AppClient) -> None:
    order, (item,), _ = _sent_order(client)
    assert _ok(_set(client, order, item, "READY"))["status"] == "READY"
    before = all_events(client)[-1]["id"]
    assert _ok(_set(client, order, item, "PREPARING"))["status"] == "PREPARING"
    assert [e["type"] for e in all_events(client, after=before)] == ["item.updated"]
    # Only that one step back: not to SENT, and nothing leaves SERVED for PREPARING.
    assert _ok(_set(client, order, item, "READY"))["status"] == "READY"
    problem(_set(client, order, item, "SENT"), 409, "invalid_transition")
    assert _ok(_set(client, order, item, "SERVED"))["status"] == "SERVED"
    problem(_set(client, order, item, "PREPARING"), 409, "invalid_transition")


def test_the_kitchen_display_undoes_ready_and_a_server_may_not(client: AppClient) -> None:
    order, (item,), _ = _sent_order(client)
    display = bearer(make_device(client, "KITCHEN_DISPLAY")["token"])
    assert _ok(_set(client, order, item, "READY", **display))["status"] == "READY"
    assert _ok(_set(client, order, item, "PREPARING", **display))["status"] == "PREPARING"
    # A display elsewhere: 403, nothing changed.
    elsewhere = bearer(make_device(client, "KITCHEN_DISPLAY", locationId=OTHER_LOCATION)["token"])
    assert _ok(_set(client, order, item, "READY", **display))["status"] == "READY"
    problem(_set(client, order, item, "PREPARING", **elsewhere), 403, "other_location")
    got = _ok(client.get(f"/api/orders/{order['id']}"))["items"][0]
    assert got["status"] == "READY"


def test_an_item_made_again_brings_its_bumped_ticket_back(client: AppClient) -> None:
    order, (burger, fries), ticket = _sent_order(client, items=2)
    bumped = _ok(client.post(f"/api/kitchen/tickets/{ticket}/bump"))
    assert [i["status"] for i in bumped["items"]] == ["READY", "READY"]
    assert _board(client)["tickets"] == []
    before = all_events(client)[-1]["id"]

    _ok(_set(client, order, fries, "PREPARING"))
    board = _board(client)
    (back,) = board["tickets"]
    assert (back["id"], back["bumpedAt"]) == (ticket, None)
    assert [i["status"] for i in back["items"]] == ["READY", "PREPARING"]
    assert board["recentlyBumped"] == []
    assert board["lastBumped"] is None
    events = all_events(client, after=before)
    assert [e["type"] for e in events] == ["item.updated", "kitchen_ticket.recalled"]
    assert events[1]["data"]["id"] == ticket
    # The ticket is on the board already: the next undo recalls nothing more.
    _ok(_set(client, order, fries, "READY"))
    after = all_events(client)[-1]["id"]
    _ok(_set(client, order, fries, "PREPARING"))
    assert [e["type"] for e in all_events(client, after=after)] == ["item.updated"]
    assert burger["id"] in {i["itemId"] for i in back["items"]}


def test_only_the_tickets_holding_the_item_come_back(client: AppClient) -> None:
    order, (first,), first_ticket = _sent_order(client)
    second = add_item(client, order, make_product(client))
    second_ticket = _ok(client.post(f"/api/orders/{order['id']}/send"))["kitchenOrderId"]
    for ticket in (first_ticket, second_ticket):
        _ok(client.post(f"/api/kitchen/tickets/{ticket}/bump"))
    _ok(_set(client, order, second, "PREPARING"))
    board = _board(client)
    assert [t["id"] for t in board["tickets"]] == [second_ticket]
    assert [t["id"] for t in board["recentlyBumped"]] == [first_ticket]
    assert board["lastBumped"]["id"] == first_ticket
    assert _ok(client.get(f"/api/orders/{order['id']}"))["items"][0]["id"] == first["id"]


def test_the_recall_list_is_the_last_ten_bumped_newest_first(client: AppClient) -> None:
    tickets = [_sent_order(client)[2] for _ in range(12)]
    _sent_order(client, locationId=OTHER_LOCATION, tableId=None)
    for ticket in tickets:
        _ok(client.post(f"/api/kitchen/tickets/{ticket}/bump"))
    board = _board(client)
    recent = [t["id"] for t in board["recentlyBumped"]]
    assert recent == list(reversed(tickets))[:10]
    assert board["lastBumped"] == board["recentlyBumped"][0]
    assert all(t["bumpedAt"] is not None for t in board["recentlyBumped"])

    # Recalling the third-last takes it off the list; the rest keep their order.
    _ok(client.post(f"/api/kitchen/tickets/{tickets[-3]}/recall"))
    board = _board(client)
    assert [t["id"] for t in board["tickets"]] == [tickets[-3]]
    assert [t["id"] for t in board["recentlyBumped"]] == [
        tickets[-1],
        tickets[-2],
        *reversed(tickets[:-3]),
    ][:10]
    # Another location's board lists its own bumps only: none.
    assert _board(client, OTHER_LOCATION)["recentlyBumped"] == []

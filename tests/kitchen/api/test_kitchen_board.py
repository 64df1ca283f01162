"""The kitchen display's board: open sends with their items as they are now, bumping a ticket
off it (its items READY) and recalling it, and the location's ticket age thresholds."""

from __future__ import annotations

from typing import Any

from events.api.event_helpers import all_events
from factories import LOCATION, OTHER_LOCATION, AppClient, make_category, make_order, make_product
from orders.api.order_helpers import AD_HOC, add_item, pay, problem

Json = dict[str, Any]


def _ok(response: Any) -> Json:
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


def _board(client: AppClient, location: str = LOCATION) -> Json:
    return _ok(client.get("/api/kitchen/board", params={"locationId": location}))


def _send(client: AppClient, order: Json) -> str:
    ticket: str = _ok(client.post(f"/api/orders/{order['id']}/send"))["kitchenOrderId"]
    return ticket


def _bump(client: AppClient, ticket_id: str) -> Json:
    return _ok(client.post(f"/api/kitchen/tickets/{ticket_id}/bump"))


def _item_statuses(client: AppClient, order: Json) -> list[str]:
    return [item["status"] for item in _ok(client.get(f"/api/orders/{order['id']}"))["items"]]


def test_the_board_shows_each_send_with_its_table_server_and_items_as_they_are_now(
    client: AppClient,
) -> None:
    grill = make_category(client, name="Grill")
    burger = make_product(client, name="Burger", categoryId=grill["id"])
    fries = make_product(client, name="Fries")
    table = client.post("/api/tables", json={"locationId": LOCATION, "name": "T4"}).json()
    order = make_order(client, tableId=table["id"])
    first = add_item(
        client,
        order,
        burger,
        2,
        notes="no onions",
        modifiers=[{"modifierOptionId": AD_HOC, "name": "Bacon", "price": 1}],
    )
    fries_item = add_item(client, order, fries)
    first_ticket = _send(client, order)
    takeout = make_order(client, orderType="TAKEOUT", tableId=None)
    add_item(client, takeout, fries)
    takeout_ticket = _send(client, takeout)
    # A second round of the first order: its items are additions.
    added = add_item(client, order, fries, 3)
    second_ticket = _send(client, order)
    # Voided whole, then one burger fewer: the board shows both as they are now, and the
    # VOID tickets they made are not cards of their own.
    void = {"reason": "changed mind"}
    item_url = f"/api/orders/{order['id']}/items"
    assert client.request("DELETE", f"{item_url}/{fries_item['id']}", json=void).is_success
    lowered = {"quantity": 1, "reason": "one fewer"}
    assert client.put(f"{item_url}/{first['id']}", json=lowered).is_success
    make_order_elsewhere = make_order(client, locationId=OTHER_LOCATION)
    add_item(client, make_order_elsewhere, make_product(client, locationId=OTHER_LOCATION))
    _send(client, make_order_elsewhere)

    board = _board(client)
    assert [t["id"] for t in board["tickets"]] == [first_ticket, takeout_ticket, second_ticket]
    assert board["lastBumped"] is None
    card = board["tickets"][0]
    assert (card["orderNumber"], card["orderType"], card["tableName"]) == (
        order["orderNumber"],
        "DINE_IN",
        "T4",
    )
    assert card["server"] == order["openedBy"]["name"]
    assert card["bumpedAt"] is None
    burger_line, fries_line = card["items"]
    assert burger_line == {
        "itemId": first["id"],
        "productId": burger["id"],
        "categoryId": grill["id"],
        "name": "Burger",
        "quantity": 1,
        "sentQuantity": 2,
        "modifiers": [{"modifierOptionId": AD_HOC, "name": "Bacon", "price": 1}],
        "notes": "no onions",
        "status": "SENT",
        "voidReason": None,
        "added": False,
        "seat": None,
        "course": 1,
        # Fire by prep time and stations (docs/design.md §19): none set, start at once.
        "prepSeconds": None,
        "startAt": card["createdAt"],
        "stationIds": [],
    }
    assert card["stations"] == []
    assert (fries_line["status"], fries_line["voidReason"]) == ("VOIDED", "changed mind")
    assert fries_line["categoryId"] is None
    assert board["tickets"][1]["orderType"] == "TAKEOUT"
    assert board["tickets"][1]["tableName"] is None
    (addition,) = board["tickets"][2]["items"]
    assert (addition["itemId"], addition["quantity"], addition["added"]) == (added["id"], 3, True)
    assert [t["orderNumber"] for t in _board(client, OTHER_LOCATION)["tickets"]] == [
        make_order_elsewhere["orderNumber"]
    ]


def test_bumping_makes_the_items_ready_takes_the_ticket_off_and_recall_brings_it_back(
    client: AppClient,
) -> None:
    order = make_order(client)
    first, second = (
        add_item(client, order, make_product(client)),
        add_item(client, order, make_product(client)),
    )
    ticket = _send(client, order)
    status = {"status": "PREPARING"}
    assert client.put(f"/api/orders/{order['id']}/items/{first['id']}", json=status).is_success
    before = all_events(client)[-1]["id"]

    bumped = _bump(client, ticket)
    assert bumped["bumpedAt"] is not None
    assert [item["status"] for item in bumped["items"]] == ["READY", "READY"]
    assert _item_statuses(client, order) == ["READY", "READY"]
    assert [e["type"] for e in all_events(client, after=before)] == [
        "item.updated",
        "item.updated",
        "kitchen_ticket.bumped",
    ]
    board = _board(client)
    assert board["tickets"] == []
    assert board["lastBumped"] == bumped
    assert _ok(client.get(f"/api/kitchen/tickets/{ticket}"))["bumpedAt"] == bumped["bumpedAt"]

    # Bumping again changes nothing and says nothing.
    after_bump = all_events(client)[-1]["id"]
    assert _bump(client, ticket) == bumped
    assert all_events(client, after=after_bump) == []

    recalled = _ok(client.post(f"/api/kitchen/tickets/{ticket}/recall"))
    assert recalled["bumpedAt"] is None
    assert [item["status"] for item in recalled["items"]] == ["READY", "READY"]
    board = _board(client)
    assert [t["id"] for t in board["tickets"]] == [ticket]
    assert board["lastBumped"] is None
    assert [e["type"] for e in all_events(client, after=after_bump)] == ["kitchen_ticket.recalled"]
    assert second["id"] in {item["itemId"] for item in recalled["items"]}


def test_recall_brings_back_the_tickets_in_the_order_they_were_bumped(client: AppClient) -> None:
    tickets = []
    for _ in range(2):
        order = make_order(client)
        add_item(client, order, make_product(client))
        tickets.append(_send(client, order))
    for ticket in tickets:
        _bump(client, ticket)
    assert _board(client)["lastBumped"]["id"] == tickets[1]
    _ok(client.post(f"/api/kitchen/tickets/{tickets[1]}/recall"))
    assert _board(client)["lastBumped"]["id"] == tickets[0]


def test_a_paid_takeouts_food_is_ready_when_bumped_its_money_untouched(
    client: AppClient,
) -> None:
    """docs/design.md §25: a check paid and completed before its food is cooked (a takeout)
    still has its food made; only the kitchen's status moves, never the money."""
    order = make_order(client, orderType="TAKEOUT", tableId=None)
    add_item(client, order, make_product(client, price=10))
    ticket = _send(client, order)
    assert pay(client, order, 10).status_code == 201
    assert client.post(f"/api/orders/{order['id']}/complete").is_success
    before = _ok(client.get(f"/api/orders/{order['id']}"))
    assert _board(client)["tickets"][0]["orderStatus"] == "COMPLETED"
    assert _bump(client, ticket)["items"][0]["status"] == "READY"
    assert _board(client)["tickets"] == []
    after = _ok(client.get(f"/api/orders/{order['id']}"))
    assert [after[f] for f in ("status", "total", "paidAmount", "receiptNumber")] == [
        before[f] for f in ("status", "total", "paidAmount", "receiptNumber")
    ]
    assert after["items"][0]["status"] == "READY"


def test_only_a_send_is_bumped(client: AppClient) -> None:
    order = make_order(client)
    item = add_item(client, order, make_product(client))
    _send(client, order)
    voided = client.request(
        "DELETE", f"/api/orders/{order['id']}/items/{item['id']}", json={"reason": "oops"}
    )
    assert voided.is_success
    tickets = _ok(client.get("/api/kitchen/tickets"))["data"]
    (void_ticket,) = [t["id"] for t in tickets if t["kind"] == "VOID"]
    problem(client.post(f"/api/kitchen/tickets/{void_ticket}/bump"), 422, "validation_failed")
    unknown = "0196a1b2-0000-7000-8000-0000000000ff"
    problem(client.post(f"/api/kitchen/tickets/{unknown}/recall"), 404, "not_found")
    problem(client.get("/api/kitchen/board"), 422, "validation_failed")


def test_a_location_keeps_its_ticket_age_thresholds(client: AppClient) -> None:
    url = f"/api/locations/{LOCATION}"
    profile = {"name": "Harbour", "timezone": "UTC"}
    defaults = _ok(client.put(url, json=profile))
    assert (defaults["ticketWarnMinutes"], defaults["ticketLateMinutes"]) == (5, 10)
    changed = _ok(client.put(url, json=profile | {"ticketWarnMinutes": 8, "ticketLateMinutes": 15}))
    assert (changed["ticketWarnMinutes"], changed["ticketLateMinutes"]) == (8, 15)
    assert _ok(client.get(url))["ticketLateMinutes"] == 15
    backwards = client.put(url, json=profile | {"ticketWarnMinutes": 10, "ticketLateMinutes": 10})
    assert problem(backwards, 422, "validation_failed")["errors"][0]["field"] == "ticketLateMinutes"
    problem(client.put(url, json=profile | {"ticketWarnMinutes": 0}), 422, "validation_failed")
    assert _ok(client.get(url))["ticketWarnMinutes"] == 8

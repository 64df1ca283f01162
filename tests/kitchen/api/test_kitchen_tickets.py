"""Sending to the kitchen: one ticket per send, the order opens, a screen polls with `since`."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from factories import LOCATION, OTHER_LOCATION, AppClient, make_order, make_product
from orders.api.order_helpers import AD_HOC, add_item, problem


def _send(client: AppClient, order: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/orders/{order['id']}/send")
    assert response.status_code == 200, response.text
    sent: dict[str, Any] = response.json()
    return sent


def _tickets(client: AppClient, **params: Any) -> dict[str, Any]:
    response = client.get("/api/kitchen/tickets", params=params)
    assert response.status_code == 200, response.text
    tickets: dict[str, Any] = response.json()
    return tickets


def test_send_puts_every_pending_item_on_one_ticket_and_opens_the_order(client: AppClient) -> None:
    burger = make_product(client, name="Burger", price=12)
    fries = make_product(client, name="Fries", price=4)
    table = str(uuid.uuid4())
    order = make_order(client, tableId=table)
    first = add_item(
        client,
        order,
        burger,
        2,
        notes="medium rare",
        modifiers=[{"modifierOptionId": AD_HOC, "name": "No pickles", "price": 0}],
    )
    second = add_item(client, order, fries, 1.5)
    voided = add_item(client, order, fries)
    client.request(
        "DELETE", f"/api/orders/{order['id']}/items/{voided['id']}", json={"reason": "dup"}
    )

    sent = _send(client, order)
    assert sent["success"] is True
    assert sent["sentItems"] == 2
    detail = client.get(f"/api/orders/{order['id']}").json()
    assert detail["status"] == "OPEN"
    assert [i["status"] for i in detail["items"]] == ["SENT", "SENT", "VOIDED"]

    ticket = client.get(f"/api/kitchen/tickets/{sent['kitchenOrderId']}")
    assert ticket.status_code == 200, ticket.text
    assert ticket.json() == {
        "id": sent["kitchenOrderId"],
        "orderId": order["id"],
        "orderNumber": order["orderNumber"],
        "tableId": table,
        "locationId": LOCATION,
        "items": [
            {
                "itemId": first["id"],
                "productId": burger["id"],
                "name": "Burger",
                "quantity": 2,
                "modifiers": [{"modifierOptionId": AD_HOC, "name": "No pickles", "price": 0}],
                "notes": "medium rare",
                "seat": None,
                "course": 1,
            },
            {
                "itemId": second["id"],
                "productId": fries["id"],
                "name": "Fries",
                "quantity": 1.5,
                "modifiers": [],
                "notes": None,
                "seat": None,
                "course": 1,
            },
        ],
        "createdAt": ticket.json()["createdAt"],
        "sentBy": {"staffId": None, "name": "bootstrap admin (BRIGADE_ADMIN_TOKEN)"},
        "kind": "ORDER",
        "reason": None,
        "bumpedAt": None,
    }
    assert ticket.json()["createdAt"].endswith("Z")


def test_a_second_send_carries_only_the_new_items_and_keeps_the_order_open(
    client: AppClient,
) -> None:
    product = make_product(client)
    order = make_order(client)
    add_item(client, order, product)
    first = _send(client, order)
    problem(client.post(f"/api/orders/{order['id']}/send"), 409, "nothing_to_send")
    later = add_item(client, order, product, 3)
    second = _send(client, order)
    assert second["kitchenOrderId"] != first["kitchenOrderId"]
    assert second["sentItems"] == 1
    ticket = client.get(f"/api/kitchen/tickets/{second['kitchenOrderId']}").json()
    assert [i["itemId"] for i in ticket["items"]] == [later["id"]]
    assert client.get(f"/api/orders/{order['id']}").json()["status"] == "OPEN"


def test_nothing_to_send_on_an_empty_order_leaves_it_draft(client: AppClient) -> None:
    order = make_order(client)
    problem(client.post(f"/api/orders/{order['id']}/send"), 409, "nothing_to_send")
    detail = client.get(f"/api/orders/{order['id']}").json()
    assert (detail["status"], detail["version"]) == ("DRAFT", 1)
    assert _tickets(client)["total"] == 0


def test_items_already_moved_on_by_the_kitchen_are_not_resent(client: AppClient) -> None:
    product = make_product(client)
    order = make_order(client)
    item = add_item(client, order, product)
    client.put(f"/api/orders/{order['id']}/items/{item['id']}", json={"status": "READY"})
    problem(client.post(f"/api/orders/{order['id']}/send"), 409, "nothing_to_send")


def test_tickets_poll_by_location_oldest_first_strictly_after_since(client: AppClient) -> None:
    product = make_product(client)
    here = [make_order(client) for _ in range(3)]
    there = make_order(client, locationId=OTHER_LOCATION)
    sent = []
    theirs = make_product(client, locationId=OTHER_LOCATION)
    for order in [here[0], there, here[1], here[2]]:
        add_item(client, order, theirs if order is there else product)
        sent.append(_send(client, order)["kitchenOrderId"])

    page = _tickets(client, locationId=LOCATION)
    assert page["total"] == 3
    assert (page["page"], page["limit"]) == (1, 20)
    assert [t["id"] for t in page["data"]] == [sent[0], sent[2], sent[3]]
    assert [t["orderNumber"] for t in page["data"]] == ["#1001", "#1002", "#1003"]

    seen = page["data"][1]["createdAt"]
    newer = _tickets(client, locationId=LOCATION, since=seen)
    assert [t["id"] for t in newer["data"]] == [sent[3]]
    assert _tickets(client, since=page["data"][2]["createdAt"])["data"] == []
    naive = page["data"][0]["createdAt"].removesuffix("Z")  # naive means UTC
    assert _tickets(client, since=naive)["total"] == 3  # there's, here[1]'s and here[2]'s
    assert [t["id"] for t in _tickets(client, limit=1, page=2)["data"]] == [sent[1]]


def test_ticket_errors(client: AppClient) -> None:
    problem(client.get(f"/api/kitchen/tickets/{uuid.uuid4()}"), 404, "not_found")
    problem(client.get("/api/kitchen/tickets/ticket-1"), 422, "validation_failed")
    problem(client.get("/api/kitchen/tickets", params={"since": "noon"}), 422, "validation_failed")
    problem(client.get("/api/kitchen/tickets", params={"limit": 101}), 422, "validation_failed")


@pytest.mark.parametrize(
    "since", ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+23:59", "not-a-time"]
)
def test_since_outside_the_calendar_is_422(client: AppClient, since: str) -> None:
    response = client.get("/api/kitchen/tickets", params={"since": since})
    assert response.status_code == 422
    assert response.json()["code"] == "validation_failed"

"""A device and its PIN sessions act only at their location: the probe's kitchen display at A
read B's orders and events, and a PIN session at A added to B's orders (403 `other_location`)."""

from __future__ import annotations

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_device,
    make_order,
    make_product,
    make_staff_with_pin,
    sign_in,
)
from orders.api.order_helpers import pay


def test_a_kitchen_display_reads_its_own_locations_orders_and_events_only(
    client: AppClient,
) -> None:
    here = make_order(client, locationId=OTHER_LOCATION)
    elsewhere = make_order(client)  # at LOCATION
    display = bearer(make_device(client, "KITCHEN_DISPLAY", locationId=OTHER_LOCATION)["token"])

    refused = client.get(f"/api/orders/{elsewhere['id']}", headers=display)
    assert refused.status_code == 403
    assert refused.json()["code"] == "other_location"
    assert client.get(f"/api/orders/{here['id']}", headers=display).status_code == 200
    listed = client.get("/api/orders", headers=display).json()["data"]
    assert [order["id"] for order in listed] == [here["id"]]
    asked = client.get("/api/orders", params={"locationId": LOCATION}, headers=display)
    assert asked.status_code == 403

    events = client.get("/api/events", params={"after": 0}, headers=display).json()["data"]
    assert events
    assert {event["locationId"] for event in events} == {OTHER_LOCATION}
    other = client.get("/api/events", params={"locationId": LOCATION}, headers=display)
    assert other.status_code == 403
    assert other.json()["code"] == "other_location"
    stream = client.get("/api/events/stream", params={"locationId": LOCATION}, headers=display)
    assert stream.status_code == 403


def test_a_pin_session_changes_its_own_locations_orders_only(client: AppClient) -> None:
    terminal = make_device(client, locationId=OTHER_LOCATION)["token"]
    server = make_staff_with_pin(client, "SERVER")
    session = bearer(sign_in(client, terminal, server["id"], "4826").json()["token"])
    elsewhere = make_order(client)  # at LOCATION
    product = make_product(client, price=10)
    line = {"productId": product["id"], "quantity": 1}

    refused = client.post(f"/api/orders/{elsewhere['id']}/items", json=line, headers=session)
    assert refused.status_code == 403
    assert refused.json()["code"] == "other_location"
    assert client.get(f"/api/orders/{elsewhere['id']}").json()["items"] == []

    mine = client.post("/api/orders", json={"orderType": "TAKEOUT"}, headers=session).json()
    assert mine["locationId"] == OTHER_LOCATION
    # Its own location's menu: the other's product is refused on its orders too.
    refused = client.post(f"/api/orders/{mine['id']}/items", json=line, headers=session)
    assert refused.json()["code"] == "other_location"
    ours = {"productId": make_product(client, price=10, locationId=OTHER_LOCATION)["id"]}
    added = client.post(
        f"/api/orders/{mine['id']}/items", json=ours | {"quantity": 1}, headers=session
    )
    assert added.status_code == 201, added.text


def test_a_kitchen_display_bumps_reads_and_recalls_its_own_locations_tickets_only(
    client: AppClient,
) -> None:
    elsewhere = make_order(client)  # at LOCATION
    line = {"productId": make_product(client, price=10)["id"], "quantity": 1}
    added = client.post(f"/api/orders/{elsewhere['id']}/items", json=line).json()
    ticket = client.post(f"/api/orders/{elsewhere['id']}/send").json()["kitchenOrderId"]
    due = client.get(f"/api/orders/{elsewhere['id']}").json()["balanceDue"]
    payment = pay(client, elsewhere, due).json()
    display = bearer(make_device(client, "KITCHEN_DISPLAY", locationId=OTHER_LOCATION)["token"])

    refused = [
        client.post(f"/api/kitchen/tickets/{ticket}/bump", headers=display),
        client.post(f"/api/kitchen/tickets/{ticket}/recall", headers=display),
        client.get(f"/api/kitchen/tickets/{ticket}", headers=display),
        client.get("/api/kitchen/board", params={"locationId": LOCATION}, headers=display),
        client.get("/api/kitchen/tickets", params={"locationId": LOCATION}, headers=display),
        client.get(f"/api/orders/{elsewhere['id']}/items/{added['id']}", headers=display),
        client.get(f"/api/orders/{elsewhere['id']}/payments/{payment['id']}", headers=display),
    ]
    assert [(r.status_code, r.json()["code"]) for r in refused] == [(403, "other_location")] * 7
    # Nothing changed: the ticket is still on its own location's board, its item still SENT.
    board = client.get("/api/kitchen/board", params={"locationId": LOCATION}).json()
    assert [shown["id"] for shown in board["tickets"]] == [ticket]
    assert client.get(f"/api/orders/{elsewhere['id']}").json()["items"][0]["status"] == "SENT"

    own = client.get("/api/kitchen/board", params={"locationId": OTHER_LOCATION}, headers=display)
    assert own.status_code == 200
    assert own.json()["tickets"] == []
    listed = client.get("/api/kitchen/tickets", headers=display).json()["data"]
    assert listed == []

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
    added = client.post(f"/api/orders/{mine['id']}/items", json=line, headers=session)
    assert added.status_code == 201, added.text

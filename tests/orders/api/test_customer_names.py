"""A customer's name on an order (docs/design.md §5, "Names"): set when a bar tab or a
takeout opens, changed or cleared while it is open, and shown wherever the order is: its
detail and the lists, the floor's tables, its events, the kitchen display, the printed
ticket and the receipt."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from brigade.settings import Settings
from events.api.event_helpers import all_events
from factories import LOCATION, AppClient, bearer, make_order, make_product, make_staff_token
from orders.api.order_helpers import add_item, order_detail, problem
from printers import printed_on_send

Json = dict[str, Any]


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The fake kitchen printer's host allowed, as in tests/printing/api/conftest.py."""
    return settings.model_copy(update={"printer_allow_hosts": "127.0.0.1"})


def _tab(client: AppClient, name: Any, **overrides: Any) -> Json:
    return make_order(client, orderType="BAR_TAB", tableId=None, customerName=name, **overrides)


def _rename(client: AppClient, order: Json, name: Any, **headers: str) -> Any:
    return client.patch(f"/api/orders/{order['id']}", json={"customerName": name}, headers=headers)


def test_a_name_is_set_trimmed_on_create_and_a_blank_one_is_no_name(client: AppClient) -> None:
    assert _tab(client, "  Sam  ")["customerName"] == "Sam"
    assert _tab(client, "   ")["customerName"] is None
    assert _tab(client, None)["customerName"] is None
    assert make_order(client)["customerName"] is None
    longest = _tab(client, f" {'x' * 60} ")
    assert order_detail(client, longest)["customerName"] == "x" * 60


def test_a_name_is_changed_and_cleared_on_the_open_order(client: AppClient) -> None:
    order = _tab(client, "Sam")
    renamed = _rename(client, order, " Alex ", **{"If-Match": '"1"'})
    assert renamed.status_code == 200, renamed.text
    assert (renamed.json()["customerName"], renamed.json()["version"]) == ("Alex", 2)
    assert renamed.headers["etag"] == '"2"'
    # The same name again changes nothing: an outbox sending it twice moves no version.
    assert _rename(client, order, "Alex").json()["version"] == 2
    cleared = _rename(client, order, None)
    assert (cleared.json()["customerName"], cleared.json()["version"]) == (None, 3)
    assert order_detail(client, order)["customerName"] is None
    problem(_rename(client, order, "Sam", **{"If-Match": '"2"'}), 412, "stale_version")


def test_a_name_too_long_is_refused_and_changes_nothing(client: AppClient) -> None:
    too_long = "x" * 61
    body = {"orderType": "BAR_TAB", "locationId": LOCATION, "customerName": too_long}
    refused = problem(client.post("/api/orders", json=body), 422, "validation_failed")
    assert refused["errors"][0]["field"] == "customerName"
    assert client.get("/api/orders").json()["total"] == 0
    order = _tab(client, "Sam")
    for name in (too_long, "  " + too_long + "  ", "x" * 121, "Sam\u202e", 7):
        refused = problem(_rename(client, order, name), 422, "validation_failed")
        assert "customerName" in refused["errors"][0]["field"]
    assert (
        order_detail(client, order)["customerName"],
        order_detail(client, order)["version"],
    ) == (
        "Sam",
        1,
    )
    problem(
        client.patch(f"/api/orders/{uuid.uuid4()}", json={"customerName": "Sam"}), 404, "not_found"
    )


def test_the_kitchen_reads_the_name_and_may_not_change_it(client: AppClient) -> None:
    order = _tab(client, "Sam")
    kitchen = bearer(make_staff_token(client, "KITCHEN"))
    problem(_rename(client, order, "Alex", **kitchen), 403, "forbidden")
    read = client.get(f"/api/orders/{order['id']}", headers=kitchen).json()
    assert read["customerName"] == "Sam"


def test_a_closed_order_keeps_its_name(client: AppClient) -> None:
    order = _tab(client, "Sam")
    assert client.request(
        "DELETE", f"/api/orders/{order['id']}", json={"reason": "left"}
    ).is_success
    problem(_rename(client, order, "Alex"), 409, "order_closed")
    assert order_detail(client, order)["customerName"] == "Sam"


def test_a_client_made_id_sent_again_with_its_name_answers_the_order_and_another_name_is_refused(
    client: AppClient,
) -> None:
    order_id = str(uuid.uuid4())
    body = {"id": order_id, "orderType": "TAKEOUT", "locationId": LOCATION, "customerName": "Sam"}
    assert client.post("/api/orders", json=body).status_code == 201
    again = client.post("/api/orders", json=body)
    assert (again.status_code, again.json()["customerName"]) == (200, "Sam")
    other = client.post("/api/orders", json=body | {"customerName": "Alex"})
    problem(other, 409, "id_in_use")
    assert order_detail(client, {"id": order_id})["customerName"] == "Sam"


def test_lists_tables_and_events_show_the_name(client: AppClient) -> None:
    table = client.post("/api/tables", json={"locationId": LOCATION, "name": "Bar 1"}).json()
    seated = make_order(client, orderType="BAR_TAB", tableId=table["id"], customerName="Sam")
    takeout = make_order(client, orderType="TAKEOUT", tableId=None, customerName="Kim")
    listed = {o["id"]: o["customerName"] for o in client.get("/api/orders").json()["data"]}
    assert listed == {seated["id"]: "Sam", takeout["id"]: "Kim"}
    (at_table,) = client.get(f"/api/tables/{table['id']}").json()["openOrders"]
    assert (at_table["id"], at_table["customerName"]) == (seated["id"], "Sam")
    _rename(client, seated, "Alex")
    updated = [e["data"] for e in all_events(client) if e["type"] == "order.updated"]
    assert (updated[-1]["id"], updated[-1]["customerName"]) == (seated["id"], "Alex")
    (created,) = [
        e["data"]
        for e in all_events(client)
        if e["type"] == "order.created" and e["data"]["id"] == takeout["id"]
    ]
    assert created["customerName"] == "Kim"


def test_the_kitchen_display_printed_ticket_and_receipt_show_the_name(client: AppClient) -> None:
    order = _tab(client, "Sam")
    add_item(client, order, make_product(client, name="Pale ale", price=6))
    assert "Sam" in printed_on_send(client, order["id"])
    _rename(client, order, "Alex")
    (card,) = client.get("/api/kitchen/board", params={"locationId": LOCATION}).json()["tickets"]
    assert (card["orderId"], card["customerName"]) == (order["id"], "Alex")
    receipt = client.get(f"/api/orders/{order['id']}/receipt").text
    assert "Name: Alex" in receipt.splitlines()
    assert "Alex" in client.get(f"/api/orders/{order['id']}/receipt?format=html").text

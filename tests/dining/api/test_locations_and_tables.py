"""Location profiles and tables: upserts, validation, names unique per location, the floor
view's status and open orders read in one query, and tables in use kept from deletion."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from sqlalchemy import event

from factories import LOCATION, OTHER_LOCATION, AppClient, make_order, make_product


def test_a_location_without_a_profile_is_utc_and_usd(client: AppClient) -> None:
    unknown = str(uuid.uuid4())
    response = client.get(f"/api/locations/{unknown}")
    assert response.status_code == 200
    assert response.json() == {
        "id": unknown,
        "name": None,
        "timezone": "UTC",
        "currency": "USD",
        "ticketWarnMinutes": 5,
        "ticketLateMinutes": 10,
        "taxMode": "EXCLUSIVE",
        "cashRounding": None,
        "autoComplete": True,
        "idleSignOutSeconds": 180,
        "serversOpenDrawers": True,
        "boardShowsDineIn": False,
        "language": "en",
        "guestOrdering": "OFF",
        "guestOrdersNeedConfirm": True,
        "createdAt": None,
        "updatedAt": None,
    }
    listed = client.get("/api/locations").json()["data"]
    assert unknown not in [location["id"] for location in listed]


def test_a_profile_is_upserted_and_listed(client: AppClient) -> None:
    created = client.put(
        f"/api/locations/{LOCATION}", json={"name": "Downtown", "timezone": "Europe/Paris"}
    )
    assert created.status_code == 200, created.text
    body = created.json()
    assert (body["name"], body["timezone"], body["currency"]) == ("Downtown", "Europe/Paris", "USD")

    changed = client.put(
        f"/api/locations/{LOCATION}",
        json={"name": "Downtown", "timezone": "America/New_York", "currency": "EUR"},
    ).json()
    assert (changed["timezone"], changed["currency"]) == ("America/New_York", "EUR")
    assert changed["createdAt"] == body["createdAt"]
    assert changed["updatedAt"] > body["updatedAt"]
    assert client.get(f"/api/locations/{LOCATION}").json() == changed

    client.put(f"/api/locations/{OTHER_LOCATION}", json={"name": "Airport", "timezone": "UTC"})
    listed = client.get("/api/locations").json()
    assert [entry["name"] for entry in listed["data"]] == ["Airport", "Downtown"]
    assert listed["total"] == 2

    audit = client.get("/api/audit", params={"action": "location.profile_set"}).json()
    assert audit["total"] == 3


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "X", "timezone": "Mars/Olympus"}, "timezone"),
        ({"name": "X", "timezone": "UTC", "currency": "XYZ"}, "currency"),
        ({"name": "X", "timezone": "UTC", "currency": "usd"}, "currency"),
        ({"name": "X"}, "timezone"),
        ({"name": "", "timezone": "UTC"}, "name"),
        ({"name": "X", "timezone": "UTC", "color": "red"}, "color"),
    ],
)
def test_a_bad_profile_is_422_and_changes_nothing(
    client: AppClient, body: dict[str, Any], field: str
) -> None:
    before = client.get(f"/api/locations/{LOCATION}").json()
    response = client.put(f"/api/locations/{LOCATION}", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["errors"][0]["field"] == field
    assert client.get(f"/api/locations/{LOCATION}").json() == before


def test_opaque_location_ids_stay_accepted_everywhere(client: AppClient) -> None:
    never_profiled = str(uuid.uuid4())
    product = make_product(client, locationId=never_profiled)
    assert product["locationId"] == never_profiled
    order = make_order(client, locationId=never_profiled)
    assert order["locationId"] == never_profiled
    table = client.post("/api/tables", json={"locationId": never_profiled, "name": "T1"})
    assert table.status_code == 201


def _table(client: Any, **overrides: Any) -> dict[str, Any]:
    body = {"locationId": LOCATION, "name": "T1"} | overrides
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    assert response.headers["location"] == f"/api/tables/{response.json()['id']}"
    return dict(response.json())


def test_a_new_table_is_free(client: AppClient) -> None:
    table = _table(client, section="Patio", seats=4)
    assert table["status"] == "FREE"
    assert table["openOrders"] == []
    assert (table["name"], table["section"], table["seats"]) == ("T1", "Patio", 4)
    assert client.get(f"/api/tables/{table['id']}").json() == table


def test_a_table_name_is_unique_per_location(client: AppClient) -> None:
    _table(client)
    duplicate = client.post("/api/tables", json={"locationId": LOCATION, "name": "T1"})
    assert duplicate.status_code == 409
    assert duplicate.json()["code"] == "duplicate_table_name"
    _table(client, locationId=OTHER_LOCATION)
    second = _table(client, name="T2")
    renamed = client.put(f"/api/tables/{second['id']}", json={"name": "T1"})
    assert renamed.status_code == 409
    assert renamed.json()["code"] == "duplicate_table_name"


@pytest.mark.parametrize(
    "body",
    [
        {"name": "T9"},
        {"locationId": LOCATION},
        {"locationId": LOCATION, "name": "T9", "seats": 0},
        {"locationId": LOCATION, "name": "T9", "seats": 2.5},
        {"locationId": LOCATION, "name": "T9", "seats": "4"},
        {"locationId": LOCATION, "name": " "},
        {"locationId": LOCATION, "name": "T\x00"},
        {"locationId": LOCATION, "name": "T9", "status": "OCCUPIED"},
    ],
)
def test_a_bad_table_is_422(client: AppClient, body: dict[str, Any]) -> None:
    assert client.post("/api/tables", json=body).status_code == 422
    assert client.get("/api/tables").json()["total"] == 0


def test_a_table_is_updated_and_its_section_and_seats_cleared(client: AppClient) -> None:
    table = _table(client, section="Patio", seats=4)
    changed = client.put(f"/api/tables/{table['id']}", json={"name": "P1", "seats": 6})
    assert changed.status_code == 200
    assert (changed.json()["name"], changed.json()["seats"]) == ("P1", 6)
    assert changed.json()["updatedAt"] > table["updatedAt"]
    cleared = client.put(f"/api/tables/{table['id']}", json={"section": None, "seats": None})
    assert (cleared.json()["section"], cleared.json()["seats"]) == (None, None)
    assert client.put(f"/api/tables/{table['id']}", json={"name": None}).status_code == 422
    assert (
        client.put(f"/api/tables/{table['id']}", json={"locationId": LOCATION}).status_code == 422
    )
    assert client.put(f"/api/tables/{uuid.uuid4()}", json={"seats": 2}).status_code == 404


def _seat(client: Any, table_id: str, **overrides: Any) -> dict[str, Any]:
    order = make_order(client, tableId=table_id, guestCount=3, **overrides)
    product = make_product(client, price=10)
    item = {"productId": product["id"], "quantity": 2}
    assert client.post(f"/api/orders/{order['id']}/items", json=item).status_code == 201
    return order


def test_a_table_with_a_draft_or_open_order_is_occupied_with_what_it_owes(
    client: AppClient,
) -> None:
    table = _table(client)
    draft = _seat(client, table["id"])
    opened = _seat(client, table["id"])
    assert client.post(f"/api/orders/{opened['id']}/send").status_code == 200
    payment = {"amount": 5, "paymentMethod": "CASH"}
    assert client.post(f"/api/orders/{opened['id']}/payments", json=payment).status_code == 201

    seen = client.get(f"/api/tables/{table['id']}").json()
    assert seen["status"] == "OCCUPIED"
    assert [(o["id"], o["status"]) for o in seen["openOrders"]] == [
        (draft["id"], "DRAFT"),
        (opened["id"], "OPEN"),
    ]
    first, second = seen["openOrders"]
    assert first["orderNumber"] == draft["orderNumber"]
    assert (first["guestCount"], first["total"], first["balanceDue"]) == (3, 20, 20)
    assert (second["total"], second["balanceDue"]) == (20, 15)
    assert set(first) == {
        "id",
        "orderNumber",
        "status",
        "guestCount",
        "customerName",
        "total",
        "balanceDue",
        "createdAt",
    }


def test_completed_and_cancelled_orders_leave_the_table_free(client: AppClient) -> None:
    table = _table(client)
    cancelled = make_order(client, tableId=table["id"])
    cancel = client.request("DELETE", f"/api/orders/{cancelled['id']}", json={"reason": "left"})
    assert cancel.status_code == 200, cancel.text
    paid = make_order(client, tableId=table["id"])
    assert client.post(f"/api/orders/{paid['id']}/complete").status_code == 200
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "FREE"


def test_a_table_in_use_cannot_be_deleted_a_free_one_can(client: AppClient) -> None:
    table = _table(client)
    order = make_order(client, tableId=table["id"])
    refused = client.delete(f"/api/tables/{table['id']}")
    assert refused.status_code == 409
    assert refused.json()["code"] == "table_occupied"
    assert order["orderNumber"] in refused.json()["detail"]
    assert client.get(f"/api/tables/{table['id']}").status_code == 200

    moved = client.post(f"/api/orders/{order['id']}/transfer", json={"tableId": str(uuid.uuid4())})
    assert moved.status_code == 200
    assert client.delete(f"/api/tables/{table['id']}").status_code == 200
    assert client.get(f"/api/tables/{table['id']}").status_code == 404
    assert client.get("/api/tables").json()["total"] == 0
    assert client.delete(f"/api/tables/{table['id']}").status_code == 404
    # the name is free again
    _table(client)


def test_the_list_filters_by_location_and_reads_every_tables_orders_in_one_query(
    client: AppClient,
) -> None:
    tables = [_table(client, name=f"T{n}") for n in range(1, 6)]
    _table(client, locationId=OTHER_LOCATION)
    for table in tables[:3]:
        _seat(client, table["id"])

    statements: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    engines = client.app.state.database.engines()
    for engine in engines:
        event.listen(engine, "before_cursor_execute", record)
    try:
        listed = client.get("/api/tables", params={"locationId": LOCATION}).json()
    finally:
        for engine in engines:
            event.remove(engine, "before_cursor_execute", record)
    assert listed["total"] == 5
    assert [t["name"] for t in listed["data"]] == ["T1", "T2", "T3", "T4", "T5"]
    assert [t["status"] for t in listed["data"]] == ["OCCUPIED"] * 3 + ["FREE"] * 2
    assert sum("FROM orders" in statement for statement in statements) == 1
    assert client.get("/api/tables").json()["total"] == 6


def test_orders_show_their_tables_current_name_in_every_answer(client: AppClient) -> None:
    window, patio = _table(client, name="Window 4"), _table(client, name="Patio 2")
    order = make_order(client, orderType="DINE_IN", tableId=window["id"], locationId=LOCATION)
    assert order["tableName"] == "Window 4"
    listed = client.get("/api/orders", params={"locationId": LOCATION}).json()["data"]
    assert [(o["id"], o["tableName"]) for o in listed] == [(order["id"], "Window 4")]

    moved = client.post(f"/api/orders/{order['id']}/transfer", json={"tableId": patio["id"]})
    assert moved.status_code == 200, moved.text
    assert client.get(f"/api/orders/{order['id']}").json()["tableName"] == "Patio 2"

    renamed = client.put(f"/api/tables/{patio['id']}", json={"name": "Terrace 2"})
    assert renamed.status_code == 200, renamed.text
    assert client.get(f"/api/orders/{order['id']}").json()["tableName"] == "Terrace 2"


def test_an_order_at_an_opaque_table_or_none_has_no_table_name(client: AppClient) -> None:
    opaque = make_order(client, orderType="DINE_IN", tableId=str(uuid.uuid4()))
    takeout = make_order(client, orderType="TAKEOUT")
    assert (opaque["tableName"], takeout["tableName"]) == (None, None)
    listed = client.get("/api/orders").json()["data"]
    assert {o["tableName"] for o in listed} == {None}


def test_a_deleted_tables_name_stays_on_its_old_orders(client: AppClient) -> None:
    table = _table(client, name="Bar 2")
    order = make_order(client, orderType="DINE_IN", tableId=table["id"], locationId=LOCATION)
    cancel = {"reason": "walked out"}
    cancelled = client.request("DELETE", f"/api/orders/{order['id']}", json=cancel)
    assert cancelled.status_code == 200, cancelled.text
    assert client.delete(f"/api/tables/{table['id']}").status_code == 200
    assert client.get(f"/api/orders/{order['id']}").json()["tableName"] == "Bar 2"

"""The audit log says what an entry concerns in words (docs/design.md §7): the check's number
and table of an order's entry, the person of a PIN set or a token, the device paired; and its
action filter takes every action the server writes."""

from __future__ import annotations

from typing import Any

import pytest

from brigade.access.domain.audit import AuditAction
from factories import LOCATION, AppClient, make_device, make_order, make_product


def _only(client: AppClient, action: str) -> dict[str, Any]:
    response = client.get("/api/audit", params={"action": action})
    assert response.status_code == 200, response.text
    entries: list[dict[str, Any]] = response.json()["data"]
    assert len(entries) == 1, entries
    return entries[0]


def _names(entry: dict[str, Any]) -> tuple[Any, ...]:
    keys = ("orderNumber", "tableName", "personName", "deviceName")
    return tuple(entry[key] for key in keys)


def test_a_void_names_the_check_and_its_table(client: AppClient) -> None:
    table = client.post("/api/tables", json={"locationId": LOCATION, "name": "T4"}).json()
    order = make_order(client, tableId=table["id"])
    product = make_product(client)
    item = client.post(
        f"/api/orders/{order['id']}/items", json={"productId": product["id"], "quantity": 1}
    ).json()
    client.post(f"/api/orders/{order['id']}/send")
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    assert client.request("DELETE", url, json={"reason": "sent back"}).is_success

    entry = _only(client, "order.item_voided")
    assert entry["orderId"] == order["id"]
    assert _names(entry) == (order["orderNumber"], "T4", None, None)


def test_a_pin_set_and_a_token_name_the_person_and_a_pairing_the_device(
    client: AppClient,
) -> None:
    marco = client.post("/api/staff", json={"name": "Marco", "role": "SERVER"}).json()
    assert client.put(f"/api/staff/{marco['id']}/pin", json={"pin": "4826"}).is_success
    client.post("/api/tokens", json={"staffId": marco["id"], "name": "Laptop"})
    device = make_device(client, name="Bar tablet")

    pin_set = _only(client, "staff.pin_set")
    assert pin_set["staffName"].startswith("bootstrap admin")
    assert _names(pin_set) == (None, None, "Marco", None)
    # A PIN is no one location's: every location's log shows it.
    at_location = {"action": "staff.pin_set", "locationId": LOCATION}
    assert client.get("/api/audit", params=at_location).json()["total"] == 1
    assert _names(_only(client, "token.created")) == (None, None, "Marco", None)
    assert _names(_only(client, "staff.created")) == (None, None, "Marco", None)
    paired = _only(client, "device.paired")
    assert (paired["entityId"], _names(paired)) == (device["id"], (None, None, None, "Bar tablet"))


@pytest.mark.parametrize("action", [action.value for action in AuditAction])
def test_the_action_filter_takes_every_action(client: AppClient, action: str) -> None:
    response = client.get("/api/audit", params={"action": action})
    assert response.status_code == 200, response.text
    assert response.json()["total"] == 0


def test_the_openapi_lists_every_action_and_describes_the_names(client: AppClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert set(schemas["AuditAction"]["enum"]) == {action.value for action in AuditAction}
    described = schemas["AuditEntryOut"]["properties"]
    for field in ("orderId", "orderNumber", "tableName", "personName", "deviceName"):
        assert described[field].get("description"), field

"""Each audited action writes one entry with its actor, before/after and reason; the log is
filtered and paginated; orders say who opened them and who took each payment."""

from __future__ import annotations

from typing import Any

from factories import LOCATION, OTHER_LOCATION, AppClient, bearer, make_order, make_product


def _manager(client: AppClient, name: str = "Mia") -> tuple[str, dict[str, str]]:
    """A manager's staff id and headers."""
    member = client.post("/api/staff", json={"name": name, "role": "MANAGER"}).json()
    token = client.post("/api/tokens", json={"staffId": member["id"], "name": name}).json()
    return member["id"], bearer(token["token"])


def _entries(client: AppClient, **filters: Any) -> list[dict[str, Any]]:
    response = client.get("/api/audit", params=filters)
    assert response.status_code == 200, response.text
    data: list[dict[str, Any]] = response.json()["data"]
    return data


def _located(client: AppClient, **filters: Any) -> list[dict[str, Any]]:
    """The entries of a location, without those of no location that every location shows."""
    return [entry for entry in _entries(client, **filters) if entry["locationId"] is not None]


def _only(client: AppClient, action: str) -> dict[str, Any]:
    entries = _entries(client, action=action)
    assert len(entries) == 1, entries
    return entries[0]


def _order_with_item(
    client: AppClient, *, price: float = 20, **order: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    created = make_order(client, **order)
    product = make_product(client, price=price)
    body = {"productId": product["id"], "quantity": 1}
    item = client.post(f"/api/orders/{created['id']}/items", json=body).json()
    return created, item


def test_a_void_records_who_what_and_why(client: AppClient) -> None:
    staff_id, manager = _manager(client)
    order, item = _order_with_item(client)
    client.post(f"/api/orders/{order['id']}/send")
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    assert client.request("DELETE", url, json={"reason": "sent back"}, headers=manager).is_success
    entry = _only(client, "order.item_voided")
    assert (entry["staffId"], entry["staffName"]) == (staff_id, "Mia")
    assert (entry["entityType"], entry["entityId"]) == ("order_item", item["id"])
    assert entry["locationId"] == LOCATION
    assert entry["reason"] == "sent back"
    assert entry["before"] == {
        "orderId": order["id"],
        "name": item["name"],
        "status": "SENT",
        "quantity": "1",
        "total": "20.00",
    }
    assert entry["after"] == {"status": "VOIDED"}
    assert entry["at"].endswith("Z")


def test_a_discount_records_the_old_and_new_amount_and_the_reason(client: AppClient) -> None:
    staff_id, manager = _manager(client)
    order, _item = _order_with_item(client)
    body = {"discountAmount": 5, "discountCode": "VIP", "reason": "regular guest"}
    assert client.post(f"/api/orders/{order['id']}/discount", json=body, headers=manager).is_success
    entry = _only(client, "order.discount_applied")
    assert (entry["staffId"], entry["entityId"], entry["reason"]) == (
        staff_id,
        order["id"],
        "regular guest",
    )
    assert entry["before"] == {"discount": "0.00", "discountCode": None, "total": "20.00"}
    assert entry["after"] == {"discount": "5.00", "discountCode": "VIP", "total": "15.00"}


def test_a_cancellation_records_the_refund(client: AppClient) -> None:
    staff_id, manager = _manager(client)
    order, _item = _order_with_item(client)
    client.post(f"/api/orders/{order['id']}/payments", json={"amount": 12, "paymentMethod": "CARD"})
    url = f"/api/orders/{order['id']}"
    assert client.request("DELETE", url, json={"reason": "fire alarm"}, headers=manager).is_success
    entry = _only(client, "order.cancelled")
    assert (entry["staffId"], entry["reason"]) == (staff_id, "fire alarm")
    assert entry["before"] == {"status": "DRAFT", "paid": "12.00"}
    assert entry["after"] == {"status": "CANCELLED", "refund": "12.00"}


def test_86_and_un_86_are_recorded_with_an_optional_reason(client: AppClient) -> None:
    kitchen_member = client.post("/api/staff", json={"name": "Kai", "role": "KITCHEN"}).json()
    token = client.post("/api/tokens", json={"staffId": kitchen_member["id"], "name": "Line"})
    kitchen = bearer(token.json()["token"])
    product = make_product(client, name="Halibut")
    url = f"/api/products/{product['id']}/86"
    assert client.post(url, json={"reason": "sold out"}, headers=kitchen).is_success
    assert client.post(url, headers=kitchen).is_success  # already 86'd: nothing to record
    assert client.delete(url, headers=kitchen).is_success
    off = _only(client, "product.86d")
    assert (off["staffName"], off["reason"], off["entityId"]) == ("Kai", "sold out", product["id"])
    assert (off["before"], off["after"]) == (
        {"name": "Halibut", "is86d": False},
        {"name": "Halibut", "is86d": True},
    )
    back = _only(client, "product.un86d")
    assert (back["reason"], back["after"]["is86d"]) == (None, False)


def test_price_changes_are_recorded_from_put_and_bulk_update_and_nothing_else_is(
    client: AppClient,
) -> None:
    staff_id, manager = _manager(client)
    product = make_product(client, name="Pils", price=5)
    url = f"/api/products/{product['id']}"
    client.put(url, json={"price": 5.5}, headers=manager)
    client.put(url, json={"description": "crisp"}, headers=manager)
    bulk = {"updates": [{"id": product["id"], "data": {"price": 6}}]}
    client.post("/api/products/bulk-update", json=bulk, headers=manager)
    entries = _entries(client, action="product.price_changed")
    assert [(e["before"]["price"], e["after"]["price"]) for e in entries] == [
        ("5.50", "6.00"),
        ("5.00", "5.50"),
    ]
    assert all(e["staffName"] == "Mia" for e in entries)
    assert _entries(client, staffId=staff_id) == entries  # the description change wrote nothing


def test_staff_and_token_changes_are_recorded(client: AppClient) -> None:
    member = client.post("/api/staff", json={"name": "Lou", "role": "SERVER"}).json()
    client.patch(f"/api/staff/{member['id']}", json={"role": "MANAGER", "name": "Lou"})
    token = client.post("/api/tokens", json={"staffId": member["id"], "name": "Lou"}).json()
    client.delete(f"/api/tokens/{token['id']}")
    actions = [entry["action"] for entry in _entries(client)]
    assert actions == ["token.revoked", "token.created", "staff.changed", "staff.created"]
    changed = _only(client, "staff.changed")
    assert (changed["before"], changed["after"]) == ({"role": "SERVER"}, {"role": "MANAGER"})
    created = _only(client, "token.created")
    assert created["after"] == {"name": "Lou", "staffId": member["id"], "role": "MANAGER"}
    assert token["token"] not in str(_entries(client))
    assert created["staffName"] == "bootstrap admin (BRIGADE_ADMIN_TOKEN)"


def test_a_refused_change_writes_no_entry(client: AppClient) -> None:
    staff_id, manager = _manager(client)
    order, _item = _order_with_item(client)
    too_much = {"discountAmount": 500}
    response = client.post(f"/api/orders/{order['id']}/discount", json=too_much, headers=manager)
    assert response.status_code == 409
    assert _entries(client, staffId=staff_id) == []


def test_the_log_is_filtered_by_location_action_staff_and_time_newest_first(
    client: AppClient,
) -> None:
    mia, as_mia = _manager(client, "Mia")
    _ned, as_ned = _manager(client, "Ned")
    here = make_product(client, price=3)
    there = make_product(client, price=3, locationId=OTHER_LOCATION)
    client.put(f"/api/products/{here['id']}", json={"price": 4}, headers=as_mia)
    client.put(f"/api/products/{there['id']}", json={"price": 4}, headers=as_ned)
    client.post(f"/api/products/{here['id']}/86", headers=as_ned)
    listed = _entries(client, locationId=LOCATION)
    # Staff and tokens belong to no location: each location's log shows them.
    assert {e["action"] for e in listed if e["locationId"] is None} == {
        "staff.created",
        "token.created",
    }
    everything = _located(client, locationId=LOCATION)
    assert [e["action"] for e in everything] == ["product.86d", "product.price_changed"]
    assert [e["staffName"] for e in _entries(client, staffId=mia)] == ["Mia"]
    assert [e["locationId"] for e in _located(client, locationId=OTHER_LOCATION)] == [
        OTHER_LOCATION
    ]
    first, second = everything[1]["at"], everything[0]["at"]
    assert [e["action"] for e in _located(client, locationId=LOCATION, to=second)] == [
        "product.price_changed"
    ]
    assert [e["action"] for e in _located(client, locationId=LOCATION, **{"from": second})] == [
        "product.86d"
    ]
    assert _entries(client, locationId=LOCATION, **{"from": first, "to": first}) == []
    page = client.get("/api/audit", params={"limit": 1, "page": 2}).json()
    assert (page["total"], page["page"], page["limit"], len(page["data"])) == (7, 2, 1, 1)


def test_unknown_actions_and_bad_times_are_422(client: AppClient) -> None:
    assert client.get("/api/audit", params={"action": "order.eaten"}).status_code == 422
    assert client.get("/api/audit", params={"from": "yesterday"}).status_code == 422


def test_orders_show_who_opened_them_and_who_took_each_payment(client: AppClient) -> None:
    member = client.post("/api/staff", json={"name": "Sam", "role": "SERVER"}).json()
    token = client.post("/api/tokens", json={"staffId": member["id"], "name": "Sam"}).json()
    server = bearer(token["token"])
    order = client.post("/api/orders", json={"orderType": "TAKEOUT"}, headers=server).json()
    sam = {"staffId": member["id"], "name": "Sam"}
    assert order["openedBy"] == sam
    product = make_product(client, price=10)
    body = {"productId": product["id"], "quantity": 1}
    client.post(f"/api/orders/{order['id']}/items", json=body, headers=server)
    client.post(f"/api/orders/{order['id']}/payments", json={"amount": 4, "paymentMethod": "CASH"})
    payment = {"amount": 6, "paymentMethod": "CARD"}
    client.post(f"/api/orders/{order['id']}/payments", json=payment, headers=server)
    detail = client.get(f"/api/orders/{order['id']}").json()
    assert detail["openedBy"] == sam
    assert [p["takenBy"]["name"] for p in detail["payments"]] == [
        "bootstrap admin (BRIGADE_ADMIN_TOKEN)",
        "Sam",
    ]


def test_a_number_is_not_a_date_time_in_the_audit_filters(client: AppClient) -> None:
    for value in ("-1.1754943508222875e-38", "1700000000", "soon"):
        response = client.get("/api/audit", params={"from": value})
        assert response.status_code == 422, value
    assert client.get("/api/audit", params={"from": "2026-11-23T12:00:00Z"}).status_code == 200

"""An order's items and payments read on their own, and the order list's filters (issue 12)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

from factories import AppClient, bearer, make_order, make_product, make_staff_token
from orders.api.order_helpers import add_item, pay, problem


def _ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


def test_items_are_listed_as_the_order_detail_shows_them(client: AppClient) -> None:
    order = make_order(client)
    kept = add_item(client, order, make_product(client, price=4), 2, notes="no ice")
    voided = add_item(client, order, make_product(client, price=3))
    url = f"/api/orders/{order['id']}/items/{voided['id']}"
    assert client.request("DELETE", url, json={"reason": "wrong"}).status_code == 200
    listed = _ok(client.get(f"/api/orders/{order['id']}/items"))
    detail = _ok(client.get(f"/api/orders/{order['id']}"))
    assert listed == detail["items"]
    assert [(i["id"], i["status"]) for i in listed] == [
        (kept["id"], "PENDING"),
        (voided["id"], "VOIDED"),
    ]
    kitchen = make_staff_token(client, "KITCHEN")
    assert _ok(client.get(f"/api/orders/{order['id']}/items", headers=bearer(kitchen))) == listed


def test_payments_are_listed_as_the_detail_shows_them_and_the_kitchen_sees_no_card(
    client: AppClient,
) -> None:
    order = make_order(client)
    add_item(client, order, make_product(client, price=30))
    assert pay(client, order, 10, cardLastFour="4242", cardBrand="VISA").status_code == 201
    assert pay(client, order, 20, paymentMethod="CASH").status_code == 201
    url = f"/api/orders/{order['id']}/payments"
    listed = _ok(client.get(url))
    assert listed == _ok(client.get(f"/api/orders/{order['id']}"))["payments"]
    assert [(p["amount"], p["method"], p["cardLastFour"]) for p in listed] == [
        (10, "CARD", "4242"),
        (20, "CASH", None),
    ]
    kitchen = make_staff_token(client, "KITCHEN")
    seen = _ok(client.get(url, headers=bearer(kitchen)))
    assert [p["amount"] for p in seen] == [10, 20]
    assert all(p["cardLastFour"] is None and p["takenBy"] is None for p in seen)
    assert "VISA" not in str(seen)


def test_items_and_payments_of_an_unknown_order_are_404(client: AppClient) -> None:
    unknown = "0196a1b2-0000-7000-8000-00000000ffff"
    problem(client.get(f"/api/orders/{unknown}/items"), 404, "not_found")
    problem(client.get(f"/api/orders/{unknown}/payments"), 404, "not_found")


def _ids(client: AppClient, params: dict[str, str] | list[tuple[str, str]]) -> list[str]:
    return [order["id"] for order in _ok(client.get("/api/orders", params=params))["data"]]


def test_the_list_filters_by_table_and_order_number(client: AppClient) -> None:
    table = "0196a1b2-0000-7000-8000-0000000000a1"
    at_table = make_order(client, tableId=table)
    elsewhere = make_order(client)
    assert _ids(client, {"tableId": table}) == [at_table["id"]]
    number = elsewhere["orderNumber"]
    assert _ids(client, {"orderNumber": number}) == [elsewhere["id"]]
    assert _ids(client, {"orderNumber": number.lstrip("#")}) == [elsewhere["id"]]
    assert _ids(client, {"orderNumber": "99999", "tableId": table}) == []
    problem(client.get("/api/orders", params={"orderNumber": "12a"}), 422, "validation_failed")
    problem(client.get("/api/orders", params={"tableId": "7"}), 422, "validation_failed")


def test_the_list_takes_several_statuses_by_repeating_the_parameter(client: AppClient) -> None:
    draft = make_order(client)
    sent = make_order(client)
    add_item(client, sent, make_product(client))
    assert client.post(f"/api/orders/{sent['id']}/send").status_code == 200
    cancelled = make_order(client)
    deleted = client.request("DELETE", f"/api/orders/{cancelled['id']}", json={"reason": "x"})
    assert deleted.status_code == 200
    both = _ids(client, [("status", "OPEN"), ("status", "DRAFT")])
    assert both == [sent["id"], draft["id"]]
    assert _ids(client, [("status", "CANCELLED")]) == [cancelled["id"]]
    comma = client.get("/api/orders", params={"status": "OPEN,DRAFT"})
    problem(comma, 422, "validation_failed")


def test_the_list_filters_by_updated_since(client: AppClient) -> None:
    old = make_order(client)
    changed = make_order(client)
    untouched = make_order(client)
    add_item(client, changed, make_product(client))
    since = _ok(client.get(f"/api/orders/{changed['id']}"))["updatedAt"]
    assert _ids(client, {"updatedSince": since}) == [changed["id"]]
    earlier = datetime.fromisoformat(old["createdAt"]) - timedelta(seconds=1)
    assert _ids(client, {"updatedSince": earlier.isoformat()}) == [
        untouched["id"],
        changed["id"],
        old["id"],
    ]
    later = datetime.now(UTC) + timedelta(days=1)
    assert _ids(client, {"updatedSince": later.isoformat()}) == []
    problem(client.get("/api/orders", params={"updatedSince": "0.5"}), 422, "validation_failed")


def test_the_openapi_states_how_statuses_repeat(client: AppClient) -> None:
    parameters = client.get("/openapi.json").json()["paths"]["/api/orders"]["get"]["parameters"]
    by_name = {p["name"]: p for p in parameters}
    status = by_name["status"]
    assert status["schema"]["anyOf"][0]["type"] == "array"
    assert status.get("explode", True) is True
    assert status.get("style", "form") == "form"
    assert {"tableId", "orderNumber", "updatedSince"} <= set(by_name)

"""Orders: create, detail, list, numbering, versions, transfer, complete, cancel, final states."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from factories import LOCATION, OTHER_LOCATION, AppClient, make_order, make_product
from orders.api.order_helpers import (
    add_item,
    order_detail,
    pay,
    problem,
    recorded_statements,
    scalar,
)

SUMMARY_FIELDS = {
    "id",
    "orderNumber",
    "status",
    "orderType",
    "tableId",
    "tableName",
    "locationId",
    # A bar tab's or a takeout's customer (docs/design.md §5).
    "customerName",
    # A takeout's or a delivery's promised time (docs/design.md §5).
    "pickupAt",
    "currency",
    "subtotal",
    "total",
    "balanceDue",
    "createdAt",
    # Who opened it: the back office's open checks (docs/design.md §11).
    "openedBy",
}
DETAIL_FIELDS = SUMMARY_FIELDS | {
    "customerId",
    "guestCount",
    "notes",
    "items",
    # Hold and fire (docs/design.md §5).
    "firedCourses",
    "discountAmount",
    "taxAmount",
    # Money the world uses (docs/design.md §15).
    "taxMode",
    "taxes",
    "serviceCharges",
    "serviceChargeTotal",
    "roundingAdjustment",
    "cashBalanceDue",
    "paidAmount",
    "tipTotal",
    "refunds",
    "payments",
    "version",
    "completedBy",
    "cancelledBy",
    "updatedAt",
    "completedAt",
    "cancelledAt",
    # The check it was merged into (docs/design.md §5).
    "mergedInto",
    "receiptNumber",
}


# --- create and detail ----------------------------------------------------------------------


def test_create_answers_201_draft_with_empty_items_number_location_and_etag(
    client: AppClient,
) -> None:
    table, customer = str(uuid.uuid4()), str(uuid.uuid4())
    response = client.post(
        "/api/orders",
        json={
            "orderType": "DINE_IN",
            "tableId": table,
            "customerId": customer,
            "guestCount": 4,
            "notes": "  window seat  ",
            "locationId": LOCATION,
        },
    )
    assert response.status_code == 201, response.text
    body = response.json()
    assert response.headers["location"] == f"/api/orders/{body['id']}"
    assert response.headers["etag"] == '"1"'
    assert uuid.UUID(body["id"]).version == 7
    assert body["status"] == "DRAFT"
    assert body["items"] == []
    assert body["payments"] == []
    assert body["orderNumber"] == "#1001"
    assert body["orderType"] == "DINE_IN"
    assert (body["tableId"], body["customerId"], body["locationId"]) == (table, customer, LOCATION)
    assert body["guestCount"] == 4
    assert body["notes"] == "window seat"
    assert body["createdAt"].endswith("Z")
    assert body["version"] == 1
    for field in ("subtotal", "taxAmount", "total", "paidAmount", "balanceDue", "tipTotal"):
        assert body[field] == 0


def test_detail_carries_every_field(client: AppClient) -> None:
    order = make_order(client)
    response = client.get(f"/api/orders/{order['id']}")
    assert response.headers["etag"] == '"1"'
    assert set(response.json()) == DETAIL_FIELDS


def test_guest_count_takes_a_whole_json_number(client: AppClient) -> None:
    assert make_order(client, guestCount=4.0)["guestCount"] == 4


def test_location_from_query_and_absent_location_is_null(client: AppClient) -> None:
    from_query = client.post(
        f"/api/orders?locationId={OTHER_LOCATION}", json={"orderType": "BAR_TAB"}
    )
    assert from_query.json()["locationId"] == OTHER_LOCATION
    nowhere = client.post("/api/orders", json={"orderType": "TAKEOUT"}).json()
    assert nowhere["locationId"] is None
    assert nowhere["tableId"] is None


def test_order_numbers_are_consecutive_per_location_and_independent(client: AppClient) -> None:
    here = [make_order(client)["orderNumber"] for _ in range(3)]
    there = [make_order(client, locationId=OTHER_LOCATION)["orderNumber"] for _ in range(2)]
    assert here == ["#1001", "#1002", "#1003"]
    assert there == ["#1001", "#1002"]
    assert make_order(client)["orderNumber"] == "#1004"


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"orderType": "PICNIC"},
        {"orderType": "DINE_IN", "guestCount": 0},
        {"orderType": "DINE_IN", "guestCount": 501},
        {"orderType": "DINE_IN", "guestCount": "4"},
        {"orderType": "DINE_IN", "guestCount": 4.5},
        {"orderType": "DINE_IN", "guestCount": True},
        {"orderType": "DINE_IN", "notes": "x" * 2001},
        {"orderType": "DINE_IN", "tableId": "table-7"},
        {"orderType": "DINE_IN", "status": "COMPLETED"},
        {"orderType": "DINE_IN", "total": 0},
    ],
)
def test_bad_create_input_is_422_and_creates_nothing(
    client: AppClient, body: dict[str, Any]
) -> None:
    problem(client.post("/api/orders", json=body), 422, "validation_failed")
    assert client.get("/api/orders").json()["total"] == 0


def test_unknown_order_is_404_and_malformed_id_422(client: AppClient) -> None:
    problem(client.get(f"/api/orders/{uuid.uuid4()}"), 404, "not_found")
    problem(client.get("/api/orders/not-a-uuid"), 422, "validation_failed")
    problem(client.post(f"/api/orders/{uuid.uuid4()}/send"), 404, "not_found")


def test_detail_loads_in_a_bounded_number_of_statements(client: AppClient) -> None:
    product = make_product(client, price=2)
    order = make_order(client)
    for _ in range(50):
        add_item(client, order, product)
    for _ in range(10):
        assert pay(client, order, 10).status_code == 201
    client.get(f"/api/orders/{order['id']}")  # warm the pool: connect-time queries don't count

    with recorded_statements(client) as statements:
        detail = order_detail(client, order)
    assert len(detail["items"]) == 50
    assert len(detail["payments"]) == 10
    assert detail["balanceDue"] == 0
    assert len(statements) <= 5, statements


# --- list -----------------------------------------------------------------------------------


def test_list_is_newest_first_with_summary_fields_and_pagination(client: AppClient) -> None:
    numbers = [make_order(client)["orderNumber"] for _ in range(3)]
    page = client.get("/api/orders", params={"limit": 2}).json()
    assert (page["total"], page["page"], page["limit"]) == (3, 1, 2)
    assert [o["orderNumber"] for o in page["data"]] == numbers[::-1][:2]
    assert set(page["data"][0]) == SUMMARY_FIELDS
    second = client.get("/api/orders", params={"limit": 2, "page": 2}).json()
    assert [o["orderNumber"] for o in second["data"]] == [numbers[0]]


def test_list_filters_by_location_status_and_type(client: AppClient) -> None:
    product = make_product(client)
    dine_in = make_order(client)
    takeout = make_order(client, orderType="TAKEOUT")
    elsewhere = make_order(client, locationId=OTHER_LOCATION)
    add_item(client, dine_in, product)
    client.post(f"/api/orders/{dine_in['id']}/send")

    def ids(**params: Any) -> list[str]:
        response = client.get("/api/orders", params=params)
        assert response.status_code == 200, response.text
        return [o["id"] for o in response.json()["data"]]

    assert ids(locationId=LOCATION) == [takeout["id"], dine_in["id"]]
    assert ids(locationId=OTHER_LOCATION) == [elsewhere["id"]]
    assert ids(status="OPEN") == [dine_in["id"]]
    assert ids(status="DRAFT", orderType="TAKEOUT") == [takeout["id"]]
    assert ids(orderType="DELIVERY") == []
    problem(client.get("/api/orders", params={"status": "open"}), 422, "validation_failed")
    problem(client.get("/api/orders", params={"orderType": "PICNIC"}), 422, "validation_failed")


def test_list_date_range_date_only_end_covers_the_whole_day(client: AppClient) -> None:
    order = make_order(client)
    created = datetime.fromisoformat(order["createdAt"])
    today = created.date().isoformat()
    yesterday = (created.date() - timedelta(days=1)).isoformat()
    tomorrow = (created.date() + timedelta(days=1)).isoformat()

    def total(**params: Any) -> int:
        response = client.get("/api/orders", params=params)
        assert response.status_code == 200, response.text
        count: int = response.json()["total"]
        return count

    assert total(startDate=today, endDate=today) == 1
    assert total(endDate=yesterday) == 0
    assert total(startDate=tomorrow) == 0
    # Date-times: naive means UTC, an offset is honoured, the end instant is inclusive.
    naive = created.astimezone(UTC).replace(tzinfo=None).isoformat()
    assert total(startDate=naive, endDate=naive) == 1
    later = (created + timedelta(microseconds=1)).astimezone(UTC)
    assert total(startDate=later.isoformat()) == 0
    just_before = (created - timedelta(microseconds=1)).astimezone(timezone(timedelta(hours=2)))
    assert total(endDate=just_before.isoformat()) == 0
    assert total(endDate=created.astimezone(timezone(timedelta(hours=-5))).isoformat()) == 1
    problem(client.get("/api/orders", params={"startDate": "last week"}), 422, "validation_failed")
    problem(client.get("/api/orders", params={"endDate": "2026-02-30"}), 422, "validation_failed")


# --- versions -------------------------------------------------------------------------------


def test_every_mutation_bumps_version_and_answers_its_etag(client: AppClient) -> None:
    product = make_product(client)
    order = make_order(client)
    url = f"/api/orders/{order['id']}"
    added = client.post(f"{url}/items", json={"productId": product["id"], "quantity": 1})
    assert added.headers["etag"] == '"2"'
    item_url = f"{url}/items/{added.json()['id']}"
    assert client.put(item_url, json={"notes": "no salt"}).headers["etag"] == '"3"'
    assert client.post(f"{url}/send").headers["etag"] == '"4"'
    assert (
        client.post(f"{url}/transfer", json={"tableId": str(uuid.uuid4())}).headers["etag"] == '"5"'
    )
    assert client.post(f"{url}/discount", json={"discountAmount": 1}).headers["etag"] == '"6"'
    # Paid in full with nothing left to send: the check completes by itself, one version more.
    assert pay(client, order, 9).headers["etag"] == '"8"'
    assert client.post(f"{url}/complete").headers["etag"] == '"8"'
    detail = client.get(url)
    assert detail.headers["etag"] == '"8"'
    assert detail.json()["version"] == 8


def test_stale_if_match_is_412_a_malformed_one_400_and_neither_changes_anything(
    client: AppClient,
) -> None:
    product = make_product(client)
    order = make_order(client)
    url = f"/api/orders/{order['id']}"
    body = {"productId": product["id"], "quantity": 1}
    stale = client.post(f"{url}/items", json=body, headers={"If-Match": '"7"'})
    problem(stale, 412, "stale_version")
    malformed = client.post(f"{url}/items", json=body, headers={"If-Match": "soon"})
    problem(malformed, 400, "invalid_precondition")
    assert client.get(url).json()["items"] == []
    current = client.post(f"{url}/items", json=body, headers={"If-Match": '"1"'})
    assert current.status_code == 201
    assert client.post(f"{url}/send", headers={"If-Match": "*"}).status_code == 200


def test_updated_at_moves_forward_on_every_change(client: AppClient) -> None:
    order = make_order(client)
    url = f"/api/orders/{order['id']}"
    seen = [client.get(url).json()["updatedAt"]]
    for _ in range(3):
        client.post(f"{url}/transfer", json={"tableId": str(uuid.uuid4())})
        seen.append(client.get(url).json()["updatedAt"])
    assert seen == sorted(seen)
    assert len(set(seen)) == 4


# --- transfer -------------------------------------------------------------------------------


def test_transfer_answers_previous_and_new_table(client: AppClient) -> None:
    first, second = str(uuid.uuid4()), str(uuid.uuid4())
    order = make_order(client, tableId=first)
    url = f"/api/orders/{order['id']}/transfer"
    moved = client.post(url, json={"tableId": second})
    assert moved.status_code == 200, moved.text
    assert moved.json() == {"orderId": order["id"], "previousTableId": first, "newTableId": second}
    assert client.get(f"/api/orders/{order['id']}").json()["tableId"] == second

    takeout = client.post("/api/orders", json={"orderType": "TAKEOUT"}).json()
    seated = client.post(f"/api/orders/{takeout['id']}/transfer", json={"tableId": first}).json()
    assert seated["previousTableId"] is None
    problem(client.post(url, json={}), 422, "validation_failed")
    problem(client.post(url, json={"tableId": "window"}), 422, "validation_failed")


# --- complete -------------------------------------------------------------------------------


def test_complete_needs_a_zero_balance(client: AppClient) -> None:
    product = make_product(client, price=20)
    order = make_order(client)
    add_item(client, order, product)
    url = f"/api/orders/{order['id']}/complete"
    body = problem(client.post(url), 409, "balance_due")
    assert body["balanceDue"] == 20
    assert pay(client, order, 15).status_code == 201
    assert problem(client.post(url), 409, "balance_due")["balanceDue"] == 5
    assert pay(client, order, 5).status_code == 201

    completed = client.post(url)
    assert completed.status_code == 200, completed.text
    body = completed.json()
    assert body["status"] == "COMPLETED"
    assert body["completedAt"].endswith("Z")
    assert (body["total"], body["paidAmount"]) == (20, 20)
    detail = order_detail(client, order)
    assert detail["status"] == "COMPLETED"
    assert detail["completedAt"] == body["completedAt"]
    # Completing a completed check again answers when it was, and changes nothing.
    again = client.post(url)
    assert (again.status_code, again.json()["completedAt"]) == (200, body["completedAt"])
    assert order_detail(client, order) == detail


def test_an_empty_order_completes_with_nothing_due(client: AppClient) -> None:
    order = make_order(client)
    response = client.post(f"/api/orders/{order['id']}/complete")
    assert response.status_code == 200, response.text
    assert response.json()["total"] == 0


# --- cancel ---------------------------------------------------------------------------------


def test_cancel_refunds_every_payment_with_tips_and_restores_stock(client: AppClient) -> None:
    tracked = make_product(client, price=10, trackInventory=True, stockQuantity=10)
    order = make_order(client)
    add_item(client, order, tracked, 3)
    client.post(f"/api/orders/{order['id']}/send")
    assert pay(client, order, 12, tipAmount=2).status_code == 201
    assert pay(client, order, 8, paymentMethod="CASH").status_code == 201
    assert client.get(f"/api/products/{tracked['id']}").json()["stockQuantity"] == 7

    response = client.request(
        "DELETE", f"/api/orders/{order['id']}", json={"reason": "guest walked out"}
    )
    assert response.status_code == 200, response.text
    assert response.json()["success"] is True
    assert response.json()["refundAmount"] == 22
    detail = order_detail(client, order)
    assert detail["status"] == "CANCELLED"
    assert detail["cancelledAt"].endswith("Z")
    assert [p["status"] for p in detail["payments"]] == ["REFUNDED", "REFUNDED"]
    assert (detail["paidAmount"], detail["tipTotal"]) == (0, 0)
    assert client.get(f"/api/products/{tracked['id']}").json()["stockQuantity"] == 10


@pytest.mark.parametrize(
    "body", [None, {}, {"reason": ""}, {"reason": "   "}, {"reason": "x" * 501}]
)
def test_cancel_needs_a_reason(client: AppClient, body: dict[str, str] | None) -> None:
    order = make_order(client)
    response = client.request("DELETE", f"/api/orders/{order['id']}", json=body)
    problem(response, 422, "validation_failed")
    assert order_detail(client, order)["status"] == "DRAFT"


def test_cancel_of_an_unknown_order_is_404(client: AppClient) -> None:
    response = client.request("DELETE", f"/api/orders/{uuid.uuid4()}", json={"reason": "x"})
    problem(response, 404, "not_found")


# --- final orders ---------------------------------------------------------------------------


def _completed(client: AppClient, product: dict[str, Any]) -> dict[str, Any]:
    order = make_order(client)
    add_item(client, order, product)
    assert pay(client, order, 10).status_code == 201
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    return order


def _cancelled(client: AppClient, product: dict[str, Any]) -> dict[str, Any]:
    order = make_order(client)
    add_item(client, order, product)
    response = client.request("DELETE", f"/api/orders/{order['id']}", json={"reason": "test"})
    assert response.status_code == 200
    return order


def _mutations(
    order: dict[str, Any], product: dict[str, Any], item_id: str
) -> list[tuple[str, str, dict[str, Any] | None]]:
    url = f"/api/orders/{order['id']}"
    return [
        ("POST", f"{url}/items", {"productId": product["id"], "quantity": 1}),
        ("PUT", f"{url}/items/{item_id}", {"quantity": 2}),
        ("PUT", f"{url}/items/{item_id}", {"status": "SERVED"}),
        ("DELETE", f"{url}/items/{item_id}", {"reason": "late"}),
        ("POST", f"{url}/send", None),
        ("POST", f"{url}/payments", {"amount": 1, "paymentMethod": "CASH"}),
        ("POST", f"{url}/discount", {"discountAmount": 1}),
        ("POST", f"{url}/transfer", {"tableId": str(uuid.uuid4())}),
        ("DELETE", url, {"reason": "again"}),
    ]


@pytest.mark.parametrize("final", [_completed, _cancelled], ids=["completed", "cancelled"])
def test_every_change_to_a_final_order_is_409_order_closed(
    client: AppClient, final: Callable[[AppClient, dict[str, Any]], dict[str, Any]]
) -> None:
    product = make_product(client, price=10)
    order = final(client, product)
    before = order_detail(client, order)
    item_id = before["items"][0]["id"]
    for method, url, body in _mutations(order, product, item_id):
        response = client.request(method, url, json=body)
        problem(response, 409, "order_closed")
    assert order_detail(client, order) == before


def test_a_cancelled_order_is_not_completed(client: AppClient) -> None:
    """A completed one answers its completedAt again (complete after auto-complete); a
    cancelled one stays closed."""
    order = _cancelled(client, make_product(client, price=10))
    problem(client.post(f"/api/orders/{order['id']}/complete"), 409, "order_closed")


def test_a_refused_change_leaves_no_trace(client: AppClient) -> None:
    """A refused mutation (here an overpayment) writes nothing, not even the version."""
    product = make_product(client, price=10)
    order = make_order(client)
    add_item(client, order, product)
    before = order_detail(client, order)
    problem(pay(client, order, 10.5), 409, "overpayment")
    assert order_detail(client, order) == before

    assert scalar(client, "SELECT count(*) FROM payments") == 0


@pytest.mark.parametrize(
    "params",
    [
        {"endDate": "9999-12-31"},
        {"endDate": "9999-12-31T23:59:59.999999"},
        {"startDate": "9999-12-31T23:59:59-23:59"},
        {"startDate": "2026-02-30"},
    ],
)
def test_list_dates_outside_the_calendar_are_422(client: AppClient, params: dict[str, str]) -> None:
    response = client.get("/api/orders", params=params)
    assert response.status_code == 422
    assert response.json()["code"] == "validation_failed"

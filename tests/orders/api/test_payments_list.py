"""Payments across orders for settlement and tip-out: GET /api/payments (MANAGER, issue 12)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_order,
    make_product,
    make_staff_token,
)
from orders.api.order_helpers import add_item, pay, problem


def _paid(
    client: AppClient, location: str = LOCATION, **payment: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    order = make_order(client, locationId=location)
    add_item(client, order, make_product(client, price=50, locationId=location))
    response = pay(client, order, 50, **payment)
    assert response.status_code == 201, response.text
    return order, response.json()


def _page(client: AppClient, **params: Any) -> dict[str, Any]:
    response = client.get("/api/payments", params=params)
    assert response.status_code == 200, response.text
    page: dict[str, Any] = response.json()
    return page


def test_payments_across_orders_newest_first_with_their_order_and_refunds(
    client: AppClient,
) -> None:
    first_order, first = _paid(client, tipAmount=5, cardLastFour="4242", cardBrand="VISA")
    second_order, second = _paid(client, paymentMethod="CASH")
    assert client.post(f"/api/orders/{first_order['id']}/complete").status_code == 200
    refund = {"amount": 10, "tipAmount": 2, "reason": "cold"}
    assert client.post(f"/api/orders/{first_order['id']}/refunds", json=refund).status_code == 201
    page = _page(client)
    assert (page["total"], page["page"], page["limit"]) == (2, 1, 20)
    newest, oldest = page["data"]
    assert (newest["id"], newest["orderNumber"]) == (second["id"], second_order["orderNumber"])
    assert (newest["refundedAmount"], newest["refundedTip"]) == (0, 0)
    assert oldest == first | {
        "orderNumber": first_order["orderNumber"],
        "locationId": LOCATION,
        "orderType": "DINE_IN",
        "tableName": None,
        "customerName": None,
        "refundedAmount": 10,
        "refundedTip": 2,
    }
    assert (oldest["cardLastFour"], oldest["cardBrand"], oldest["tipAmount"]) == ("4242", "VISA", 5)
    assert oldest["takenBy"] is not None
    assert [p["id"] for p in _page(client, limit=1, page=2)["data"]] == [first["id"]]


def test_payments_filter_by_location_method_and_time(client: AppClient) -> None:
    _, here = _paid(client)
    _, cash = _paid(client, paymentMethod="CASH")
    _, there = _paid(client, OTHER_LOCATION)
    assert [p["id"] for p in _page(client, locationId=OTHER_LOCATION)["data"]] == [there["id"]]
    assert [p["id"] for p in _page(client, method="CASH")["data"]] == [cash["id"]]
    taken = datetime.fromisoformat(cash["processedAt"])
    window = {"from": taken.isoformat(), "to": (taken + timedelta(microseconds=1)).isoformat()}
    assert [p["id"] for p in _page(client, **window)["data"]] == [cash["id"]]
    before = {"to": datetime.fromisoformat(here["processedAt"]).isoformat()}
    assert _page(client, **before)["data"] == []
    problem(client.get("/api/payments", params={"from": "0.5"}), 422, "validation_failed")
    problem(client.get("/api/payments", params={"method": "CHEQUE"}), 422, "validation_failed")


def test_only_a_manager_reads_payments_across_orders(client: AppClient) -> None:
    _paid(client)
    for role in ("KITCHEN", "SERVER"):
        response = client.get("/api/payments", headers=bearer(make_staff_token(client, role)))
        problem(response, 403, "forbidden")
    manager = bearer(make_staff_token(client, "MANAGER"))
    assert client.get("/api/payments", headers=manager).json()["total"] == 1

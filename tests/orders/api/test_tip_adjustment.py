"""A card payment's tip adjusted until its business day ends in the location's timezone
(issue 12): the approval rule, the audit, the totals, If-Match."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from httpx import Response

from brigade.orders import service as order_service
from factories import LOCATION, AppClient, bearer, make_order, make_product, make_staff_token
from orders.api.order_helpers import add_item, order_detail, pay, problem


def _paid(
    client: AppClient, method: str = "CARD", **order: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    made = make_order(client, **order)
    add_item(client, made, make_product(client, price=40, locationId=made["locationId"]))
    response = pay(client, made, 40, paymentMethod=method, tipAmount=4)
    assert response.status_code == 201, response.text
    return made, response.json()


def _adjust(
    client: AppClient,
    order: dict[str, Any],
    payment: dict[str, Any],
    tip: object,
    headers: dict[str, Any] | None = None,
) -> Response:
    url = f"/api/orders/{order['id']}/payments/{payment['id']}"
    response: Response = client.patch(url, json={"tipAmount": tip}, headers=headers)
    return response


def test_a_card_tip_is_adjusted_and_the_totals_follow(client: AppClient) -> None:
    order, payment = _paid(client)
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    version = order_detail(client, order)["version"]
    response = _adjust(client, order, payment, 7.5, {"If-Match": f'"{version}"'})
    assert response.status_code == 200, response.text
    assert response.json()["tipAmount"] == 7.5
    assert response.headers["etag"] == f'"{version + 1}"'
    detail = order_detail(client, order)
    assert (detail["tipTotal"], detail["paidAmount"], detail["balanceDue"]) == (7.5, 40, 0)
    assert detail["payments"][0]["tipAmount"] == 7.5
    stale = _adjust(client, order, payment, 8, {"If-Match": f'"{version}"'})
    problem(stale, 412, "stale_version")
    [entry] = client.get("/api/audit", params={"action": "order.tip_adjusted"}).json()["data"]
    assert (entry["entityType"], entry["entityId"]) == ("payment", payment["id"])
    assert (entry["before"], entry["after"]["tip"]) == ({"tip": "4.00"}, "7.50")
    events = client.get("/api/events", params={"after": 0}).json()["data"]
    assert events[-1]["type"] == "order.updated"


def test_the_same_tip_changes_nothing(client: AppClient) -> None:
    order, payment = _paid(client)
    before = order_detail(client, order)
    assert _adjust(client, order, payment, 4).status_code == 200
    assert order_detail(client, order) == before


def test_a_cash_tip_is_not_adjusted(client: AppClient) -> None:
    order, payment = _paid(client, method="CASH")
    before = order_detail(client, order)
    problem(_adjust(client, order, payment, 5), 409, "tip_not_adjustable")
    assert order_detail(client, order) == before


def test_an_outsized_tip_needs_a_manager(client: AppClient) -> None:
    order, payment = _paid(client)
    server = bearer(make_staff_token(client, "SERVER"))
    problem(_adjust(client, order, payment, 20.01, server), 403, "tip_needs_approval")
    assert _adjust(client, order, payment, 20, server).status_code == 200
    manager = bearer(make_staff_token(client, "MANAGER"))
    assert _adjust(client, order, payment, 30, manager).status_code == 200
    assert order_detail(client, order)["tipTotal"] == 30


def test_a_cancelled_orders_tip_and_unknown_payments_are_refused(client: AppClient) -> None:
    order, payment = _paid(client)
    unknown = {"id": order["id"]}
    problem(_adjust(client, order, unknown, 1), 404, "not_found")
    client.request("DELETE", f"/api/orders/{order['id']}", json={"reason": "mistake"})
    problem(_adjust(client, order, payment, 5), 409, "order_closed")


def test_a_tip_is_never_lowered_under_what_was_refunded_of_it(client: AppClient) -> None:
    order, payment = _paid(client)
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    refund = {"amount": 1, "tipAmount": 3, "reason": "double tip"}
    assert client.post(f"/api/orders/{order['id']}/refunds", json=refund).status_code == 201
    problem(_adjust(client, order, payment, 2.99), 422, "validation_failed")
    assert _adjust(client, order, payment, 3).status_code == 200


@pytest.mark.parametrize("zone", ["UTC", "Pacific/Kiritimati"])
def test_after_the_business_day_of_the_payment_its_tip_is_settled(
    client: AppClient, monkeypatch: pytest.MonkeyPatch, zone: str
) -> None:
    location = "0196a1b2-0000-7000-8000-0000000000c1" if zone != "UTC" else LOCATION
    if zone != "UTC":
        profile = {"name": "Far east", "timezone": zone}
        assert client.put(f"/api/locations/{location}", json=profile).status_code == 200
    order, payment = _paid(client, locationId=location)
    taken = datetime.fromisoformat(payment["processedAt"])
    local = taken.astimezone(ZoneInfo(zone))
    midnight = datetime.combine(local.date() + timedelta(days=1), time(), tzinfo=ZoneInfo(zone))
    monkeypatch.setattr(order_service, "now", lambda: midnight - timedelta(seconds=1))
    assert _adjust(client, order, payment, 5).status_code == 200
    monkeypatch.setattr(order_service, "now", lambda: midnight.astimezone(UTC))
    before = order_detail(client, order)
    refused = problem(_adjust(client, order, payment, 6), 409, "business_day_closed")
    assert local.date().isoformat() in refused["detail"]
    assert order_detail(client, order) == before

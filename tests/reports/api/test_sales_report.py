"""The sales report, against figures computed by hand: business days in the location's
timezone (New York, UTC-5 in November), discounts spread pro rata over lines, tips, split
tenders, voids, a cancellation's payment and its refund, a check still open."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import UTC, datetime
from typing import Any

import pytest

from factories import LOCATION, AppClient, make_category, make_order, make_product
from orders.api.order_helpers import add_item, pay, problem
from reports.api.report_helpers import Clock
from reports.api.report_helpers import ok as _ok
from reports.api.report_helpers import sales_report as _report

DAY = "2026-11-20"  # local; the business day runs 2026-11-20 05:00Z .. 2026-11-21 05:00Z


def _completed(client: AppClient, order: dict[str, Any]) -> None:
    _ok(client.post(f"/api/orders/{order['id']}/complete"))


@pytest.fixture
def menu(client: AppClient) -> dict[str, dict[str, Any]]:
    location = {"name": "Harbour St", "timezone": "America/New_York"}
    _ok(client.put(f"/api/locations/{LOCATION}", json=location))
    mains, sides, drinks = (
        make_category(client, name=name) for name in ("Mains", "Sides", "Drinks")
    )
    return {
        "burger": make_product(
            client, name="Burger", price=10, taxRate=0.1, categoryId=mains["id"]
        ),
        "fries": make_product(client, name="Fries", price=4, taxRate=0.1, categoryId=sides["id"]),
        "soda": make_product(client, name="Soda", price=2.5, taxRate=0, categoryId=drinks["id"]),
        "categories": {"Mains": mains, "Sides": sides, "Drinks": drinks},
    }


@pytest.fixture
def dinner_service(
    client: AppClient, clock: Clock, menu: dict[str, Any]
) -> dict[str, dict[str, Any]]:
    burger, fries, soda = menu["burger"], menu["fries"], menu["soda"]
    # A: 23:30 local on the 20th (04:30Z on the 21st): 2 burgers, fries, a soda, a voided
    # soda; 5.00 off; card 20 + 3 tip, cash 3.45.
    # An order's changes happen at the clock's moment (they never go back in time).
    clock.moment = datetime(2026, 11, 21, 4, 30, tzinfo=UTC)
    a = make_order(client, guestCount=2)
    add_item(client, a, burger, 2)
    add_item(client, a, fries)
    add_item(client, a, soda)
    extra = add_item(client, a, soda)
    void = {"reason": "rang twice"}
    _ok(client.request("DELETE", f"/api/orders/{a['id']}/items/{extra['id']}", json=void))
    _ok(client.post(f"/api/orders/{a['id']}/discount", json={"discountAmount": 5}))
    _ok(pay(client, a, 20, tipAmount=3))
    _ok(pay(client, a, 3.45, paymentMethod="CASH"))
    _completed(client, a)
    # B: 00:15 local on the 20th, takeout: a burger, card 11 + 1.50 tip.
    clock.moment = datetime(2026, 11, 20, 5, 15, tzinfo=UTC)
    b = make_order(client, orderType="TAKEOUT", tableId=None)
    add_item(client, b, burger)
    _ok(pay(client, b, 11, tipAmount=1.5))
    _completed(client, b)
    # C: 23:50 local on the 19th (already the 20th in UTC): fries, cash.
    clock.moment = datetime(2026, 11, 20, 4, 50, tzinfo=UTC)
    c = make_order(client, guestCount=4)
    add_item(client, c, fries)
    _ok(pay(client, c, 4.4, paymentMethod="CASH"))
    _completed(client, c)
    # D: 00:05 local on the 21st: a soda, cash.
    clock.moment = datetime(2026, 11, 21, 5, 5, tzinfo=UTC)
    d = make_order(client)
    add_item(client, d, soda)
    _ok(pay(client, d, 2.5, paymentMethod="CASH"))
    _completed(client, d)
    # E: paid by card at noon local on the 20th, then cancelled with its refund: no sale, the
    # 11.00 taken and the 11.00 given back both on the 20th.
    clock.moment = datetime(2026, 11, 20, 17, 0, tzinfo=UTC)
    e = make_order(client)
    add_item(client, e, burger)
    _ok(pay(client, e, 11))
    _ok(client.request("DELETE", f"/api/orders/{e['id']}", json={"reason": "walked out"}))
    # F: still open, nothing paid: no sale, shown apart.
    f = make_order(client)
    add_item(client, f, burger)
    return {"a": a, "b": b, "c": c, "d": d, "e": e, "f": f}


def test_a_business_day_in_the_locations_timezone_with_every_figure(
    client: AppClient, menu: dict[str, dict[str, Any]], dinner_service: dict[str, dict[str, Any]]
) -> None:
    report = _report(client, **{"from": DAY})
    opened_by, f = dinner_service["a"]["openedBy"], dinner_service["f"]
    categories = menu["categories"]
    assert report == {
        "locationId": LOCATION,
        "from": DAY,
        "to": DAY,
        "timezone": "America/New_York",
        "currency": "USD",
        "orderCount": 2,
        "covers": 2,
        "grossSales": 36.5,
        "discounts": 5.0,
        "netSales": 31.5,
        # EXCLUSIVE: the tax is on top of net sales, none of it inside.
        "netOfTax": 31.5,
        # A: (20.00 - 3.77 + 4.00 - 0.76) x 10 % = 1.947 → 1.95; B: 1.00
        "tax": 2.95,
        "tips": 4.5,
        # The payments taken on the 20th: A's, B's and the cancelled E's 11.00, refunded apart.
        "totalCollected": 49.95,
        "refunds": 11.0,
        "averageCheck": 15.75,
        "byPaymentMethod": [
            {"method": "CARD", "count": 3, "amount": 42.0, "tips": 4.5},
            {"method": "CASH", "count": 1, "amount": 3.45, "tips": 0.0},
        ],
        "byOrderType": [
            {"orderType": "DINE_IN", "count": 1, "netSales": 21.5},
            {"orderType": "TAKEOUT", "count": 1, "netSales": 10.0},
        ],
        # A's 5.00 over 20.00 / 4.00 / 2.50 by largest remainder: 3.77 / 0.76 / 0.47.
        "byCategory": [
            {"categoryId": categories["Mains"]["id"], "name": "Mains", "quantity": 3.0,
             "netSales": 26.23},
            {"categoryId": categories["Sides"]["id"], "name": "Sides", "quantity": 1.0,
             "netSales": 3.24},
            {"categoryId": categories["Drinks"]["id"], "name": "Drinks", "quantity": 1.0,
             "netSales": 2.03},
        ],
        "byHour": [
            {"hour": hour, "orderCount": 1 if hour in (0, 23) else 0,
             "netSales": {0: 10.0, 23: 21.5}.get(hour, 0.0)}
            for hour in range(24)
        ],
        "productMix": [
            {"productId": menu["burger"]["id"], "name": "Burger", "quantity": 3.0,
             "netSales": 26.23},
            {"productId": menu["fries"]["id"], "name": "Fries", "quantity": 1.0,
             "netSales": 3.24},
            {"productId": menu["soda"]["id"], "name": "Soda", "quantity": 1.0, "netSales": 2.03},
        ],
        "voids": {"count": 1, "amount": 2.5},
        "byStaff": [
            {"staffId": opened_by["staffId"], "name": opened_by["name"],
             "orderCount": 2, "netSales": 31.5, "tips": 4.5},
        ],
        # By rate, as on the orders: the nets add up to netSales, the taxes to tax.
        "taxes": [
            {"taxRateId": None, "name": "10%", "rate": 0.1, "netAmount": 29.47,
             "taxAmount": 2.95, "grossAmount": 32.42},
            {"taxRateId": None, "name": "0%", "rate": 0.0, "netAmount": 2.03, "taxAmount": 0.0,
             "grossAmount": 2.03},
        ],
        "serviceCharges": [],
        "rounding": 0.0,
        # F, opened on the 20th and open still: 10.00 + 10 % tax, nothing paid.
        "openChecks": {"count": 1, "total": 11.0, "paid": 0.0, "checks": [
            {"id": f["id"], "number": int(f["orderNumber"].lstrip("#")), "table": None,
             "total": 11.0, "paid": 0.0},
        ]},
    }  # fmt: skip


def test_the_day_before_and_a_range_of_days(
    client: AppClient, dinner_service: dict[str, dict[str, Any]]
) -> None:
    before = _report(client, **{"from": "2026-11-19"})
    assert (before["orderCount"], before["netSales"], before["covers"]) == (1, 4.0, 4)
    assert before["refunds"] == 0
    days = _report(client, **{"from": "2026-11-19", "to": "2026-11-21"})
    assert (days["orderCount"], days["netSales"], days["refunds"]) == (4, 38.0, 11.0)
    assert sum(line["netSales"] for line in days["productMix"]) == pytest.approx(38.0)
    assert days["byHour"][0] == {"hour": 0, "orderCount": 2, "netSales": 12.5}


def test_a_location_without_a_profile_reports_utc_days(client: AppClient, clock: Clock) -> None:
    elsewhere = str(uuid.uuid4())
    clock.moment = datetime(2026, 11, 20, 23, 59, tzinfo=UTC)
    order = make_order(client, locationId=elsewhere)
    add_item(client, order, make_product(client, price=3, locationId=elsewhere))
    _ok(pay(client, order, 3, paymentMethod="CASH"))
    _completed(client, order)
    report = _ok(client.get("/api/reports/sales", params={"locationId": elsewhere, "from": DAY}))
    assert (report["timezone"], report["orderCount"], report["netSales"]) == ("UTC", 1, 3.0)
    assert report["byHour"][23]["orderCount"] == 1


def test_a_day_with_no_sales_answers_zeros(client: AppClient) -> None:
    report = _report(client, **{"from": "2020-01-01"})
    assert (report["orderCount"], report["netSales"], report["averageCheck"]) == (0, 0, 0)
    assert report["productMix"] == []
    assert report["voids"] == {"count": 0, "amount": 0}


def test_csv_by_breakdown_with_format_or_accept(
    client: AppClient, menu: dict[str, dict[str, Any]], dinner_service: dict[str, dict[str, Any]]
) -> None:
    answer = client.get(
        "/api/reports/sales", params={"locationId": LOCATION, "from": DAY, "format": "csv"}
    )
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/csv")
    assert "sales-productMix-2026-11-20-2026-11-20.csv" in answer.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(answer.text)))
    assert rows == [
        ["productId", "name", "quantity", "netSales"],
        [menu["burger"]["id"], "Burger", "3", "26.23"],
        [menu["fries"]["id"], "Fries", "1", "3.24"],
        [menu["soda"]["id"], "Soda", "1", "2.03"],
    ]
    summary = client.get(
        "/api/reports/sales",
        params={"locationId": LOCATION, "from": DAY, "breakdown": "summary"},
        headers={"Accept": "text/csv"},
    )
    figures = dict(csv.reader(io.StringIO(summary.text)))
    assert (figures["netSales"], figures["refunds"], figures["voidCount"]) == (
        "31.50",
        "11.00",
        "1",
    )
    empty = client.get(
        "/api/reports/sales",
        params={"locationId": LOCATION, "from": "2020-01-01", "format": "csv",
                "breakdown": "byStaff"},
    )  # fmt: skip
    assert empty.text.strip() == "staffId,name,orderCount,netSales,tips"


@pytest.mark.parametrize(
    "params",
    [
        {"from": "2026-11-20", "to": "2026-11-19"},
        {"from": "2025-01-01", "to": "2026-01-02"},
        {"from": "20261120"},
        {"from": "1700000000"},
        {"from": "2026-02-30"},
        {},
        {"from": DAY, "format": "xml"},
        {"from": DAY, "breakdown": "byWeather"},
    ],
)
def test_bad_days_and_options_are_422(client: AppClient, params: dict[str, str]) -> None:
    answer = client.get("/api/reports/sales", params={"locationId": LOCATION} | params)
    problem(answer, 422, "validation_failed")


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"from": "9999-12-31"}, "from"),
        ({"from": "9998-12-31", "to": "9999-12-30"}, "to"),
        ({"from": "0001-01-01"}, "from"),
        ({"from": "1899-12-31", "to": "1900-01-01"}, "from"),
    ],
)
def test_days_the_report_cannot_compute_are_422_naming_the_field(
    client: AppClient, params: dict[str, str], field: str
) -> None:
    """from=9999-12-31 was a 500 (its window ends on a day the calendar has not)."""
    answer = client.get("/api/reports/sales", params={"locationId": LOCATION} | params)
    [error] = problem(answer, 422, "validation_failed")["errors"]
    assert error["field"] == field
    assert "1900-01-01" in error["message"]


def test_the_first_and_last_computable_days_are_reported(client: AppClient) -> None:
    assert _report(client, **{"from": "1900-01-01"})["orderCount"] == 0
    assert _report(client, **{"from": "9998-12-31"})["orderCount"] == 0


def test_a_whole_year_is_allowed(client: AppClient) -> None:
    report = _report(client, **{"from": "2024-01-01", "to": "2024-12-31"})
    assert report["orderCount"] == 0


def test_a_completed_orders_refund_counts_on_its_day_never_netted_out(
    client: AppClient, clock: Clock, menu: dict[str, dict[str, Any]]
) -> None:
    clock.moment = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
    order = make_order(client)
    add_item(client, order, menu["burger"])
    _ok(pay(client, order, 11, tipAmount=2))
    _completed(client, order)
    # The next evening (still the 21st in New York): 4.00 and 1.00 of tip back.
    clock.moment = datetime(2026, 11, 21, 23, 0, tzinfo=UTC)
    refund = {"amount": 4, "tipAmount": 1, "reason": "cold fries"}
    _ok(client.post(f"/api/orders/{order['id']}/refunds", json=refund))
    sold = _report(client, **{"from": DAY})
    assert (sold["netSales"], sold["totalCollected"], sold["refunds"]) == (10.0, 13.0, 0.0)
    refunded = _report(client, **{"from": "2026-11-21"})
    assert (refunded["orderCount"], refunded["refunds"]) == (0, 5.0)

"""Money is reported the day it is taken (docs/design.md §13): the sales report's tenders, tips
and collected count every payment taken within its days, whatever its check's state now (a
reopened check's, a still open one's, a cancelled one's, a merged one's once), the checks still
open are shown apart, and an INCLUSIVE location's net sales come net of the VAT inside them.
A Paris bistro in euros with VAT-inclusive prices: its business day 2026-11-20 runs
2026-11-19 23:00Z .. 2026-11-20 23:00Z."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Any

import pytest

from brigade.reports import repository
from factories import (
    LOCATION,
    AppClient,
    make_order,
    make_product,
    make_service_charge,
    make_tax_rate,
)
from orders.api.order_helpers import add_item, order_detail, pay
from reports.api.report_helpers import Clock, ok, sales_report

DAY, NEXT_DAY = "2026-11-20", "2026-11-21"
NOON = datetime(2026, 11, 20, 11, 0, tzinfo=UTC)
NEXT_NOON = datetime(2026, 11, 21, 11, 0, tzinfo=UTC)
PROFILE = {"name": "Bistro", "timezone": "Europe/Paris", "currency": "EUR", "taxMode": "INCLUSIVE"}


@pytest.fixture
def menu(client: AppClient, clock: Clock) -> dict[str, dict[str, Any]]:
    ok(client.put(f"/api/locations/{LOCATION}", json=PROFILE))
    standard = make_tax_rate(client, name="Standard", rate=0.2)
    reduced = make_tax_rate(client, name="Reduced", rate=0.1)
    return {
        "standard": standard,
        "steak": make_product(client, name="Steak", price=24, taxRateId=reduced["id"]),
        "wine": make_product(client, name="Wine", price=6, taxRateId=standard["id"]),
    }


def _check(client: AppClient, *products: dict[str, Any], sent: bool = True) -> dict[str, Any]:
    """An open check of ``products``, sent to the kitchen unless ``sent`` is false (a check
    paid to the cent with everything sent completes by itself)."""
    order = make_order(client)
    for product in products:
        add_item(client, order, product)
    if sent:
        ok(client.post(f"/api/orders/{order['id']}/send"))
    return order


def _number(order: dict[str, Any]) -> int:
    return int(order["orderNumber"].lstrip("#"))


def _listed(order: dict[str, Any], total: float, paid: float) -> dict[str, Any]:
    return {"id": order["id"], "number": _number(order), "table": None, "total": total,
            "paid": paid}  # fmt: skip


def _reopened(client: AppClient, menu: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A steak paid in full by card with a 3.00 tip (so completed by itself), then reopened."""
    order = _check(client, menu["steak"])
    ok(pay(client, order, 24, tipAmount=3))
    assert order_detail(client, order)["status"] == "COMPLETED"
    ok(client.post(f"/api/orders/{order['id']}/reopen", json={"reason": "add a dessert"}))
    return order


def _tenders(report: dict[str, Any]) -> list[tuple[str, int, float, float]]:
    return [(m["method"], m["count"], m["amount"], m["tips"]) for m in report["byPaymentMethod"]]


def test_a_reopened_fully_paid_card_check_stays_in_its_days_tenders_and_tips(
    client: AppClient, clock: Clock, menu: dict[str, dict[str, Any]]
) -> None:
    clock.moment = NOON
    order = _reopened(client, menu)

    day = sales_report(client, **{"from": DAY})
    assert (day["orderCount"], day["netSales"]) == (0, 0)  # no sale until completed again
    assert _tenders(day) == [("CARD", 1, 24, 3)]
    assert (day["tips"], day["totalCollected"]) == (3, 27)
    assert [(s["staffId"], s["tips"]) for s in day["byStaff"]] == [
        (order["openedBy"]["staffId"], 3)
    ]
    assert day["openChecks"] == {"count": 1, "total": 24, "paid": 24,
                                 "checks": [_listed(order, 24, 24)]}  # fmt: skip

    # Completed again the next day: its sale is that day's, its money stays the 20th's.
    clock.moment = NEXT_NOON
    ok(client.post(f"/api/orders/{order['id']}/complete"))
    assert sales_report(client, **{"from": DAY})["openChecks"]["count"] == 0
    assert _tenders(sales_report(client, **{"from": DAY})) == [("CARD", 1, 24, 3)]
    next_day = sales_report(client, **{"from": NEXT_DAY})
    assert (next_day["orderCount"], next_day["netSales"], _tenders(next_day)) == (1, 24, [])


def test_a_payment_on_a_check_still_open_counts_in_the_tenders_of_its_day(
    client: AppClient, clock: Clock, menu: dict[str, dict[str, Any]]
) -> None:
    clock.moment = datetime(2026, 11, 19, 20, 0, tzinfo=UTC)  # the 19th, 21:00 in Paris
    forgotten = _check(client, menu["wine"])
    clock.moment = NOON
    eating = _check(client, menu["steak"], menu["wine"])
    ok(pay(client, eating, 10, paymentMethod="CASH"))
    seated = _check(client, menu["wine"])

    day = sales_report(client, **{"from": DAY})
    assert day["orderCount"] == 0
    assert _tenders(day) == [("CASH", 1, 10, 0)]
    assert day["totalCollected"] == 10
    # Open checks of the day: one with money taken, one opened with none; the one opened the
    # day before with nothing taken on the 20th is that day's.
    assert day["openChecks"] == {
        "count": 2,
        "total": 36,
        "paid": 10,
        "checks": [_listed(eating, 30, 10), _listed(seated, 6, 0)],
    }
    before = sales_report(client, **{"from": "2026-11-19"})
    assert before["openChecks"]["checks"] == [_listed(forgotten, 6, 0)]


def test_a_cancelled_checks_payment_counts_as_taken_and_its_refund_as_given(
    client: AppClient, clock: Clock, menu: dict[str, dict[str, Any]]
) -> None:
    clock.moment = NOON
    order = _check(client, menu["steak"], menu["wine"], sent=False)
    ok(pay(client, order, 30, tipAmount=2))
    clock.moment = NEXT_NOON
    ok(client.request("DELETE", f"/api/orders/{order['id']}", json={"reason": "walked out"}))

    day = sales_report(client, **{"from": DAY})
    assert (day["orderCount"], _tenders(day), day["totalCollected"]) == (
        0,
        [("CARD", 1, 30, 2)],
        32,
    )
    assert (day["refunds"], day["openChecks"]["count"]) == (0, 0)
    next_day = sales_report(client, **{"from": NEXT_DAY})
    assert (_tenders(next_day), next_day["refunds"]) == ([], 32)


def test_a_check_paid_one_day_and_completed_the_next_counts_its_payment_the_first(
    client: AppClient, clock: Clock, menu: dict[str, dict[str, Any]]
) -> None:
    clock.moment = NOON
    order = _check(client, menu["steak"], sent=False)  # paid, not complete by itself
    ok(pay(client, order, 24, paymentMethod="CASH"))
    clock.moment = NEXT_NOON
    ok(client.post(f"/api/orders/{order['id']}/complete"))

    day = sales_report(client, **{"from": DAY})
    assert (day["orderCount"], _tenders(day), day["openChecks"]["count"]) == (
        0,
        [("CASH", 1, 24, 0)],
        0,
    )
    next_day = sales_report(client, **{"from": NEXT_DAY})
    assert (next_day["orderCount"], next_day["netSales"], _tenders(next_day)) == (1, 24, [])
    both = sales_report(client, **{"from": DAY, "to": NEXT_DAY})
    assert (both["orderCount"], _tenders(both)) == (1, [("CASH", 1, 24, 0)])


def test_a_merged_checks_payment_moves_with_it_and_counts_once(
    client: AppClient, clock: Clock, menu: dict[str, dict[str, Any]]
) -> None:
    clock.moment = NOON
    bar = _check(client, menu["wine"], menu["wine"])
    ok(pay(client, bar, 6, tipAmount=1))
    table = _check(client, menu["steak"])
    ok(client.post(f"/api/orders/{table['id']}/merge", json={"orderId": bar["id"]}))

    day = sales_report(client, **{"from": DAY})
    assert _tenders(day) == [("CARD", 1, 6, 1)]
    assert day["openChecks"] == {"count": 1, "total": 36, "paid": 6,
                                 "checks": [_listed(table, 36, 6)]}  # fmt: skip


def test_inclusive_net_of_tax_is_the_orders_rates_net_less_their_service_charges(
    client: AppClient, clock: Clock, menu: dict[str, dict[str, Any]]
) -> None:
    clock.moment = NOON
    make_service_charge(
        client, name="Service", rate=0.125, taxRateId=menu["standard"]["id"], automatic=True,
        minGuests=6,
    )  # fmt: skip
    two = _check(client, menu["steak"], menu["wine"], menu["wine"])
    ok(pay(client, two, 36))
    party = make_order(client, guestCount=6)
    add_item(client, party, menu["steak"], 3)
    add_item(client, party, menu["wine"], 5)
    ok(client.post(f"/api/orders/{party['id']}/discount", json={"discountAmount": 7.77}))
    ok(client.post(f"/api/orders/{party['id']}/send"))
    ok(pay(client, party, order_detail(client, party)["balanceDue"]))
    orders = [order_detail(client, two), order_detail(client, party)]
    assert [o["status"] for o in orders] == ["COMPLETED", "COMPLETED"]
    assert orders[1]["serviceCharges"][0]["taxAmount"] > 0

    day = sales_report(client, **{"from": DAY})
    rates_net = sum(rate["netAmount"] for o in orders for rate in o["taxes"])
    charges_net = sum(c["amount"] - c["taxAmount"] for o in orders for c in o["serviceCharges"])
    lines_tax = sum(item["taxAmount"] for o in orders for item in o["items"])
    assert day["netOfTax"] == pytest.approx(rates_net - charges_net)
    assert day["netOfTax"] == pytest.approx(day["netSales"] - lines_tax)
    # Net sales stay gross of the VAT inside them, and the report's rates are the orders'.
    sold = sum(o["subtotal"] - o["discountAmount"] for o in orders)
    assert day["netSales"] == pytest.approx(sold)
    assert sum(rate["netAmount"] for rate in day["taxes"]) == pytest.approx(rates_net)
    # Without a charge, net of tax is the rates' net: 24 / 1.1 + 12 / 1.2 = 21.82 + 10.00.
    alone = sum(rate["netAmount"] for rate in orders[0]["taxes"])
    assert alone == pytest.approx(31.82)


def test_the_summary_csv_carries_net_of_tax_and_the_open_checks(
    client: AppClient, clock: Clock, menu: dict[str, dict[str, Any]]
) -> None:
    clock.moment = NOON
    ok(pay(client, _check(client, menu["wine"]), 2))
    params = {"locationId": LOCATION, "from": DAY, "format": "csv", "breakdown": "summary"}
    answer = client.get("/api/reports/sales", params=params)
    rows = dict(csv.reader(io.StringIO(answer.text)))
    assert (rows["netOfTax"], rows["openCheckCount"]) == ("0.00", "1")
    assert (rows["openCheckTotal"], rows["openCheckPaid"]) == ("6.00", "2.00")


def test_the_open_checks_listed_are_the_first_by_number_and_the_count_is_all(
    client: AppClient,
    clock: Clock,
    menu: dict[str, dict[str, Any]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(repository, "MAX_OPEN_CHECKS_LISTED", 2)
    clock.moment = NOON
    checks = [_check(client, menu["wine"], sent=False) for _ in range(3)]
    found = sales_report(client, **{"from": DAY})["openChecks"]
    assert (found["count"], found["total"]) == (3, 18)
    assert [check["number"] for check in found["checks"]] == [_number(c) for c in checks[:2]]


def test_the_x_lists_the_open_checks_holding_payments(
    client: AppClient, clock: Clock, menu: dict[str, dict[str, Any]]
) -> None:
    clock.moment = NOON
    reopened = _reopened(client, menu)
    eating = _check(client, menu["steak"], menu["wine"])
    ok(pay(client, eating, 10, paymentMethod="CASH"))
    _check(client, menu["wine"])  # nothing paid: not the X's
    sold = _check(client, menu["wine"])
    ok(pay(client, sold, 6))

    x = ok(client.get("/api/reports/x", params={"locationId": LOCATION}))
    assert x["openChecks"] == {
        "count": 2,
        "total": 54,
        "paid": 34,
        "checks": [_listed(reopened, 24, 24), _listed(eating, 30, 10)],
    }
    # The X's own figures stay the journal's: the sale still completed, none reopened.
    assert (x["orderCount"], x["netSales"]) == (1, 6)

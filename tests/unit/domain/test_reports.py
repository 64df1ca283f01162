"""The report's pure rules: business days as UTC windows, the day limits, and net sales that
add up across every breakdown."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from brigade.domain.errors import InvalidInput
from brigade.domain.reports import (
    GivenBack,
    SoldLine,
    SoldOrder,
    TakenPayment,
    business_window,
    check_report_days,
    sales_report,
)


def test_a_business_day_is_local_midnight_to_midnight_in_utc():
    assert business_window(date(2026, 11, 20), date(2026, 11, 20), "America/New_York") == (
        datetime(2026, 11, 20, 5, tzinfo=UTC),
        datetime(2026, 11, 21, 5, tzinfo=UTC),
    )
    assert business_window(date(2026, 7, 1), date(2026, 7, 2), "Europe/Paris") == (
        datetime(2026, 6, 30, 22, tzinfo=UTC),
        datetime(2026, 7, 2, 22, tzinfo=UTC),
    )


def test_the_day_clocks_change_is_23_hours_long():
    start, end = business_window(date(2026, 3, 8), date(2026, 3, 8), "America/New_York")
    assert (end - start).total_seconds() == 23 * 3600


def test_days_must_be_in_order_and_at_most_366():
    check_report_days(date(2024, 1, 1), date(2024, 12, 31))
    with pytest.raises(InvalidInput, match="before"):
        check_report_days(date(2026, 1, 2), date(2026, 1, 1))
    with pytest.raises(InvalidInput, match="366"):
        check_report_days(date(2025, 1, 1), date(2026, 1, 2))


def _order(discount_cents: int, hour_utc: int, staff: uuid.UUID | None = None) -> SoldOrder:
    return SoldOrder(
        id=uuid.uuid4(),
        order_type="DINE_IN",
        guest_count=None,
        discount_cents=discount_cents,
        tax_cents=0,
        completed_at=datetime(2026, 11, 20, hour_utc, tzinfo=UTC),
        staff_id=staff,
        staff_name=None,
    )


def _line(order: SoldOrder, product: uuid.UUID, cents: int, *, voided: bool = False) -> SoldLine:
    return SoldLine(order.id, product, "Dish", None, None, 1000, cents, voided)


def test_every_breakdown_adds_up_to_net_sales_to_the_cent():
    # 1.00 off three equal lines: 34 + 33 + 33 cents, never 33 x 3; then 0.01 off two 0.01
    # lines goes to the first.
    products = [uuid.uuid4() for _ in range(3)]
    first, second = _order(100, 12), _order(1, 13)
    lines = [_line(first, product, 333) for product in products]
    lines += [_line(second, products[0], 1), _line(second, products[1], 1)]
    report = sales_report(date(2026, 11, 20), date(2026, 11, 20), "UTC", [first, second],
                          lines, [], [])  # fmt: skip
    assert report.net_cents == 999 + 2 - 101
    for breakdown in (report.product_mix, report.by_category, report.by_hour, report.by_staff,
                      report.by_order_type):  # fmt: skip
        assert sum(tally.net_cents for tally in breakdown.values()) == report.net_cents
    assert [report.product_mix[p].net_cents for p in products] == [299 + 0, 300 + 1, 300]


def test_voids_payments_refunds_and_the_average_check():
    staff = uuid.uuid4()
    order = _order(0, 12, staff)
    lines = [_line(order, uuid.uuid4(), 1000), _line(order, uuid.uuid4(), 250, voided=True)]
    payments = [TakenPayment(order.id, "CARD", 600, 100), TakenPayment(order.id, "CASH", 400, 0)]
    report = sales_report(date(2026, 11, 20), date(2026, 11, 20), "UTC", [order], lines,
                          payments, [GivenBack(500, 50)])  # fmt: skip
    assert (report.voids.count, report.voids.amount_cents) == (1, 250)
    assert (report.gross_cents, report.collected_cents, report.tips_cents) == (1000, 1100, 100)
    assert report.refunded_cents == 550
    assert report.by_staff[staff].tips_cents == 100
    assert report.average_check == Decimal("10.00")

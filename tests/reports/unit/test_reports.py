"""The report's pure rules: business days as UTC windows, the day limits, and net sales that
add up across every breakdown."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brigade.kit.errors import InvalidInput
from brigade.kit.money import TaxMode
from brigade.orders.domain.records import OrderCharge
from brigade.orders.domain.totals import Line, PriceTerms, TaxRateRef, compute_totals
from brigade.reports.domain.sales import (
    DiscountedLine,
    OpenChecks,
    PaymentTotal,
    PricedLine,
    ProductSold,
    SalesFacts,
    SoldOrder,
    business_window,
    check_report_days,
    inert_text,
    sales_report,
)

DAY = date(2026, 11, 20)


def test_a_business_day_is_local_midnight_to_midnight_in_utc() -> None:
    assert business_window(DAY, DAY, "America/New_York") == (
        datetime(2026, 11, 20, 5, tzinfo=UTC),
        datetime(2026, 11, 21, 5, tzinfo=UTC),
    )
    assert business_window(date(2026, 7, 1), date(2026, 7, 2), "Europe/Paris") == (
        datetime(2026, 6, 30, 22, tzinfo=UTC),
        datetime(2026, 7, 2, 22, tzinfo=UTC),
    )


def test_the_day_clocks_change_is_23_hours_long() -> None:
    start, end = business_window(date(2026, 3, 8), date(2026, 3, 8), "America/New_York")
    assert (end - start).total_seconds() == 23 * 3600


def test_days_must_be_in_order_and_at_most_366() -> None:
    check_report_days(date(2024, 1, 1), date(2024, 12, 31))
    with pytest.raises(InvalidInput, match="before"):
        check_report_days(date(2026, 1, 2), date(2026, 1, 1))
    with pytest.raises(InvalidInput, match="366"):
        check_report_days(date(2025, 1, 1), date(2026, 1, 2))


def _order(
    subtotal: int, discount: int, hour_utc: int, staff: uuid.UUID | None = None
) -> SoldOrder:
    return SoldOrder(
        id=uuid.uuid4(),
        order_type="DINE_IN",
        guest_count=2,
        subtotal_cents=subtotal,
        discount_cents=discount,
        tax_cents=0,
        completed_at=datetime(2026, 11, 20, hour_utc, tzinfo=UTC),
        staff_id=staff,
        staff_name=None,
    )


def _sold(product: uuid.UUID, cents: int, category: uuid.UUID | None = None) -> ProductSold:
    return ProductSold(product, "Dish", category, None, 1000, cents)


def _facts(
    orders: list[SoldOrder],
    products: Sequence[ProductSold] = (),
    lines: Sequence[DiscountedLine] = (),
    payments: Sequence[PaymentTotal] = (),
    refunded: int = 0,
) -> SalesFacts:
    return SalesFacts(
        orders, list(products), list(lines), 0, 0, list(payments), refunded, OpenChecks()
    )


def test_every_breakdown_adds_up_to_net_sales_to_the_cent() -> None:
    # 1.00 off three equal lines: 34 + 33 + 33 cents, never 33 x 3; 0.01 off two 0.01 lines
    # goes to the first; an undiscounted order's products come summed.
    products = [uuid.uuid4() for _ in range(3)]
    first, second, third = _order(999, 100, 12), _order(2, 1, 13), _order(500, 0, 14)
    lines = [DiscountedLine(first.id, _sold(product, 333)) for product in products]
    lines += [DiscountedLine(second.id, _sold(p, 1)) for p in products[:2]]
    report = sales_report(
        DAY, DAY, "UTC", _facts([first, second, third], [_sold(products[2], 500)], lines)
    )
    assert report.net_cents == 999 + 2 + 500 - 101
    for breakdown in (report.product_mix, report.by_category, report.by_hour, report.by_staff,
                      report.by_order_type):  # fmt: skip
        assert sum(tally.net_cents for tally in breakdown.values()) == report.net_cents
    assert [report.product_mix[p].net_cents for p in products] == [299 + 0, 300 + 1, 300 + 500]
    assert report.product_mix[products[2]].quantity_units == 2000


def test_payments_tips_refunds_voids_and_the_average_check() -> None:
    staff = uuid.uuid4()
    order = _order(1000, 0, 12, staff)
    other = uuid.uuid4()
    # One method's payments come per server: they add up per method and per server.
    paid = [PaymentTotal("CARD", staff, 1, 600, 100), PaymentTotal("CASH", staff, 1, 400, 0),
            PaymentTotal("CARD", other, 2, 0, 50)]  # fmt: skip
    facts = _facts([order], [_sold(uuid.uuid4(), 1000)], payments=paid, refunded=550)
    report = sales_report(DAY, DAY, "UTC", facts)
    assert (report.gross_cents, report.collected_cents, report.tips_cents) == (1000, 1150, 150)
    assert report.refunded_cents == 550
    assert (report.by_staff[staff].tips_cents, report.by_staff[other].tips_cents) == (100, 50)
    card = report.by_payment_method["CARD"]
    assert (card.count, card.amount_cents, card.tips_cents) == (3, 600, 150)
    assert report.average_check == Decimal("10.00")


RATES = (TaxRateRef(100_000), TaxRateRef(200_000, uuid.uuid4(), "Standard"), TaxRateRef(0))


@st.composite
def charged_orders(draw: st.DrawFn) -> tuple[list[Line], int, list[OrderCharge]]:
    """An INCLUSIVE order's lines, discount and service charges (by rate or amount, taxed at
    one of the lines' rates or not)."""
    lines = draw(
        st.lists(
            st.builds(
                lambda cents, rate: Line(cents, rate.units, rate.id, rate.name),
                st.integers(0, 5_000),
                st.sampled_from(RATES),
            ),
            min_size=1,
            max_size=8,
        )
    )
    discount = draw(st.integers(0, sum(line.amount_cents for line in lines)))
    charges = draw(
        st.lists(
            st.builds(
                lambda rate, amount, tax: OrderCharge(
                    uuid.uuid4(), "Service", rate, None if rate else amount, tax, automatic=False
                ),
                st.sampled_from([None, 125_000, 100_000]),
                st.integers(0, 900),
                st.sampled_from([None, *RATES]),
            ),
            max_size=3,
        )
    )
    return lines, discount, charges


@given(charged_orders())
def test_net_of_tax_takes_off_the_tax_the_lines_hold_as_the_order_shares_it(
    order: tuple[list[Line], int, list[OrderCharge]],
) -> None:
    # The order's own totals share each rate's tax over its lines and charges; the report,
    # from the stored rates and the lines, takes off exactly the lines' shares.
    lines, discount, charges = order
    totals = compute_totals(
        lines, discount, [], [c.charge() for c in charges], PriceTerms(TaxMode.INCLUSIVE)
    )
    sold = SoldOrder(
        id=uuid.uuid4(),
        order_type="DINE_IN",
        guest_count=2,
        subtotal_cents=totals.subtotal_cents,
        discount_cents=discount,
        tax_cents=totals.tax_cents,
        completed_at=datetime(2026, 11, 20, 12, tzinfo=UTC),
        staff_id=None,
        staff_name=None,
        taxes=totals.taxes,
        service_charges=tuple(charges),
        tax_mode=TaxMode.INCLUSIVE,
    )
    # The repository reads the lines of the orders whose charges came to something.
    priced = [PricedLine(sold.id, line.amount_cents, line.tax) for line in lines]
    priced = priced if totals.service_charge_cents > 0 else []
    facts = _facts([sold])
    report = sales_report(DAY, DAY, "UTC", dataclasses.replace(facts, charged_lines=priced))
    lines_net = totals.subtotal_cents - discount - sum(totals.line_taxes)
    assert report.net_of_tax_cents == lines_net
    if not any(charge.tax for charge in charges):
        assert report.net_of_tax_cents == sum(rate.net_cents for rate in totals.taxes)


def test_net_of_tax_is_net_sales_for_exclusive_orders() -> None:
    order = dataclasses.replace(_order(1000, 100, 12), tax_cents=90)
    report = sales_report(DAY, DAY, "UTC", _facts([order]))
    assert report.net_of_tax_cents == report.net_cents == 900


def test_hours_are_local() -> None:
    report = sales_report(DAY, DAY, "Asia/Kolkata", _facts([_order(100, 0, 12)]))
    assert report.by_hour[17].count == 1  # 12:00Z is 17:30 in India


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1.50", "'-1.50"),  # as text: a name, a note; money is written as a number
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Burger", "Burger"),
        ("", ""),
        ("a=1", "a=1"),
        ("'=1", "'=1"),
    ],
)
def test_a_text_cell_starting_like_a_formula_gets_a_quote(text: str, shown: str) -> None:
    assert inert_text(text) == shown

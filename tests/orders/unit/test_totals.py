"""Order money rules: worked examples by hand, then properties over generated orders."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from math import floor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brigade.kit.money import RATE_SCALE, from_cents
from brigade.orders.domain.errors import BalanceDue, DiscountTooLarge, Overpayment
from brigade.orders.domain.totals import (
    Line,
    OrderTotals,
    Payment,
    RateTotal,
    TaxRateRef,
    allocate,
    check_completable,
    check_discount,
    check_payment,
    compute_totals,
    item_total_cents,
)

RATE_8_25 = 82_500  # 0.0825 in millionths

# --- worked examples --------------------------------------------------------


@pytest.mark.parametrize(
    ("unit", "modifiers", "quantity_units", "expected"),
    [
        (1250, [150, 75], 2000, 2950),  # (12.50 + 1.50 + 0.75) x 2
        (1999, [], 1333, 2665),  # 19.99 x 1.333 = 26.64667
        (1, [], 500, 1),  # 0.01 x 0.5 = 0.005, a tie: up
        (1, [], 499, 0),
        (0, [], 1000, 0),
    ],
)
def test_item_total(unit: int, modifiers: list[int], quantity_units: int, expected: int) -> None:
    assert item_total_cents(unit, modifiers, quantity_units) == expected


def test_discounted_two_rate_order() -> None:
    # 10.00 @ 8.25 % and 5.00 @ 0 %, discount 3.00 spread 2/3 : 1/3 → 2.00 and 1.00.
    # Tax = (10.00 - 2.00) x 0.0825 + (5.00 - 1.00) x 0 = 0.66 exactly.
    # Total = 15.00 - 3.00 + 0.66 = 12.66.
    lines = [Line(1000, RATE_8_25), Line(500, 0)]
    totals = compute_totals(lines, 300, [])
    assert totals == OrderTotals(
        subtotal_cents=1500,
        discount_cents=300,
        tax_cents=66,
        total_cents=1266,
        paid_cents=0,
        tip_cents=0,
        balance_due_cents=1266,
        cash_balance_due_cents=1266,
        taxes=(
            RateTotal(TaxRateRef(RATE_8_25), net_cents=800, tax_cents=66),
            RateTotal(TaxRateRef(0), net_cents=400, tax_cents=0),
        ),
        line_discounts=(200, 100),
        line_taxes=(66, 0),
    )
    assert [rate.tax.label for rate in totals.taxes] == ["8.25%", "0%"]


def test_discount_with_a_leftover_cent() -> None:
    # Discount 1.00 over 10.00 and 5.00: exact shares 66.67 and 33.33 cents; floors 66 + 33
    # leave 1 cent for the larger remainder (the first line) → 67 and 33.
    # Tax = (1000 - 67) x 0.0825 = 76.9725 cents → 77. Total = 1500 - 100 + 77 = 1477.
    totals = compute_totals([Line(1000, RATE_8_25), Line(500, 0)], 100, [])
    assert (totals.tax_cents, totals.total_cents) == (77, 1477)


def test_half_cent_of_tax_rounds_up() -> None:
    # 10.00 x 0.0825 = 0.825 → 0.83.
    assert compute_totals([Line(1000, RATE_8_25)], 0, []).tax_cents == 83
    # 0.01 x 0.5 = 0.005 → 0.01.
    assert compute_totals([Line(1, 500_000)], 0, []).tax_cents == 1


def test_tax_is_rounded_once_per_rate_not_per_line() -> None:
    # Two lines of 0.825 each: per line 0.83 + 0.83 = 1.66, but the exact sum 1.65 is the tax.
    assert compute_totals([Line(1000, RATE_8_25)] * 2, 0, []).tax_cents == 165


def test_payments_and_tips() -> None:
    payments = [Payment(500, 100, counts=True), Payment(300, 0, counts=False)]
    totals = compute_totals([Line(1000, 0)], 0, payments)
    assert (totals.paid_cents, totals.tip_cents, totals.balance_due_cents) == (500, 100, 500)


@pytest.mark.parametrize(
    ("amount", "weights", "expected"),
    [
        (100, [333, 333, 334], [33, 33, 34]),
        (2, [1, 1, 1], [1, 1, 0]),  # equal remainders: lower index first
        (5, [0, 10], [0, 5]),
        (0, [0, 0], [0, 0]),
        (0, [], []),
        (7, [7], [7]),
    ],
)
def test_allocate_examples(amount: int, weights: list[int], expected: list[int]) -> None:
    assert allocate(amount, weights) == expected


@pytest.mark.parametrize(("amount", "weights"), [(1, [0, 0]), (1, []), (-1, [1]), (1, [2, -1])])
def test_allocate_rejects(amount: int, weights: list[int]) -> None:
    with pytest.raises(ValueError):
        allocate(amount, weights)


@pytest.mark.parametrize("discount", [1001, -1])
def test_discount_outside_zero_to_subtotal(discount: int) -> None:
    with pytest.raises(DiscountTooLarge, match=r"subtotal 10\.00"):
        check_discount(discount, [Line(1000, 0)], [])
    with pytest.raises(DiscountTooLarge):
        compute_totals([Line(1000, 0)], discount, [])


def test_discount_may_not_bring_total_under_what_is_paid() -> None:
    lines = [Line(1000, 0)]
    paid = [Payment(900, 50, counts=True)]
    with pytest.raises(DiscountTooLarge, match="under the amount already paid"):
        check_discount(200, lines, paid)
    assert check_discount(100, lines, paid).balance_due_cents == 0
    assert check_discount(0, lines, paid).total_cents == 1000  # 0 removes the discount


@pytest.mark.parametrize("amount", [0, -5, 1001])
def test_payment_outside_zero_to_balance_is_overpayment(amount: int) -> None:
    totals = compute_totals([Line(1000, 0)], 0, [])
    with pytest.raises(Overpayment) as raised:
        check_payment(amount, totals)
    assert raised.value.balance_due == Decimal("10.00")


def test_balance_due_blocks_completion_with_the_amount() -> None:
    totals = compute_totals([Line(1250, 0)], 0, [])
    with pytest.raises(BalanceDue, match=r"12\.50") as raised:
        check_completable(totals)
    assert raised.value.balance_due == Decimal("12.50")


# --- properties --------------------------------------------------------------

lines_strategy = st.lists(
    st.builds(
        Line,
        amount_cents=st.integers(0, 10**8),
        tax_rate_units=st.integers(0, RATE_SCALE),
    ),
    max_size=12,
)
tips = st.integers(0, 10**6)


@st.composite
def discounted_orders(draw: st.DrawFn) -> tuple[list[Line], int]:
    lines = draw(lines_strategy)
    discount = draw(st.integers(0, sum(line.amount_cents for line in lines)))
    return lines, discount


@st.composite
def partly_paid_orders(draw: st.DrawFn) -> tuple[list[Line], int, list[Payment]]:
    """A discounted order with valid completed payments totalling at most its total."""
    lines, discount = draw(discounted_orders())
    total = compute_totals(lines, discount, []).total_cents
    paid = draw(st.integers(0, total))
    payments = [Payment(amount, draw(tips), counts=True) for amount in split(paid, draw)]
    return lines, discount, payments


def split(amount: int, draw: Callable[[st.SearchStrategy[list[int]]], list[int]]) -> list[int]:
    """``amount`` as 1..5 positive parts (none if it is 0)."""
    if amount == 0:
        return []
    cuts = sorted(set(draw(st.lists(st.integers(1, amount), max_size=4))) | {amount})
    return [end - start for start, end in pairwise([0, *cuts])]


@given(discounted_orders())
def test_totals_add_up_and_are_never_negative(order: tuple[list[Line], int]) -> None:
    lines, discount = order
    totals = compute_totals(lines, discount, [])
    assert (
        min(totals.subtotal_cents, totals.discount_cents, totals.tax_cents, totals.total_cents) >= 0
    )
    assert totals.subtotal_cents - totals.discount_cents + totals.tax_cents == totals.total_cents
    assert totals.balance_due_cents == totals.total_cents


@given(discounted_orders())
def test_each_rates_tax_is_its_exact_sum_rounded_half_up(order: tuple[list[Line], int]) -> None:
    lines, discount = order
    shares = allocate(discount, [line.amount_cents for line in lines])
    exact: dict[int, Fraction] = {}
    for line, share in zip(lines, shares, strict=True):
        taxed = Fraction((line.amount_cents - share) * line.tax_rate_units, RATE_SCALE)
        exact[line.tax_rate_units] = exact.get(line.tax_rate_units, Fraction(0)) + taxed
    totals = compute_totals(lines, discount, [])
    assert {rate.tax.units: rate.tax_cents for rate in totals.taxes} == {
        units: floor(tax + Fraction(1, 2)) for units, tax in exact.items()
    }
    assert totals.tax_cents == sum(rate.tax_cents for rate in totals.taxes)


@given(st.data(), st.lists(st.integers(0, 10**8), max_size=12))
def test_allocation_sums_exactly_and_no_part_exceeds_its_weight(
    data: st.DataObject, weights: list[int]
) -> None:
    amount = data.draw(st.integers(0, sum(weights)))
    parts = allocate(amount, weights)
    assert sum(parts) == amount
    total_weight = sum(weights)
    for part, weight in zip(parts, weights, strict=True):
        assert 0 <= part <= weight
        # Within a cent of the exact share (part - amount x weight / total_weight).
        assert abs(part * total_weight - amount * weight) < max(total_weight, 1)


@given(st.data(), discounted_orders())
def test_paying_the_balance_in_any_split_completes_the_order(
    data: st.DataObject, order: tuple[list[Line], int]
) -> None:
    lines, discount = order
    payments: list[Payment] = []
    totals = compute_totals(lines, discount, payments)
    for amount in split(totals.balance_due_cents, data.draw):
        check_payment(amount, totals)
        payments.append(Payment(amount, data.draw(tips), counts=True))
        totals = compute_totals(lines, discount, payments)
        assert totals.balance_due_cents >= 0
    assert totals.balance_due_cents == 0
    assert totals.paid_cents == totals.total_cents
    assert totals.tip_cents == sum(payment.tip_cents for payment in payments)
    check_completable(totals)


@given(partly_paid_orders(), st.integers(1, 10**6))
def test_any_payment_above_the_balance_is_overpayment(
    order: tuple[list[Line], int, list[Payment]], excess: int
) -> None:
    totals = compute_totals(*order)
    with pytest.raises(Overpayment) as raised:
        check_payment(totals.balance_due_cents + excess, totals)
    assert raised.value.balance_due == from_cents(totals.balance_due_cents)


@given(
    partly_paid_orders(),
    st.lists(st.builds(Payment, st.integers(1, 10**8), tips, st.just(False)), max_size=4),
)
def test_refunded_payments_do_not_count(
    order: tuple[list[Line], int, list[Payment]], refunded: list[Payment]
) -> None:
    lines, discount, completed = order
    with_refunded = compute_totals(lines, discount, [*completed, *refunded])
    assert with_refunded == compute_totals(lines, discount, completed)
    assert with_refunded.balance_due_cents >= 0
    assert with_refunded.paid_cents == sum(p.amount_cents for p in completed)


@given(partly_paid_orders(), st.data())
def test_check_discount_accepts_exactly_the_discounts_that_keep_total_over_paid(
    order: tuple[list[Line], int, list[Payment]], data: st.DataObject
) -> None:
    lines, _, payments = order
    subtotal = sum(line.amount_cents for line in lines)
    discount = data.draw(st.integers(0, subtotal))
    totals = compute_totals(lines, discount, payments)
    if totals.total_cents >= totals.paid_cents:
        assert check_discount(discount, lines, payments) == totals
    else:
        with pytest.raises(DiscountTooLarge):
            check_discount(discount, lines, payments)

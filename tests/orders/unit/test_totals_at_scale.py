"""100,000 random orders through the totals (docs/design.md §15): lines with modifiers and
weighed quantities, one to three rates (some with a takeaway rate), both tax modes, discounts,
service charges by rate or amount, taxed or not, and cash rounding. Each is checked against
exact fractions, not against the function's own arithmetic.

Seeded, so a failure names the order that broke and reruns the same; plain ``random`` rather
than hypothesis, which would take minutes for this many.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from uuid import UUID

import pytest

from brigade.kit.money import RATE_SCALE, TaxMode
from brigade.orders.domain.totals import (
    Charge,
    Line,
    OrderTotals,
    PriceTerms,
    TaxRateRef,
    compute_totals,
    item_total_cents,
)

ORDERS = 100_000
SEED = 20261126
# In slices with seeds of their own, so the test workers share them rather than one running
# all 100,000 at the end of the suite alone.
SLICES = 8
TAKEAWAY = ("TAKEOUT", "DELIVERY")


@dataclass(frozen=True)
class Rate:
    """A named rate as a location sets it up: its eat-in rate and, maybe, a takeaway one."""

    id: UUID
    units: int
    takeout_units: int | None

    def for_order(self, order_type: str) -> TaxRateRef:
        takeaway = order_type in TAKEAWAY and self.takeout_units is not None
        units = self.takeout_units if takeaway and self.takeout_units is not None else self.units
        return TaxRateRef(units, self.id, f"rate {self.id.int % 1000}")


@dataclass(frozen=True)
class RandomOrder:
    lines: list[Line]
    discount_cents: int
    charges: list[Charge]
    terms: PriceTerms


def half_up(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


def random_rates(rng: random.Random) -> list[Rate]:
    units = [0, 50_000, 55_000, 70_000, 77_000, 82_500, 100_000, 200_000, 220_000, 1_000_000]
    return [
        Rate(
            UUID(int=rng.getrandbits(128)),
            rng.choice([*units, rng.randint(0, RATE_SCALE)]),
            rng.choice([None, rng.choice(units)]),
        )
        for _ in range(rng.randint(1, 3))
    ]


def random_line(rng: random.Random, rates: list[Rate], order_type: str) -> Line:
    modifiers = [rng.randint(0, 500) for _ in range(rng.choice([0, 0, 1, 3]))]
    quantity_units = rng.choice([1000, 1000, 2000, 3000, rng.randint(1, 5000)])  # some weighed
    amount = item_total_cents(rng.randint(0, 50_000), modifiers, quantity_units)
    rate = rng.choice(rates)
    if rng.random() < 0.1:  # a product with only the seed's number, no named rate
        return Line(amount, rate.units)
    tax = rate.for_order(order_type)
    return Line(amount, tax.units, tax.id, tax.name)


def random_order(rng: random.Random) -> RandomOrder:
    rates = random_rates(rng)
    order_type = rng.choice(["DINE_IN", "TAKEOUT", "DELIVERY", "BAR_TAB"])
    lines = [random_line(rng, rates, order_type) for _ in range(rng.randint(0, 12))]
    subtotal = sum(line.amount_cents for line in lines)
    discount = rng.choice([0, 0, rng.randint(0, subtotal), subtotal])
    charges = [
        Charge(
            rng.choice([125_000, 100_000, rng.randint(0, RATE_SCALE)]) if by_rate else None,
            None if by_rate else rng.randint(0, 5_000),
            rng.choice([None, rng.choice(rates).for_order(order_type)]),
        )
        for by_rate in (rng.random() < 0.7 for _ in range(rng.choice([0, 0, 1, 2])))
    ]
    terms = PriceTerms(rng.choice(list(TaxMode)), rng.choice([None, 5, 10, 100]))
    return RandomOrder(lines, discount, charges, terms)


def check(order: RandomOrder, totals: OrderTotals) -> None:
    inclusive = order.terms.tax_mode is TaxMode.INCLUSIVE
    lines, charges = order.lines, order.charges
    # The discount shares sum to the discount and never take a line under zero.
    assert sum(totals.line_discounts) == totals.discount_cents == order.discount_cents
    for line, share in zip(lines, totals.line_discounts, strict=True):
        assert 0 <= share <= line.amount_cents
    base = totals.subtotal_cents - totals.discount_cents
    assert totals.subtotal_cents == sum(line.amount_cents for line in lines)
    # A charge's rate applies to the subtotal less the discount, half-up to the cent.
    for charge, cents in zip(charges, totals.charge_amounts, strict=True):
        if charge.rate_units is not None:
            assert cents == half_up(Fraction(base * charge.rate_units, RATE_SCALE))
        else:
            assert cents == charge.amount_cents
    assert totals.service_charge_cents == sum(totals.charge_amounts)
    # Everything taxed, per rate: each line less its discount share, each taxed charge.
    taxed: dict[tuple[UUID | None, int], list[tuple[int, int]]] = defaultdict(list)
    for line, share, part in zip(lines, totals.line_discounts, totals.line_taxes, strict=True):
        taxed[(line.tax_rate_id, line.tax_rate_units)].append((line.amount_cents - share, part))
    for charge, cents, part in zip(
        charges, totals.charge_amounts, totals.charge_taxes, strict=True
    ):
        if charge.tax is None:
            assert part == 0
        else:
            taxed[(charge.tax.id, charge.tax.units)].append((cents, part))
    assert len(totals.taxes) == len(taxed)
    for rate in totals.taxes:
        amounts = taxed[(rate.tax.id, rate.tax.units)]
        gross = sum(amount for amount, _ in amounts)
        fraction = Fraction(rate.tax.units, RATE_SCALE)
        exact = gross * fraction / (1 + fraction) if inclusive else gross * fraction
        assert rate.tax_cents == half_up(exact)  # once per rate, half-up
        assert rate.net_cents == (gross - rate.tax_cents if inclusive else gross)
        # Each rate's line (and charge) shares sum to that rate's tax, each within a cent of
        # its proportional part.
        assert sum(part for _, part in amounts) == rate.tax_cents
        for amount, part in amounts:
            assert abs(part * gross - rate.tax_cents * amount) < max(gross, 1)
    assert sum(rate.tax_cents for rate in totals.taxes) == totals.tax_cents
    expected_total = base + totals.service_charge_cents + (0 if inclusive else totals.tax_cents)
    assert totals.total_cents == expected_total
    # Cash: the balance to the nearest step, ties up.
    step = order.terms.cash_step_cents
    if step is None:
        assert totals.cash_balance_due_cents == totals.balance_due_cents
    else:
        assert totals.cash_balance_due_cents % step == 0
        gap = totals.cash_balance_due_cents - totals.balance_due_cents
        assert -step < 2 * gap <= step


@pytest.mark.parametrize("part", range(SLICES))
def test_a_hundred_thousand_random_orders_add_up(part: int) -> None:
    seed = SEED + part
    rng = random.Random(seed)
    for number in range(ORDERS // SLICES):
        order = random_order(rng)
        totals = compute_totals(order.lines, order.discount_cents, [], order.charges, order.terms)
        try:
            check(order, totals)
        except AssertionError:
            raise AssertionError(f"order {number} of seed {seed}: {order}") from None

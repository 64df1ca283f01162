"""Every money rule of an order: item totals, discount spread, tax, balance.

All amounts are integer cents and tax rates integer millionths
(``money.RATE_SCALE``), so every step is exact; the only rounding is of the
order's tax, once, half-up to the cent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from brigade.kit.errors import BalanceDue, DiscountTooLarge, Overpayment
from brigade.kit.money import RATE_PLACES, from_cents, line_amount_cents, round_half_up, to_cents


@dataclass(frozen=True, slots=True)
class Line:
    """A live (not voided) order item as the totals see it."""

    amount_cents: int
    tax_rate_units: int


@dataclass(frozen=True, slots=True)
class Payment:
    amount_cents: int
    tip_cents: int
    counts: bool  # completed; a refunded payment no longer pays anything


@dataclass(frozen=True, slots=True)
class OrderTotals:
    subtotal_cents: int
    discount_cents: int
    tax_cents: int
    total_cents: int
    paid_cents: int
    tip_cents: int
    balance_due_cents: int


def item_total_cents(
    unit_price_cents: int, modifier_prices_cents: Sequence[int], quantity_units: int
) -> int:
    """(unit price + modifier prices) x quantity, rounded half-up once."""
    return line_amount_cents(unit_price_cents + sum(modifier_prices_cents), quantity_units)


def allocate(amount_cents: int, weights: Sequence[int]) -> list[int]:
    """Split ``amount_cents`` over ``weights`` in proportion; the parts sum exactly.

    Largest-remainder method: everyone gets the floor of their exact share, and
    the cents left over go one each to the largest remainders (lower index first
    on a tie). When the amount is at most the total weight, no part exceeds its
    weight, so a discount share never makes a line negative.
    """
    if amount_cents < 0 or any(weight < 0 for weight in weights):
        raise ValueError("amount and weights must not be negative")
    total_weight = sum(weights)
    if total_weight == 0:
        if amount_cents:
            raise ValueError("cannot allocate a positive amount over zero weights")
        return [0] * len(weights)
    shares = [divmod(amount_cents * weight, total_weight) for weight in weights]
    parts = [floor for floor, _ in shares]
    leftover = amount_cents - sum(parts)
    by_remainder = sorted(range(len(weights)), key=lambda index: (-shares[index][1], index))
    for index in by_remainder[:leftover]:
        parts[index] += 1
    return parts


def compute_totals(
    lines: Sequence[Line], discount_cents: int, payments: Sequence[Payment]
) -> OrderTotals:
    """The order's totals; raises DiscountTooLarge if the discount exceeds the subtotal."""
    subtotal_cents = sum(line.amount_cents for line in lines)
    if not 0 <= discount_cents <= subtotal_cents:
        raise DiscountTooLarge(
            f"the discount must be between 0.00 and the subtotal {from_cents(subtotal_cents)}"
        )
    discount_shares = allocate(discount_cents, [line.amount_cents for line in lines])
    # Exact tax in cent-millionths (cents x rate units); rounded once, for the whole order.
    exact_tax = sum(
        (line.amount_cents - share) * line.tax_rate_units
        for line, share in zip(lines, discount_shares, strict=True)
    )
    tax_cents = to_cents(round_half_up(Decimal(exact_tax).scaleb(-(RATE_PLACES + 2))))
    total_cents = subtotal_cents - discount_cents + tax_cents
    counting = [payment for payment in payments if payment.counts]
    paid_cents = sum(payment.amount_cents for payment in counting)
    return OrderTotals(
        subtotal_cents=subtotal_cents,
        discount_cents=discount_cents,
        tax_cents=tax_cents,
        total_cents=total_cents,
        paid_cents=paid_cents,
        tip_cents=sum(payment.tip_cents for payment in counting),
        # Not clamped: a negative balance means inconsistent data and must stay visible.
        balance_due_cents=total_cents - paid_cents,
    )


def check_discount(
    discount_cents: int, lines: Sequence[Line], payments: Sequence[Payment]
) -> OrderTotals:
    """Validate a new order discount (it replaces the old one); return the resulting totals."""
    totals = compute_totals(lines, discount_cents, payments)
    if totals.balance_due_cents < 0:
        raise DiscountTooLarge(
            f"the discount would bring the total ({from_cents(totals.total_cents)}) under "
            f"the amount already paid ({from_cents(totals.paid_cents)})"
        )
    return totals


def check_payment(amount_cents: int, totals: OrderTotals) -> None:
    """A payment must be positive and at most the balance due (the terminal gives change)."""
    balance_due = from_cents(totals.balance_due_cents)
    if not 0 < amount_cents <= totals.balance_due_cents:
        raise Overpayment(
            f"the payment of {from_cents(amount_cents)} must be more than 0.00 and at most "
            f"the balance due of {balance_due}",
            balance_due=balance_due,
        )


def check_completable(totals: OrderTotals) -> None:
    if totals.balance_due_cents != 0:
        balance_due = from_cents(totals.balance_due_cents)
        raise BalanceDue(f"the order has a balance due of {balance_due}", balance_due=balance_due)


def refund_cents(payments: Sequence[Payment]) -> int:
    """What cancelling gives back: every counting payment, tips included."""
    return sum(payment.amount_cents + payment.tip_cents for payment in payments if payment.counts)

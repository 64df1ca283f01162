"""Every money rule of an order: item totals, discount spread, service charges, tax per rate,
cash rounding, balance (docs/design.md §5, §15).

All amounts are integer cents and tax rates integer millionths (``money.RATE_SCALE``), so
every step is exact. The roundings, each half-up to the cent and each once: a service charge
by rate, and each tax rate's tax over everything taxed at it. In EXCLUSIVE mode prices are
net and the tax goes on top; in INCLUSIVE mode (VAT) prices are gross and a rate's tax is the
part of its gross that is tax, ``gross x rate / (1 + rate)``. One function, ``compute_totals``,
computes both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from uuid import UUID

from brigade.kit.money import (
    RATE_SCALE,
    TaxMode,
    divide_half_up,
    from_cents,
    line_amount_cents,
    rate_label,
    round_to_step,
)
from brigade.orders.domain.errors import BalanceDue, DiscountTooLarge, Overpayment


@dataclass(frozen=True, slots=True)
class TaxRateRef:
    """The rate a line or a charge is taxed at, as the order took it: a named rate (``id``) or
    a product's own number (``id`` None, named by its percentage)."""

    units: int
    id: UUID | None = None
    name: str | None = None

    @property
    def label(self) -> str:
        return self.name if self.name is not None else rate_label(self.units)

    @property
    def key(self) -> TaxKey:
        """What tells one rate's tax from another's on an order."""
        return (self.id, self.units)


# A rate on an order: its id (None: a product's own number) and its units.
TaxKey = tuple[UUID | None, int]
NO_TAX_ADJUSTMENTS: Mapping[TaxKey, int] = {}


@dataclass(frozen=True, slots=True)
class Line:
    """A live (not voided) order item as the totals see it: its amount as priced (net in
    EXCLUSIVE mode, gross in INCLUSIVE), its rate, and the part of the order's discount it
    carries from the check it came from (None: none given, ``discount_shares``)."""

    amount_cents: int
    tax_rate_units: int
    tax_rate_id: UUID | None = None
    tax_rate_name: str | None = None
    discount_cents: int | None = None

    @property
    def tax(self) -> TaxRateRef:
        return TaxRateRef(self.tax_rate_units, self.tax_rate_id, self.tax_rate_name)


@dataclass(frozen=True, slots=True)
class Charge:
    """A service charge that applies to the order: a rate of what the lines come to after the
    discount, or an amount; taxed at ``tax`` (None: untaxed)."""

    rate_units: int | None
    amount_cents: int | None
    tax: TaxRateRef | None
    # Cents a split, a move or a merge added (or took off) so that the checks' charges add up
    # to what the charge came to before (orders/domain/splitting.py); never below zero.
    adjustment_cents: int = 0

    def cents(self, base_cents: int) -> int:
        if self.rate_units is None:
            computed = self.amount_cents or 0
        else:
            computed = divide_half_up(base_cents * self.rate_units, RATE_SCALE)
        return max(0, computed + self.adjustment_cents)


@dataclass(frozen=True, slots=True)
class Payment:
    amount_cents: int
    tip_cents: int
    counts: bool  # completed; a refunded payment no longer pays anything
    # A cash payment that settled the balance to the rounding step: what it paid less the
    # balance it settled (-2 when 149.95 settled 149.97).
    rounding_cents: int = 0


@dataclass(frozen=True, slots=True)
class PriceTerms:
    """How the order's location prices: the tax mode and the cash rounding step (cents)."""

    tax_mode: TaxMode = TaxMode.EXCLUSIVE
    cash_step_cents: int | None = None


EXCLUSIVE_TERMS = PriceTerms()


@dataclass(frozen=True, slots=True)
class RateTotal:
    """One rate's part of the order: what is taxed at it (net of tax) and its tax."""

    tax: TaxRateRef
    net_cents: int
    tax_cents: int

    @property
    def gross_cents(self) -> int:
        return self.net_cents + self.tax_cents


@dataclass(frozen=True, slots=True)
class OrderTotals:
    subtotal_cents: int
    discount_cents: int
    tax_cents: int
    total_cents: int
    paid_cents: int
    tip_cents: int
    balance_due_cents: int
    service_charge_cents: int = 0
    rounding_cents: int = 0
    # The balance a cash payment may settle it with: the balance to the rounding step.
    cash_balance_due_cents: int = 0
    # One entry per rate used, lines and service charges, in the order first used.
    taxes: tuple[RateTotal, ...] = ()
    # Per line (as given): its part of the discount, and its part of its rate's tax.
    line_discounts: tuple[int, ...] = ()
    line_taxes: tuple[int, ...] = ()
    # Per charge (as given): what it comes to, and its part of its rate's tax.
    charge_amounts: tuple[int, ...] = ()
    charge_taxes: tuple[int, ...] = ()


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
    if leftover:
        by_remainder = sorted(range(len(weights)), key=lambda index: (-shares[index][1], index))
        for index in by_remainder[:leftover]:
            parts[index] += 1
    return parts


def discount_shares(discount_cents: int, lines: Sequence[Line]) -> list[int]:
    """Each line's part of the order's discount. Lines that moved between checks (a split, a
    move, a merge, a share) carry the part they had, so the discount stays on the rates it was
    on (docs/design.md §25): their parts hold while they still add up to the discount and
    each fits its line (a line given none has none). Otherwise the discount is spread over the
    lines by amount (``allocate``)."""
    carried = [line.discount_cents for line in lines]
    if any(part is not None for part in carried):
        parts = [part or 0 for part in carried]
        fits = all(0 <= part <= line.amount_cents for part, line in zip(parts, lines, strict=True))
        if fits and sum(parts) == discount_cents:
            return parts
    return allocate(discount_cents, [line.amount_cents for line in lines])


def rate_tax_cents(taxed_cents: int, units: int, tax_mode: TaxMode) -> int:
    """One rate's tax on what is taxed at it, half-up once: ``net x rate`` on top of a net
    amount (EXCLUSIVE), ``gross x rate / (1 + rate)`` inside a gross one (INCLUSIVE)."""
    if tax_mode is TaxMode.INCLUSIVE:
        return divide_half_up(taxed_cents * units, RATE_SCALE + units)
    return divide_half_up(taxed_cents * units, RATE_SCALE)


def _taxes(
    taxed: Sequence[tuple[TaxRateRef, int]],
    tax_mode: TaxMode,
    adjustments: Mapping[TaxKey, int] = NO_TAX_ADJUSTMENTS,
) -> tuple[tuple[RateTotal, ...], list[int]]:
    """Each rate's total over the ``taxed`` amounts (in the order rates are first used), and
    each amount's part of its rate's tax (largest remainder, so a rate's parts sum to it).
    A rate's ``adjustments`` (a split's cent, orders/domain/splitting.py) apply while something
    is taxed at it, never taking its tax below zero."""
    groups: dict[TaxKey, list[int]] = {}
    for index, (tax, _) in enumerate(taxed):
        groups.setdefault(tax.key, []).append(index)
    parts = [0] * len(taxed)
    totals: list[RateTotal] = []
    for indexes in groups.values():
        tax = taxed[indexes[0]][0]
        amounts = [taxed[index][1] for index in indexes]
        taxed_cents = sum(amounts)
        tax_cents = rate_tax_cents(taxed_cents, tax.units, tax_mode)
        if taxed_cents > 0:
            tax_cents = max(0, tax_cents + adjustments.get(tax.key, 0))
        for index, part in zip(indexes, allocate(tax_cents, amounts), strict=True):
            parts[index] = part
        net_cents = taxed_cents - tax_cents if tax_mode is TaxMode.INCLUSIVE else taxed_cents
        totals.append(RateTotal(tax, net_cents, tax_cents))
    return tuple(totals), parts


def compute_totals(
    lines: Sequence[Line],
    discount_cents: int,
    payments: Sequence[Payment],
    charges: Sequence[Charge] = (),
    terms: PriceTerms = EXCLUSIVE_TERMS,
    tax_adjustments: Mapping[TaxKey, int] = NO_TAX_ADJUSTMENTS,
) -> OrderTotals:
    """The order's totals; raises DiscountTooLarge if the discount exceeds the subtotal.

    ``subtotal`` is the lines as priced; the discount is shared over them
    (``discount_shares``); a charge's rate applies to the subtotal less the discount; ``total``
    is the subtotal less the discount plus the charges, plus the tax in EXCLUSIVE mode only.
    """
    subtotal_cents = sum(line.amount_cents for line in lines)
    if not 0 <= discount_cents <= subtotal_cents:
        raise DiscountTooLarge(
            f"the discount must be between 0.00 and the subtotal {from_cents(subtotal_cents)}"
        )
    line_discounts = discount_shares(discount_cents, lines)
    base_cents = subtotal_cents - discount_cents
    charge_amounts = [charge.cents(base_cents) for charge in charges]
    taxed = [
        (line.tax, line.amount_cents - share)
        for line, share in zip(lines, line_discounts, strict=True)
    ]
    taxed_charges = [
        (index, (charge.tax, cents))
        for index, (charge, cents) in enumerate(zip(charges, charge_amounts, strict=True))
        if charge.tax is not None
    ]
    taxes, parts = _taxes(
        taxed + [item for _, item in taxed_charges], terms.tax_mode, tax_adjustments
    )
    charge_taxes = [0] * len(charges)
    for (index, _), part in zip(taxed_charges, parts[len(lines) :], strict=True):
        charge_taxes[index] = part
    tax_cents = sum(rate.tax_cents for rate in taxes)
    service_charge_cents = sum(charge_amounts)
    total_cents = base_cents + service_charge_cents
    if terms.tax_mode is TaxMode.EXCLUSIVE:
        total_cents += tax_cents
    counting = [payment for payment in payments if payment.counts]
    paid_cents = sum(payment.amount_cents for payment in counting)
    rounding_cents = sum(payment.rounding_cents for payment in counting)
    # Not clamped: a negative balance means inconsistent data and must stay visible.
    balance_due_cents = total_cents + rounding_cents - paid_cents
    step = terms.cash_step_cents
    return OrderTotals(
        subtotal_cents=subtotal_cents,
        discount_cents=discount_cents,
        tax_cents=tax_cents,
        total_cents=total_cents,
        paid_cents=paid_cents,
        tip_cents=sum(payment.tip_cents for payment in counting),
        balance_due_cents=balance_due_cents,
        service_charge_cents=service_charge_cents,
        rounding_cents=rounding_cents,
        cash_balance_due_cents=round_to_step(balance_due_cents, step)
        if step
        else balance_due_cents,
        taxes=taxes,
        line_discounts=tuple(line_discounts),
        line_taxes=tuple(parts[: len(lines)]),
        charge_amounts=tuple(charge_amounts),
        charge_taxes=tuple(charge_taxes),
    )


def check_discount(
    discount_cents: int,
    lines: Sequence[Line],
    payments: Sequence[Payment],
    charges: Sequence[Charge] = (),
    terms: PriceTerms = EXCLUSIVE_TERMS,
    tax_adjustments: Mapping[TaxKey, int] = NO_TAX_ADJUSTMENTS,
) -> OrderTotals:
    """Validate a new order discount (it replaces the old one); return the resulting totals."""
    totals = compute_totals(lines, discount_cents, payments, charges, terms, tax_adjustments)
    if totals.balance_due_cents < 0:
        raise DiscountTooLarge(
            f"the discount would bring the total ({from_cents(totals.total_cents)}) under "
            f"the amount already paid ({from_cents(totals.paid_cents)})"
        )
    return totals


def check_payment(amount_cents: int, totals: OrderTotals, *, cash: bool = False) -> int:
    """A payment must be positive and at most the balance due (the terminal gives change);
    in cash it may instead be the balance rounded to the cash step, which settles it (0.00
    for a balance of 0.01-0.02 at a 0.05 step: nothing is handed over).
    Answers the rounding the payment settles (0 for any other payment)."""
    balance = totals.balance_due_cents
    cash_due = totals.cash_balance_due_cents
    # Cash of the balance to the step settles it, 0.00 for a balance the step rounds away.
    if cash and balance > 0 and cash_due == amount_cents != balance:
        return cash_due - balance
    if not 0 < amount_cents <= balance:
        balance_due = from_cents(balance)
        raise Overpayment(
            f"the payment of {from_cents(amount_cents)} must be more than 0.00 and at most "
            f"the balance due of {balance_due}",
            balance_due=balance_due,
        )
    return 0


def check_completable(totals: OrderTotals) -> None:
    if totals.balance_due_cents != 0:
        balance_due = from_cents(totals.balance_due_cents)
        raise BalanceDue(f"the order has a balance due of {balance_due}", balance_due=balance_due)

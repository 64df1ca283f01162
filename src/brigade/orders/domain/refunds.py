"""Refunds: money given back on a payment of an order, and the rules of how much.

A refund goes back to one payment (as a card refund goes back to its charge), by amount
(``amount`` and ``tipAmount``, apart) or by line (the items' share of what was paid).
Never more than was paid less what was already refunded: of the order, and of the payment.
A cancellation refunds every payment whole; those are refund records too, so what was
given back is read in one place, by day and location.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from uuid import UUID

from brigade.kit import money
from brigade.kit.currencies import DEFAULT_CURRENCY
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.money import TaxMode
from brigade.orders.domain.errors import RefundExceedsPaid
from brigade.orders.domain.records import OrderItem, OrderLine, OrderPayment
from brigade.orders.domain.states import ItemStatus, PaymentMethod, PaymentStatus
from brigade.orders.domain.totals import OrderTotals

# How many lines one refund may name (an order holds at most 500 items).
MAX_REFUND_LINES = 500


@dataclass(frozen=True, slots=True)
class RefundedItem:
    """What a refund by line gave back of one item."""

    item_id: UUID
    quantity: Decimal
    amount_cents: int


@dataclass(frozen=True, slots=True)
class OrderRefund:
    id: UUID
    order_id: UUID
    payment_id: UUID
    location_id: UUID | None
    amount_cents: int
    tip_cents: int
    method: PaymentMethod
    reason: str
    items: tuple[RefundedItem, ...]
    created_at: datetime
    refunded_by_id: UUID | None
    refunded_by_name: str | None
    # The order's (not stored with the refund: read with it).
    currency: str = DEFAULT_CURRENCY


@dataclass(frozen=True, slots=True)
class RefundLine:
    """One item to refund; ``quantity`` None: all of it that is not refunded yet."""

    item_id: UUID
    quantity: Decimal | None = None


@dataclass(frozen=True, slots=True)
class RefundOrder:
    """A refund by amount (``amount``, ``tip_amount``) or by line (``items``), never both: the
    request model makes sure. ``payment_id`` None: the newest payment that can take it."""

    reason: str
    amount: Decimal = Decimal(0)
    tip_amount: Decimal = Decimal(0)
    items: tuple[RefundLine, ...] = ()
    payment_id: UUID | None = None


@dataclass(frozen=True, slots=True)
class Refundable:
    """What is left to give back, in cents: the amount paid and the tips, apart."""

    amount_cents: int
    tip_cents: int

    def check(self, amount_cents: int, tip_cents: int, of_what: str) -> None:
        if amount_cents > self.amount_cents or tip_cents > self.tip_cents:
            amount = money.from_cents(self.amount_cents)
            tip = money.from_cents(self.tip_cents)
            raise RefundExceedsPaid(
                f"{of_what} has {amount} left to refund and {tip} of tips; asked "
                f"{money.from_cents(amount_cents)} and {money.from_cents(tip_cents)} of tips",
                refundable_amount=amount,
                refundable_tip=tip,
            )


def refundable(payments: Iterable[OrderPayment], refunds: Iterable[OrderRefund]) -> Refundable:
    """What ``payments`` paid (completed ones) less what ``refunds`` gave back of them."""
    counted = [p for p in payments if p.status is PaymentStatus.COMPLETED]
    ids = {p.id for p in counted}
    given = [r for r in refunds if r.payment_id in ids]
    return Refundable(
        sum(p.amount_cents for p in counted) - sum(r.amount_cents for r in given),
        sum(p.tip_cents for p in counted) - sum(r.tip_cents for r in given),
    )


def choose_payment(
    payments: Sequence[OrderPayment],
    refunds: Sequence[OrderRefund],
    payment_id: UUID | None,
    amount_cents: int,
    tip_cents: int,
) -> OrderPayment:
    """The payment the refund goes back to, checked to have that much left: the one named,
    or the newest that can take it whole."""
    refundable(payments, refunds).check(amount_cents, tip_cents, "the order")
    if payment_id is not None:
        named = next((p for p in payments if p.id == payment_id), None)
        if named is None or named.status is not PaymentStatus.COMPLETED:
            raise NotFound("payment", payment_id)
        refundable([named], refunds).check(amount_cents, tip_cents, f"payment {payment_id}")
        return named
    for payment in reversed(payments):
        left = refundable([payment], refunds)
        if amount_cents <= left.amount_cents and tip_cents <= left.tip_cents:
            return payment
    raise InvalidInput(
        "paymentId",
        "no one payment has that much left to refund: split the refund, naming each payment",
    )


def line_shares(lines: Sequence[OrderLine], totals: OrderTotals, tax_mode: TaxMode) -> list[int]:
    """Each line's share of what the order's lines come to (``totals`` are the order's, over
    its live lines in this order): its amount less its part of the discount, plus its part of
    its rate's tax when tax is on top (EXCLUSIVE). A voided line's is 0; service charges are
    no line's."""
    live = [line for line in lines if line.status is not ItemStatus.VOIDED]
    parts = zip(live, totals.line_discounts, totals.line_taxes, strict=True)
    shares = {
        line.id: line_share(line.total_cents, discount, tax, tax_mode)
        for line, discount, tax in parts
    }
    return [shares.get(line.id, 0) for line in lines]


def line_share(total_cents: int, discount_cents: int, tax_cents: int, tax_mode: TaxMode) -> int:
    """A live line's share of what was charged: its amount less its part of the discount, plus
    its tax when tax is on top. The terminal mirrors it (a line refund's approval amount)."""
    return total_cents - discount_cents + (tax_cents if tax_mode is TaxMode.EXCLUSIVE else 0)


def refund_by_line(
    asked: Sequence[RefundLine],
    items: Sequence[OrderItem],
    shares: Sequence[int],
    refunds: Iterable[OrderRefund],
) -> tuple[RefundedItem, ...]:
    """The items ``asked`` for, each with its share of the total in proportion to the quantity
    (all that is left of it when it is the rest); 422 for a voided or unknown item, a repeated
    one, or more than is left of one."""
    by_id = {item.id: (item, share) for item, share in zip(items, shares, strict=True)}
    given: dict[UUID, tuple[Decimal, int]] = {}
    for refund in refunds:
        for part in refund.items:
            quantity, cents = given.get(part.item_id, (Decimal(0), 0))
            given[part.item_id] = (quantity + part.quantity, cents + part.amount_cents)
    found: list[RefundedItem] = []
    for index, line in enumerate(asked):
        field = f"items.{index}"
        if line.item_id not in by_id or by_id[line.item_id][0].status is ItemStatus.VOIDED:
            raise InvalidInput(f"{field}.itemId", "is not a live item of this order")
        if any(part.item_id == line.item_id for part in found):
            raise InvalidInput(f"{field}.itemId", "is named twice")
        item, share = by_id[line.item_id]
        refunded_quantity, refunded_cents = given.get(item.id, (Decimal(0), 0))
        left = item.quantity - refunded_quantity
        quantity = left if line.quantity is None else line.quantity
        if not 0 < quantity <= left:
            raise InvalidInput(f"{field}.quantity", f"must be more than 0 and at most {left}")
        if quantity == left:
            cents = share - refunded_cents
        else:
            exact = Decimal(share) * quantity / item.quantity
            cents = int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))
        found.append(RefundedItem(item.id, quantity, cents))
    return tuple(found)

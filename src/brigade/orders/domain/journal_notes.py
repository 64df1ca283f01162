"""What an order's actions write to the journal (docs/design.md §18): the figures of a sale,
a refund, a void and a reopen, in cents. The orders write the journal; it never reads them.

- SALE (an order reaching COMPLETED): net sales (subtotal less discount), taxes by rate,
  service charges, tips, discounts, cash rounding and the payments by method.
- REFUND: its amount and tip by method, and its tax by rate (the amount spread over the
  order's rates in proportion to their gross, largest remainder first).
- VOID: an item voided after it was sent (its amount), or an order cancelled with anything
  sent or paid (its total then).
- REOPEN: the order's last SALE, negated, with the tips its TIP_ADJUSTs changed since (the
  journal reads them, journal/domain.py's ``negated``).
- TIP_ADJUST: a card tip changed on a completed sale: the difference by method, on the sale's
  receipt number, which stays the order's (docs/design.md §25: nothing is reopened).
"""

from __future__ import annotations

from collections.abc import Iterable
from uuid import UUID

from brigade.journal.domain import JournalNote
from brigade.journal.notes import (
    MethodFigures,
    RateFigures,
    RefundNote,
    SaleFigures,
    SaleNote,
    TipAdjustNote,
    VoidCause,
    VoidNote,
)
from brigade.orders.domain.records import OrderHeader, OrderPayment
from brigade.orders.domain.refunds import OrderRefund
from brigade.orders.domain.states import PaymentStatus
from brigade.orders.domain.totals import RateTotal, allocate


def _rate(rate: RateTotal, net_cents: int, tax_cents: int) -> RateFigures:
    tax = rate.tax
    return RateFigures(tax.id, tax.label, tax.units, net_cents, tax_cents)


def _by_method(payments: Iterable[tuple[str, int, int]]) -> tuple[MethodFigures, ...]:
    methods: dict[str, MethodFigures] = {}
    for method, amount_cents, tip_cents in payments:
        found = methods.get(method, MethodFigures(method, 0, 0, 0))
        methods[method] = MethodFigures(
            method, found.amount_cents + amount_cents, found.tips_cents + tip_cents, found.count + 1
        )
    return tuple(methods[name] for name in sorted(methods))


def sale(header: OrderHeader, payments: Iterable[OrderPayment]) -> JournalNote:
    taken = [p for p in payments if p.status is PaymentStatus.COMPLETED]
    figures = SaleFigures(
        net_sales_cents=header.subtotal_cents - header.discount_cents,
        discounts_cents=header.discount_cents,
        service_charges_cents=header.service_charge_cents,
        tips_cents=sum(p.tip_cents for p in taken),
        rounding_cents=header.rounding_cents,
        taxes=tuple(_rate(rate, rate.net_cents, rate.tax_cents) for rate in header.taxes),
        payments=_by_method((p.method.value, p.amount_cents, p.tip_cents) for p in taken),
    )
    return JournalNote.of(SaleNote(header.order_number, figures))


def refund(header: OrderHeader, given: OrderRefund) -> JournalNote:
    rates = header.taxes
    shares = allocate(given.amount_cents, [rate.gross_cents for rate in rates]) if rates else []
    taxes = []
    for rate, share in zip(rates, shares, strict=True):
        tax = share * rate.tax_cents // rate.gross_cents if rate.gross_cents else 0
        taxes.append(_rate(rate, share - tax, tax))
    return JournalNote.of(
        RefundNote(
            refund_id=given.id,
            amount_cents=given.amount_cents,
            tips_cents=given.tip_cents,
            taxes=tuple(taxes),
            payments=_by_method([(given.method.value, given.amount_cents, given.tip_cents)]),
        )
    )


def void(cause: VoidCause, amount_cents: int, item_id: UUID | None = None) -> JournalNote:
    return JournalNote.of(VoidNote(cause, amount_cents, item_id))


def reopen(sale_sequence: int | None) -> JournalNote:
    return JournalNote.reopening(sale_sequence)


def tip_adjusted(header: OrderHeader, before: OrderPayment, after: OrderPayment) -> JournalNote:
    """A completed sale's card tip changed from ``before``'s to ``after``'s."""
    return JournalNote.of(
        TipAdjustNote(
            order_number=header.order_number,
            receipt_number=header.receipt_number,
            payment_id=after.id,
            method=after.method.value,
            tips_cents=after.tip_cents - before.tip_cents,
            tip_cents=after.tip_cents,
        )
    )

"""Refunds and tip adjustments on the order aggregate, without a database (issue 12)."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from brigade.kit.clock import business_day
from brigade.kit.errors import InvalidInput
from brigade.kit.money import TaxMode
from brigade.orders.domain.aggregate import Order, PaymentChange
from brigade.orders.domain.commands import AddItem, CreateOrder, TakePayment
from brigade.orders.domain.errors import (
    BusinessDayClosed,
    InvalidTransition,
    RefundExceedsPaid,
    TipNeedsApproval,
    TipNotAdjustable,
)
from brigade.orders.domain.records import OrderLine
from brigade.orders.domain.refunds import RefundLine, RefundOrder, line_shares
from brigade.orders.domain.states import ItemStatus, OrderType, PaymentMethod
from brigade.orders.domain.totals import OrderTotals, PriceTerms, compute_totals
from orders.unit.test_order_aggregate import MANAGER, SERVER, _product

INCLUSIVE = PriceTerms(TaxMode.INCLUSIVE)

T0 = datetime(2026, 11, 23, 22, 0, tzinfo=UTC)
RATIO = Decimal("0.5")


def _reloaded(order: Order) -> Order:
    return Order(order.header, order.items, order.payments, refunds=order.refunds)


def _paid(*payments: tuple[str, PaymentMethod, str], complete: bool = True) -> Order:
    """An order of three items at 10.00 (10 % tax, total 33.00) paid by ``payments``."""
    order = Order.open(
        CreateOrder(order_type=OrderType.TAKEOUT), order_number=1001, opened_by=SERVER, at=T0
    )
    product = _product(price="10.00", tax_rate="0.1")
    order.add_item(AddItem(product.id, Decimal(3)), product=product, at=T0)
    for amount, method, tip in payments:
        command = TakePayment(Decimal(amount), method, tip_amount=Decimal(tip))
        order.pay(command, actor=SERVER, tip_approval_ratio=RATIO, at=T0)
    if complete:
        order.complete(actor=SERVER, at=T0)
    return _reloaded(order)


def test_line_shares_apportion_the_total_by_each_lines_taxed_amount_exactly() -> None:
    def line(total: int, rate_units: int, status: ItemStatus = ItemStatus.SENT) -> OrderLine:
        return OrderLine(uuid.uuid4(), uuid.uuid4(), status, Decimal(1), total, rate_units)

    def totals(lines: list[OrderLine], discount_cents: int) -> OrderTotals:
        live = [line.line() for line in lines if line.status is not ItemStatus.VOIDED]
        return compute_totals(live, discount_cents, [])

    lines = [line(1299, 88_750), line(1900, 200_000), line(500, 0, ItemStatus.VOIDED)]
    discounted = totals(lines, 500)
    assert discounted.total_cents == 3117
    assert line_shares(lines, discounted, TaxMode.EXCLUSIVE) == [1193, 1924, 0]
    whole = totals(lines[:2], 0)
    assert sum(line_shares(lines[:2], whole, TaxMode.EXCLUSIVE)) == whole.total_cents == 3694
    # Prices with VAT inside: a line's share is its amount less its discount, tax and all.
    inclusive = compute_totals([line.line() for line in lines[:2]], 500, [], (), INCLUSIVE)
    assert line_shares(lines, inclusive, TaxMode.INCLUSIVE) == [1299 - 203, 1900 - 297, 0]


def test_a_refund_records_who_how_much_and_leaves_what_was_paid() -> None:
    order = _paid(("33.00", PaymentMethod.CARD, "3.00"))
    refund = order.refund(
        RefundOrder(reason="cold", amount=Decimal(5), tip_amount=Decimal(1)),
        actor=MANAGER,
        at=T0,
    )
    assert (refund.amount_cents, refund.tip_cents, refund.method) == (500, 100, PaymentMethod.CARD)
    assert (refund.refunded_by_name, refund.reason, refund.items) == ("Mia", "cold", ())
    assert order.changes.added_refunds == [refund]
    assert (order.header.paid_cents, order.header.tip_cents) == (3300, 300)
    assert order.refunds == (refund,)


def test_a_refund_never_exceeds_what_is_left_and_says_how_much_is() -> None:
    order = _paid(("33.00", PaymentMethod.CARD, "3.00"))
    order.refund(RefundOrder(reason="x", amount=Decimal(30)), actor=MANAGER, at=T0)
    version = order.header.version
    with pytest.raises(RefundExceedsPaid) as refused:
        order.refund(RefundOrder(reason="x", amount=Decimal("3.01")), actor=MANAGER, at=T0)
    assert (refused.value.refundable_amount, refused.value.refundable_tip) == (
        Decimal("3.00"),
        Decimal("3.00"),
    )
    assert order.header.version == version


def test_a_refund_by_line_takes_the_rest_of_the_line_last() -> None:
    order = _paid(("33.00", PaymentMethod.CARD, "0"))
    [item] = order.items
    shares = []
    for _ in range(3):
        line = RefundLine(item.id, Decimal(1))
        shares.append(order.refund(RefundOrder(reason="x", items=(line,)), actor=MANAGER, at=T0))
    assert [r.amount_cents for r in shares] == [1100, 1100, 1100]
    with pytest.raises(InvalidInput):
        order.refund(RefundOrder(reason="x", items=(RefundLine(item.id),)), actor=MANAGER, at=T0)


def test_only_a_completed_order_is_refunded() -> None:
    order = _paid(("10.00", PaymentMethod.CASH, "0"), complete=False)
    with pytest.raises(InvalidTransition):
        order.refund(RefundOrder(reason="x", amount=Decimal(1)), actor=MANAGER, at=T0)


def test_a_cancellation_records_a_refund_of_each_payment() -> None:
    order = _paid(
        ("10.00", PaymentMethod.CARD, "1.00"), ("5.00", PaymentMethod.CASH, "0"), complete=False
    )
    order.cancel("fire", actor=MANAGER, at=T0)
    given = [(r.amount_cents, r.tip_cents, r.method, r.reason) for r in order.refunds]
    assert given == [(1000, 100, PaymentMethod.CARD, "fire"), (500, 0, PaymentMethod.CASH, "fire")]


def _adjust(order: Order, tip: str, at: datetime = T0) -> PaymentChange:
    """The first payment's tip set to ``tip`` by a server, at a location on UTC."""
    return order.adjust_tip(
        order.payments[0].id,
        Decimal(tip),
        actor=SERVER,
        tip_approval_ratio=RATIO,
        business_day_of=business_day,
        at=at,
    )


def test_a_card_tip_is_adjusted_within_its_business_day() -> None:
    order = _paid(("33.00", PaymentMethod.CARD, "3.00"))
    change = _adjust(order, "5", T0 + timedelta(hours=1, minutes=59))
    assert (change.before.tip_cents, change.after.tip_cents) == (300, 500)
    assert (order.header.tip_cents, order.header.paid_cents) == (500, 3300)
    assert order.changes.changed_payments == [change.after]
    with pytest.raises(BusinessDayClosed):
        _adjust(order, "6", T0 + timedelta(hours=2))
    with pytest.raises(TipNeedsApproval):
        _adjust(order, "17")


def test_a_cash_tip_is_not_adjusted() -> None:
    order = _paid(("33.00", PaymentMethod.CASH, "3.00"))
    with pytest.raises(TipNotAdjustable):
        _adjust(order, "5")


def test_the_business_day_ends_at_local_midnight() -> None:
    late = datetime(2026, 11, 23, 22, 30, tzinfo=UTC)
    assert business_day(late) == date(2026, 11, 23)
    assert business_day(late, "Europe/Paris") == date(2026, 11, 23)
    assert business_day(late, "Asia/Tokyo") == date(2026, 11, 24)

"""The order aggregate on its own: every action, its rules, and what it leaves to persist."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest

from brigade.catalogue.domain.records import Product, ProductType
from brigade.kit.access import Actor, Role
from brigade.kit.errors import Forbidden, InvalidInput, NotFound, OtherLocation, StaleVersion
from brigade.orders.domain import aggregate as order_aggregate
from brigade.orders.domain.aggregate import Order, ensure_seated_here, ensure_sold_here
from brigade.orders.domain.commands import (
    AddItem,
    ApplyDiscount,
    ChangeItem,
    CreateOrder,
    ModifierChoice,
    TakePayment,
)
from brigade.orders.domain.errors import (
    BalanceDue,
    BusinessDayClosed,
    DiscountTooLarge,
    InvalidTransition,
    ItemNotEditable,
    NothingToSend,
    OrderClosed,
    Overpayment,
    TableOccupied,
    TooManyItems,
)
from brigade.orders.domain.events import OrderEvents
from brigade.orders.domain.records import Modifier
from brigade.orders.domain.refunds import RefundOrder
from brigade.orders.domain.states import (
    ItemStatus,
    OrderStatus,
    OrderType,
    PaymentMethod,
    PaymentStatus,
)

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
SERVER = Actor(name="Sam", role=Role.SERVER, staff_id=uuid.uuid4())
MANAGER = Actor(name="Mia", role=Role.MANAGER, staff_id=uuid.uuid4())
LOCATION = uuid.uuid4()
TIP_RATIO = Decimal("0.5")  # BRIGADE_TIP_APPROVAL_RATIO's default


def _product(price: str = "10.00", tax_rate: str = "0.1", name: str = "Burger") -> Product:
    return Product(
        id=uuid.uuid4(),
        location_id=LOCATION,
        category_id=None,
        name=name,
        description=None,
        sku=None,
        barcode=None,
        price=Decimal(price),
        cost=None,
        tax_rate=Decimal(tax_rate),
        image_url=None,
        is_active=True,
        is_86d=False,
        track_inventory=True,
        stock_quantity=Decimal(10),
        low_stock_threshold=None,
        product_type=ProductType.ITEM,
        created_at=T0,
        updated_at=T0,
    )


def _saved(order: Order) -> Order:
    """The order as the repository would load it again: same rows, nothing left to write."""
    return Order(order.header, order.items, order.payments)


def _new_order() -> Order:
    command = CreateOrder(order_type=OrderType.DINE_IN, table_id=uuid.uuid4(), location_id=LOCATION)
    return _saved(Order.open(command, order_number=1001, opened_by=SERVER, at=T0))


def _with_item(
    quantity: str = "2", product: Product | None = None, order: Order | None = None
) -> tuple[Order, uuid.UUID]:
    order = order or _new_order()
    product = product or _product()
    item = order.add_item(AddItem(product.id, Decimal(quantity)), product=product, at=T0)
    return _saved(order), item.id


# --- opening and adding ---------------------------------------------------------------------


def test_open_is_a_new_draft_at_version_one_opened_by_its_actor() -> None:
    command = CreateOrder(order_type=OrderType.TAKEOUT, guest_count=2, notes="window")
    order = Order.open(command, order_number=1007, opened_by=SERVER, at=T0)
    header = order.header
    assert (header.status, header.version, header.order_number) == (OrderStatus.DRAFT, 1, 1007)
    assert (header.opened_by_id, header.opened_by_name) == (SERVER.staff_id, "Sam")
    assert (header.completed_by_name, header.cancelled_by_name) == (None, None)
    assert (header.created_at, header.updated_at, header.total_cents) == (T0, T0, 0)
    assert order.changes.is_new
    assert order.items == ()
    assert order.payments == ()


def test_add_item_snapshots_the_product_recomputes_totals_and_moves_the_version_on() -> None:
    order = _new_order()
    product = _product(price="4.50", tax_rate="0.1")
    ice = ModifierChoice(uuid.uuid4(), "Ice", Decimal("0.25"))  # ad hoc: priced as asked
    item = order.add_item(
        AddItem(product.id, Decimal(2), modifiers=(ice,), notes="cold"), product=product, at=T0
    )
    assert item.modifiers == (Modifier(ice.modifier_option_id, "Ice", 25),)
    assert (item.name, item.unit_price_cents, item.tax_rate_units) == ("Burger", 450, 100_000)
    assert (item.total_cents, item.status, item.notes) == (950, ItemStatus.PENDING, "cold")
    header = order.header
    assert (header.subtotal_cents, header.tax_cents, header.total_cents) == (950, 95, 1045)
    assert header.version == 2
    assert header.updated_at == T0 + timedelta(microseconds=1)  # strictly after, same tick
    assert order.changes.added_items == [item]
    assert order.changes.header_changed
    assert not order.changes.is_new


def test_a_full_or_closed_order_takes_no_item(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(order_aggregate, "MAX_ITEMS_PER_ORDER", 1)
    order, _item = _with_item()
    with pytest.raises(TooManyItems):
        order.check_can_add_item()
    closed = _new_order()
    closed.cancel("mistake", actor=SERVER, at=T0)
    with pytest.raises(OrderClosed):
        closed.check_can_add_item()


# --- changing and voiding items -------------------------------------------------------------


def test_change_item_applies_only_what_is_given_and_returns_stock_when_lowered() -> None:
    order, item_id = _with_item("3")
    change = order.change_item(item_id, ChangeItem(quantity=Decimal(1)), actor=SERVER, at=T0)
    assert (change.before.quantity, change.after.quantity) == (Decimal(3), Decimal(1))
    assert change.after.total_cents == 1000
    assert change.after.notes is None  # notes were not given: kept
    assert order.changes.changed_items == [change.after]
    assert order.changes.stock_returned == {change.after.product_id: Decimal(2)}
    assert order.header.subtotal_cents == 1000


def test_notes_none_clears_them_and_a_change_that_changes_nothing_keeps_the_version() -> None:
    order, item_id = _with_item()
    order.change_item(item_id, ChangeItem(notes="no salt"), actor=SERVER, at=T0)
    order = _saved(order)
    version = order.header.version
    same = order.change_item(item_id, ChangeItem(notes="no salt"), actor=SERVER, at=T0)
    assert same.before is same.after
    assert order.header.version == version
    assert not order.changes.header_changed
    cleared = order.change_item(item_id, ChangeItem(notes=None), actor=SERVER, at=T0)
    assert cleared.after.notes is None
    assert order.header.version == version + 1


def test_a_raised_quantity_is_left_to_the_service_to_take_from_stock() -> None:
    order, item_id = _with_item("1")
    change = order.change_item(item_id, ChangeItem(quantity=Decimal(4)), actor=SERVER, at=T0)
    assert change.after.quantity - change.before.quantity == 3
    assert order.changes.stock_returned == {}


@pytest.mark.parametrize(
    ("command", "error"),
    [
        (ChangeItem(status=ItemStatus.VOIDED), InvalidInput),
        (ChangeItem(status=ItemStatus.PENDING), InvalidTransition),
        (ChangeItem(quantity=Decimal(5)), ItemNotEditable),
    ],
)
def test_refused_item_changes_leave_the_order_as_it_was(command: ChangeItem, error: type) -> None:
    order, item_id = _with_item()
    order.change_item(item_id, ChangeItem(status=ItemStatus.SERVED), actor=SERVER, at=T0)
    order = _saved(order)
    before = (order.header, order.items)
    with pytest.raises(error):
        order.change_item(item_id, command, actor=SERVER, at=T0)
    assert (order.header, order.items) == before
    assert not order.changes.header_changed
    assert order.changes.changed_items == []


def test_unknown_item_is_not_found() -> None:
    order, _item = _with_item()
    with pytest.raises(NotFound):
        order.change_item(uuid.uuid4(), ChangeItem(notes="x"), actor=SERVER, at=T0)


def test_void_keeps_the_item_out_of_the_totals_and_returns_its_stock() -> None:
    order, item_id = _with_item("2")
    change = order.void_item(item_id, "dropped", actor=SERVER, at=T0)
    assert (change.before.status, change.after.status) == (ItemStatus.PENDING, ItemStatus.VOIDED)
    assert change.after.void_reason == "dropped"
    assert (order.header.subtotal_cents, order.header.total_cents) == (0, 0)
    assert order.changes.stock_returned == {change.after.product_id: Decimal(2)}
    with pytest.raises(InvalidTransition, match="already voided"):
        _saved(order).void_item(item_id, "again", actor=MANAGER, at=T0)


def test_voiding_what_the_kitchen_has_takes_a_manager_even_without_a_send() -> None:
    order, item_id = _with_item()
    # The kitchen moved the item on without it ever being sent: no ticket, but it is sent.
    order.change_item(item_id, ChangeItem(status=ItemStatus.READY), actor=SERVER, at=T0)
    order = _saved(order)
    assert order.item(item_id).kitchen_ticket_id is None
    with pytest.raises(Forbidden):
        order.void_item(item_id, "cold", actor=SERVER, at=T0)
    assert order.item(item_id).status is ItemStatus.READY
    assert order.void_item(item_id, "cold", actor=MANAGER, at=T0).after.status is ItemStatus.VOIDED


def test_a_void_that_would_leave_the_discount_above_the_subtotal_is_refused() -> None:
    order, item_id = _with_item("1")
    order.apply_discount(ApplyDiscount(Decimal(8)), actor=SERVER, at=T0)
    order = _saved(order)
    with pytest.raises(DiscountTooLarge):
        order.void_item(item_id, "mistake", actor=SERVER, at=T0)
    assert order.item(item_id).status is ItemStatus.PENDING


# --- send, pay, discount, transfer ----------------------------------------------------------


def test_send_puts_every_pending_item_on_one_ticket_signed_by_its_sender() -> None:
    order, first = _with_item()
    order, second = _with_item(order=order)
    ticket = order.send(actor=SERVER, at=T0)
    assert [line.item_id for line in ticket.items] == [first, second]
    assert (ticket.sent_by_id, ticket.sent_by_name) == (SERVER.staff_id, "Sam")
    assert ticket.created_at == order.header.updated_at
    assert order.header.status is OrderStatus.OPEN
    assert {item.status for item in order.items} == {ItemStatus.SENT}
    assert {item.kitchen_ticket_id for item in order.items} == {ticket.id}
    with pytest.raises(NothingToSend):
        _saved(order).send(actor=SERVER, at=T0)


def test_pay_takes_at_most_the_balance_and_records_who_took_it() -> None:
    order, _item = _with_item("1")  # 10.00 + 1.00 tax
    with pytest.raises(Overpayment):
        order.pay(
            TakePayment(Decimal("11.01"), PaymentMethod.CASH),
            actor=SERVER,
            tip_approval_ratio=TIP_RATIO,
            at=T0,
        )
    payment = order.pay(
        TakePayment(Decimal(11), PaymentMethod.CARD, tip_amount=Decimal(2), card_last_four="4242"),
        actor=SERVER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    assert (payment.amount_cents, payment.tip_cents, payment.taken_by_name) == (1100, 200, "Sam")
    assert (order.header.paid_cents, order.header.tip_cents, order.header.balance_due_cents) == (
        1100,
        200,
        0,
    )
    assert order.changes.added_payments == [payment]


def test_a_discount_replaces_the_old_one_and_may_not_go_under_what_is_paid() -> None:
    order, _item = _with_item("1")
    order.apply_discount(ApplyDiscount(Decimal(2), code="VIP"), actor=SERVER, at=T0)
    assert (order.header.discount_cents, order.header.discount_code) == (200, "VIP")
    assert order.header.total_cents == 880  # (10 - 2) + 0.80 tax
    order.apply_discount(ApplyDiscount(Decimal(0), code="VIP"), actor=SERVER, at=T0)
    assert (order.header.discount_cents, order.header.discount_code) == (0, None)
    order.pay(
        TakePayment(Decimal(11), PaymentMethod.CASH),
        actor=SERVER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    order = _saved(order)
    with pytest.raises(DiscountTooLarge):
        order.apply_discount(ApplyDiscount(Decimal(1)), actor=SERVER, at=T0)
    assert order.header.discount_cents == 0


def test_transfer_answers_the_previous_table() -> None:
    order = _new_order()
    previous = order.header.table_id
    new_table = uuid.uuid4()
    assert order.transfer(new_table, at=T0) == previous
    assert order.header.table_id == new_table


# --- the customer's name --------------------------------------------------------------------


def _tab(name: str | None) -> Order:
    command = CreateOrder(order_type=OrderType.BAR_TAB, customer_name=name, location_id=LOCATION)
    return Order.open(command, order_number=1001, opened_by=SERVER, at=T0)


@pytest.mark.parametrize(
    ("given", "kept"),
    [("  Sam ", "Sam"), ("", None), ("   ", None), (None, None), ("x" * 60, "x" * 60)],
)
def test_a_customer_name_is_trimmed_and_a_blank_one_is_no_name(
    given: str | None, kept: str | None
) -> None:
    assert _tab(given).header.customer_name == kept


def test_a_customer_name_longer_than_sixty_characters_after_trimming_is_refused() -> None:
    assert _tab(f"  {'x' * 60}  ").header.customer_name == "x" * 60
    with pytest.raises(InvalidInput) as refused:
        _tab("x" * 61)
    assert refused.value.field == "customerName"
    order = _saved(_tab("Sam"))
    with pytest.raises(InvalidInput):
        order.name_customer("y" * 61, at=T0)
    assert (order.header.customer_name, order.header.version) == ("Sam", 1)
    assert not order.changes.events


def test_renaming_moves_the_version_on_and_the_same_name_or_a_closed_order_does_not() -> None:
    order = _saved(_tab("Sam"))
    order.name_customer(" Sam ", at=T0)
    assert (order.header.version, order.changes.events) == (1, [])
    order.name_customer("Alex", at=T0 + timedelta(minutes=1))
    assert (order.header.customer_name, order.header.version) == ("Alex", 2)
    assert [event.type for event in order.changes.events] == [OrderEvents.ORDER_UPDATED]
    order = _saved(order)
    order.name_customer(None, at=T0 + timedelta(minutes=2))
    assert (order.header.customer_name, order.header.version) == (None, 3)
    order.cancel("left", actor=SERVER, at=T0 + timedelta(minutes=3))
    with pytest.raises(OrderClosed):
        _saved(order).name_customer("Sam", at=T0 + timedelta(minutes=4))


# --- closing the check ----------------------------------------------------------------------


def test_complete_needs_a_zero_balance_and_records_who_closed_the_check() -> None:
    order, _item = _with_item("1")
    with pytest.raises(BalanceDue):
        order.complete(actor=SERVER, at=T0)
    order.pay(
        TakePayment(Decimal(11), PaymentMethod.CASH),
        actor=SERVER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    completed_at = order.complete(actor=SERVER, at=T0 + timedelta(minutes=5))
    header = order.header
    assert header.status is OrderStatus.COMPLETED
    assert header.completed_at == completed_at == header.updated_at == T0 + timedelta(minutes=5)
    assert (header.completed_by_id, header.completed_by_name) == (SERVER.staff_id, "Sam")
    with pytest.raises(OrderClosed):
        _saved(order).transfer(uuid.uuid4(), at=T0)


def _paid_in_cash(order: Order, amount: str) -> None:
    command = TakePayment(Decimal(amount), PaymentMethod.CASH)
    order.pay(command, actor=SERVER, tip_approval_ratio=TIP_RATIO, at=T0)


def test_settled_is_paid_to_the_cent_with_nothing_left_to_send() -> None:
    order, _item = _with_item("1")  # 11.00 with tax, unsent
    assert not order.is_settled  # nothing paid yet
    _paid_in_cash(order, "11")
    assert not order.is_settled  # the item is still to send
    order.send(actor=SERVER, at=T0)
    assert order.is_settled
    order.complete(actor=SERVER, at=T0)
    assert not order.is_settled  # a completed check is no longer live
    empty = _new_order()
    assert not empty.is_settled  # balance 0, but nothing paid: completed by hand


def test_complete_again_answers_when_it_was_and_changes_nothing() -> None:
    order, _item = _with_item("1")
    _paid_in_cash(order, "11")
    completed_at = order.complete(actor=SERVER, at=T0)
    saved = _saved(order)
    assert saved.complete(actor=MANAGER, at=T0 + timedelta(hours=1)) == completed_at
    assert (saved.header, saved.changes.events) == (order.header, [])


def _completed_check() -> Order:
    order, _item = _with_item("1")
    _paid_in_cash(order, "11")
    order.complete(actor=SERVER, at=T0)
    return _saved(order)


def _same_day(moment: datetime) -> date:
    return moment.date()


def test_reopen_makes_a_completed_check_open_again_the_same_business_day() -> None:
    order = _completed_check()
    version = order.header.version
    order.reopen(seated_at_table=None, business_day_of=_same_day, at=T0 + timedelta(hours=2))
    header = order.header
    assert (header.status, header.completed_at, header.completed_by_name) == (
        OrderStatus.OPEN,
        None,
        None,
    )
    assert header.version == version + 1
    assert [e.type for e in order.changes.events] == [OrderEvents.ORDER_REOPENED]


@pytest.mark.parametrize(
    ("seated", "at", "error"),
    [
        (None, T0 + timedelta(days=1), BusinessDayClosed),
        (1002, T0 + timedelta(hours=2), TableOccupied),
    ],
)
def test_a_check_of_another_day_or_whose_table_is_taken_is_not_reopened(
    seated: int | None, at: datetime, error: type
) -> None:
    order = _completed_check()
    before = order.header
    with pytest.raises(error):
        order.reopen(seated_at_table=seated, business_day_of=_same_day, at=at)
    assert (order.header, order.changes.events) == (before, [])


def test_cancel_refunds_payments_with_tips_and_returns_live_stock() -> None:
    order, kept = _with_item("2")
    order, voided = _with_item("1", order=order)
    order.void_item(voided, "dup", actor=SERVER, at=T0)
    order.pay(
        TakePayment(Decimal(5), PaymentMethod.CASH, tip_amount=Decimal(1)),
        actor=SERVER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    order = _saved(order)
    refund = order.cancel("fire alarm", actor=MANAGER, at=T0)
    header = order.header
    assert refund == 600
    assert (header.status, header.cancel_reason) == (OrderStatus.CANCELLED, "fire alarm")
    assert (header.cancelled_by_name, header.paid_cents, header.tip_cents) == ("Mia", 0, 0)
    assert [p.status for p in order.changes.changed_payments] == [PaymentStatus.REFUNDED]
    assert order.changes.stock_returned == {order.item(kept).product_id: Decimal(2)}


def test_a_reopened_check_cancelled_gives_back_only_what_its_refunds_left() -> None:
    """The state machine found it: a check refunded in part, reopened and cancelled gave the
    whole payment back again (docs/design.md §25: the money adds up)."""
    order, _item = _with_item("1")  # 11.00 with tax
    order.pay(
        TakePayment(Decimal(11), PaymentMethod.CARD, tip_amount=Decimal(2)),
        actor=SERVER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    order.complete(actor=SERVER, at=T0)
    order = _saved(order)
    order.refund(RefundOrder("cold", amount=Decimal(4)), actor=MANAGER, at=T0)
    order = Order(order.header, order.items, order.payments, refunds=order.refunds)
    order.reopen(seated_at_table=None, business_day_of=_same_day, at=T0 + timedelta(hours=1))
    refund = order.cancel("left", actor=MANAGER, at=T0 + timedelta(hours=2))
    assert refund == 700 + 200
    assert [(r.amount_cents, r.tip_cents) for r in order.refunds] == [(400, 0), (700, 200)]


def test_a_server_cancels_only_what_was_neither_sent_nor_paid() -> None:
    untouched, _item = _with_item()
    untouched.cancel("mistake", actor=SERVER, at=T0)
    assert untouched.header.status is OrderStatus.CANCELLED
    moved_on, item_id = _with_item()
    # Moved on by the kitchen without a send: the kitchen has it all the same.
    moved_on.change_item(item_id, ChangeItem(status=ItemStatus.PREPARING), actor=SERVER, at=T0)
    paid, _item = _with_item("1")
    paid.pay(
        TakePayment(Decimal(1), PaymentMethod.CASH),
        actor=SERVER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    for order in (_saved(moved_on), _saved(paid)):
        with pytest.raises(Forbidden):
            order.cancel("walked out", actor=SERVER, at=T0)
        assert order.header.status is OrderStatus.DRAFT
        order.cancel("walked out", actor=MANAGER, at=T0)
        after = order.header  # read anew: mypy would keep the DRAFT above across the call
        assert after.status is OrderStatus.CANCELLED


def test_expect_version_refuses_another_version_and_none_means_any() -> None:
    order = _new_order()
    order.expect_version(None)
    order.expect_version(1)
    with pytest.raises(StaleVersion, match="version 1, not 2"):
        order.expect_version(2)


def test_a_change_names_only_the_fields_it_gives() -> None:
    assert ChangeItem().fields == frozenset()
    assert ChangeItem(status=ItemStatus.READY).fields == {"status"}
    assert ChangeItem(notes=None).fields == {"notes"}  # null clears notes: it is given
    assert ChangeItem(quantity=Decimal(2), notes="x").fields == {"quantity", "notes"}


# 10.03 due; a cash payment settles it to the location's 0.05 step: 10.05.
@pytest.mark.parametrize(
    ("amount", "method", "settles"),
    [
        (1003, PaymentMethod.CARD, True),
        (1002, PaymentMethod.CARD, False),
        (1003, PaymentMethod.CASH, False),
        (1005, PaymentMethod.CASH, True),
    ],
)
def test_a_payment_may_settle_what_is_due_cash_to_its_rounding(
    amount: int, method: PaymentMethod, settles: bool
) -> None:
    header = dataclasses.replace(
        _new_order().header, total_cents=1003, paid_cents=0, cash_rounding_cents=5
    )
    assert header.may_settle(amount, method) is settles


def test_an_order_rings_up_and_seats_at_its_own_location_only() -> None:
    """Another location's product would take its stock; its table would be held by an order
    that location can't see (issue 51's probe)."""
    elsewhere = uuid.uuid4()
    ensure_seated_here("T1", LOCATION, LOCATION)
    ensure_seated_here("T1", elsewhere, None)  # an order of no location: an integration's
    with pytest.raises(OtherLocation, match="Table T1 is at another location"):
        ensure_seated_here("T1", elsewhere, LOCATION)
    burger = _product()
    ensure_sold_here(burger, burger.location_id)
    with pytest.raises(OtherLocation, match="another location's menu"):
        ensure_sold_here(dataclasses.replace(burger, location_id=elsewhere), LOCATION)

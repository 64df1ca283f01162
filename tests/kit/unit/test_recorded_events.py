"""Each domain records the events of its changes, with no database: the order aggregate in
every action (its repository's save writes them), the catalogue, the kitchen board and the
PIN failure alert in the envelopes their repositories write (docs/design.md §8)."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from brigade.access.domain.terminals import AccessEvents, PinFailureAlert, limit_reached
from brigade.catalogue.domain.events import CatalogueEvents, group_event, menu_changed, stock_moved
from brigade.catalogue.domain.records import ModifierGroup, Product, ProductType
from brigade.kit.access import Actor, Role
from brigade.kit.events import Envelope, EventName
from brigade.kitchen.domain import (
    BoardTicket,
    KitchenEvents,
    TicketOrder,
    created_event,
    moved_event,
)
from brigade.orders.domain.aggregate import ItemOfOrder, Order, SentOrder
from brigade.orders.domain.commands import (
    AddItem,
    ApplyDiscount,
    ChangeItem,
    CreateOrder,
    TakePayment,
)
from brigade.orders.domain.errors import Overpayment
from brigade.orders.domain.events import OrderEvents
from brigade.orders.domain.refunds import RefundOrder
from brigade.orders.domain.states import ItemStatus, OrderStatus, OrderType, PaymentMethod

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
MANAGER = Actor(name="Mia", role=Role.MANAGER, staff_id=uuid.uuid4())
LOCATION = uuid.uuid4()
TIP_RATIO = Decimal("0.5")


def _product(**changes: Any) -> Product:
    product = Product(
        id=uuid.uuid4(),
        location_id=LOCATION,
        category_id=None,
        name="Burger",
        description=None,
        sku=None,
        barcode=None,
        price=Decimal("10.00"),
        cost=None,
        tax_rate=Decimal("0.1"),
        image_url=None,
        is_active=True,
        is_86d=False,
        track_inventory=True,
        stock_quantity=Decimal(10),
        low_stock_threshold=3,
        product_type=ProductType.ITEM,
        created_at=T0,
        updated_at=T0,
    )
    return dataclasses.replace(product, **changes)


def _open() -> Order:
    command = CreateOrder(order_type=OrderType.DINE_IN, table_id=None, location_id=LOCATION)
    return Order.open(command, order_number=1001, opened_by=MANAGER, at=T0)


def _loaded(order: Order) -> Order:
    """The order as the repository loads it again: its events already written."""
    return Order(order.header, order.items, order.payments, refunds=order.refunds)


def _recorded(order: Order) -> list[tuple[EventName, object, uuid.UUID | None]]:
    for event in order.changes.events:
        assert (event.location_id, event.order_id) == (LOCATION, order.id)
    return [(event.type, event.payload, event.entity_id) for event in order.changes.events]


def _with_item(quantity: str = "1") -> tuple[Order, uuid.UUID]:
    order = _loaded(_open())
    item = order.add_item(AddItem(uuid.uuid4(), Decimal(quantity)), product=_product(), at=T0)
    return _loaded(order), item.id


def _paid(order: Order, amount: str) -> Order:
    order.pay(
        TakePayment(Decimal(amount), PaymentMethod.CARD),
        actor=MANAGER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    return _loaded(order)


def test_an_opened_order_records_its_creation_with_itself_as_the_payload() -> None:
    order = _open()
    assert _recorded(order) == [(OrderEvents.ORDER_CREATED, order, order.id)]


def test_each_order_action_records_its_event_about_the_order() -> None:
    order = _loaded(_open())
    order.apply_discount(ApplyDiscount(Decimal(0), None, "none"), actor=MANAGER, at=T0)
    order.transfer(uuid.uuid4(), at=T0)
    assert _recorded(order) == [
        (OrderEvents.ORDER_UPDATED, order, order.id),
        (OrderEvents.ORDER_UPDATED, order, order.id),
    ]
    order, _item = _with_item()
    order = _paid(order, "11")
    order.complete(actor=MANAGER, at=T0)
    assert _recorded(order) == [(OrderEvents.ORDER_COMPLETED, order, order.id)]
    order = _loaded(order)
    order.refund(RefundOrder(reason="cold", amount=Decimal(1)), actor=MANAGER, at=T0)
    assert _recorded(order) == [(OrderEvents.ORDER_REFUNDED, order, order.id)]


def test_items_of_their_order_and_payments_are_the_payload_of_their_own_events() -> None:
    order = _loaded(_open())
    item = order.add_item(AddItem(uuid.uuid4(), Decimal(2)), product=_product(), at=T0)
    voided = order.void_item(item.id, "wrong table", actor=MANAGER, at=T0).after
    kept = order.add_item(AddItem(uuid.uuid4(), Decimal(1)), product=_product(), at=T0)
    payment = order.pay(
        TakePayment(Decimal(5), PaymentMethod.CASH),
        actor=MANAGER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    # An item is shown as its order shows it when the change commits (its tax share).
    assert _recorded(order) == [
        (OrderEvents.ITEM_ADDED, ItemOfOrder(order, item.id), item.id),
        (OrderEvents.ITEM_VOIDED, ItemOfOrder(order, voided.id), item.id),
        (OrderEvents.ITEM_ADDED, ItemOfOrder(order, kept.id), kept.id),
        (OrderEvents.PAYMENT_CREATED, payment, payment.id),
    ]


def test_a_changed_quantity_is_followed_by_the_order_and_a_status_change_is_not() -> None:
    order, item_id = _with_item("2")
    lowered = order.change_item(item_id, ChangeItem(quantity=Decimal(1)), actor=MANAGER, at=T0)
    assert _recorded(order) == [
        (OrderEvents.ITEM_UPDATED, ItemOfOrder(order, lowered.after.id), item_id),
        (OrderEvents.ORDER_UPDATED, order, order.id),
    ]
    order = _loaded(order)
    order.send(actor=MANAGER, at=T0)
    order = _loaded(order)
    ready = order.change_item(item_id, ChangeItem(status=ItemStatus.READY), actor=MANAGER, at=T0)
    assert ready.after.status is ItemStatus.READY
    assert _recorded(order) == [(OrderEvents.ITEM_UPDATED, ItemOfOrder(order, item_id), item_id)]


def test_a_send_records_the_order_with_its_ticket_and_a_cancel_records_the_cancellation() -> None:
    order, _item = _with_item()
    ticket = order.send(actor=MANAGER, at=T0)
    assert _recorded(order) == [(OrderEvents.ORDER_SENT, SentOrder(order, ticket), order.id)]
    order = _loaded(order)
    order.cancel("closing", actor=MANAGER, at=T0)
    assert order.header.status is OrderStatus.CANCELLED
    assert _recorded(order) == [(OrderEvents.ORDER_CANCELLED, order, order.id)]


def test_what_changes_nothing_or_is_refused_records_nothing() -> None:
    order, item_id = _with_item()
    order.change_item(item_id, ChangeItem(quantity=Decimal(1)), actor=MANAGER, at=T0)
    with pytest.raises(Overpayment):
        _paid(order, "100")
    assert _recorded(order) == []
    order = _paid(order, "11")
    [payment] = order.payments
    for tip, recorded in ((0, []), (1, [(OrderEvents.ORDER_UPDATED, order, order.id)])):
        order.adjust_tip(
            payment.id,
            Decimal(tip),
            actor=MANAGER,
            tip_approval_ratio=TIP_RATIO,
            business_day_of=lambda moment: moment.date(),
            at=T0,
        )
        assert _recorded(order) == recorded


# --- the catalogue --------------------------------------------------------------------------


def _types(envelopes: list[Envelope]) -> list[EventName]:
    return [envelope.type for envelope in envelopes]


def test_a_sale_announces_the_low_stock_crossing_then_the_automatic_86() -> None:
    before = _product(stock_quantity=Decimal(4))
    low = _product(stock_quantity=Decimal(3))
    gone = _product(stock_quantity=Decimal(0), is_86d=True, auto_86d=True)
    assert _types(stock_moved(before, low)) == [CatalogueEvents.STOCK_LOW]
    assert _types(stock_moved(low, gone)) == [CatalogueEvents.PRODUCT_86D]
    assert _types(stock_moved(before, gone)) == [
        CatalogueEvents.STOCK_LOW,
        CatalogueEvents.PRODUCT_86D,
    ]
    back = _product(stock_quantity=Decimal(5))
    [available] = stock_moved(gone, back)
    assert available == Envelope(CatalogueEvents.PRODUCT_AVAILABLE, back, LOCATION, back.id)
    assert stock_moved(before, _product(stock_quantity=Decimal(8))) == []


def test_a_menu_change_updates_each_product_and_a_group_is_its_own_payload() -> None:
    first, second = _product(), _product(name="Fries")
    assert menu_changed([first, second]) == [
        Envelope(CatalogueEvents.PRODUCT_UPDATED, first, LOCATION, first.id),
        Envelope(CatalogueEvents.PRODUCT_UPDATED, second, LOCATION, second.id),
    ]
    group = ModifierGroup(uuid.uuid4(), LOCATION, "Sauces", 0, 2, (), T0, T0)
    created = group_event(CatalogueEvents.MODIFIER_GROUP_CREATED, group)
    assert created == Envelope(CatalogueEvents.MODIFIER_GROUP_CREATED, group, LOCATION, group.id)


# --- the kitchen board and the PIN alert ----------------------------------------------------


def test_a_ticket_announces_its_creation_bump_and_recall_as_the_board_shows_it() -> None:
    order, _item = _with_item()
    ticket = order.send(actor=MANAGER, at=T0)
    shown = BoardTicket(ticket, TicketOrder(OrderType.DINE_IN, OrderStatus.OPEN, None, "Mia"), ())
    bumped = dataclasses.replace(shown, ticket=dataclasses.replace(ticket, bumped_at=T0))
    expected = (LOCATION, ticket.id, order.id)
    for envelope, event_type, payload in (
        (created_event(shown), KitchenEvents.KITCHEN_TICKET_CREATED, shown),
        (moved_event(bumped), KitchenEvents.KITCHEN_TICKET_BUMPED, bumped),
        (moved_event(shown), KitchenEvents.KITCHEN_TICKET_RECALLED, shown),
    ):
        assert (envelope.type, envelope.payload) == (event_type, payload)
        assert (envelope.location_id, envelope.entity_id, envelope.order_id) == expected


def test_the_pin_alert_fires_once_on_the_wrong_pin_that_reaches_the_limit() -> None:
    device = uuid.uuid4()
    end = T0 + timedelta(minutes=15)

    def alert(failures: int) -> PinFailureAlert:
        return PinFailureAlert(f"device:{device}", failures, T0, end)

    recorded = [
        limit_reached(alert(count), 3, location_id=LOCATION, device_id=device)
        for count in (1, 2, 3, 4)
    ]
    reached = Envelope(AccessEvents.SECURITY_PIN_FAILURES, alert(3), LOCATION, device)
    assert recorded == [[], [], [reached], []]

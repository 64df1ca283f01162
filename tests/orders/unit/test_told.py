"""What an order's change tells the other features (orders/domain/told.py, issue 52): each
listening feature's record, built from the change alone, in the order the save hands them on."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from decimal import Decimal

from brigade.catalogue.domain.menu import StockMovementKind, StockReturned
from brigade.journal.domain import EntryKind, ToJournal
from brigade.kit.events import Published
from brigade.kitchen.domain import TicketKind, TicketRemade, TicketsMade
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.commands import ChangeItem, CreateOrder, TakePayment
from brigade.orders.domain.domain_events import OrderCompleted
from brigade.orders.domain.events import OrderEvents
from brigade.orders.domain.records import OrderPayment
from brigade.orders.domain.states import ItemStatus, OrderType, PaymentMethod
from brigade.orders.domain.told import told
from brigade.printing.domain import KitchenDocuments
from brigade.till.domain import MovementType, OrderCash
from orders.unit.test_order_aggregate import (
    LOCATION,
    MANAGER,
    SERVER,
    T0,
    TIP_RATIO,
    _product,
    _saved,
    _with_item,
)


def _paid(order: Order, amount: int, method: PaymentMethod) -> OrderPayment:
    command = TakePayment(Decimal(amount), method)
    return order.pay(command, actor=SERVER, tip_approval_ratio=TIP_RATIO, at=T0)


def _kinds(records: list[object]) -> list[type]:
    return [type(record) for record in records]


def test_a_send_tells_the_kitchen_its_ticket_and_printing_its_document() -> None:
    order, _item = _with_item("2")
    ticket = order.send(actor=SERVER, at=T0)
    records = told(order, SERVER)
    assert _kinds(records) == [TicketsMade, KitchenDocuments, Published]
    made, documents, published = records
    assert isinstance(made, TicketsMade)
    assert isinstance(documents, KitchenDocuments)
    assert list(made.tickets) == [ticket]
    assert ticket.kind is TicketKind.ORDER
    assert documents.location_id == LOCATION
    assert [document.ticket_id for document in documents.documents] == [ticket.id]
    assert isinstance(published, Published)
    assert [envelope.type for envelope in published.envelopes] == [OrderEvents.ORDER_SENT]


def test_a_cash_payment_tells_the_till_and_a_card_one_does_not() -> None:
    order, _item = _with_item("1")  # 11.00 with tax
    _paid(order, 5, PaymentMethod.CARD)
    paid = _paid(order, 6, PaymentMethod.CASH)
    assert told(order, SERVER)[:-1] == [
        OrderCash(SERVER, LOCATION, order.id, MovementType.CASH_SALE, 600, 0, paid.id)
    ]


def test_an_order_of_no_location_tells_no_till_and_no_printer() -> None:
    command = CreateOrder(order_type=OrderType.TAKEOUT)
    anywhere = _saved(Order.open(command, order_number=7, opened_by=SERVER, at=T0))
    order, _item = _with_item(
        "1", product=dataclasses.replace(_product(), location_id=None), order=anywhere
    )
    _paid(order, 11, PaymentMethod.CASH)
    order.send(actor=SERVER, at=T0)
    assert _kinds(told(order, SERVER)) == [TicketsMade, Published]


def test_a_void_of_sent_food_gives_its_stock_back_and_tells_the_kitchen_to_stop() -> None:
    order, item_id = _with_item("2")
    order.send(actor=SERVER, at=T0)
    order = _saved(order)
    order.void_item(item_id, "sent back", actor=MANAGER, at=T0 + timedelta(minutes=1))
    records = told(order, MANAGER)
    assert _kinds(records)[:3] == [StockReturned, TicketsMade, KitchenDocuments]
    returned = records[0]
    assert returned == StockReturned(
        MANAGER, order.id, StockMovementKind.VOID, {order.item(item_id).product_id: Decimal(2)}
    )
    made = records[1]
    assert isinstance(made, TicketsMade)
    assert made.tickets[0].kind is TicketKind.VOID


def test_the_journal_is_told_once_and_gives_the_order_its_receipt_number() -> None:
    order, _item = _with_item("1")
    _paid(order, 11, PaymentMethod.CARD)
    order.complete(actor=SERVER, at=T0)
    journal, _completed, _published = told(order, SERVER)
    assert isinstance(journal, ToJournal)
    assert [note.kind for note in journal.notes] == [EntryKind.SALE]
    assert told(order, SERVER) == []  # the notes were taken
    journal.numbered(41)
    assert order.header.receipt_number == 41


def test_food_set_back_to_cooking_brings_its_ticket_back() -> None:
    order, item_id = _with_item("1")
    ticket = order.send(actor=SERVER, at=T0)
    order.make_ready([item_id], actor=SERVER, at=T0)
    order = _saved(order)
    order.change_item(item_id, ChangeItem(status=ItemStatus.PREPARING), actor=SERVER, at=T0)
    assert told(order, SERVER)[:-1] == [TicketRemade(ticket.id)]


def test_a_completion_tells_what_happened_once_in_orders_own_words() -> None:
    order, _item = _with_item("1")  # 11.00 with tax
    _paid(order, 11, PaymentMethod.CARD)
    completed_at = order.complete(actor=SERVER, at=T0)
    records = told(order, SERVER)
    assert _kinds(records) == [ToJournal, OrderCompleted, Published]
    assert records[1] == OrderCompleted(
        order.id,
        LOCATION,
        OrderType.DINE_IN,
        completed_at,
        SERVER.staff_id,
        order.header.currency,
        1100,
        0,
    )
    published = records[2]
    assert isinstance(published, Published)
    assert [envelope.type for envelope in published.envelopes][-1] is OrderEvents.ORDER_COMPLETED
    # Completed again (a pay-then-complete client after the check closed itself): no new sale.
    assert order.complete(actor=SERVER, at=T0 + timedelta(minutes=1)) == completed_at
    assert told(order, SERVER) == []

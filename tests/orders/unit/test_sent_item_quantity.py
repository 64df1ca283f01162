"""The aggregate's rules for a sent item's quantity: never raised, lowered only as a partial
void (a manager's, with a reason), which puts stock back and tells the kitchen."""

from __future__ import annotations

from decimal import Decimal
from uuid import UUID

import pytest

from brigade.kit.access import Actor
from brigade.kit.errors import Forbidden, InvalidInput
from brigade.kitchen.domain import TicketKind
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.commands import ChangeItem
from brigade.orders.domain.errors import ItemAlreadySent
from orders.unit.test_order_aggregate import MANAGER, SERVER, T0, _saved, _with_item


def _sent(quantity: str = "3") -> tuple[Order, UUID]:
    order, item_id = _with_item(quantity)
    order.send(actor=SERVER, at=T0)
    return _saved(order), item_id


@pytest.mark.parametrize(
    ("command", "actor", "error"),
    [
        (ChangeItem(quantity=Decimal(4), reason="more"), MANAGER, ItemAlreadySent),
        (ChangeItem(quantity=Decimal(1), reason="cold"), SERVER, Forbidden),
        (ChangeItem(quantity=Decimal(1)), MANAGER, InvalidInput),
    ],
)
def test_refused_changes_to_a_sent_quantity_leave_the_order_as_it_was(
    command: ChangeItem, actor: Actor, error: type[Exception]
) -> None:
    order, item_id = _sent()
    before = (order.header, order.items)
    with pytest.raises(error):
        order.change_item(item_id, command, actor=actor, at=T0)
    assert (order.header, order.items) == before
    assert order.changes.kitchen_tickets == []


def test_a_partial_void_returns_stock_and_puts_a_negative_line_before_the_kitchen() -> None:
    order, item_id = _sent("3")
    change = order.change_item(
        item_id, ChangeItem(quantity=Decimal(1), reason="cold"), actor=MANAGER, at=T0
    )
    assert change.is_partial_void
    assert (change.after.quantity, change.after.total_cents) == (Decimal(1), 1000)
    assert order.changes.stock_returned == {change.after.product_id: Decimal(2)}
    [ticket] = order.changes.kitchen_tickets
    assert (ticket.kind, ticket.reason, ticket.sent_by_name) == (TicketKind.VOID, "cold", "Mia")
    assert [(line.item_id, line.quantity) for line in ticket.items] == [(item_id, Decimal(-2))]


def test_a_send_and_a_void_of_what_was_sent_are_tickets_to_store() -> None:
    order, item_id = _with_item("2")
    ticket = order.send(actor=SERVER, at=T0)
    assert order.changes.kitchen_tickets == [ticket]
    assert ticket.kind is TicketKind.ORDER
    order = _saved(order)
    change = order.void_item(item_id, "burnt", actor=MANAGER, at=T0)
    assert not change.is_partial_void
    [void] = order.changes.kitchen_tickets
    assert (void.kind, void.reason, void.items[0].quantity) == (
        TicketKind.VOID,
        "burnt",
        Decimal(-2),
    )


def test_an_unsent_item_is_lowered_by_a_server_with_no_ticket() -> None:
    order, item_id = _with_item("3")
    change = order.change_item(item_id, ChangeItem(quantity=Decimal(1)), actor=SERVER, at=T0)
    assert not change.is_partial_void
    assert order.changes.kitchen_tickets == []
    order.void_item(item_id, "dup", actor=SERVER, at=T0)
    assert order.changes.kitchen_tickets == []

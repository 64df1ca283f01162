"""Seats, courses, hold and fire, and changing an unsent line, in the order aggregate alone
(no database): which courses a send takes, firing one, and the add-item rules on a change."""

from __future__ import annotations

import dataclasses
import uuid
from decimal import Decimal

import pytest

from brigade.catalogue.domain.errors import ModifierSelectionInvalid, VariantRequired
from brigade.catalogue.domain.records import Product
from brigade.kit import errors
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.commands import AddItem, ChangeItem, ModifierChoice
from brigade.orders.domain.courses import fired_with, sent_by_a_send
from brigade.orders.domain.errors import ItemAlreadySent, NothingToSend
from brigade.orders.domain.events import OrderEvents
from brigade.orders.domain.records import Modifier
from brigade.orders.domain.states import ItemStatus, OrderStatus
from orders.unit.test_adding_items import CATALOGUE, LARGE, LATTE, MILK, OAT, SOY, _order, _product
from orders.unit.test_order_aggregate import SERVER, T0, _saved

SOUP = _product("Soup", "6.00")
STEAK = _product("Steak", "24.00")


def _ring(order: Order, product: Product, course: int = 1, seat: int | None = None) -> uuid.UUID:
    command = AddItem(product.id, Decimal(1), seat=seat, course=course)
    return order.add_item(command, product=product, at=T0).id


def _statuses(order: Order) -> dict[str, ItemStatus]:
    return {item.name: item.status for item in order.items}


# --- the rules of courses -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fired", "sent"),
    [((), (1,)), ((1,), (1,)), ((2,), (1, 2)), ((1, 3), (1, 3))],
)
def test_a_send_takes_the_fired_courses_and_course_one(
    fired: tuple[int, ...], sent: tuple[int, ...]
) -> None:
    assert sent_by_a_send(fired) == sent


def test_firing_keeps_the_fired_courses_ascending_and_once() -> None:
    assert fired_with((1, 3), 2) == (1, 2, 3)
    assert fired_with((1,), 1) == (1,)


# --- hold and fire --------------------------------------------------------------------------


def test_items_of_course_one_send_as_before_and_carry_their_seat() -> None:
    order = _order()
    _ring(order, SOUP, seat=2)
    ticket = order.send(actor=SERVER, at=T0)
    assert [(line.name, line.seat, line.course) for line in ticket.items] == [("Soup", 2, 1)]
    assert order.header.fired_courses == (1,)
    assert order.header.status is OrderStatus.OPEN


def test_a_send_holds_a_later_course_and_firing_it_sends_it_on_its_own_ticket() -> None:
    order = _order()
    _ring(order, SOUP)
    _ring(order, STEAK, course=2)
    sent = order.send(actor=SERVER, at=T0)
    assert [line.name for line in sent.items] == ["Soup"]
    assert _statuses(order) == {"Soup": ItemStatus.SENT, "Steak": ItemStatus.PENDING}
    order = _saved(order)
    fired = order.fire_course(2, actor=SERVER, at=T0)
    assert [(line.name, line.course) for line in fired.items] == [("Steak", 2)]
    assert order.header.fired_courses == (1, 2)
    assert order.changes.kitchen_tickets == [fired]
    [event] = order.changes.events
    assert event.type is OrderEvents.ORDER_COURSE_FIRED


def test_once_fired_a_course_goes_with_every_send() -> None:
    order = _order()
    _ring(order, STEAK, course=2)
    order.fire_course(2, actor=SERVER, at=T0)
    assert order.header.status is OrderStatus.OPEN
    _ring(order, STEAK, course=2)
    _ring(order, SOUP, course=3)
    again = order.send(actor=SERVER, at=T0)
    assert [(line.name, line.course) for line in again.items] == [("Steak", 2)]
    assert order.header.fired_courses == (1, 2)
    assert _statuses(order)["Soup"] is ItemStatus.PENDING


def test_nothing_to_send_or_fire_changes_nothing() -> None:
    order = _saved(_order())
    _ring(order, STEAK, course=2)
    order = _saved(order)
    before = order.header
    with pytest.raises(NothingToSend):
        order.send(actor=SERVER, at=T0)
    with pytest.raises(NothingToSend):
        order.fire_course(3, actor=SERVER, at=T0)
    with pytest.raises(errors.InvalidInput):
        order.fire_course(0, actor=SERVER, at=T0)
    assert order.header == before
    assert order.changes.events == []


# --- changing a line ------------------------------------------------------------------------


def test_seat_and_course_change_and_a_sent_items_course_does_not() -> None:
    order = _order()
    soup = _ring(order, SOUP)
    changed = order.change_item(soup, ChangeItem(seat=3, course=2), actor=SERVER, at=T0)
    assert (changed.after.seat, changed.after.course) == (3, 2)
    order.change_item(soup, ChangeItem(course=1), actor=SERVER, at=T0)
    order.send(actor=SERVER, at=T0)
    order = _saved(order)
    moved = order.change_item(soup, ChangeItem(seat=None), actor=SERVER, at=T0)
    assert moved.after.seat is None
    with pytest.raises(ItemAlreadySent):
        order.change_item(soup, ChangeItem(course=2), actor=SERVER, at=T0)


def test_an_unsent_line_is_rung_up_again_by_the_add_item_rules() -> None:
    flat_white = _product("Flat white", "3.20", modifier_groups=(MILK,), variants=LATTE.variants)
    order = _order()
    asked = AddItem(
        flat_white.id, Decimal(2), variant_id=LARGE.id, modifiers=(ModifierChoice(OAT.id),)
    )
    line = order.add_item(asked, product=flat_white, options=CATALOGUE, at=T0).id
    soy = ChangeItem(modifiers=(ModifierChoice(SOY.id),))
    after = order.change_item(line, soy, actor=SERVER, at=T0, product=flat_white, options=CATALOGUE)
    assert after.after.modifiers == (Modifier(SOY.id, "Soy milk", 30),)
    assert (after.after.name, after.after.total_cents) == ("Flat white (Large)", 2 * (420 + 30))
    assert order.header.subtotal_cents == 900
    assert [e.type for e in order.changes.events][-2:] == [
        OrderEvents.ITEM_UPDATED,
        OrderEvents.ORDER_UPDATED,
    ]
    before = order.header
    for refused, error in [
        (ChangeItem(modifiers=()), ModifierSelectionInvalid),
        (ChangeItem(variant_id=None), VariantRequired),
    ]:
        with pytest.raises(error):
            order.change_item(
                line, refused, actor=SERVER, at=T0, product=flat_white, options=CATALOGUE
            )
    assert order.header == before


def test_what_a_sent_line_was_rung_up_as_does_not_change() -> None:
    order = _order()
    soup = _ring(order, SOUP)
    order.send(actor=SERVER, at=T0)
    order = _saved(order)
    before = order.header
    extra = ChangeItem(modifiers=(ModifierChoice(uuid.uuid4(), "Bread", Decimal(1)),))
    with pytest.raises(ItemAlreadySent):
        order.change_item(soup, extra, actor=SERVER, at=T0, product=SOUP)
    assert order.header == before


def test_a_change_names_the_new_fields() -> None:
    change = ChangeItem(seat=None, course=2, variant_id=None, modifiers=())
    assert change.fields == frozenset({"seat", "course", "variantId", "modifiers"})
    assert change.reprices
    assert not dataclasses.replace(
        change, variant_id=ChangeItem().variant_id, modifiers=None
    ).reprices

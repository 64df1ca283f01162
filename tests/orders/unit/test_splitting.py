"""Splitting, sharing, moving and merging checks (orders/domain/splitting.py and the
aggregate's ``split``, ``share_item``, ``move_items``, ``merge``): every figure before tax of the
checks after adds up to the checks' before, to the cent, and each check's tax is its own, over
random orders with a discount, service charges (by rate and by amount, taxed) and tax in both
modes (docs/design.md §25)."""

from __future__ import annotations

import dataclasses
import random
import uuid
from collections import Counter
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

import pytest

from books import conservation_problems, order_problems
from brigade.kit.access import Role
from brigade.kit.errors import InvalidInput
from brigade.kit.money import TaxMode
from brigade.orders.domain.aggregate import NewCheck, Order
from brigade.orders.domain.commands import AddItem, ApplyDiscount, CreateOrder, TakePayment
from brigade.orders.domain.errors import CheckHasPayments, OrderClosed, WouldOverpay
from brigade.orders.domain.events import OrderEvents
from brigade.orders.domain.records import OrderCharge, OrderLocation
from brigade.orders.domain.splitting import by_seat, share_line, split_line
from brigade.orders.domain.states import ItemStatus, OrderStatus, OrderType, PaymentMethod
from brigade.orders.domain.totals import TaxRateRef
from brigade.orders.shaping import detail_json
from orders.unit.test_order_aggregate import LOCATION, SERVER, T0, TIP_RATIO, _product, _saved

SEED = 20261127
ORDERS = 300


def _order(rng: random.Random, mode: TaxMode, charges: Iterable[OrderCharge] = ()) -> Order:
    command = CreateOrder(order_type=OrderType.DINE_IN, location_id=LOCATION, guest_count=4)
    location = OrderLocation("Main", "UTC", "USD", mode)
    order = Order.open(
        command,
        order_number=rng.randint(1000, 9999),
        opened_by=SERVER,
        at=T0,
        location=location,
        charges=tuple(charges),
    )
    return _saved(order)


def _charges(rng: random.Random) -> list[OrderCharge]:
    """A service charge by rate (automatic, for four guests or more) and one by amount,
    both taxed."""
    tax = TaxRateRef(rng.choice([80_000, 200_000]), uuid.uuid4(), "Service tax")
    return [
        OrderCharge(uuid.uuid4(), "Service", rng.choice([125_000, 100_000]), None, tax, True, 4),
        OrderCharge(uuid.uuid4(), "Delivery", None, rng.randint(1, 999), tax, False),
    ]


def random_order(rng: random.Random) -> Order:
    order = _order(rng, rng.choice(list(TaxMode)), _charges(rng))
    rates = [rng.choice(["0.1", "0.08875", "0.2", "0.055"]) for _ in range(2)]
    for _ in range(rng.randint(2, 9)):
        product = _product(f"{rng.randint(1, 4000) / 100:.2f}", rng.choice(rates))
        quantity = Decimal(rng.choice([1, 1, 2, 3])) if rng.random() < 0.8 else Decimal("1.375")
        order.add_item(AddItem(product.id, quantity), product=product, at=T0)
    subtotal = order.header.subtotal_cents
    discount = rng.choice([0, rng.randint(0, subtotal), rng.randint(0, subtotal // 10)])
    order.apply_discount(ApplyDiscount(Decimal(discount) / 100), actor=SERVER, at=T0)
    return _saved(order)


def _sums(orders: Iterable[Order]) -> tuple[object, ...]:
    """Every total of these checks added up: subtotal, discount, each charge, each rate's
    tax, tax, total."""
    charges: Counter[uuid.UUID] = Counter()
    taxes: Counter[object] = Counter()
    subtotal = discount = tax = total = 0
    for order in orders:
        totals = order.totals()
        subtotal += totals.subtotal_cents
        discount += totals.discount_cents
        tax += totals.tax_cents
        total += totals.total_cents
        for charge, cents in zip(
            order.header.applying_charges(), totals.charge_amounts, strict=True
        ):
            charges[charge.service_charge_id] += cents
        for rate in totals.taxes:
            taxes[rate.tax.key] += rate.tax_cents
    return subtotal, discount, _nonzero(charges), _nonzero(taxes), tax, total


def _nonzero(counter: Counter[Any]) -> dict[Any, int]:
    return {key: cents for key, cents in counter.items() if cents}


def _random_split(rng: random.Random, order: Order) -> list[Order]:
    live = [item for item in order.items if item.status is not ItemStatus.VOIDED]
    rng.shuffle(live)
    count = rng.randint(1, min(3, len(live)))
    selections: list[dict[uuid.UUID, Decimal | None]] = [{} for _ in range(count)]
    for index, item in enumerate(live):
        if index < count or rng.random() < 0.5:
            half = (item.quantity / 2).quantize(Decimal("0.001")) if rng.random() < 0.3 else None
            selections[index % count][item.id] = half
    checks = [NewCheck(uuid.uuid4(), 2000 + n, 1) for n in range(count)]
    return order.split(selections, checks, guest_count=4, actor=SERVER, at=T0)


def _shown(orders: Iterable[Order]) -> list[dict[str, Any]]:
    return [detail_json(order, Role.MANAGER) for order in orders]


def test_a_split_conserves_every_figure_before_tax_over_random_orders() -> None:
    """docs/design.md §25: the lines, the discount, the charges (and in INCLUSIVE mode the
    totals) add up to the cent; each check's tax is its own, within a cent per rate per check
    of the source's; each check keeps its own books."""
    rng = random.Random(SEED)
    for number in range(ORDERS):
        order = random_order(rng)
        before = _shown([order])
        try:
            made = _random_split(rng, order)
            assert not conservation_problems(before, _shown([order, *made]), guests_move=False)
            # Moving lines back and merging every check back conserves them too.
            first = made[0]
            moving = [item.id for item in first.items][:1]
            first.move_items(moving, to=order, at=T0)
            assert not conservation_problems(before, _shown([order, *made]), guests_move=False)
            for other in made:
                order.merge(other, actor=SERVER, at=T0)
            after = _shown([order, *made])
            assert not conservation_problems(before, after, guests_move=False)
            assert not [problem for shown in after for problem in order_problems(shown)]
        except AssertionError as failed:
            raise AssertionError(f"order {number} of seed {SEED}: {failed}") from None


def test_a_split_line_and_a_shared_one_add_up_to_the_line() -> None:
    order = _order(random.Random(1), TaxMode.EXCLUSIVE)
    product = _product("10.00")
    item = order.add_item(AddItem(product.id, Decimal(1)), product=product, at=T0)
    parts = share_line(item, [uuid.uuid4(), uuid.uuid4()])
    assert [p.total_cents for p in parts] == [334, 333, 333]
    assert [p.quantity for p in parts] == [Decimal("0.334"), Decimal("0.333"), Decimal("0.333")]
    assert parts[0].id == item.id
    three = order.add_item(AddItem(product.id, Decimal(3)), product=product, at=T0)
    kept, moved = split_line(three, Decimal(1), uuid.uuid4())
    assert (kept.quantity, kept.total_cents, moved.quantity, moved.total_cents) == (
        Decimal(2),
        2000,
        Decimal(1),
        1000,
    )
    with pytest.raises(InvalidInput):
        split_line(three, Decimal(3), uuid.uuid4())
    with pytest.raises(InvalidInput):
        share_line(item, [])


def test_sharing_a_sent_line_keeps_its_ticket_and_the_order_total() -> None:
    order = _order(random.Random(2), TaxMode.INCLUSIVE)
    product = _product("10.00")
    item = order.add_item(AddItem(product.id, Decimal(1)), product=product, at=T0)
    ticket = order.send(actor=SERVER, at=T0)
    total = order.header.total_cents
    order = _saved(order)
    parts = order.share_item(item.id, 3, at=T0)
    assert {(p.status, p.kitchen_ticket_id) for p in parts} == {(ItemStatus.SENT, ticket.id)}
    assert order.header.total_cents == total
    assert order.changes.kitchen_tickets == []
    assert [e.type for e in order.changes.events] == [
        OrderEvents.ITEM_UPDATED,
        OrderEvents.ITEM_ADDED,
        OrderEvents.ITEM_ADDED,
        OrderEvents.ORDER_UPDATED,
    ]


def test_a_check_with_payments_is_not_split_and_a_move_may_not_leave_it_overpaid() -> None:
    order = _order(random.Random(3), TaxMode.EXCLUSIVE)
    product = _product("10.00", "0")
    first = order.add_item(AddItem(product.id, Decimal(1)), product=product, at=T0)
    second = order.add_item(AddItem(product.id, Decimal(1)), product=product, at=T0)
    order.pay(
        TakePayment(Decimal(15), PaymentMethod.CARD),
        actor=SERVER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    other = _saved(_order(random.Random(4), TaxMode.EXCLUSIVE))
    order = _saved(order)
    with pytest.raises(CheckHasPayments):
        order.split(
            [{first.id: None}],
            [NewCheck(uuid.uuid4(), 2001, 1)],
            guest_count=None,
            actor=SERVER,
            at=T0,
        )
    with pytest.raises(WouldOverpay):
        order.move_items([first.id], to=other, at=T0)
    assert order.changes.events == []
    assert other.changes.events == []
    order.share_item(second.id, 2, at=T0)
    half = order.items[-1]
    order.move_items([half.id], to=other, at=T0)
    assert (order.header.total_cents, other.header.total_cents) == (1500, 500)


def test_merge_takes_items_and_payments_and_cancels_the_other_as_merged() -> None:
    rng = random.Random(5)
    order, other = random_order(rng), random_order(rng)
    other.send(actor=SERVER, at=T0)
    other.pay(
        TakePayment(Decimal("1.00"), PaymentMethod.CASH),
        actor=SERVER,
        tip_approval_ratio=TIP_RATIO,
        at=T0,
    )
    other = _saved(other)
    payment = other.payments[0]
    order.merge(other, actor=SERVER, at=T0)
    assert other.header.status is OrderStatus.CANCELLED
    assert other.header.merged_into == order.id
    assert other.header.total_cents == 0
    assert order.payments[-1] == dataclasses.replace(payment, order_id=order.id)
    assert order.changes.kitchen_tickets == []
    assert other.changes.kitchen_tickets == []
    assert [e.type for e in other.changes.events] == [OrderEvents.ORDER_CANCELLED]
    assert [e.type for e in order.changes.events] == [OrderEvents.ORDER_MERGED]
    with pytest.raises(OrderClosed):
        order.merge(other, actor=SERVER, at=T0)
    with pytest.raises(InvalidInput):
        order.merge(order, actor=SERVER, at=T0)


def test_a_split_by_seat_makes_one_check_per_seat_and_leaves_the_unseated() -> None:
    a, b, c, d = (uuid.uuid4() for _ in range(4))
    assert by_seat({a: 2, b: None, c: 1, d: 2}) == [[c], [a, d]]
    assert by_seat({b: None}) == []


def test_with_every_item_seated_the_lowest_seat_stays_on_the_check() -> None:
    a, b, c, d = (uuid.uuid4() for _ in range(4))
    assert by_seat({a: 3, b: 2, c: 4, d: 2}) == [[a], [c]]
    assert by_seat({a: 1, b: 1}) == []

"""Order and item state machines: every pair, checked against expectations written here."""

from __future__ import annotations

import itertools

import pytest

from brigade.orders.domain import states as orders
from brigade.orders.domain.errors import InvalidTransition, ItemNotEditable, OrderClosed
from brigade.orders.domain.states import (
    ITEM_TRANSITIONS,
    ORDER_TRANSITIONS,
    ItemStatus,
    OrderEvent,
    OrderStatus,
    apply_order_event,
    check_item_transition,
    ensure_item_quantity_editable,
    ensure_order_editable,
    is_sent,
)

EXPECTED_ORDER_MOVES = {
    (OrderStatus.DRAFT, OrderEvent.SEND): OrderStatus.OPEN,
    (OrderStatus.OPEN, OrderEvent.SEND): OrderStatus.OPEN,
    (OrderStatus.DRAFT, OrderEvent.COMPLETE): OrderStatus.COMPLETED,
    (OrderStatus.OPEN, OrderEvent.COMPLETE): OrderStatus.COMPLETED,
    (OrderStatus.DRAFT, OrderEvent.CANCEL): OrderStatus.CANCELLED,
    (OrderStatus.OPEN, OrderEvent.CANCEL): OrderStatus.CANCELLED,
    (OrderStatus.COMPLETED, OrderEvent.REOPEN): OrderStatus.OPEN,
}
FINAL = (OrderStatus.COMPLETED, OrderStatus.CANCELLED)
# What a closed order refuses: everything its row of the table does not list.
CLOSED_PAIRS = set(itertools.product(FINAL, OrderEvent)) - set(EXPECTED_ORDER_MOVES)


@pytest.mark.parametrize(("status", "event"), list(EXPECTED_ORDER_MOVES))
def test_allowed_order_transition(status: OrderStatus, event: OrderEvent) -> None:
    assert apply_order_event(status, event) is EXPECTED_ORDER_MOVES[status, event]


@pytest.mark.parametrize(("status", "event"), sorted(CLOSED_PAIRS))
def test_every_other_event_on_a_final_order_is_order_closed(
    status: OrderStatus, event: OrderEvent
) -> None:
    with pytest.raises(OrderClosed, match=f"order is {status.lower()}"):
        apply_order_event(status, event)


def test_order_table_is_exactly_the_expected_moves() -> None:
    assert dict(ORDER_TRANSITIONS) == EXPECTED_ORDER_MOVES
    live = (OrderStatus.DRAFT, OrderStatus.OPEN)
    every_pair = set(itertools.product(OrderStatus, OrderEvent))
    reopening_a_live_order = set(itertools.product(live, [OrderEvent.REOPEN]))
    assert every_pair - set(ORDER_TRANSITIONS) == CLOSED_PAIRS | reopening_a_live_order


@pytest.mark.parametrize("status", [OrderStatus.DRAFT, OrderStatus.OPEN])
def test_a_live_order_is_not_reopened(status: OrderStatus) -> None:
    with pytest.raises(InvalidTransition, match=f"{status} cannot reopen"):
        apply_order_event(status, OrderEvent.REOPEN)


def test_a_pair_missing_from_the_table_is_an_invalid_transition(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(orders, "ORDER_TRANSITIONS", {})
    with pytest.raises(InvalidTransition, match="DRAFT cannot send"):
        apply_order_event(OrderStatus.DRAFT, OrderEvent.SEND)


@pytest.mark.parametrize("status", [OrderStatus.DRAFT, OrderStatus.OPEN])
def test_live_order_is_editable(status: OrderStatus) -> None:
    ensure_order_editable(status)


@pytest.mark.parametrize("status", FINAL)
def test_final_order_is_not_editable(status: OrderStatus) -> None:
    with pytest.raises(OrderClosed, match=status.lower()):
        ensure_order_editable(status)


# Independent expectation: the kitchen's forward order, VOIDED outside it.
KITCHEN_ORDER = [
    ItemStatus.PENDING,
    ItemStatus.SENT,
    ItemStatus.PREPARING,
    ItemStatus.READY,
    ItemStatus.SERVED,
]


def item_move_expected(current: ItemStatus, target: ItemStatus) -> bool:
    if current == target:
        return True
    if current is ItemStatus.VOIDED:
        return False
    if target is ItemStatus.VOIDED:
        return True
    if (current, target) == (ItemStatus.READY, ItemStatus.PREPARING):
        return True  # the kitchen's undo of READY, the one step back
    return KITCHEN_ORDER.index(target) > KITCHEN_ORDER.index(current)


ALL_ITEM_PAIRS = list(itertools.product(ItemStatus, ItemStatus))


def test_there_are_36_item_pairs() -> None:
    assert len(ALL_ITEM_PAIRS) == 36
    assert set(ITEM_TRANSITIONS) == set(ItemStatus)


@pytest.mark.parametrize(("current", "target"), ALL_ITEM_PAIRS)
def test_item_transition(current: ItemStatus, target: ItemStatus) -> None:
    if item_move_expected(current, target):
        check_item_transition(current, target)
    else:
        with pytest.raises(InvalidTransition) as raised:
            check_item_transition(current, target)
        assert f"from {current} to {target}" in raised.value.detail


@pytest.mark.parametrize("target", [status for status in ItemStatus if status != "VOIDED"])
def test_nothing_leaves_voided(target: ItemStatus) -> None:
    with pytest.raises(InvalidTransition, match="voided item stays voided"):
        check_item_transition(ItemStatus.VOIDED, target)


@pytest.mark.parametrize("status", list(ItemStatus))
def test_setting_the_same_status_again_is_allowed(status: ItemStatus) -> None:
    check_item_transition(status, status)


def test_backward_move_says_forward_only() -> None:
    with pytest.raises(InvalidTransition, match="only moves forward"):
        check_item_transition(ItemStatus.READY, ItemStatus.SENT)


def test_ready_goes_back_to_preparing_and_no_further_back() -> None:
    check_item_transition(ItemStatus.READY, ItemStatus.PREPARING)
    for earlier in (ItemStatus.PENDING, ItemStatus.SENT):
        with pytest.raises(InvalidTransition):
            check_item_transition(ItemStatus.READY, earlier)
    with pytest.raises(InvalidTransition):
        check_item_transition(ItemStatus.SERVED, ItemStatus.PREPARING)


@pytest.mark.parametrize(
    "status", [ItemStatus.PENDING, ItemStatus.SENT, ItemStatus.PREPARING, ItemStatus.READY]
)
def test_live_unserved_item_quantity_is_editable(status: ItemStatus) -> None:
    ensure_item_quantity_editable(status)


@pytest.mark.parametrize("status", [ItemStatus.SERVED, ItemStatus.VOIDED])
def test_served_or_voided_item_quantity_is_locked(status: ItemStatus) -> None:
    with pytest.raises(ItemNotEditable, match=status.lower()):
        ensure_item_quantity_editable(status)


@pytest.mark.parametrize(
    ("status", "sent"),
    [
        (ItemStatus.PENDING, False),
        (ItemStatus.SENT, True),
        (ItemStatus.PREPARING, True),
        (ItemStatus.READY, True),
        (ItemStatus.SERVED, True),
        (ItemStatus.VOIDED, False),
    ],
)
def test_is_sent(status: ItemStatus, sent: bool) -> None:
    assert is_sent(status) is sent

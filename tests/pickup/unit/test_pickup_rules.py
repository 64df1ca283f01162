"""The guests' board's rules (docs/design.md §20): preparing, ready, picked up, expired."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from brigade.access.domain.permissions import AccessPermissions
from brigade.events.domain import EventPermissions
from brigade.kit.access import Actor, Principal, Role
from brigade.kit.errors import Forbidden
from brigade.orders.domain.states import ItemStatus, OrderType
from brigade.pickup.domain import (
    CandidateOrder,
    PickupPermissions,
    Preparing,
    Ready,
    SentItem,
    pickup_board,
    place,
    shown_types,
)
from declared import ALL_PERMISSIONS, held_by

AT = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
SENT = ItemStatus.SENT
READY = ItemStatus.READY
SERVED = ItemStatus.SERVED


def _minutes_ago(minutes: float) -> datetime:
    return AT - timedelta(minutes=minutes)


def _order(
    number: int, *items: SentItem, sent: float = 10, completed: float | None = None
) -> CandidateOrder:
    return CandidateOrder(
        uuid.uuid4(),
        number,
        _minutes_ago(sent),
        items,
        None if completed is None else _minutes_ago(completed),
    )


def _item(status: ItemStatus, changed: float = 5, bumped: float | None = None) -> SentItem:
    return SentItem(status, _minutes_ago(changed), None if bumped is None else _minutes_ago(bumped))


def test_dine_in_is_shown_only_when_asked() -> None:
    assert shown_types(dine_in=False) == {OrderType.TAKEOUT, OrderType.DELIVERY}
    assert shown_types(dine_in=True) == {OrderType.TAKEOUT, OrderType.DELIVERY, OrderType.DINE_IN}


def test_one_item_still_cooking_keeps_the_order_preparing_since_its_first_send() -> None:
    order = _order(7, _item(READY), _item(ItemStatus.PREPARING), sent=12)
    assert place(order, AT) == Preparing(7, _minutes_ago(12))


def test_every_item_done_is_ready_from_the_last_one_done() -> None:
    order = _order(7, _item(READY, 6), _item(SERVED, 2), _item(READY, 4))
    assert place(order, AT) == Ready(7, _minutes_ago(2))


def test_a_bumped_ticket_is_done_though_its_closed_orders_items_stayed_sent() -> None:
    order = _order(7, _item(SENT, changed=9, bumped=3), completed=8)
    assert place(order, AT) == Ready(7, _minutes_ago(3))


def test_picked_up_leaves_all_served_or_completed_after_it_was_ready() -> None:
    assert place(_order(7, _item(SERVED), _item(SERVED)), AT) is None
    assert place(_order(7, _item(READY, 5), completed=1), AT) is None
    # Completed before it was ready (paid first): it stays.
    assert place(_order(7, _item(READY, 5), completed=9), AT) == Ready(7, _minutes_ago(5))


def test_ready_leaves_at_fifteen_minutes_at_the_latest() -> None:
    assert place(_order(7, _item(READY, 14.9)), AT) == Ready(7, _minutes_ago(14.9))
    assert place(_order(7, _item(READY, 15)), AT) is None


def test_nothing_sent_or_all_voided_is_not_on_the_board() -> None:
    assert place(_order(7), AT) is None
    assert place(_order(7, _item(ItemStatus.VOIDED), _item(ItemStatus.PENDING)), AT) is None


def test_preparing_for_a_day_is_no_longer_shown() -> None:
    assert place(_order(7, _item(SENT), sent=24 * 60 + 1), AT) is None


def test_the_columns_preparing_oldest_first_ready_newest_first() -> None:
    board = pickup_board(
        [
            _order(1, _item(SENT), sent=3),
            _order(2, _item(SENT), sent=8),
            _order(3, _item(READY, 9)),
            _order(4, _item(READY, 1)),
        ],
        AT,
    )
    assert [shown.number for shown in board.preparing] == [2, 1]
    assert [shown.number for shown in board.ready] == [4, 3]


def test_a_board_device_reads_the_board_and_its_events_only() -> None:
    board = Actor("Wall", Role.KITCHEN, principal=Principal.BOARD, location_id=uuid.uuid4())
    for permission in ALL_PERMISSIONS:
        allowed = True
        try:
            board.ensure(permission)
        except Forbidden:
            allowed = False
        assert allowed is (permission in held_by(Principal.BOARD)), permission
    assert {
        PickupPermissions.READ_PICKUP_BOARD,
        EventPermissions.READ_EVENTS,
        AccessPermissions.READ_OWN_DEVICE,
        # A board may ask a manager to approve its own unpairing (docs/design.md §23).
        AccessPermissions.ASK_TO_UNPAIR,
    } == held_by(Principal.BOARD)


def test_with_an_expo_food_at_the_pass_waits_for_the_expos_bump() -> None:
    """``held``: the location has an expo (docs/design.md §19): READY on a ticket the expo has
    not bumped is still being prepared for the guest; once it bumped, ready from the later of
    the bump and the item's own change."""
    at_the_pass = SentItem(READY, _minutes_ago(20), None, held=True)
    assert place(_order(41, at_the_pass), AT) == Preparing(41, _minutes_ago(10))
    passed = SentItem(READY, _minutes_ago(20), _minutes_ago(2), held=True)
    assert place(_order(41, passed), AT) == Ready(41, _minutes_ago(2))
    # Still cooking, bumped by the expo before it was READY (a completed takeout's SENT item).
    early = SentItem(SENT, _minutes_ago(3), _minutes_ago(1), held=True)
    assert place(_order(41, early), AT) == Ready(41, _minutes_ago(1))
    # Served at the table without the expo's bump: gone, as without an expo.
    served = SentItem(SERVED, _minutes_ago(1), None, held=True)
    assert place(_order(41, served), AT) is None
    # Without an expo, READY is ready at once.
    assert place(_order(41, SentItem(READY, _minutes_ago(2))), AT) == Ready(41, _minutes_ago(2))

"""The till's rules (docs/design.md §17): the expected cash, the variance, where a posting goes,
what a manager may enter, the drawer's one transition, and the ``Drawer`` aggregate that holds
them (who may open one, one per device, movements and the count on an open drawer only), with
no database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any
from uuid import UUID, uuid4

import pytest

from brigade.kit.access import Actor, Approver, Role
from brigade.kit.errors import ApprovalExceeded, Forbidden, InvalidInput
from brigade.till.domain import (
    DRAWER_TRANSITIONS,
    AlreadyClockedIn,
    CashDrawer,
    Drawer,
    DrawerAlreadyOpen,
    DrawerClosed,
    DrawerEvent,
    DrawerStatus,
    Movement,
    MovementType,
    NotClockedIn,
    OrderCash,
    Shift,
    TillEvents,
    apply_drawer_event,
    check_movement,
    clocking_staff,
    drawer_device,
    drawer_to_post_to,
    ended_shift,
    expected_cents,
    posted_cash,
    posting_amounts,
    summary,
)

AT = datetime(2026, 11, 27, 18, 0, tzinfo=UTC)
LOCATION = UUID("0196a1b2-0000-7000-8000-000000000001")


def _movement(kind: MovementType, amount_cents: int, rounding_cents: int = 0) -> Movement:
    return Movement(
        id=uuid4(),
        drawer_id=None,
        location_id=LOCATION,
        type=kind,
        amount_cents=amount_cents,
        rounding_cents=rounding_cents,
        reason=None,
        order_id=None,
        payment_id=None,
        refund_id=None,
        staff_id=None,
        staff_name="Ana",
        created_at=AT,
    )


def _drawer(**overrides: Any) -> CashDrawer:
    fields: dict[str, Any] = {
        "id": uuid4(),
        "location_id": LOCATION,
        "device_id": None,
        "status": DrawerStatus.OPEN,
        "opening_float_cents": 20000,
        "expected_cents": None,
        "counted_cents": None,
        "opened_at": AT,
        "opened_by_id": None,
        "opened_by_name": "Ana",
        "closed_at": None,
        "closed_by_id": None,
        "closed_by_name": None,
        "updated_at": AT,
    }
    return CashDrawer(**(fields | overrides))


def test_expected_is_the_float_plus_sales_less_refunds_plus_ins_less_outs_plus_rounding() -> None:
    movements = [
        _movement(MovementType.CASH_SALE, 2350),
        _movement(MovementType.PAY_OUT, 1000),
        _movement(MovementType.CASH_REFUND, 500),
        _movement(MovementType.PAY_IN, 300),
        _movement(MovementType.NO_SALE, 0),
        _movement(MovementType.CASH_SALE, 998, 2),
    ]
    assert expected_cents(20000, movements) == 20000 + 2350 - 1000 - 500 + 300 + 998 + 2


def test_a_cash_payment_posts_the_balance_it_settled_and_its_rounding() -> None:
    # 149.95 handed over settled 149.97: the sale is 149.97, the rounding -0.02.
    assert posting_amounts(14995, -2) == (14997, -2)
    assert _movement(MovementType.CASH_SALE, 14997, -2).cash_cents == 14995


def test_closing_fixes_expected_and_counted_and_the_variance_is_their_difference() -> None:
    closed = _drawer().close(20700, 20850, by_id=None, by_name="Mo", at=AT + timedelta(hours=8))
    assert (closed.status, closed.expected_cents, closed.counted_cents) == (
        DrawerStatus.CLOSED,
        20850,
        20700,
    )
    assert closed.variance_cents == -150
    assert summary(closed, []).expected_cents == 20850
    assert _drawer().variance_cents is None


def test_a_drawer_closes_once() -> None:
    assert dict(DRAWER_TRANSITIONS) == {(DrawerStatus.OPEN, DrawerEvent.CLOSE): DrawerStatus.CLOSED}
    assert apply_drawer_event(DrawerStatus.OPEN, DrawerEvent.CLOSE) is DrawerStatus.CLOSED
    with pytest.raises(DrawerClosed):
        apply_drawer_event(DrawerStatus.CLOSED, DrawerEvent.CLOSE)
    closed = _drawer(status=DrawerStatus.CLOSED)
    with pytest.raises(DrawerClosed):
        closed.close(1, 1, by_id=None, by_name="Mo", at=AT)


@pytest.mark.parametrize(
    ("kind", "amount", "expected", "field"),
    [
        (MovementType.PAY_OUT, 2001, 2000, "amount"),
        (MovementType.PAY_OUT, 0, 2000, "amount"),
        (MovementType.PAY_IN, 0, 2000, "amount"),
        (MovementType.NO_SALE, 1, 2000, "amount"),
        (MovementType.CASH_SALE, 100, 2000, "type"),
        (MovementType.CASH_REFUND, 100, 2000, "type"),
    ],
)
def test_what_a_manager_may_not_enter(
    kind: MovementType, amount: int, expected: int, field: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        check_movement(kind, amount, expected)
    assert refused.value.field == field


def test_what_a_manager_may_enter() -> None:
    check_movement(MovementType.PAY_OUT, 2000, 2000)
    check_movement(MovementType.PAY_IN, 1, 0)
    check_movement(MovementType.NO_SALE, 0, 0)


def test_a_posting_goes_to_the_devices_drawer_else_the_only_one_else_nowhere() -> None:
    device, other = uuid4(), uuid4()
    mine, theirs = _drawer(device_id=device), _drawer(device_id=other)
    assert drawer_to_post_to([theirs, mine], device) == mine.id
    assert drawer_to_post_to([theirs], device) == theirs.id
    assert drawer_to_post_to([theirs], None) == theirs.id
    assert drawer_to_post_to([theirs, mine], None) is None
    assert drawer_to_post_to([theirs, mine], uuid4()) is None
    assert drawer_to_post_to([], device) is None


def test_a_shift_counts_its_hours_to_the_hundredth() -> None:
    shift = Shift(uuid4(), uuid4(), "Ana", LOCATION, AT, None)
    assert shift.hours(AT + timedelta(minutes=90)) == Decimal("1.50")
    ended = shift.clock_out(AT + timedelta(hours=7, minutes=20))
    assert ended.hours(AT + timedelta(days=3)) == Decimal("7.33")
    assert shift.clock_out(AT - timedelta(minutes=1)).hours(AT) == Decimal("0.00")


# --- the Drawer aggregate ---------------------------------------------------------------------

MANAGER = Actor("Mo", Role.MANAGER, staff_id=uuid4())
SERVER = Actor("Ana", Role.SERVER, staff_id=uuid4(), device_id=uuid4(), location_id=LOCATION)


def _open(actor: Actor = MANAGER, **given: Any) -> Drawer:
    asked: dict[str, Any] = {
        "actor": actor,
        "location_id": LOCATION,
        "device_id": None,
        "opening_float_cents": 20000,
        "servers_open_drawers": True,
        "open_drawers": [],
        "at": AT,
    }
    return Drawer.open(**(asked | given))


def test_a_drawer_opens_with_its_float_and_says_so() -> None:
    drawer = _open(SERVER, device_id=SERVER.device_id)
    record = drawer.record
    assert (record.status, record.opening_float_cents, record.device_id) == (
        DrawerStatus.OPEN,
        20000,
        SERVER.device_id,
    )
    assert (record.opened_by_id, record.opened_by_name, record.opened_at) == (
        SERVER.staff_id,
        "Ana",
        AT,
    )
    assert (drawer.expected_cents, drawer.movements) == (20000, ())
    assert drawer.changes.is_new
    assert [(e.type, e.payload, e.entity_id) for e in drawer.changes.events] == [
        (TillEvents.CASH_DRAWER_OPENED, record, record.id)
    ]


def test_a_terminal_opens_on_its_own_device_unless_another_is_named() -> None:
    named = uuid4()
    assert drawer_device(SERVER, None) == SERVER.device_id
    assert drawer_device(SERVER, named) == named
    assert drawer_device(MANAGER, None) is None


def test_servers_open_drawers_only_where_the_location_lets_them() -> None:
    with pytest.raises(Forbidden, match="serversOpenDrawers"):
        _open(SERVER, servers_open_drawers=False)
    # A manager opens one whatever the location says; a server where it says yes.
    assert _open(MANAGER, servers_open_drawers=False).record.status is DrawerStatus.OPEN
    assert _open(SERVER, servers_open_drawers=True).record.status is DrawerStatus.OPEN


def test_one_open_drawer_per_device_and_one_without_a_device_per_location() -> None:
    device = uuid4()
    on_device = _drawer(device_id=device)
    with pytest.raises(DrawerAlreadyOpen, match=f"device {device} already has"):
        _open(device_id=device, open_drawers=[on_device])
    with pytest.raises(DrawerAlreadyOpen, match=f"location {LOCATION} \\(no device\\)"):
        _open(device_id=None, open_drawers=[_drawer(device_id=None)])
    # Another device's drawer, or the location's device-less one, leaves room.
    assert _open(device_id=uuid4(), open_drawers=[on_device, _drawer()]).record.device_id
    assert _open(device_id=None, open_drawers=[on_device]).record.device_id is None


def test_a_movement_goes_into_an_open_drawer_and_moves_its_expected_cash() -> None:
    drawer = Drawer(_drawer(), [_movement(MovementType.CASH_SALE, 2350)])
    paid_out = drawer.move(MovementType.PAY_OUT, 1350, "milk", actor=MANAGER, at=AT)
    assert (paid_out.drawer_id, paid_out.type, paid_out.reason) == (
        drawer.id,
        MovementType.PAY_OUT,
        "milk",
    )
    assert (paid_out.staff_id, paid_out.staff_name, paid_out.created_at) == (
        MANAGER.staff_id,
        "Mo",
        AT,
    )
    assert drawer.expected_cents == 20000 + 2350 - 1350
    assert drawer.movements[-1] == paid_out
    assert drawer.changes.added_movements == [paid_out]
    assert drawer.changes.events == []  # a movement is audited, not an event


def _unchanged(drawer: Drawer, before: CashDrawer, movements: int) -> None:
    assert drawer.record == before
    assert len(drawer.movements) == movements
    assert not drawer.changes.added_movements
    assert not drawer.changes.events
    assert not drawer.changes.closed


def test_a_refused_movement_changes_nothing() -> None:
    drawer = Drawer(_drawer(opening_float_cents=1000))
    before = drawer.record
    with pytest.raises(InvalidInput):
        drawer.move(MovementType.PAY_OUT, 1001, "too much", actor=MANAGER, at=AT)
    with pytest.raises(InvalidInput):
        drawer.move(MovementType.NO_SALE, 5, "a no-sale moves nothing", actor=MANAGER, at=AT)
    approved = Actor(
        "Ana", Role.MANAGER, staff_id=uuid4(), approver=Approver(uuid4(), "Mo", up_to_cents=500)
    )
    with pytest.raises(ApprovalExceeded):
        drawer.move(MovementType.PAY_IN, 501, "float", actor=approved, at=AT)
    _unchanged(drawer, before, 0)
    drawer.move(MovementType.PAY_IN, 500, "float", actor=approved, at=AT)
    assert drawer.expected_cents == 1500
    closed = Drawer(_drawer(status=DrawerStatus.CLOSED, expected_cents=0, counted_cents=0))
    with pytest.raises(DrawerClosed):
        closed.move(MovementType.NO_SALE, 0, "open it", actor=MANAGER, at=AT)
    _unchanged(closed, closed.record, 0)


def test_counting_closes_once_and_fixes_the_expected_cash() -> None:
    drawer = Drawer(_drawer(), [_movement(MovementType.CASH_SALE, 850)])
    later = AT + timedelta(hours=8)
    drawer.count_and_close(20700, actor=MANAGER, at=later)
    record = drawer.record
    assert (record.status, record.expected_cents, record.counted_cents) == (
        DrawerStatus.CLOSED,
        20850,
        20700,
    )
    assert (record.variance_cents, record.closed_by_id, record.closed_at) == (
        -150,
        MANAGER.staff_id,
        later,
    )
    assert drawer.changes.closed
    assert [(e.type, e.payload) for e in drawer.changes.events] == [
        (TillEvents.CASH_DRAWER_CLOSED, record)
    ]
    with pytest.raises(DrawerClosed):
        drawer.count_and_close(20850, actor=MANAGER, at=later)
    assert drawer.record == record
    assert len(drawer.changes.events) == 1


def test_a_count_below_zero_is_refused_and_leaves_the_drawer_open() -> None:
    drawer = Drawer(_drawer())
    before = drawer.record
    with pytest.raises(InvalidInput) as refused:
        drawer.count_and_close(-1, actor=MANAGER, at=AT)
    assert refused.value.field == "countedAmount"
    _unchanged(drawer, before, 0)


def _cash(kind: MovementType, actor: Actor = SERVER) -> OrderCash:
    return OrderCash(actor, LOCATION, uuid4(), kind, 14995, -2, uuid4())


def test_an_orders_cash_is_posted_where_the_drawers_say() -> None:
    mine, other = _drawer(device_id=SERVER.device_id), _drawer(device_id=uuid4())
    sale = _cash(MovementType.CASH_SALE)
    posted = posted_cash(sale, [other, mine], at=AT)
    assert (posted.drawer_id, posted.type, posted.amount_cents, posted.rounding_cents) == (
        mine.id,
        MovementType.CASH_SALE,
        14997,
        -2,
    )
    assert (posted.order_id, posted.payment_id, posted.staff_name) == (
        sale.order_id,
        sale.payment_id,
        "Ana",
    )
    assert (
        posted_cash(_cash(MovementType.CASH_REFUND, MANAGER), [other, mine], at=AT).drawer_id
        is None
    )
    with pytest.raises(ValueError, match="not posted by an order"):
        posted_cash(_cash(MovementType.PAY_IN), [mine], at=AT)


def test_one_open_shift_per_person_and_only_a_person_clocks() -> None:
    shift = Shift.clock_in(SERVER, LOCATION, open_shift=None, at=AT)
    assert (shift.staff_id, shift.staff_name, shift.location_id) == (
        SERVER.staff_id,
        "Ana",
        LOCATION,
    )
    assert (shift.clocked_in_at, shift.clocked_out_at) == (AT, None)
    with pytest.raises(AlreadyClockedIn):
        Shift.clock_in(SERVER, LOCATION, open_shift=shift, at=AT)
    device = Actor("Till 1", Role.SERVER, device_id=uuid4())
    with pytest.raises(Forbidden, match="staff member's"):
        clocking_staff(device)
    with pytest.raises(Forbidden):
        Shift.clock_in(device, LOCATION, open_shift=None, at=AT)
    later = AT + timedelta(hours=6)
    assert ended_shift(SERVER, shift, later).clocked_out_at == later
    with pytest.raises(NotClockedIn):
        ended_shift(SERVER, None, later)

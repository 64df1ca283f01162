"""The till's rules (docs/design.md §17): the expected cash, the variance, where a posting goes,
what a manager may enter, and the drawer's one transition."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any
from uuid import UUID, uuid4

import pytest

from brigade.kit.errors import InvalidInput
from brigade.till.domain import (
    DRAWER_TRANSITIONS,
    CashDrawer,
    DrawerClosed,
    DrawerEvent,
    DrawerStatus,
    Movement,
    MovementType,
    Shift,
    apply_drawer_event,
    check_movement,
    drawer_to_post_to,
    expected_cents,
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

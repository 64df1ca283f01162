"""A visit's rules (docs/design.md §28): bound to its table's first open check, ended with it
or after its table had none for too long, refused once ended."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from brigade.dining.domain.rooms import SeatedOrder
from brigade.guests.domain import (
    CALL_AGAIN_AFTER,
    UNBOUND_VISIT,
    CalledRecently,
    CallKind,
    VisitEnded,
    new_call,
    new_visit,
)
from brigade.orders.domain.states import OrderStatus

AT = datetime(2026, 12, 4, 19, 0, tzinfo=UTC)


def _seated(minutes_ago: int) -> SeatedOrder:
    return SeatedOrder(
        uuid.uuid4(),
        uuid.uuid4(),
        1001,
        OrderStatus.OPEN,
        2,
        None,
        1200,
        0,
        AT - timedelta(minutes=minutes_ago),
    )


def test_a_visit_binds_to_its_tables_first_open_check() -> None:
    first, split = _seated(40), _seated(5)
    visit = new_visit(uuid.uuid4(), uuid.uuid4(), [split, first], AT)
    assert visit.order_id == first.id
    # Bound, it stays bound: another check at the table later changes nothing.
    assert visit.bound([_seated(1)]).order_id == first.id
    assert new_visit(uuid.uuid4(), uuid.uuid4(), [], AT).order_id is None


@pytest.mark.parametrize(
    ("status", "ended"),
    [
        (OrderStatus.DRAFT, False),
        (OrderStatus.OPEN, False),
        (OrderStatus.COMPLETED, True),
        (OrderStatus.CANCELLED, True),
    ],
)
def test_a_visit_ends_with_its_check(status: OrderStatus, ended: bool) -> None:
    visit = new_visit(uuid.uuid4(), uuid.uuid4(), [_seated(10)], AT)
    after = visit.ended_by(status, AT + timedelta(hours=5))
    assert after.has_ended is ended
    if ended:
        with pytest.raises(VisitEnded):
            after.ensure_live()
    else:
        after.ensure_live()


def test_a_visit_without_a_check_ends_after_a_while() -> None:
    visit = new_visit(uuid.uuid4(), uuid.uuid4(), [], AT)
    assert not visit.ended_by(None, AT + UNBOUND_VISIT).has_ended
    assert visit.ended_by(None, AT + UNBOUND_VISIT + timedelta(seconds=1)).has_ended


def test_a_visits_id_is_random_not_time_ordered() -> None:
    ids = [new_visit(uuid.uuid4(), uuid.uuid4(), [], AT).id for _ in range(3)]
    assert {found.version for found in ids} == {4}


def test_a_visit_calls_for_the_same_thing_once_in_a_while() -> None:
    visit = new_visit(uuid.uuid4(), uuid.uuid4(), [_seated(10)], AT)
    first = new_call(visit, "T7", CallKind.SERVER, None, AT)
    assert (first.kind, first.order_id, first.table_name) == (CallKind.SERVER, visit.order_id, "T7")
    with pytest.raises(CalledRecently, match="call again in 61 s"):
        new_call(visit, "T7", CallKind.SERVER, AT, AT + timedelta(seconds=60))
    new_call(visit, "T7", CallKind.SERVER, AT, AT + CALL_AGAIN_AFTER)
    ended = visit.ended_by(OrderStatus.COMPLETED, AT)
    with pytest.raises(VisitEnded):
        new_call(ended, "T7", CallKind.BILL, None, AT)

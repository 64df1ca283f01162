"""What a worker holds for its streams: every event in (floor, top], answered like the
table would answer a stream's cursor, or not at all when the cursor is further behind."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest

from brigade.catalogue.domain.events import CatalogueEvents
from brigade.events.domain import EventFilter, Outgoing, RecentEvents, StoredEvent
from brigade.kit.access import Role
from brigade.kit.events import EventName
from brigade.orders.domain.events import OrderEvents

HERE, THERE = uuid.uuid4(), uuid.uuid4()


def _event(
    event_id: int, kind: EventName = OrderEvents.ORDER_CREATED, location: uuid.UUID = HERE
) -> Outgoing:
    stored = StoredEvent(
        id=event_id,
        type=kind.value,
        at=datetime(2026, 11, 24, tzinfo=UTC),
        location_id=location,
        entity_id=None,
        order_id=None,
        data="{}",
    )
    return Outgoing(stored, b'{"id":%d}' % event_id)


def _ids(answer: tuple[list[Outgoing], int] | None) -> tuple[list[int], int] | None:
    if answer is None:
        return None
    found, cursor = answer
    return [outgoing.event.id for outgoing in found], cursor


def test_a_cursor_at_or_past_the_floor_is_answered_from_memory_in_id_order() -> None:
    recent = RecentEvents(floor=10, capacity=100, max_bytes=1 << 20)
    recent.extend([_event(11), _event(12), _event(15)])
    assert _ids(recent.after(10, EventFilter(), limit=100)) == ([11, 12, 15], 15)
    assert _ids(recent.after(12, EventFilter(), limit=100)) == ([15], 15)
    assert _ids(recent.after(15, EventFilter(), limit=100)) == ([], 15)


def test_a_cursor_before_the_floor_reads_the_table() -> None:
    recent = RecentEvents(floor=10, capacity=100, max_bytes=1 << 20)
    recent.extend([_event(11)])
    assert recent.after(9, EventFilter(), limit=100) is None


def test_a_cursor_ahead_of_what_was_read_stays_where_it_is() -> None:
    # A stream that started from the table's newest id before the worker read it.
    recent = RecentEvents(floor=10, capacity=100, max_bytes=1 << 20)
    assert _ids(recent.after(14, EventFilter(), limit=100)) == ([], 14)


def test_filters_skip_events_but_the_cursor_moves_past_everything_looked_at() -> None:
    recent = RecentEvents(floor=0, capacity=100, max_bytes=1 << 20)
    recent.extend(
        [
            _event(1, OrderEvents.ORDER_CREATED, HERE),
            _event(2, CatalogueEvents.PRODUCT_86D, HERE),
            _event(3, OrderEvents.ORDER_SENT, THERE),
            _event(4, OrderEvents.ORDER_SENT, HERE),
        ]
    )
    sent_here = EventFilter(location_id=HERE, types=frozenset({OrderEvents.ORDER_SENT}))
    assert _ids(recent.after(0, sent_here, limit=100)) == ([4], 4)
    assert _ids(recent.after(0, EventFilter(location_id=THERE), limit=100)) == ([3], 4)


def test_a_full_batch_stops_at_its_last_event_so_the_stream_asks_again() -> None:
    recent = RecentEvents(floor=0, capacity=100, max_bytes=1 << 20)
    recent.extend([_event(n) for n in range(1, 6)])
    assert _ids(recent.after(0, EventFilter(), limit=2)) == ([1, 2], 2)
    assert _ids(recent.after(2, EventFilter(), limit=2)) == ([3, 4], 4)
    assert _ids(recent.after(4, EventFilter(), limit=2)) == ([5], 5)


def test_past_its_capacity_it_lets_the_oldest_go_and_raises_the_floor() -> None:
    recent = RecentEvents(floor=0, capacity=3, max_bytes=1 << 20)
    recent.extend([_event(n) for n in range(1, 7)])
    assert recent.floor == 3
    assert recent.after(2, EventFilter(), limit=100) is None
    assert _ids(recent.after(3, EventFilter(), limit=100)) == ([4, 5, 6], 6)


def _heavy(event_id: int, size: int) -> Outgoing:
    light = _event(event_id)
    return Outgoing(light.event, b"x" * size)


def test_past_its_bytes_it_lets_the_oldest_go_whatever_their_count() -> None:
    recent = RecentEvents(floor=0, capacity=1000, max_bytes=10_000)
    for event_id in range(1, 201):
        recent.extend([_heavy(event_id, 3_000)])
        assert recent.held_bytes <= 10_000
    # What is let go raises the floor: a stream behind it reads the table, none is skipped.
    assert recent.floor > 190
    assert recent.after(recent.floor - 1, EventFilter(), limit=100) is None
    # after() answers here (its None would fail the unpacking, and the test).
    held, cursor = _ids(recent.after(recent.floor, EventFilter(), limit=100))  # type: ignore[misc]
    assert held == list(range(recent.floor + 1, 201))
    assert cursor == 200


def test_one_event_larger_than_the_budget_is_let_go_with_the_rest() -> None:
    recent = RecentEvents(floor=0, capacity=1000, max_bytes=10_000)
    recent.extend([_event(1), _heavy(2, 50_000)])
    assert (recent.held_bytes, recent.floor, recent.top) == (0, 2, 2)
    assert _ids(recent.after(2, EventFilter(), limit=100)) == ([], 2)


def test_events_that_do_not_ascend_past_what_is_held_are_refused() -> None:
    recent = RecentEvents(floor=5, capacity=100, max_bytes=1 << 20)
    recent.extend([_event(6)])
    with pytest.raises(ValueError, match="ascend"):
        recent.extend([_event(6)])


def test_the_filter_in_memory_is_the_tables_rule() -> None:
    event = _event(1, OrderEvents.ITEM_ADDED, HERE).event
    assert EventFilter().matches(event)
    assert EventFilter(location_id=HERE, types=frozenset({OrderEvents.ITEM_ADDED})).matches(event)
    assert not EventFilter(location_id=THERE).matches(event)
    assert not EventFilter(types=frozenset({OrderEvents.ITEM_VOIDED})).matches(event)


def test_both_renderings_of_an_event_count_and_each_role_gets_its_own() -> None:
    light = _event(1)
    both = Outgoing(light.event, b"k" * 4_000, b"p" * 5_000)
    recent = RecentEvents(floor=0, capacity=1000, max_bytes=20_000)
    recent.extend([both, _heavy(2, 1_000)])
    assert recent.held_bytes == 10_000
    assert both.seen_by(Role.KITCHEN) is both
    assert both.seen_by(Role.SERVER).json == b"p" * 5_000
    assert both.seen_by(Role.ADMIN).json == b"p" * 5_000
    assert light.seen_by(Role.ADMIN) is light, "one rendering: the same for everyone"


def test_events_skipped_while_no_stream_is_open_are_read_from_the_table_by_a_later_stream() -> None:
    recent = RecentEvents(floor=10, capacity=100, max_bytes=1 << 20)
    recent.extend([_event(11), _event(12)])
    recent.skip([13, 14])
    assert (recent.floor, recent.top, recent.held_bytes) == (14, 14, 0)
    assert recent.after(12, EventFilter(), limit=100) is None
    assert _ids(recent.after(14, EventFilter(), limit=100)) == ([], 14)
    recent.extend([_event(15)])
    assert _ids(recent.after(14, EventFilter(), limit=100)) == ([15], 15)

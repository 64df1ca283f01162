"""Events: what changed, as the outbox records it, and the rule a reader's cursor follows.

Every committed change appends events to one log (the outbox), in the transaction of
the change. Ids only grow and become visible in the order they were given out: the
writer takes them inside its COMMIT under one database-wide lock (PostgreSQL;
SQLite serializes writers anyway), so the lock is held until the commit is visible
and no later transaction can take a smaller id. A reader therefore never
skips an id that commits later, and ``after=<last id seen>`` is a complete cursor.

A naive "read only rows older than the oldest running transaction" filter does not
give that: it still lets a smaller id appear after a larger one has been read.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from brigade.kit.access import Needs, Permission, Principal, Role, declare_permissions
from brigade.kit.errors import DomainError, declare_answers
from brigade.kit.events import EventName, declare_event_readers, reads_privileged_data


class EventPermissions(Permission):
    READ_EVENTS = "read and follow events"


PERMISSIONS = declare_permissions(
    {
        EventPermissions.READ_EVENTS: Needs(
            Role.KITCHEN, devices=frozenset({Principal.BOARD}), scopes=frozenset({"events:read"})
        ),
    }
)
# Every reader of events sees an event's data as the lowest role that follows them does.
declare_event_readers(every=EventPermissions.READ_EVENTS)


def check_cursor(after: int, swept_through: int) -> None:
    """A cursor is complete unless events after it have been swept by retention.

    ``swept_through`` is the highest id ever deleted (0 when none): a reader at or past
    it misses nothing; one before it would silently miss the swept events.
    """
    if after < swept_through:
        raise EventsExpired(after, swept_through)


def next_cursor(after: int, ids: Sequence[int]) -> int:
    """The cursor after reading ``ids`` (one page, ascending): the last id, or ``after``.

    Ids after the cursor arrive in ascending order; anything else means the page was not
    read as ``id > after ORDER BY id`` and resuming from it could lose or repeat events.
    """
    last = after
    for event_id in ids:
        if event_id <= last:
            raise ValueError(f"event ids must ascend past the cursor: {event_id} after {last}")
        last = event_id
    return last


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as the log keeps it; ``data`` is the resource's JSON, as it was written for
    every reader, ``privileged_data`` as it was for a reader of payment details where that
    showed more (kit/events.py)."""

    id: int
    type: str
    at: datetime
    location_id: UUID | None
    entity_id: UUID | None
    order_id: UUID | None
    data: str
    privileged_data: str | None = None

    def data_for(self, role: Role) -> str:
        """The data as ``role`` may see it."""
        if self.privileged_data is not None and reads_privileged_data(role):
            return self.privileged_data
        return self.data


@dataclass(frozen=True, slots=True)
class EventFilter:
    location_id: UUID | None = None
    # None: every type.
    types: frozenset[EventName] | None = None
    # Set: this one entity's events only (a channel's own webhook follows its channel).
    entity_id: UUID | None = None

    def matches(self, event: StoredEvent) -> bool:
        """The rule the table's query applies, for events already in memory."""
        if self.location_id is not None and event.location_id != self.location_id:
            return False
        if self.entity_id is not None and event.entity_id != self.entity_id:
            return False
        return self.types is None or event.type in self.types


@dataclass(frozen=True, slots=True)
class Outgoing:
    """An event ready to send, its JSON encoded once however many streams send it: ``json``
    as every reader gets it, ``privileged_json`` as a reader of payment details does (None:
    the same)."""

    event: StoredEvent
    json: bytes
    privileged_json: bytes | None = None

    @property
    def size(self) -> int:
        return len(self.json) + (0 if self.privileged_json is None else len(self.privileged_json))

    def seen_by(self, role: Role) -> Outgoing:
        """The event as ``role`` gets it: ``json`` is what is sent."""
        if self.privileged_json is None or not reads_privileged_data(role):
            return self
        return Outgoing(self.event, self.privileged_json)


class RecentEvents:
    """The newest events one worker has read from the log, shared by its open streams.

    It holds every event with an id in ``(floor, top]``, read in one pass of the cursor
    rule, so a stream whose cursor is at or past ``floor`` is answered from memory: the
    log is read once per worker rather than once per stream, and each event is encoded
    once. A stream further behind reads the table, as a reader always may. The oldest
    events are let go past ``capacity`` events or ``max_bytes`` of JSON, raising ``floor``.
    """

    def __init__(self, floor: int, capacity: int, *, max_bytes: int) -> None:
        self.floor = self.top = floor
        self._capacity = capacity
        self._max_bytes = max_bytes
        self._ids: list[int] = []
        self._held: list[Outgoing] = []
        self.held_bytes = 0

    def extend(self, read: Sequence[Outgoing]) -> None:
        """Take the events read after ``top``: every one there is up to the last, ascending."""
        self.top = next_cursor(self.top, [outgoing.event.id for outgoing in read])
        self._ids.extend(outgoing.event.id for outgoing in read)
        self._held.extend(read)
        self.held_bytes += sum(outgoing.size for outgoing in read)
        # Let go in batches (down to the count, or half the bytes), so a busy log does not
        # shift the list on every read.
        over_count = len(self._held) >= 2 * self._capacity
        over_bytes = self.held_bytes > self._max_bytes
        if not (over_count or over_bytes):
            return
        keep_count = self._capacity if over_count else len(self._held)
        keep_bytes = self._max_bytes // 2 if over_bytes else self.held_bytes
        dropped = 0
        while dropped < len(self._held) and (
            len(self._held) - dropped > keep_count or self.held_bytes > keep_bytes
        ):
            self.held_bytes -= self._held[dropped].size
            dropped += 1
        if dropped:
            self.floor = self._ids[dropped - 1]
            del self._ids[:dropped], self._held[:dropped]

    def skip(self, ids: Sequence[int]) -> None:
        """Pass the events ``ids`` read after ``top`` without holding them (no stream is open
        to want them): every one held is let go, and a stream opened later reads what is older
        than ``top`` from the table."""
        self.top = self.floor = next_cursor(self.top, ids)
        self._ids.clear()
        self._held.clear()
        self.held_bytes = 0

    def after(
        self, cursor: int, filters: EventFilter, *, limit: int
    ) -> tuple[list[Outgoing], int] | None:
        """Up to ``limit`` matching events after ``cursor`` and the cursor past them (past
        every event looked at, matching or not); None when ``cursor`` is before ``floor``."""
        if cursor < self.floor:
            return None
        found: list[Outgoing] = []
        for index in range(bisect_right(self._ids, cursor), len(self._held)):
            outgoing = self._held[index]
            if filters.matches(outgoing.event):
                found.append(outgoing)
                if len(found) == limit:
                    return found, outgoing.event.id
        return found, max(cursor, self.top)


# Errors and their answers (docs/design.md §2).


class EventsExpired(DomainError):
    """The cursor points before what is kept: the client must reload its state."""

    def __init__(self, after: int, swept_through: int) -> None:
        super().__init__(
            f"Events up to {swept_through} are no longer kept (after={after}); "
            "reload the state and read from the latest event."
        )


ERRORS = declare_answers(
    {
        EventsExpired: (410, "events_expired"),
    }
)

"""Events: reading the log back, sweeping it, and waking open streams.

Features record their events as envelopes (kit/events.py) and the unit of work writes them
with each change (kit/db/outbox.py); this feature moves them and knows no feature.

The table is the truth. One ``EventWaiter`` per worker reads it as events commit (woken
by a LISTEN connection on PostgreSQL, polling on SQLite, while a stream is open or once a
follower asked it to: the catalogue's ready answers) and keeps the newest events in memory,
encoded once, for all of that worker's streams; a stream further behind than that reads the
table with its own cursor.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Protocol
from uuid import UUID

import orjson

from brigade.events.domain import (
    EventFilter,
    Outgoing,
    RecentEvents,
    StoredEvent,
    check_cursor,
    next_cursor,
)
from brigade.events.repository import EventRepository, listen_until_lost
from brigade.kit import metrics
from brigade.kit.clock import now
from brigade.kit.db.engine import Database, UnitOfWork

log = logging.getLogger("brigade.events")

SWEEP_EVERY_SECONDS = 3600
# Events a worker keeps in memory for its streams (a few MB of order JSON at most), and
# how many it reads from the log at a time.
RECENT_EVENTS_KEPT = 1000
RECENT_READ_BATCH = 500
# A catch-up page reads the log this many events at a time, up to its byte budget.
PAGE_READ_STEP = 50
# On PostgreSQL, at most one read of the log (and one wake-up of every stream) this often: a
# rush commits a few hundred times a second, and waking 200 streams for each commit cost the
# worker half its orders (bench/results-live.md); an idle room still sees a commit at once.
NOTIFIED_READS_APART_SECONDS = 0.05


# --- reading --------------------------------------------------------------------------------


def event_json(event: StoredEvent, data: str) -> bytes:
    """The event as the API, the stream and webhooks carry it, with ``data`` (one of its
    stored renderings: ``StoredEvent.data_for``)."""
    return orjson.dumps(
        {
            "id": event.id,
            "type": event.type,
            "at": _utc_z(event.at),
            "locationId": _text(event.location_id),
            "entityId": _text(event.entity_id),
            "orderId": _text(event.order_id),
            "data": orjson.Fragment(data),
        }
    )


def encoded(event: StoredEvent) -> Outgoing:
    """The event ready to send, in each of its renderings."""
    privileged = event.privileged_data
    return Outgoing(
        event,
        event_json(event, event.data),
        None if privileged is None else event_json(event, privileged),
    )


def bare(outgoing: Outgoing) -> Outgoing:
    """The event without its data (``{}``): what a guests' board gets (docs/design.md §20)."""
    event = dataclasses.replace(outgoing.event, data="{}", privileged_data=None)
    return Outgoing(event, event_json(event, event.data))


# How one reader gets each event (events/routes.py: by its role, or bare for a board).
View = Callable[[Outgoing], Outgoing]


def _text(value: UUID | None) -> str | None:
    # asyncpg reads its own UUID class, which orjson does not know.
    return None if value is None else str(value)


def _utc_z(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


async def read_events(
    uow: UnitOfWork,
    filters: EventFilter,
    view: View,
    *,
    after: int | None,
    limit: int,
    max_bytes: int,
) -> tuple[list[Outgoing], int]:
    """A catch-up page, each event as ``view`` shows it, and the cursor after it. No
    ``after``: from the oldest event kept.

    The page ends early once its events' JSON reaches ``max_bytes`` (it holds at least one
    event), and the cursor is the last id in it: the next page starts with what this one
    left out. The log is read in small steps, so memory follows the page, not ``limit``."""
    repository = EventRepository(await uow.connection())
    swept_through = await repository.swept_through()
    if after is None:
        after = swept_through
    check_cursor(after, swept_through)
    page: list[Outgoing] = []
    size = 0
    cursor = after
    while len(page) < limit and size < max_bytes:
        wanted = min(limit - len(page), PAGE_READ_STEP)
        found = await repository.after(cursor, filters, limit=wanted)
        for event in found:
            outgoing = view(encoded(event))
            if page and size + len(outgoing.json) > max_bytes:
                return page, cursor
            page.append(outgoing)
            size += len(outgoing.json)
            cursor = next_cursor(cursor, [event.id])
        if len(found) < wanted:
            break
    return page, cursor


async def latest_id(uow: UnitOfWork) -> int:
    """The newest event's id: load the state after reading it, then follow from it."""
    return await EventRepository(await uow.connection()).last_id()


async def start_cursor(uow: UnitOfWork, after: int | None) -> int:
    """Where a stream starts: after ``after`` if given (and still kept), else from now on."""
    repository = EventRepository(await uow.connection())
    if after is None:
        return await repository.last_id()
    check_cursor(after, await repository.swept_through())
    return after


async def next_for(
    uow: UnitOfWork, after: int, filters: EventFilter
) -> tuple[StoredEvent | None, int]:
    """The first event past ``after`` that ``filters`` match, if any, and the highest id
    written, read first: every id up to it has committed (ids come in commit order), so when
    none of them matches a reader may move its cursor past them all (a webhook's)."""
    repository = EventRepository(await uow.connection())
    last_id = await repository.last_id()
    found = await repository.after(after, filters, limit=1)
    return (found[0] if found else None), last_id


# A log kept as long as the events (the webhooks' delivery attempts): deletes, in the sweep's
# transaction, what is older than the moment it is given. Its feature hands it to the sweep
# (app.py), so this one imports none.
Sweep = Callable[[UnitOfWork, datetime], Awaitable[None]]


async def sweep_events(uow: UnitOfWork, *, retention_days: int, also: Sequence[Sweep] = ()) -> int:
    """Retention: delete events older than ``retention_days``, and what ``also`` sweeps as
    old; answers how many events went."""
    older_than = now() - timedelta(days=retention_days)
    for sweep in also:
        await sweep(uow, older_than)
    return await EventRepository(await uow.connection()).sweep(older_than)


async def keep_sweeping(
    database: Database, retention_days: int, stopping: asyncio.Event, *, also: Sequence[Sweep] = ()
) -> None:
    """Retention, in every worker: at start, then hourly. Workers sweeping at once only
    repeat each other's work; one statement per table, on an index."""
    while not stopping.is_set():
        try:
            async with database.unit_of_work(write=True) as uow:
                swept = await sweep_events(uow, retention_days=retention_days, also=also)
            if swept:
                log.info("retention: %d events older than %d days deleted", swept, retention_days)
        except Exception:
            log.exception("event retention sweep failed; retrying in an hour")
        await pause(stopping, SWEEP_EVERY_SECONDS)


async def pause(stopping: asyncio.Event, seconds: float) -> None:
    """Sleep ``seconds``, or less if ``stopping`` is set meanwhile."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stopping.wait(), timeout=seconds)


# --- following ------------------------------------------------------------------------------


class LogFollower(Protocol):
    """What else in the worker follows the log through the waiter (the catalogue's ready
    answers): told when the waiter follows from now on, when it lost the log (events may go
    unheard until it follows again), and of each event it reads."""

    def following(self) -> None: ...

    def lost(self) -> None: ...

    def heard(self, event_type: str, location_id: UUID | None) -> None: ...


class EventWaiter:
    """Per worker: reads what commits anywhere once, into ``RecentEvents`` shared by its
    open streams, and wakes them.

    A LISTEN connection tells it when to read on PostgreSQL; on SQLite it reads every
    ``poll_seconds``. Streams take ``changed()`` before looking, then wait on it: a
    wake-up between their look and their wait is never lost. The waiter runs while at
    least one stream is open, and from a follower's ``follow`` on until it closes.
    """

    def __init__(
        self, database: Database, database_url: str, poll_seconds: float, *, memory_bytes: int
    ) -> None:
        self._database = database
        self._database_url = database_url
        self._poll_seconds = poll_seconds
        self._memory_bytes = memory_bytes
        self._changed = asyncio.Event()
        self._streams = 0
        self._task: asyncio.Task[None] | None = None
        self._recent: RecentEvents | None = None
        self._followers: list[LogFollower] = []

    def changed(self) -> asyncio.Event:
        """Set at the next wake-up."""
        return self._changed

    def wake(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def recent(
        self, cursor: int, filters: EventFilter, *, limit: int
    ) -> tuple[list[Outgoing], int] | None:
        """What this worker holds after ``cursor`` (see ``RecentEvents.after``); None when
        the stream must read the table."""
        return None if self._recent is None else self._recent.after(cursor, filters, limit=limit)

    def _start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._watch(), name="brigade-event-waiter")

    def follow(self, follower: LogFollower) -> None:
        """Follow the log for ``follower`` from now until the waiter closes (the worker stops)."""
        self._followers.append(follower)
        self._start()

    @contextlib.asynccontextmanager
    async def subscribed(self) -> AsyncIterator[None]:
        self._streams += 1
        self._start()
        try:
            yield
        finally:
            self._streams -= 1
            if self._streams == 0 and not self._followers:
                await self.close()

    async def close(self) -> None:
        if self._task is not None:
            task, self._task = self._task, None
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._recent = None
        self._lost()
        self._followers.clear()

    def _lost(self) -> None:
        for follower in self._followers:
            follower.lost()

    async def _watch(self) -> None:
        while True:
            try:
                if self._recent is None:
                    async with self._database.unit_of_work(write=False) as uow:
                        floor = await EventRepository(await uow.connection()).last_id()
                    self._recent = RecentEvents(
                        floor, RECENT_EVENTS_KEPT, max_bytes=self._memory_bytes
                    )
                if self._database.dialect == "postgresql":
                    await self._listen(self._recent)
                else:
                    await self._poll(self._recent)
            except Exception:
                # A lost database: streams look again once it is back, then wait again.
                log.warning("event waiter lost its database; retrying", exc_info=True)
                self._lost()
                await asyncio.sleep(1)
                self.wake()
                continue
            # The LISTEN connection ended: commits meanwhile went unnotified.
            self._lost()

    async def _listen(self, recent: RecentEvents) -> None:
        committed = asyncio.Event()
        listener = asyncio.create_task(listen_until_lost(self._database_url, committed.set))
        listener.add_done_callback(lambda _listener: committed.set())
        try:
            while True:
                await committed.wait()
                committed.clear()
                if listener.done():
                    listener.result()  # raises what ended the LISTEN connection
                    return
                await self._read(recent)
                # The commits notified meanwhile are read together, after the rest.
                await asyncio.sleep(NOTIFIED_READS_APART_SECONDS)
        finally:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener

    async def _poll(self, recent: RecentEvents) -> None:
        while True:
            await self._read(recent)
            await asyncio.sleep(self._poll_seconds)

    async def _read(self, recent: RecentEvents) -> None:
        """Everything committed after what this worker holds, then a wake-up if any; then
        the followers know the waiter follows (whatever commits later, it reads next). With
        no stream open, only each event's type and location are read, for the followers, and
        none is kept."""
        while True:
            async with self._database.unit_of_work(write=False) as uow:
                repository = EventRepository(await uow.connection())
                if self._streams:
                    found = await repository.after(
                        recent.top, EventFilter(), limit=RECENT_READ_BATCH
                    )
                    headings = [(event.id, event.type, event.location_id) for event in found]
                else:
                    found = None
                    headings = await repository.headings_after(recent.top, limit=RECENT_READ_BATCH)
            if not headings:
                break
            for _, event_type, location_id in headings:
                for follower in self._followers:
                    follower.heard(event_type, location_id)
            if found is None:
                recent.skip([event_id for event_id, _, _ in headings])
            else:
                read_at = now()
                for event in found:
                    metrics.STREAM_LAG_SECONDS.observe((read_at - event.at).total_seconds())
                recent.extend([encoded(event) for event in found])
            # Also after a skip: a stream that opened during the read looks again.
            self.wake()
            if len(headings) < RECENT_READ_BATCH:
                break
        for follower in self._followers:
            follower.following()


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """Nothing happened for a while: the stream says so to keep proxies from closing it."""


async def follow(
    database: Database,
    waiter: EventWaiter,
    filters: EventFilter,
    *,
    after: int,
    heartbeat_seconds: float,
    lifetime_seconds: float,
    stopping: asyncio.Event,
    batch: int = 100,
) -> AsyncIterator[list[Outgoing] | Heartbeat]:
    """The matching events after ``after`` as they commit (from what the worker holds,
    or from the table when the stream is further behind), with a ``Heartbeat`` whenever
    nothing was sent for ``heartbeat_seconds``; ends when ``stopping`` is set or after
    ``lifetime_seconds`` (the client reconnects, perhaps to a less busy worker)."""
    loop = asyncio.get_running_loop()
    ends_at = loop.time() + lifetime_seconds
    last_sent = loop.time()
    async with waiter.subscribed():
        while not stopping.is_set():
            changed = waiter.changed()
            recent = waiter.recent(after, filters, limit=batch)
            if recent is None:
                async with database.unit_of_work(write=False) as uow:
                    repository = EventRepository(await uow.connection())
                    read = await repository.after(after, filters, limit=batch)
                found = [encoded(event) for event in read]
                after = next_cursor(after, [event.id for event in read])
            else:
                found, after = recent
            if found:
                yield found
                last_sent = loop.time()
                if len(found) == batch:
                    continue
            moment = loop.time()
            if moment >= ends_at:
                return
            if moment - last_sent >= heartbeat_seconds:
                yield Heartbeat()
                last_sent = moment
            wait = min(last_sent + heartbeat_seconds, ends_at) - moment
            await _first_set(changed, stopping, seconds=max(wait, 0))


async def _first_set(*events: asyncio.Event, seconds: float) -> None:
    """Wait until one of ``events`` is set, or ``seconds``."""
    waits = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()

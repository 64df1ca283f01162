"""Engines and the unit of work: the one place a transaction is committed.

SQLite (the embedded default) is driven through the standard ``sqlite3`` module
right in the event loop: a statement on a local file takes microseconds, less
than handing it to a thread and back (what an async SQLite driver does, and what
dominated the profile). Readers use a pool of connections with plain BEGIN (WAL
lets them run beside a writer); writers in a process take turns on an asyncio
lock, then take the file's write lock up front with BEGIN IMMEDIATE, so
concurrent writers queue instead of failing half-way. Writers in other processes
wait for it without blocking the loop: the writers' BEGIN IMMEDIATE fails at once
when another process (``serve --workers N``) holds the lock, and is tried again after
a short jittered ``asyncio.sleep`` until ``sqlite_busy_timeout_ms`` runs out.
PostgreSQL uses asyncpg on one pooled engine; services
lock the rows they change (SELECT ... FOR UPDATE). A unit of work waits for its pooled
connection at a first-come, first-served gate (``FairGate``): the pool's own queue lets a
newcomer take a connection just returned before the waiter woken for it runs, and that
waiter goes back to the end of the line, so under load some requests starved for seconds.

Repositories see one small async interface either way (``Connection`` below).
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from types import TracebackType
from typing import Any, Protocol, TypeVar

from sqlalchemy import Connection as SyncConnection
from sqlalchemy import Engine as SyncEngine
from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, CursorResult, Dialect, NestedTransaction, make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.sql import Executable
from sqlalchemy.util.typing import TupleAny

from brigade.kit.clock import now
from brigade.kit.db.connection import Connection, Parameters
from brigade.kit.db.outbox import PendingEvent, append
from brigade.kit.events import Envelope, Published
from brigade.kit.metrics import connections_in_use
from brigade.kit.questions import Question
from brigade.settings import Settings

T = TypeVar("T")

# How long a PostgreSQL unit of work waits for a connection before failing.
_POOL_TIMEOUT_S = 30

# Told, in the worker that committed them, of the events a transaction wrote, right after its
# COMMIT (the catalogue's ready answers: kit/http/ready_answers.py).
CommitListener = Callable[[Sequence[Envelope]], None]
# A feature's handler of another's domain event (a frozen record), run in the transaction of
# the change that raised it (``UnitOfWork.handle``; docs/design.md §2).
DomainEventHandler = Callable[["UnitOfWork", Any], Awaitable[None]]
# A feature's answer to a question of its data (kit/questions.py), in the asker's transaction.
Answerer = Callable[["UnitOfWork", Any], Awaitable[Any]]


class DomainEventHandlers:
    """Who handles each kind of domain event, and who answers each kind of question: what the
    features' ``listeners.py`` declare, subscribed once when the app starts. A feature raises
    an event, or asks, without knowing who hears it, so it imports none of its listeners."""

    def __init__(self) -> None:
        # The outbox is the kit's own listener, there from the start: a change's published
        # events are never lost for want of a subscription.
        self._by_kind: dict[type, list[DomainEventHandler]] = {Published: [publish]}
        self._answerers: dict[type, Answerer] = {}

    def subscribe(self, kind: type, handler: DomainEventHandler) -> None:
        self._by_kind.setdefault(kind, []).append(handler)

    def of(self, event: object) -> Sequence[DomainEventHandler]:
        return self._by_kind.get(type(event), ())

    def answer(self, kind: type[Question[Any]], answerer: Answerer) -> None:
        """``answerer`` answers every question of ``kind``: one feature's, one answer."""
        if kind in self._answerers:
            raise ValueError(f"{kind.__name__} is answered already")
        self._answerers[kind] = answerer

    def answerer(self, question: Question[Any]) -> Answerer:
        found = self._answerers.get(type(question))
        if found is None:
            raise LookupError(f"no feature answers {type(question).__name__}")
        return found


_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}


def async_url(database_url: str) -> URL:
    """Map the user-facing URL (sqlite:///..., postgresql://...) to its async driver."""
    url = make_url(database_url)
    backend = url.get_backend_name()
    if backend not in _ASYNC_DRIVERS:
        raise ValueError(f"unsupported database {backend!r}: use sqlite:/// or postgresql://")
    return url.set(drivername=_ASYNC_DRIVERS[backend])


# The waits between a writer's tries for the file's write lock (seconds): from the first,
# doubled each time up to the last, each drawn between half and all of it (two workers
# waiting for a third do not retry in step). A write holds the lock a millisecond or two and
# the other worker hands it on between its own writers: polled more sparsely (8 ms), a worker
# hardly ever found it free. A try that fails costs about 55 us.
_LOCK_RETRY_FIRST = 0.0001
_LOCK_RETRY_MAX = 0.001


def _configure_sqlite(
    engine: SyncEngine, *, busy_timeout_ms: int, begin: str, waits_in_loop: bool = False
) -> None:
    """``waits_in_loop``: the connections' busy handler is off once they are set up (the
    writers' BEGIN IMMEDIATE: ``_begin_writing`` retries it without blocking the loop)."""

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let us issue BEGIN ourselves; pysqlite's implicit transactions are unreliable.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        if waits_in_loop:
            # Once BEGIN IMMEDIATE holds the write lock nothing else of the transaction waits
            # on another connection: in WAL, statements and COMMIT never return SQLITE_BUSY
            # to the lock's holder, and the checkpoint COMMIT may run is PASSIVE (no wait).
            cursor.execute("PRAGMA busy_timeout=0")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        connection.exec_driver_sql(begin)


class _Transaction(Protocol):
    async def commit(self) -> None: ...

    async def rollback(self) -> None: ...


class _OpenConnection(Connection, Protocol):
    """A connection inside its transaction, as the unit of work drives it."""

    def begin_nested(self) -> Awaitable[_Transaction]: ...

    async def commit(self) -> None: ...

    async def rollback(self) -> None: ...

    async def close(self) -> None: ...


class _InLoopTransaction:
    def __init__(self, transaction: NestedTransaction) -> None:
        self._transaction = transaction

    async def commit(self) -> None:
        self._transaction.commit()

    async def rollback(self) -> None:
        self._transaction.rollback()


class _InLoopConnection:
    """A synchronous SQLite connection behind the async interface PostgreSQL's has."""

    def __init__(self, connection: SyncConnection) -> None:
        self._connection = connection

    @property
    def dialect(self) -> Dialect:
        return self._connection.dialect

    async def execute(
        self, statement: Executable, parameters: Parameters = None
    ) -> CursorResult[*TupleAny]:
        return self._connection.execute(statement, parameters)

    async def begin_nested(self) -> _InLoopTransaction:
        return _InLoopTransaction(self._connection.begin_nested())

    async def commit(self) -> None:
        self._connection.commit()

    async def rollback(self) -> None:
        self._connection.rollback()

    async def close(self) -> None:
        self._connection.close()


class FairGate:
    """At most ``capacity`` holders at once; the others are let in strictly in arrival order.

    A holder's release hands its place straight to the longest waiter, so a newcomer never
    overtakes the line (SQLAlchemy's async pool queue lets it: see the module's docstring).
    """

    def __init__(self, capacity: int, *, timeout: float) -> None:
        self._free = capacity
        self._timeout = timeout
        self._waiters: deque[asyncio.Future[None]] = deque()

    async def acquire(self) -> None:
        if self._free and not self._waiters:
            self._free -= 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            async with asyncio.timeout(self._timeout):
                await waiter
        except BaseException as failure:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed a place just as it gave up: the next one takes it
            elif waiter in self._waiters:
                self._waiters.remove(waiter)
            if isinstance(failure, TimeoutError):
                raise PoolTimeout(f"no connection free within {self._timeout:g} s") from None
            raise

    def release(self) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self._free += 1


# Engines whose Database has disposed them, by database and options, ready for the next one.
# An engine's compiled statements (and PostgreSQL's first-connect checks) then outlive one run
# of the app: a server runs it once, the tests thousands of times, and compiling every statement
# afresh was a third of a test. Only a disposed engine is handed on: it holds no connection, and
# asyncpg's connections belong to the event loop that opened them.
_IDLE_ENGINES: dict[tuple[str, ...], list[SyncEngine | AsyncEngine]] = {}


def _idle_engine(key: tuple[str, ...]) -> SyncEngine | AsyncEngine | None:
    idle = _IDLE_ENGINES.get(key)
    return idle.pop() if idle else None


def _sqlite_engine(
    url: URL, key: tuple[str, ...], *, busy_timeout_ms: int, write: bool
) -> SyncEngine:
    engine = _idle_engine(key)
    if isinstance(engine, SyncEngine):
        return engine
    # The pool never makes a caller wait (that would block the loop): writers already take
    # turns on the lock, and a spare reader costs one open().
    engine = create_engine(url, pool_size=8, max_overflow=-1)
    # Readers keep the blocking busy handler: in WAL a reader never waits for a writer, only
    # in rare moments (another connection recovering the WAL index).
    begin = "BEGIN IMMEDIATE" if write else "BEGIN"
    _configure_sqlite(engine, busy_timeout_ms=busy_timeout_ms, begin=begin, waits_in_loop=write)
    connections_in_use(engine)
    return engine


def _postgres_engine(database_url: str, key: tuple[str, ...], *, pool_size: int) -> AsyncEngine:
    engine = _idle_engine(key)
    if isinstance(engine, AsyncEngine):
        return engine
    # No overflow: past the pool, requests wait for a connection rather than open (and
    # TLS-negotiate) one that is thrown away on return. They wait at the gate, in turn; the
    # pool behind it always has a connection for whoever passes.
    engine = create_async_engine(
        async_url(database_url), pool_size=pool_size, max_overflow=0, pool_timeout=_POOL_TIMEOUT_S
    )
    connections_in_use(engine.sync_engine)
    return engine


class Database:
    def __init__(self, settings: Settings) -> None:
        url = make_url(settings.database_url)
        self.dialect = url.get_backend_name()
        self._sqlite: dict[bool, SyncEngine] = {}
        self._sqlite_writer = asyncio.Lock()
        self.commit_listeners: list[CommitListener] = []
        self.handlers = DomainEventHandlers()
        # Each engine's key among the idle ones, to hand it on once disposed.
        self._keys: dict[bool, tuple[str, ...]] = {}
        key: tuple[str, ...]
        if self.dialect == "sqlite":
            timeout = settings.sqlite_busy_timeout_ms
            self._sqlite_busy_timeout_s = timeout / 1000
            for write in (False, True):
                key = self._keys[write] = (settings.database_url, str(timeout), str(write))
                self._sqlite[write] = _sqlite_engine(url, key, busy_timeout_ms=timeout, write=write)
        else:
            key = self._keys[True] = (settings.database_url, str(settings.db_pool_size))
            self._postgres = _postgres_engine(
                settings.database_url, key, pool_size=settings.db_pool_size
            )
            self._gate = FairGate(settings.db_pool_size, timeout=_POOL_TIMEOUT_S)

    def unit_of_work(self, *, write: bool) -> UnitOfWork:
        uow: UnitOfWork
        if self.dialect == "sqlite":
            if write:
                uow = _SqliteUnitOfWork(
                    self._sqlite[True], self._sqlite_writer, self._sqlite_busy_timeout_s
                )
            else:
                uow = _SqliteUnitOfWork(self._sqlite[False], None)
        else:
            uow = _PostgresUnitOfWork(self._postgres, self._gate)
        uow.commit_listeners = self.commit_listeners
        uow.handlers = self.handlers
        return uow

    def engines(self) -> list[SyncEngine]:
        """The synchronous engines underneath (tests listen to their statements)."""
        if self.dialect == "sqlite":
            return list(self._sqlite.values())
        return [self._postgres.sync_engine]

    async def dispose(self) -> None:
        """Close every connection and hand the engines on to the next Database on this URL.
        Once: an engine handed on may already be another Database's."""
        keys, self._keys = self._keys, {}
        if not keys:
            return
        engines: dict[bool, SyncEngine | AsyncEngine] = {}
        for write, sqlite in self._sqlite.items():
            sqlite.dispose()
            engines[write] = sqlite
        if self.dialect != "sqlite":
            await self._postgres.dispose()
            engines[True] = self._postgres
        for write, key in keys.items():
            _IDLE_ENGINES.setdefault(key, []).append(engines[write])


class UnitOfWork(ABC):
    """One transaction, opened on first use, committed on a clean exit, rolled back otherwise.

    The events its repositories record are written in one statement right before its COMMIT
    (kit/db/outbox.py): committed with the change, or not at all. Work registered with
    ``before_commit`` runs in the transaction once the change is done, before those events are
    written; work registered with ``after_commit`` runs once the COMMIT is through.
    """

    def __init__(self) -> None:
        self._connection: _OpenConnection | None = None
        self._events: list[PendingEvent] = []
        self._before_commit: list[Callable[[], Awaitable[None]]] = []
        self._after_commit: list[Callable[[], object]] = []
        self.commit_listeners: Sequence[CommitListener] = ()
        self.handlers = DomainEventHandlers()

    @abstractmethod
    async def _open(self) -> _OpenConnection:
        """A connection with its transaction begun."""

    async def _closed(self) -> None:  # noqa: B027 (a hook: most units of work have nothing to do)
        """Called once the connection is closed (SQLite writers give up their turn)."""

    async def _open_once(self) -> _OpenConnection:
        if self._connection is None:
            self._connection = await self._open()
        return self._connection

    async def connection(self) -> Connection:
        return await self._open_once()

    def record(self, envelopes: Iterable[Envelope]) -> None:
        """Put a change's events in the outbox, stamped now: written only if the transaction
        commits. Repositories call it with what their domain recorded."""
        at = now()
        self._events.extend(PendingEvent(envelope, at) for envelope in envelopes)

    async def handle(self, event: object) -> None:
        """Run every handler subscribed to ``event``'s kind, in this transaction and in the
        order they were subscribed: what they change commits with the change that raised it,
        or not at all."""
        for handler in self.handlers.of(event):
            await handler(self, event)

    async def ask(self, question: Question[T]) -> T:
        """The answer of the feature whose data ``question`` asks about, in this transaction."""
        answer: T = await self.handlers.answerer(question)(self, question)
        return answer

    def before_commit(self, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` in this transaction when the change is done, right before the events are
        written and the COMMIT: what must see the change whole (the kitchen board shows a
        ticket as its check stands once every row of the change is written)."""
        self._before_commit.append(work)

    def after_commit(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` (quick, in memory) when this transaction commits, or attempts to:
        a COMMIT that failed may still have happened. Never after a rollback."""
        self._after_commit.append(callback)

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        """A nested transaction: undone alone if the block raises, kept otherwise."""
        nested = await (await self._open_once()).begin_nested()
        recorded_before, deferred_before = len(self._events), len(self._before_commit)
        try:
            yield
        except BaseException:
            await nested.rollback()
            # The undone changes' events, and the work they left for the end, go with them.
            del self._events[recorded_before:]
            del self._before_commit[deferred_before:]
            raise
        await nested.commit()

    async def __aenter__(self) -> UnitOfWork:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if exc_type is None:
            try:
                await self._finish_change()
            except BaseException:
                await self._end(failed=True)
                raise
        await self._end(failed=exc_type is not None)

    async def _finish_change(self) -> None:
        """The work left for the end of the change, in the order it was asked for (work it
        asks for in turn runs after it)."""
        done = 0
        while done < len(self._before_commit):
            await self._before_commit[done]()
            done += 1
        self._before_commit = []

    async def _end(self, *, failed: bool) -> None:
        self._before_commit = []
        pending, self._events = self._events, []
        committed, self._after_commit = self._after_commit, []
        if not failed and pending:
            await self.connection()
        connection, self._connection = self._connection, None
        if connection is None:
            _run_all([] if failed else committed)
            return
        try:
            if not failed:
                if pending:
                    # Last, right before COMMIT: every event the unit of work recorded, at once.
                    await append(connection, pending)
                await connection.commit()
                if pending:
                    written = [event.envelope for event in pending]
                    for listener in self.commit_listeners:
                        listener(written)
            else:
                await connection.rollback()
        finally:
            try:
                _run_all([] if failed else committed)
                await connection.close()
            finally:
                await self._closed()


async def publish(uow: UnitOfWork, published: Published) -> None:
    """The outbox, one more listener of a change: its events recorded, written at COMMIT."""
    uow.record(published.envelopes)


def _run_all(callbacks: list[Callable[[], object]]) -> None:
    for callback in callbacks:
        callback()


class _PostgresUnitOfWork(UnitOfWork):
    def __init__(self, engine: AsyncEngine, gate: FairGate) -> None:
        super().__init__()
        self._engine = engine
        self._gate = gate

    async def _open(self) -> _OpenConnection:
        await self._gate.acquire()
        try:
            connection = await self._engine.connect()
            try:
                await connection.begin()
            except BaseException:
                await connection.close()
                raise
        except BaseException:
            self._gate.release()
            raise
        return connection

    async def _closed(self) -> None:
        self._gate.release()


def _is_busy(error: OperationalError) -> bool:
    """SQLITE_BUSY (any extended code): another connection holds the lock asked for."""
    code = getattr(error.orig, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == sqlite3.SQLITE_BUSY


def _begin(engine: SyncEngine) -> SyncConnection:
    """A connection of ``engine`` with its transaction begun (by the engine's "begin" hook)."""
    connection = engine.connect()
    try:
        connection.begin()
    except BaseException:
        connection.close()
        raise
    return connection


async def _begin_writing(engine: SyncEngine, budget_s: float) -> SyncConnection:
    """BEGIN IMMEDIATE, tried again while another process holds the file's write lock.

    The writers' connections have no busy handler, so a try costs microseconds and never
    blocks the loop; between tries the loop serves everything else. Past ``budget_s`` the
    last try's error is raised: "database is locked", as the busy handler gave.
    """
    deadline = time.monotonic() + budget_s
    wait = _LOCK_RETRY_FIRST
    while True:
        try:
            return _begin(engine)
        except OperationalError as error:
            left = deadline - time.monotonic()
            if not _is_busy(error) or left <= 0:
                raise
        await asyncio.sleep(min(left, random.uniform(wait / 2, wait)))
        wait = min(wait * 2, _LOCK_RETRY_MAX)


class _SqliteUnitOfWork(UnitOfWork):
    def __init__(
        self, engine: SyncEngine, writer: asyncio.Lock | None, busy_timeout_s: float = 0
    ) -> None:
        super().__init__()
        self._engine = engine
        self._writer = writer
        self._busy_timeout_s = busy_timeout_s

    async def _open(self) -> _OpenConnection:
        if self._writer is None:
            return _InLoopConnection(_begin(self._engine))
        # Turns in this process first (FIFO), then the file's lock against other processes.
        await self._writer.acquire()
        try:
            connection = await _begin_writing(self._engine, self._busy_timeout_s)
        except BaseException:
            await self._closed()
            raise
        return _InLoopConnection(connection)

    async def _closed(self) -> None:
        if self._writer is not None:
            self._writer.release()

"""Engines and the unit of work: the one place a transaction is committed.

SQLite (the embedded default) is driven through the standard ``sqlite3`` module
right in the event loop: a statement on a local file takes microseconds, less
than handing it to a thread and back (what an async SQLite driver does, and what
dominated the profile). Readers use a pool of connections with plain BEGIN (WAL
lets them run beside a writer); writers in a process take turns on an asyncio
lock, then take the file's write lock up front with BEGIN IMMEDIATE, so
concurrent writers queue instead of failing half-way. Writers in other processes
wait on ``busy_timeout``. PostgreSQL uses asyncpg on one pooled engine; services
lock the rows they change (SELECT ... FOR UPDATE).

Repositories see one small async interface either way (``Connection`` below).
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from types import TracebackType
from typing import Any, Protocol

from sqlalchemy import Connection as SyncConnection
from sqlalchemy import Engine as SyncEngine
from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, CursorResult, Dialect, NestedTransaction, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.sql import Executable
from sqlalchemy.util.typing import TupleAny

from brigade.domain.events import PendingEvent
from brigade.metrics import connections_in_use
from brigade.settings import Settings

_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}


def async_url(database_url: str) -> URL:
    """Map the user-facing URL (sqlite:///..., postgresql://...) to its async driver."""
    url = make_url(database_url)
    backend = url.get_backend_name()
    if backend not in _ASYNC_DRIVERS:
        raise ValueError(f"unsupported database {backend!r}: use sqlite:/// or postgresql://")
    return url.set(drivername=_ASYNC_DRIVERS[backend])


# One row's parameters, or many (executemany).
Parameters = Mapping[str, Any] | Sequence[Mapping[str, Any]] | None


class Connection(Protocol):
    """What repositories use of a connection, the same on both databases."""

    @property
    def dialect(self) -> Dialect: ...

    async def execute(
        self, statement: Executable, parameters: Parameters = None
    ) -> CursorResult[*TupleAny]: ...


def _configure_sqlite(engine: SyncEngine, *, busy_timeout_ms: int, begin: str) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let us issue BEGIN ourselves; pysqlite's implicit transactions are unreliable.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
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


class Database:
    def __init__(self, settings: Settings) -> None:
        url = make_url(settings.database_url)
        self.dialect = url.get_backend_name()
        self._sqlite: dict[bool, SyncEngine] = {}
        self._sqlite_writer = asyncio.Lock()
        if self.dialect == "sqlite":
            timeout = settings.sqlite_busy_timeout_ms
            for write, begin in ((False, "BEGIN"), (True, "BEGIN IMMEDIATE")):
                # The pool never makes a caller wait (that would block the loop): writers
                # already take turns on the lock, and a spare reader costs one open().
                engine = create_engine(url, pool_size=8, max_overflow=-1)
                _configure_sqlite(engine, busy_timeout_ms=timeout, begin=begin)
                self._sqlite[write] = engine
        else:
            # No overflow: past the pool, requests wait for a connection rather than open
            # (and TLS-negotiate) one that is thrown away on return.
            self._postgres: AsyncEngine = create_async_engine(
                async_url(settings.database_url),
                pool_size=settings.db_pool_size,
                max_overflow=0,
                pool_timeout=30,
            )
        for engine in self.engines():
            connections_in_use(engine)

    def unit_of_work(self, *, write: bool) -> UnitOfWork:
        if self.dialect == "sqlite":
            return _SqliteUnitOfWork(self._sqlite[write], self._sqlite_writer if write else None)
        return _PostgresUnitOfWork(self._postgres)

    def engines(self) -> list[SyncEngine]:
        """The synchronous engines underneath (tests listen to their statements)."""
        if self.dialect == "sqlite":
            return list(self._sqlite.values())
        return [self._postgres.sync_engine]

    async def dispose(self) -> None:
        for engine in self._sqlite.values():
            engine.dispose()
        if self.dialect != "sqlite":
            await self._postgres.dispose()


class UnitOfWork(ABC):
    """One transaction, opened on first use, committed on a clean exit, rolled back otherwise.

    Events emitted during the transaction are written in one statement right before its
    COMMIT (db/events.py): committed with the change, or not at all. Work registered with
    ``after_commit`` runs once the COMMIT is through.
    """

    def __init__(self) -> None:
        self._connection: _OpenConnection | None = None
        self._events: list[PendingEvent] = []
        self._after_commit: list[Callable[[], object]] = []

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

    def emit(self, event: PendingEvent) -> None:
        """Record an event of this transaction; it is written only if the transaction commits."""
        self._events.append(event)

    def after_commit(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` (quick, in memory) when this transaction commits, or attempts to:
        a COMMIT that failed may still have happened. Never after a rollback."""
        self._after_commit.append(callback)

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        """A nested transaction: undone alone if the block raises, kept otherwise."""
        nested = await (await self._open_once()).begin_nested()
        emitted_before = len(self._events)
        try:
            yield
        except BaseException:
            await nested.rollback()
            # The undone changes' events go with them.
            del self._events[emitted_before:]
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
        # Imported here: the outbox's module builds on this one (its Connection, its queries).
        from brigade.db.events import append

        pending, self._events = self._events, []
        committed, self._after_commit = self._after_commit, []
        if exc_type is None and pending:
            await self.connection()
        connection, self._connection = self._connection, None
        if connection is None:
            _run_all(committed if exc_type is None else [])
            return
        try:
            if exc_type is None:
                if pending:
                    # Last, right before COMMIT: on PostgreSQL the log's lock is held briefly.
                    await append(connection, pending)
                await connection.commit()
            else:
                await connection.rollback()
        finally:
            _run_all(committed if exc_type is None else [])
            await connection.close()
            await self._closed()


def _run_all(callbacks: list[Callable[[], object]]) -> None:
    for callback in callbacks:
        callback()


class _PostgresUnitOfWork(UnitOfWork):
    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__()
        self._engine = engine

    async def _open(self) -> _OpenConnection:
        connection = await self._engine.connect()
        try:
            await connection.begin()
        except BaseException:
            await connection.close()
            raise
        return connection


class _SqliteUnitOfWork(UnitOfWork):
    def __init__(self, engine: SyncEngine, writer: asyncio.Lock | None) -> None:
        super().__init__()
        self._engine = engine
        self._writer = writer

    async def _open(self) -> _OpenConnection:
        if self._writer is not None:
            await self._writer.acquire()
        try:
            connection = self._engine.connect()
            try:
                connection.begin()
            except BaseException:
                connection.close()
                raise
        except BaseException:
            await self._closed()
            raise
        return _InLoopConnection(connection)

    async def _closed(self) -> None:
        if self._writer is not None:
            self._writer.release()

"""Engines and the unit of work: the one place a transaction is committed.

SQLite (the embedded default) gets two engines on the same file: readers on a
small pool with plain BEGIN (WAL lets them run beside a writer), and writers on
one connection per process that takes the write lock up front with BEGIN
IMMEDIATE, so concurrent writers queue instead of failing half-way. Writers in
other processes wait on ``busy_timeout``. PostgreSQL uses one pooled engine;
services lock the rows they change (SELECT ... FOR UPDATE).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import TracebackType
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from brigade.settings import Settings

_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}


def async_url(database_url: str) -> URL:
    """Map the user-facing URL (sqlite:///..., postgresql://...) to its async driver."""
    url = make_url(database_url)
    backend = url.get_backend_name()
    if backend not in _ASYNC_DRIVERS:
        raise ValueError(f"unsupported database {backend!r}: use sqlite:/// or postgresql://")
    return url.set(drivername=_ASYNC_DRIVERS[backend])


def _configure_sqlite(engine: AsyncEngine, *, busy_timeout_ms: int, begin: str) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let us issue BEGIN ourselves; pysqlite's implicit transactions are unreliable.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def on_begin(connection: Any) -> None:
        connection.exec_driver_sql(begin)


class Database:
    def __init__(self, settings: Settings) -> None:
        url = async_url(settings.database_url)
        self.dialect = url.get_backend_name()
        if self.dialect == "sqlite":
            self.read_engine = create_async_engine(url, pool_size=8, max_overflow=0)
            self.write_engine = create_async_engine(
                url, pool_size=1, max_overflow=0, pool_timeout=60
            )
            timeout = settings.sqlite_busy_timeout_ms
            _configure_sqlite(self.read_engine, busy_timeout_ms=timeout, begin="BEGIN")
            _configure_sqlite(self.write_engine, busy_timeout_ms=timeout, begin="BEGIN IMMEDIATE")
        else:
            self.write_engine = create_async_engine(
                url, pool_size=settings.db_pool_size, max_overflow=settings.db_pool_size
            )
            self.read_engine = self.write_engine

    def unit_of_work(self, *, write: bool) -> UnitOfWork:
        return UnitOfWork(self.write_engine if write else self.read_engine)

    async def dispose(self) -> None:
        await self.read_engine.dispose()
        if self.write_engine is not self.read_engine:
            await self.write_engine.dispose()


class UnitOfWork:
    """One transaction, opened on first use, committed on a clean exit, rolled back otherwise."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._connection: AsyncConnection | None = None

    async def connection(self) -> AsyncConnection:
        if self._connection is None:
            connection = await self._engine.connect()
            try:
                await connection.begin()
            except BaseException:
                await connection.close()
                raise
            self._connection = connection
        return self._connection

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        """A nested transaction: undone alone if the block raises, kept otherwise."""
        connection = await self.connection()
        nested = await connection.begin_nested()
        try:
            yield
        except BaseException:
            await nested.rollback()
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
        connection, self._connection = self._connection, None
        if connection is None:
            return
        try:
            if exc_type is None:
                await connection.commit()
            else:
                await connection.rollback()
        finally:
            await connection.close()

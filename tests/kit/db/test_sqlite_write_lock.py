"""SQLite: a writer waits for another process's write lock without blocking the event loop.

The other process is played by a plain ``sqlite3`` connection holding BEGIN IMMEDIATE on the
same file (SQLite's file lock is the same between connections as between processes). Runs on
its own SQLite file whatever --db-url says.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from brigade.kit.db.engine import Database
from brigade.settings import Settings


@contextmanager
def _locked(path: Path, busy_timeout_ms: int) -> Iterator[tuple[sqlite3.Connection, Database]]:
    """A file with a table of one row, its write lock held by another connection; and the
    Database on that file."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA journal_mode=WAL")
    other.execute("CREATE TABLE tally (n INTEGER NOT NULL)")
    other.execute("INSERT INTO tally VALUES (1)")
    other.execute("BEGIN IMMEDIATE")
    other.execute("UPDATE tally SET n = 2")  # not committed yet: readers still see 1
    settings = Settings(database_url=f"sqlite:///{path}", sqlite_busy_timeout_ms=busy_timeout_ms)
    database = Database(settings)
    try:
        yield other, database
    finally:
        other.close()
        asyncio.run(database.dispose())


async def _write(database: Database, n: int) -> None:
    async with database.unit_of_work(write=True) as uow:
        await (await uow.connection()).execute(text("UPDATE tally SET n = :n"), {"n": n})


async def _read(database: Database) -> int:
    async with database.unit_of_work(write=False) as uow:
        return int(
            (await (await uow.connection()).execute(text("SELECT n FROM tally"))).scalar_one()
        )


class _Ticks(list[None]):
    """The ticks of a task ticking on the loop; ``past_ten`` is set at the eleventh."""

    def __init__(self) -> None:
        super().__init__()
        self.past_ten = asyncio.Event()

    def tick(self) -> None:
        self.append(None)
        if len(self) > 10:
            self.past_ten.set()


def _write_beside_a_ticker(
    database: Database, n: int
) -> tuple[asyncio.Task[None], asyncio.Task[None], _Ticks]:
    """The write of ``n`` as a task, and a task ticking on the loop until it is done (a loop
    blocked inside the write ticks no more)."""
    writing = asyncio.create_task(_write(database, n))
    ticks = _Ticks()

    async def tick() -> None:
        while not writing.done():
            ticks.tick()
            await asyncio.sleep(0.001)

    return writing, asyncio.create_task(tick()), ticks


def test_a_write_waits_for_another_process_lock_while_the_loop_serves_reads(tmp_path: Path) -> None:
    async def scenario(other: sqlite3.Connection, database: Database) -> None:
        writing, ticking, ticks = _write_beside_a_ticker(database, 3)
        # Until the ticker has ticked ten times and more (a fixed 0.2 s counted 7 ticks on a
        # machine starved of CPU). A loop blocked by the waiting write never gets there: it
        # would stand still for the 30 s busy timeout, past this wait's 10 s.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ticks.past_ten.wait(), 10)
        # The write still waits for the lock, and meanwhile the loop runs the rest: a read
        # sees the last committed value, and the ticker went on.
        assert not writing.done()
        assert await _read(database) == 1
        assert not writing.done()
        assert len(ticks) > 10
        other.execute("COMMIT")
        await writing
        await ticking
        assert await _read(database) == 3

    with _locked(tmp_path / "locked.db", busy_timeout_ms=30_000) as (other, database):
        asyncio.run(scenario(other, database))


def test_writers_of_one_process_keep_their_turns_behind_the_other_process(tmp_path: Path) -> None:
    order: list[int] = []

    async def scenario(other: sqlite3.Connection, database: Database) -> None:
        async def write(n: int) -> None:
            await _write(database, n)
            order.append(n)

        writers = [asyncio.create_task(write(n)) for n in (10, 11, 12)]
        await asyncio.sleep(0.1)
        assert order == []
        other.execute("COMMIT")
        await asyncio.gather(*writers)
        assert order == [10, 11, 12]
        assert await _read(database) == 12

    with _locked(tmp_path / "turns.db", busy_timeout_ms=30_000) as (other, database):
        asyncio.run(scenario(other, database))


def test_a_lock_never_released_fails_the_write_as_before_and_frees_the_turn(tmp_path: Path) -> None:
    async def scenario(other: sqlite3.Connection, database: Database) -> None:
        writing, ticking, ticks = _write_beside_a_ticker(database, 3)
        with pytest.raises(OperationalError, match="database is locked"):
            await writing
        await ticking
        # The loop ran while the write waited its 0.3 s (blocked, it would have ticked once);
        # a starved machine ticks far fewer than the 300 it could.
        assert len(ticks) > 3
        assert await _read(database) == 1
        # The failed writer gave its turn back: once the lock is free, the next write passes.
        other.execute("ROLLBACK")
        await _write(database, 4)
        assert await _read(database) == 4

    with _locked(tmp_path / "stuck.db", busy_timeout_ms=300) as (other, database):
        asyncio.run(scenario(other, database))

"""`brigade journal verify` as a subprocess on a real database (a SQLite file, or a PostgreSQL
database): 10,000 entries verify, and a row changed and another deleted straight in the
database break the chain at the first of them (non-zero exit, naming the sequence)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import text

from brigade.journal import service as journal
from brigade.journal.domain import EntryKind, NewEntry
from brigade.kit.db.engine import Database
from brigade.settings import Settings
from throwaway_db import throwaway_database

ENTRIES = 10_000
# The verify itself is measured in bench/journal_verify.py (about 0.2 s for 10,000 entries);
# this bound covers the command's start (imports) on a busy machine too.
GENEROUS_SECONDS = 20


async def _in_one_transaction(url: str, statements: list[tuple[str, dict[str, object]]]) -> None:
    database = Database(Settings(database_url=url))
    try:
        async with database.unit_of_work(write=True) as uow:
            connection = await uow.connection()
            for statement, params in statements:
                await connection.execute(text(statement), params)
    finally:
        await database.dispose()


async def _seed(url: str, location: uuid.UUID) -> None:
    """10,000 sales through the journal's own writer, in one transaction."""
    database = Database(Settings(database_url=url))
    at = datetime.now(UTC)
    entries = [
        NewEntry(EntryKind.SALE, {"netSales": n, "taxes": [], "payments": []}, uuid.uuid4())
        for n in range(ENTRIES)
    ]
    try:
        async with database.unit_of_work(write=True) as uow:
            await journal.append(uow, location, entries, at)
    finally:
        await database.dispose()


def _verify(url: str, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("BRIGADE_")}
    environment["BRIGADE_DATABASE_URL"] = url
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "brigade", "journal", "verify", *args],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done, time.perf_counter() - started


@pytest.fixture
def seeded(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, uuid.UUID]]:
    option = request.config.getoption("--db-url")
    with throwaway_database(option, tmp_path) as url:
        location = uuid.uuid4()
        asyncio.run(_seed(url, location))
        yield url, location


def test_ten_thousand_entries_verify(seeded: tuple[str, uuid.UUID]) -> None:
    url, location = seeded
    done, seconds = _verify(url)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"location {location}: ok, {ENTRIES} entries" in done.stdout
    assert seconds < GENEROUS_SECONDS
    one, _ = _verify(url, "--location", str(location))
    assert one.returncode == 0, one.stdout + one.stderr


def test_a_changed_row_and_a_deleted_row_break_it_at_the_first(
    seeded: tuple[str, uuid.UUID],
) -> None:
    url, location = seeded
    changed = '{"netSales":1000000,"payments":[],"taxes":[]}'
    asyncio.run(
        _in_one_transaction(
            url,
            [
                (
                    "UPDATE journal_entries SET content = :content WHERE sequence = 4321",
                    {"content": changed},
                ),
                ("DELETE FROM journal_entries WHERE sequence = 8765", {}),
            ],
        )
    )
    done, _ = _verify(url)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"location {location}: BROKEN at sequence 4321" in done.stderr


def test_a_deleted_row_alone_breaks_it_there(seeded: tuple[str, uuid.UUID]) -> None:
    url, location = seeded
    asyncio.run(
        _in_one_transaction(url, [("DELETE FROM journal_entries WHERE sequence = 8765", {})])
    )
    done, _ = _verify(url, "--location", str(location))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "BROKEN at sequence 8765" in done.stderr

"""Throwaway databases for a test run: a SQLite file, or a fresh PostgreSQL database.

The Alembic chain runs once per process into a template; each database at head is a copy of
it (a file copy, or PostgreSQL's `CREATE DATABASE … TEMPLATE`). The migration tests ask for
another revision, or for ``fresh``, and get the chain run for them.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import tempfile
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

from sqlalchemy import Executable, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.schema import metadata

# Per process (an xdist worker): the option ("sqlite" or a server URL) -> its template at head,
# a SQLite file or a PostgreSQL database name.
_templates: dict[str, str] = {}
_templates_lock = threading.Lock()


async def _admin(server_url: str, statement: str) -> None:
    engine = create_async_engine(async_url(server_url), isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


def execute_on(url: str, *statements: Executable) -> None:
    """Run ``statements`` in one transaction on the database at ``url``: a migration test's
    rows, as an older revision wrote them."""

    async def run() -> None:
        engine = create_async_engine(async_url(url))
        try:
            async with engine.begin() as connection:
                for statement in statements:
                    await connection.execute(statement)
        finally:
            await engine.dispose()

    asyncio.run(run())


# Every table's rows, children before parents; on PostgreSQL sent as one script, one round trip
# (TRUNCATE of every table took ~0.4 s here, these deletes ~0.06 s one by one).
DELETE_ALL = "; ".join(f'DELETE FROM "{table.name}"' for table in reversed(metadata.sorted_tables))
# A server's background lanes (webhook deliveries, printing) may hold rows the emptying wants, in
# the other order: PostgreSQL then ends one of the two as a deadlock (40P01). A request still in
# flight from the test before may commit a parent and its child between the child's delete and
# the parent's (23503). Either way nothing was deleted: empty again.
EMPTYING_ATTEMPTS = 5
# Seconds times the attempt before trying again: the lane that won the race finishes its
# transaction first (tried at once, a busy webhook lane won five times in a row).
EMPTYING_PAUSE = 0.1
RACES_TO_RETRY = {"40P01", "23503"}


def emptying_raced(error: Exception) -> bool:
    """Whether an emptying failed on one of the races above, and is worth trying again."""
    return getattr(error, "sqlstate", None) in RACES_TO_RETRY


def empty_database(url: str) -> None:
    """Every row of the database at ``url`` deleted, while a server may be using it: what a
    database copied from the template holds (the migrations write no rows). Ids drawn stay drawn
    (SQLite's AUTOINCREMENT, PostgreSQL's sequences), as a server's event cursors need. Blocking,
    with an event loop of its own on PostgreSQL: call it where none runs."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        assert parsed.database is not None
        connection = sqlite3.connect(parsed.database, timeout=30, isolation_level=None)
        try:
            connection.executescript(f"BEGIN IMMEDIATE; {DELETE_ALL}; COMMIT")
        finally:
            connection.close()
        return
    for attempt in range(1, EMPTYING_ATTEMPTS + 1):
        try:
            asyncio.run(_execute_script(url, DELETE_ALL))
            return
        except Exception as error:
            if not emptying_raced(error) or attempt == EMPTYING_ATTEMPTS:
                raise
            time.sleep(EMPTYING_PAUSE * attempt)


async def _execute_script(url: str, script: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            raw = await connection.get_raw_connection()
            await raw.driver_connection.execute(script)  # type: ignore[union-attr]
    finally:
        await engine.dispose()


def _database_name(kind: str) -> str:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return f"brigade_{kind}_{worker}_{uuid.uuid4().hex[:8]}"


def _on_server(option: str, name: str) -> str:
    return make_url(option).set(database=name).render_as_string(hide_password=False)


def _template(option: str) -> str:
    with _templates_lock:
        if option not in _templates:
            if option == "sqlite":
                template = Path(tempfile.mkdtemp(prefix="brigade-template-")) / "brigade.db"
                upgrade(f"sqlite:///{template}")
                _templates[option] = str(template)
            else:
                name = _database_name("template")
                asyncio.run(_admin(option, f'CREATE DATABASE "{name}"'))
                _templates[option] = name
                upgrade(_on_server(option, name))
        return _templates[option]


def drop_templates() -> None:
    """At the end of a run: this process's templates."""
    with _templates_lock:
        for option, template in _templates.items():
            if option == "sqlite":
                shutil.rmtree(Path(template).parent, ignore_errors=True)
            else:
                asyncio.run(_admin(option, f'DROP DATABASE IF EXISTS "{template}" WITH (FORCE)'))
        _templates.clear()


@contextmanager
def throwaway_database(
    option: str, directory: Path, revision: str | None = "head", *, fresh: bool = False
) -> Iterator[str]:
    """A database migrated to ``revision`` that exists for the duration of the block;
    ``fresh``: migrated here by the Alembic chain, not copied from the template. ``revision``
    None: never migrated (PostgreSQL: a database with no tables; SQLite: no file yet)."""
    from_template = revision == "head" and not fresh
    if option == "sqlite":
        path = directory / "brigade.db"
        url = f"sqlite:///{path}"
        if from_template:
            shutil.copyfile(_template(option), path)
        elif revision is not None:
            upgrade(url, revision)
        yield url
        return
    name = _database_name("test")
    template = f' TEMPLATE "{_template(option)}"' if from_template else ""
    asyncio.run(_admin(option, f'CREATE DATABASE "{name}"{template}'))
    try:
        url = _on_server(option, name)
        if not from_template and revision is not None:
            upgrade(url, revision)
        yield url
    finally:
        asyncio.run(_admin(option, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@asynccontextmanager
async def connected(url: str) -> AsyncIterator[AsyncConnection]:
    """One transaction on ``url``, committed at the end: a migration test writes its rows as an
    earlier revision did, or reads what a migration left."""
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            yield connection
    finally:
        await engine.dispose()

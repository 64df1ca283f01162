"""Throwaway databases for a test run: a SQLite file, or a fresh PostgreSQL database."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.db.engine import async_url
from brigade.db.migrate import upgrade


async def _admin(server_url: str, statement: str) -> None:
    engine = create_async_engine(async_url(server_url), isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


@contextmanager
def throwaway_database(option: str, directory: Path, revision: str = "head") -> Iterator[str]:
    """A database migrated to ``revision`` that exists for the duration of the block."""
    if option == "sqlite":
        url = f"sqlite:///{directory / 'brigade.db'}"
        upgrade(url, revision)
        yield url
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    name = f"brigade_test_{worker}_{uuid.uuid4().hex[:8]}"
    asyncio.run(_admin(option, f'CREATE DATABASE "{name}"'))
    try:
        url = make_url(option).set(database=name).render_as_string(hide_password=False)
        upgrade(url, revision)
        yield url
    finally:
        asyncio.run(_admin(option, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

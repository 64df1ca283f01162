"""The Alembic migrations and kit/db/tables.py describe the same schema, on both databases.

A table, column, type, index, constraint or server default changed in one and not the
other would let a fresh database and a migrated one drift apart: no difference is allowed.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.kit.db.engine import async_url
from brigade.schema import metadata
from throwaway_db import throwaway_database


def _differences(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(
        connection, opts={"compare_type": True, "compare_server_default": True}
    )
    return list(compare_metadata(context, metadata))


async def _compare(database_url: str) -> list[Any]:
    engine = create_async_engine(async_url(database_url))
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(_differences)
    finally:
        await engine.dispose()


def test_a_freshly_migrated_database_matches_the_tables(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, fresh=True) as url:
        assert asyncio.run(_compare(url)) == []


def test_every_revision_id_fits_alembics_version_column() -> None:
    # alembic_version.version_num is VARCHAR(32): PostgreSQL refuses a longer id, SQLite not.
    versions = Path(__file__).resolve().parents[3] / "src" / "brigade" / "migrations" / "versions"
    revision = re.compile(r'^revision: str = "([^"]+)"', re.MULTILINE)
    ids = [
        found[1] for path in versions.glob("*.py") if (found := revision.search(path.read_text()))
    ]
    assert len(ids) == len(list(versions.glob("*.py")))
    assert not [rid for rid in ids if len(rid) > 32]

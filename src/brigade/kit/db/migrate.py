"""Run Alembic migrations from code (the CLI and the tests), and read where a database stands."""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


def alembic_config(database_url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["database_url"] = database_url
    return config


def upgrade(database_url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(database_url), revision)


def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config(""))


def head_revision() -> str:
    """The revision this code's migrations end at."""
    head = _scripts().get_current_head()
    assert head is not None, "the migrations have no head"
    return head


def is_known(revision: str) -> bool:
    """Whether ``revision`` is one of this code's migrations (a newer Brigade's is not)."""
    return any(script.revision == revision for script in _scripts().walk_revisions())


def sqlite_file(database_url: str) -> Path | None:
    """The file of a SQLite database (None: PostgreSQL, or SQLite in memory)."""
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return Path(url.database)


def current_revision(database_url: str) -> str | None:
    """The revision the database is at; None when it has none (empty, or a SQLite file that does
    not exist yet, which is not made by asking)."""
    file = sqlite_file(database_url)
    if file is not None and not file.exists():
        return None
    return asyncio.run(_current_revision(database_url))


def _revision_of(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


async def _current_revision(database_url: str) -> str | None:
    # Here, not at the top: `brigade --version` reads the head without the engine's imports.
    from brigade.kit.db.engine import async_url

    engine = create_async_engine(async_url(database_url), poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(_revision_of)
    finally:
        await engine.dispose()

"""Alembic environment: async engine, batch mode for SQLite, the naming of db/tables.py."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from brigade.kit.db.engine import async_url
from brigade.schema import metadata
from brigade.settings import get_settings

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_online(database_url: str) -> None:
    engine = create_async_engine(async_url(database_url), poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_run)
    finally:
        await engine.dispose()


database_url = config.attributes.get("database_url") or get_settings().database_url
if context.is_offline_mode():
    context.configure(url=database_url, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_run_online(database_url))

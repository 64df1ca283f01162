"""A Database hands its engines on once it is disposed (kit/db/engine.py): the next one on the
same URL keeps the statements they compiled, and never meets a connection of another's."""

from __future__ import annotations

import asyncio

from sqlalchemy import text

from brigade.kit.db.engine import Database
from brigade.settings import Settings


async def _one(database: Database) -> int:
    async with database.unit_of_work(write=False) as uow:
        return int((await (await uow.connection()).execute(text("SELECT 1"))).scalar_one())


def test_a_disposed_databases_engines_go_to_the_next_one_on_its_url(database_url: str) -> None:
    settings = Settings(database_url=database_url)
    first = Database(settings)
    assert asyncio.run(_one(first)) == 1
    asyncio.run(first.dispose())
    # Another event loop than the one the first connected on: its connections are all closed.
    second = Database(settings)
    assert second.engines() == first.engines()
    assert asyncio.run(_one(second)) == 1
    asyncio.run(second.dispose())


def test_two_live_databases_never_share_an_engine(database_url: str) -> None:
    settings = Settings(database_url=database_url)
    first, second = Database(settings), Database(settings)
    assert not set(map(id, first.engines())) & set(map(id, second.engines()))
    asyncio.run(first.dispose())
    asyncio.run(second.dispose())


def test_a_second_dispose_hands_nothing_on_twice(database_url: str) -> None:
    settings = Settings(database_url=database_url)
    first = Database(settings)
    asyncio.run(first.dispose())
    asyncio.run(first.dispose())
    taker, other = Database(settings), Database(settings)
    assert not set(map(id, taker.engines())) & set(map(id, other.engines()))
    asyncio.run(taker.dispose())
    asyncio.run(other.dispose())


def test_other_options_make_an_engine_of_their_own(database_url: str) -> None:
    first = Database(Settings(database_url=database_url))
    asyncio.run(first.dispose())
    other = Database(Settings(database_url=database_url, sqlite_busy_timeout_ms=1, db_pool_size=1))
    assert not set(map(id, first.engines())) & set(map(id, other.engines()))
    asyncio.run(other.dispose())

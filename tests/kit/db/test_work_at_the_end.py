"""Work put off to a change's end (``UnitOfWork.before_commit``) goes with a savepoint that is
undone, as the savepoint's events do (kit/db/engine.py; issue 52)."""

from __future__ import annotations

import asyncio

from brigade.kit.db.engine import Database
from brigade.settings import Settings


async def _change(database: Database, done: list[str]) -> None:
    async def kept() -> None:
        done.append("kept")

    async def undone() -> None:
        done.append("undone")

    async with database.unit_of_work(write=True) as uow:
        uow.before_commit(kept)
        try:
            async with uow.savepoint():
                uow.before_commit(undone)
                raise LookupError("this part is undone")
        except LookupError:
            pass


def test_a_savepoint_undone_takes_the_work_it_put_off_with_it(database_url: str) -> None:
    database = Database(Settings(database_url=database_url))
    done: list[str] = []
    try:
        asyncio.run(_change(database, done))
    finally:
        asyncio.run(database.dispose())
    assert done == ["kept"]

from __future__ import annotations

from sqlalchemy import text

from brigade.kit.db.engine import UnitOfWork


async def ping(uow: UnitOfWork) -> None:
    connection = await uow.connection()
    await connection.execute(text("SELECT 1"))

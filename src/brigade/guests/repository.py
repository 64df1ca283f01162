"""Every guest visit query (docs/design.md §28)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from sqlalchemy import Row, select

from brigade.guests.domain import Visit
from brigade.guests.tables import guest_visits
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import record_from_row, row_from_record


def _visit(row: Row[Any]) -> Visit:
    return record_from_row(Visit, row)


class VisitRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, visit: Visit) -> None:
        connection = await self._uow.connection()
        await connection.execute(guest_visits.insert().values(row_from_record(visit)))

    async def get(self, visit_id: UUID) -> Visit | None:
        connection = await self._uow.connection()
        row = (
            await connection.execute(select(guest_visits).where(guest_visits.c.id == visit_id))
        ).first()
        return None if row is None else _visit(row)

    async def save(self, visit: Visit) -> None:
        connection = await self._uow.connection()
        statement = guest_visits.update().where(guest_visits.c.id == visit.id)
        await connection.execute(statement.values(row_from_record(visit)))

"""Every guest visit query (docs/design.md §28)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import Row, select

from brigade.guests.domain import CallKind, GuestCall, Visit, call_event
from brigade.guests.tables import guest_calls, guest_visits
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


class CallRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, call: GuestCall) -> None:
        """The call and its event, for the terminals."""
        connection = await self._uow.connection()
        await connection.execute(
            guest_calls.insert().values(row_from_record(call, kind=call.kind.value))
        )
        self._uow.record([call_event(call)])

    async def last(self, visit_id: UUID, kind: CallKind) -> datetime | None:
        """When this visit last called for ``kind`` (its index's own order)."""
        connection = await self._uow.connection()
        c = guest_calls.c
        found = await connection.execute(
            select(c.at)
            .where(c.visit_id == visit_id, c.kind == kind.value)
            .order_by(c.at.desc())
            .limit(1)
        )
        last: datetime | None = found.scalar_one_or_none()
        return last

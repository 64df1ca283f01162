"""The X and Z reports' reads and writes: the open checks, and the Z reports stored whole."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import func, select

from brigade.dining.tables import dining_tables
from brigade.kit.db.engine import UnitOfWork
from brigade.orders.domain.states import OrderStatus
from brigade.orders.tables import orders
from brigade.reports.tables import z_reports

_OPEN = (OrderStatus.DRAFT.value, OrderStatus.OPEN.value)


@dataclass(frozen=True, slots=True)
class StoredZ:
    number: int
    journal_sequence: int
    closed_at: datetime
    snapshot: str


class ClosedDayRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def _rows(self, statement: Any) -> list[Any]:
        connection = await self._uow.connection()
        return list(await connection.execute(statement))

    async def open_checks(self, location_id: UUID) -> list[dict[str, object]]:
        """The location's DRAFT and OPEN orders: id, number and table (its name), oldest first."""
        rows = await self._rows(
            select(orders.c.id, orders.c.order_number, dining_tables.c.name)
            .select_from(orders.outerjoin(dining_tables, dining_tables.c.id == orders.c.table_id))
            .where(orders.c.location_id == location_id, orders.c.status.in_(_OPEN))
            .order_by(orders.c.order_number)
        )
        return [{"id": str(row[0]), "number": row[1], "table": row[2]} for row in rows]

    async def insert(self, location_id: UUID, z: StoredZ) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            z_reports.insert().values(
                location_id=location_id,
                number=z.number,
                journal_sequence=z.journal_sequence,
                closed_at=z.closed_at,
                snapshot=z.snapshot,
            )
        )

    async def last(self, location_id: UUID) -> StoredZ | None:
        found = await self.page(location_id, offset=0, limit=1)
        return found[0] if found else None

    async def get(self, location_id: UUID, number: int) -> StoredZ | None:
        rows = await self._rows(
            select(*_Z_COLUMNS).where(
                z_reports.c.location_id == location_id, z_reports.c.number == number
            )
        )
        return StoredZ(*rows[0]) if rows else None

    async def page(self, location_id: UUID, *, offset: int, limit: int) -> list[StoredZ]:
        """Newest first."""
        rows = await self._rows(
            select(*_Z_COLUMNS)
            .where(z_reports.c.location_id == location_id)
            .order_by(z_reports.c.number.desc())
            .offset(offset)
            .limit(limit)
        )
        return [StoredZ(*row) for row in rows]

    async def count(self, location_id: UUID) -> int:
        rows = await self._rows(select(func.count()).where(z_reports.c.location_id == location_id))
        return int(rows[0][0])


_Z_COLUMNS = (
    z_reports.c.number,
    z_reports.c.journal_sequence,
    z_reports.c.closed_at,
    z_reports.c.snapshot,
)

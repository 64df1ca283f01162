"""Every audit log query: entries are only ever inserted and read."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row

from brigade.db.engine import UnitOfWork
from brigade.db.rows import (
    fetch_page,
    location_in,
    location_out,
    record_from_row,
    row_from_record,
)
from brigade.db.tables import audit_log


@dataclass(frozen=True, slots=True)
class AuditEntry:
    id: UUID
    at: datetime
    location_id: UUID | None
    staff_id: UUID | None
    staff_name: str
    action: str
    entity_type: str
    entity_id: UUID
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str | None
    # The manager whose PIN approved the action on the spot (DESIGN §10), if any.
    approved_by_id: UUID | None = None
    approved_by_name: str | None = None


@dataclass(frozen=True, slots=True)
class AuditFilter:
    location_id: UUID | None = None
    action: str | None = None
    staff_id: UUID | None = None
    at_from: datetime | None = None  # inclusive
    at_before: datetime | None = None  # exclusive


def _to_entry(row: Row[Any]) -> AuditEntry:
    return record_from_row(AuditEntry, row, location_id=location_out(row.location_id))


class AuditRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, entry: AuditEntry) -> None:
        connection = await self._uow.connection()
        values = row_from_record(entry, location_id=location_in(entry.location_id))
        await connection.execute(audit_log.insert().values(values))

    async def list(
        self, filters: AuditFilter, *, page: int, limit: int
    ) -> tuple[list[AuditEntry], int]:
        """Newest first."""
        c = audit_log.c
        where: list[ColumnElement[bool]] = []
        if filters.location_id is not None:
            where.append(c.location_id == filters.location_id)
        if filters.action is not None:
            where.append(c.action == filters.action)
        if filters.staff_id is not None:
            where.append(c.staff_id == filters.staff_id)
        if filters.at_from is not None:
            where.append(c.at >= filters.at_from)
        if filters.at_before is not None:
            where.append(c.at < filters.at_before)
        connection = await self._uow.connection()
        rows, total = await fetch_page(
            connection, audit_log, where, (c.at.desc(), c.id.desc()), page=page, limit=limit
        )
        return [_to_entry(row) for row in rows], total

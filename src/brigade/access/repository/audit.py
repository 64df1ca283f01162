"""Every audit log query: entries are only ever inserted and read."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, Row

from brigade.access.domain.audit import AuditAction, AuditedEntity, AuditEntry, AuditFilter
from brigade.access.tables import audit_log
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import (
    fetch_page,
    location_in,
    location_out,
    record_from_row,
    row_from_record,
)


def _to_entry(row: Row[Any]) -> AuditEntry:
    return record_from_row(
        AuditEntry,
        row,
        location_id=location_out(row.location_id),
        action=AuditAction(row.action),
        entity_type=AuditedEntity(row.entity_type),
    )


class AuditRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, entry: AuditEntry) -> None:
        connection = await self._uow.connection()
        values = row_from_record(
            entry,
            location_id=location_in(entry.location_id),
            action=entry.action.value,
            entity_type=entry.entity_type.value,
        )
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
            where.append(c.action == filters.action.value)
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

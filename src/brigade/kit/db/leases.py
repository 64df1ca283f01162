"""Leases on rows that background work takes (print jobs, webhooks): a worker leases due rows
(PostgreSQL: FOR UPDATE SKIP LOCKED, so workers on any host never take the same one; SQLite
serializes writers), does the work, then writes the outcome only if its lease still holds. A
crashed worker's lease runs out and the row is taken again.

The table has an ``id`` and a ``lease_until`` column.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, Select, Table, update

from brigade.kit.db.connection import Connection


async def lease(
    connection: Connection, table: Table, due: Select[tuple[UUID]], *, until: datetime
) -> list[Row[Any]]:
    """Lease the rows whose ids ``due`` selects (with its order and limit) until ``until``;
    answers them whole, rows locked by another worker left out."""
    statement = (
        update(table)
        .where(table.c.id.in_(due.with_for_update(skip_locked=True).scalar_subquery()))
        .values(lease_until=until)
        .returning(*table.c)
    )
    return list(await connection.execute(statement))


async def settle(
    connection: Connection,
    table: Table,
    leased_id: UUID,
    lease_until: datetime | None,
    *still: ColumnElement[bool],
    **changes: Any,
) -> bool:
    """Write the outcome of a leased row (``changes``) and end its lease; False if the lease
    was lost (it ran out and another worker took the row, or the row is gone, or no longer
    ``still`` holds)."""
    statement = (
        update(table)
        .where(table.c.id == leased_id, table.c.lease_until == lease_until, *still)
        .values(lease_until=None, **changes)
    )
    return (await connection.execute(statement)).rowcount == 1

"""Every audit log query: entries are only ever inserted and read."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, Row, and_, func

from brigade.access.domain.audit import (
    AuditAction,
    AuditedEntity,
    AuditEntry,
    AuditFilter,
    NamedAuditEntry,
)
from brigade.access.tables import api_tokens, audit_log, devices, staff
from brigade.dining.tables import dining_tables
from brigade.kit.cursor import Cursor
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import (
    fetch_page,
    location_in,
    location_out,
    record_from_row,
    row_from_record,
    rows_before,
)
from brigade.orders.tables import order_items, orders, payments

# Built once: an audited change (a discount, a void) writes one entry.
_INSERT = audit_log.insert()


def _to_entry(row: Row[Any]) -> NamedAuditEntry:
    return record_from_row(
        NamedAuditEntry,
        row,
        location_id=location_out(row.location_id),
        action=AuditAction(row.action),
        entity_type=AuditedEntity(row.entity_type),
    )


def _about(entity: AuditedEntity) -> ColumnElement[bool]:
    return audit_log.c.entity_type == entity.value


_PERSON = staff.alias("person")
_entity_id = audit_log.c.entity_id
# Outer joins from each entry to what it concerns (the one read of access that names orders,
# allowed by pyproject.toml's contract): the order (itself, an item's or a
# payment's), that order's table, the person (a staff entry's, a token's holder), the device.
_NAMED = (
    audit_log.outerjoin(
        order_items, and_(_about(AuditedEntity.ORDER_ITEM), order_items.c.id == _entity_id)
    )
    .outerjoin(payments, and_(_about(AuditedEntity.PAYMENT), payments.c.id == _entity_id))
    .outerjoin(
        orders,
        and_(
            audit_log.c.entity_type.in_(
                [AuditedEntity.ORDER, AuditedEntity.ORDER_ITEM, AuditedEntity.PAYMENT]
            ),
            orders.c.id == func.coalesce(order_items.c.order_id, payments.c.order_id, _entity_id),
        ),
    )
    .outerjoin(dining_tables, dining_tables.c.id == orders.c.table_id)
    .outerjoin(api_tokens, and_(_about(AuditedEntity.TOKEN), api_tokens.c.id == _entity_id))
    .outerjoin(
        _PERSON,
        and_(
            audit_log.c.entity_type.in_([AuditedEntity.STAFF, AuditedEntity.TOKEN]),
            _PERSON.c.id == func.coalesce(api_tokens.c.staff_id, _entity_id),
        ),
    )
    .outerjoin(devices, and_(_about(AuditedEntity.DEVICE), devices.c.id == _entity_id))
)
_NAMES = (
    orders.c.id.label("order_id"),
    orders.c.order_number.label("order_number"),
    dining_tables.c.name.label("table_name"),
    _PERSON.c.name.label("person_name"),
    devices.c.name.label("device_name"),
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
        await connection.execute(_INSERT, values)

    async def list(
        self, filters: AuditFilter, *, page: int, limit: int, after: Cursor | None = None
    ) -> tuple[list[NamedAuditEntry], int]:
        """Newest first, each entry with the names of what it concerns: one read a page."""
        c = audit_log.c
        where: list[ColumnElement[bool]] = []
        if filters.location_id is not None:
            # Staff, tokens and PINs belong to no one location: every location's log shows them.
            where.append(c.location_id.in_([filters.location_id, location_in(None)]))
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
            connection,
            audit_log,
            where,
            (c.at.desc(), c.id.desc()),
            page=page,
            limit=limit,
            joined=(_NAMED, _NAMES),
            before=rows_before(after, c.at, c.id),
        )
        return [_to_entry(row) for row in rows], total

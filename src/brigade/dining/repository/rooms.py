"""Every location profile and dining table query, and the floor view's reads of the orders."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, select, update

from brigade.dining.domain.rooms import DiningTable, GuestOrdering, Location, SeatedOrder
from brigade.dining.tables import dining_tables, locations
from brigade.kit import money
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import (
    fetch_page,
    insert_or_update,
    location_reader,
    record_from_row,
    row_from_record,
)
from brigade.kit.languages import Language
from brigade.kit.money import TaxMode
from brigade.orders.domain.states import OrderStatus
from brigade.orders.tables import SEATED, orders


def _to_location(row: Row[Any]) -> Location:
    cents = row.cash_rounding_cents
    return record_from_row(
        Location,
        row,
        tax_mode=TaxMode(row.tax_mode),
        language=Language(row.language),
        guest_ordering=GuestOrdering(row.guest_ordering),
        cash_rounding=None if cents is None else money.from_cents(cents),
    )


def _location_row(location: Location) -> dict[str, Any]:
    step = location.cash_rounding
    return row_from_record(
        location,
        dropped=("cash_rounding",),
        tax_mode=location.tax_mode.value,
        cash_rounding_cents=None if step is None else money.to_cents(step),
    )


class LocationRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def upsert(self, location: Location) -> None:
        """Insert the profile, or replace every field but ``created_at``."""
        connection = await self._uow.connection()
        values = _location_row(location)
        changed = {
            name: value for name, value in values.items() if name not in ("id", "created_at")
        }
        statement = (
            insert_or_update(connection, locations)
            .values(values)
            .on_conflict_do_update(index_elements=[locations.c.id], set_=changed)
        )
        await connection.execute(statement)

    async def get(self, location_id: UUID, *, for_update: bool = False) -> Location | None:
        connection = await self._uow.connection()
        query = select(locations).where(locations.c.id == location_id)
        row = (await connection.execute(query.with_for_update() if for_update else query)).first()
        return None if row is None else _to_location(row)

    async def ids(self) -> list[UUID]:
        connection = await self._uow.connection()
        return list((await connection.execute(select(locations.c.id))).scalars())

    async def list(self, *, page: int, limit: int) -> tuple[list[Location], int]:
        connection = await self._uow.connection()
        by_name = (locations.c.name, locations.c.id)
        rows, total = await fetch_page(connection, locations, [], by_name, page=page, limit=limit)
        return [_to_location(row) for row in rows], total


_LIVE_TABLE = dining_tables.c.deleted_at.is_(None)


class DiningTableRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, table: DiningTable) -> None:
        connection = await self._uow.connection()
        await connection.execute(dining_tables.insert().values(row_from_record(table)))

    async def save(self, table: DiningTable) -> None:
        connection = await self._uow.connection()
        values = row_from_record(table)
        del values["id"], values["created_at"], values["location_id"]
        statement = update(dining_tables).where(dining_tables.c.id == table.id)
        await connection.execute(statement.values(values))

    async def delete(self, table_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        statement = update(dining_tables).where(dining_tables.c.id == table_id)
        await connection.execute(statement.values(deleted_at=at, updated_at=at))

    async def get(self, table_id: UUID, *, for_update: bool = False) -> DiningTable | None:
        """A live table."""
        connection = await self._uow.connection()
        query = select(dining_tables).where(dining_tables.c.id == table_id, _LIVE_TABLE)
        row = (await connection.execute(query.with_for_update() if for_update else query)).first()
        return None if row is None else _to_table(row)

    async def by_guest_code(self, guest_code: str) -> DiningTable | None:
        """The live table whose QR code says ``guest_code`` (its unique index)."""
        connection = await self._uow.connection()
        query = select(dining_tables).where(dining_tables.c.guest_code == guest_code, _LIVE_TABLE)
        row = (await connection.execute(query)).first()
        return None if row is None else _to_table(row)

    async def name_taken(
        self, location_id: UUID, name: str, *, other_than: UUID | None = None
    ) -> bool:
        connection = await self._uow.connection()
        c = dining_tables.c
        where = [c.location_id == location_id, c.name == name, _LIVE_TABLE]
        if other_than is not None:
            where.append(c.id != other_than)
        found = await connection.execute(select(c.id).where(*where).limit(1))
        return found.first() is not None

    async def list(
        self, location_id: UUID | None, *, page: int, limit: int
    ) -> tuple[list[DiningTable], int]:
        """Live tables by location, then name."""
        connection = await self._uow.connection()
        c = dining_tables.c
        where: list[ColumnElement[bool]] = [_LIVE_TABLE]
        if location_id is not None:
            where.append(c.location_id == location_id)
        order = (c.location_id, c.name, c.id)
        rows, total = await fetch_page(
            connection, dining_tables, where, order, page=page, limit=limit
        )
        return [_to_table(row) for row in rows], total

    async def names(self, table_ids: Collection[UUID]) -> dict[UUID, str]:
        """The name of each known table among ``table_ids`` (deleted ones too: an old order
        still says where it was), in one query; unknown ids are left out."""
        if not table_ids:
            return {}
        connection = await self._uow.connection()
        c = dining_tables.c
        rows = await connection.execute(select(c.id, c.name).where(c.id.in_(set(table_ids))))
        return {row.id: row.name for row in rows}


def _to_table(row: Row[Any]) -> DiningTable:
    return record_from_row(DiningTable, row)


class SeatedOrderRepository:
    """The DRAFT and OPEN orders at tables: read straight from ``orders`` for the floor view."""

    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def at_tables(self, table_ids: Collection[UUID]) -> dict[UUID, list[SeatedOrder]]:
        """Each table's seated orders, oldest first: one query for every table asked about."""
        if not table_ids:
            return {}
        connection = await self._uow.connection()
        c = orders.c
        query = (
            select(
                c.id,
                c.table_id,
                c.order_number,
                c.status,
                c.guest_count,
                c.customer_name,
                c.total_cents,
                c.paid_cents,
                c.created_at,
            )
            # The index's own predicate, written the same, so both databases use it.
            .where(c.table_id.in_(set(table_ids)), SEATED)
            .order_by(c.created_at, c.id)
        )
        seated: dict[UUID, list[SeatedOrder]] = {table_id: [] for table_id in table_ids}
        for row in await connection.execute(query):
            order = record_from_row(SeatedOrder, row, status=OrderStatus(row.status))
            seated[order.table_id].append(order)
        return seated


# Where a dining table is, for the location boundary (kit/http/located.py).
table_location = location_reader(dining_tables)

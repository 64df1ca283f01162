"""Every cash drawer, movement and shift query (docs/design.md §17)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, and_, or_, select

from brigade.dining.tables import locations
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import fetch_page, location_reader, record_from_row, row_from_record
from brigade.till.domain import (
    CashDrawer,
    Drawer,
    DrawerFilter,
    DrawerStatus,
    Movement,
    MovementType,
    Shift,
    ShiftFilter,
    TillEvents,
    shift_event,
)
from brigade.till.tables import cash_drawer_movements, cash_drawers, shifts


def _drawer(row: Row[Any]) -> CashDrawer:
    return record_from_row(CashDrawer, row, status=DrawerStatus(row.status))


def _movement(row: Row[Any]) -> Movement:
    return record_from_row(Movement, row, type=MovementType(row.type))


class DrawerRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def save(self, drawer: Drawer) -> None:
        """What the drawer's action changed (``Drawer.changes``): its row, new or closed, the
        movements it added, and the events it recorded."""
        changes = drawer.changes
        connection = await self._uow.connection()
        row = row_from_record(drawer.record, status=drawer.record.status.value)
        if changes.is_new:
            await connection.execute(cash_drawers.insert().values(row))
        elif changes.closed:
            statement = cash_drawers.update().where(cash_drawers.c.id == drawer.id)
            await connection.execute(statement.values(row))
        movements = MovementRepository(self._uow)
        for movement in changes.added_movements:
            await movements.insert(movement)
        self._uow.record(changes.events)

    async def get(self, drawer_id: UUID, *, for_update: bool = False) -> CashDrawer | None:
        connection = await self._uow.connection()
        statement = select(cash_drawers).where(cash_drawers.c.id == drawer_id)
        if for_update:
            statement = statement.with_for_update()
        row = (await connection.execute(statement)).first()
        return None if row is None else _drawer(row)

    async def open_at(self, location_id: UUID, *, for_update: bool = False) -> list[CashDrawer]:
        """The location's open drawers, oldest first."""
        connection = await self._uow.connection()
        statement = (
            select(cash_drawers)
            .where(
                cash_drawers.c.location_id == location_id,
                cash_drawers.c.status == DrawerStatus.OPEN.value,
            )
            .order_by(cash_drawers.c.opened_at, cash_drawers.c.id)
        )
        if for_update:
            statement = statement.with_for_update()
        return [_drawer(row) for row in await connection.execute(statement)]

    async def open_on_device(self, device_id: UUID) -> CashDrawer | None:
        connection = await self._uow.connection()
        statement = select(cash_drawers).where(
            cash_drawers.c.device_id == device_id,
            cash_drawers.c.status == DrawerStatus.OPEN.value,
        )
        row = (await connection.execute(statement)).first()
        return None if row is None else _drawer(row)

    async def page(
        self, filters: DrawerFilter, *, page: int, limit: int
    ) -> tuple[list[CashDrawer], int]:
        where: list[ColumnElement[bool]] = []
        if filters.location_id is not None:
            where.append(cash_drawers.c.location_id == filters.location_id)
        if filters.status is not None:
            where.append(cash_drawers.c.status == filters.status.value)
        if filters.end is not None:
            where.append(cash_drawers.c.opened_at < filters.end)
        if filters.start is not None:
            closed_at = cash_drawers.c.closed_at
            where.append(or_(closed_at.is_(None), closed_at > filters.start))
        connection = await self._uow.connection()
        rows, total = await fetch_page(
            connection,
            cash_drawers,
            where,
            [cash_drawers.c.opened_at.desc(), cash_drawers.c.id.desc()],
            page=page,
            limit=limit,
        )
        return [_drawer(row) for row in rows], total

    async def in_window(
        self, location_id: UUID, start: datetime, end: datetime
    ) -> list[CashDrawer]:
        """The location's drawers closed in [start, end), or opened before ``end`` and still
        open, oldest first."""
        connection = await self._uow.connection()
        statement = (
            select(cash_drawers)
            .where(
                cash_drawers.c.location_id == location_id,
                or_(
                    and_(cash_drawers.c.closed_at >= start, cash_drawers.c.closed_at < end),
                    and_(
                        cash_drawers.c.status == DrawerStatus.OPEN.value,
                        cash_drawers.c.opened_at < end,
                    ),
                ),
            )
            .order_by(cash_drawers.c.opened_at, cash_drawers.c.id)
        )
        return [_drawer(row) for row in await connection.execute(statement)]

    async def servers_open_drawers(self, location_id: UUID) -> bool:
        """The location's ``serversOpenDrawers`` (a location without a profile: yes)."""
        connection = await self._uow.connection()
        statement = select(locations.c.servers_open_drawers).where(locations.c.id == location_id)
        found = (await connection.execute(statement)).scalar_one_or_none()
        return True if found is None else bool(found)


class MovementRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, movement: Movement) -> None:
        connection = await self._uow.connection()
        row = row_from_record(movement, type=movement.type.value)
        await connection.execute(cash_drawer_movements.insert().values(row))

    async def of_drawers(self, drawer_ids: Sequence[UUID]) -> dict[UUID, list[Movement]]:
        """Each drawer's movements, oldest first (one statement)."""
        found: dict[UUID, list[Movement]] = {drawer_id: [] for drawer_id in drawer_ids}
        if not drawer_ids:
            return found
        connection = await self._uow.connection()
        statement = (
            select(cash_drawer_movements)
            .where(cash_drawer_movements.c.drawer_id.in_(list(drawer_ids)))
            .order_by(cash_drawer_movements.c.created_at, cash_drawer_movements.c.id)
        )
        for row in await connection.execute(statement):
            found[row.drawer_id].append(_movement(row))
        return found

    async def unassigned_in(
        self, location_id: UUID, start: datetime, end: datetime
    ) -> list[Movement]:
        """The location's cash sales and refunds that found no drawer, in [start, end)."""
        connection = await self._uow.connection()
        movements = cash_drawer_movements.c
        statement = select(cash_drawer_movements).where(
            movements.location_id == location_id,
            movements.drawer_id.is_(None),
            movements.created_at >= start,
            movements.created_at < end,
        )
        return [_movement(row) for row in await connection.execute(statement)]


class ShiftRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, shift: Shift) -> None:
        connection = await self._uow.connection()
        await connection.execute(shifts.insert().values(row_from_record(shift)))
        self._uow.record([shift_event(TillEvents.SHIFT_CLOCKED_IN, shift)])

    async def clock_out(self, shift: Shift) -> None:
        connection = await self._uow.connection()
        statement = shifts.update().where(shifts.c.id == shift.id)
        await connection.execute(statement.values(clocked_out_at=shift.clocked_out_at))
        self._uow.record([shift_event(TillEvents.SHIFT_CLOCKED_OUT, shift)])

    async def open_of(self, staff_id: UUID, *, for_update: bool = False) -> Shift | None:
        connection = await self._uow.connection()
        statement = select(shifts).where(
            shifts.c.staff_id == staff_id, shifts.c.clocked_out_at.is_(None)
        )
        if for_update:
            statement = statement.with_for_update()
        row = (await connection.execute(statement)).first()
        return None if row is None else record_from_row(Shift, row)

    @staticmethod
    def _where(filters: ShiftFilter) -> list[ColumnElement[bool]]:
        where: list[ColumnElement[bool]] = []
        if filters.location_id is not None:
            where.append(shifts.c.location_id == filters.location_id)
        if filters.staff_id is not None:
            where.append(shifts.c.staff_id == filters.staff_id)
        if filters.end is not None:
            where.append(shifts.c.clocked_in_at < filters.end)
        if filters.start is not None:
            where.append(
                or_(shifts.c.clocked_out_at.is_(None), shifts.c.clocked_out_at > filters.start)
            )
        return where

    async def page(self, filters: ShiftFilter, *, page: int, limit: int) -> tuple[list[Shift], int]:
        connection = await self._uow.connection()
        rows, total = await fetch_page(
            connection,
            shifts,
            self._where(filters),
            [shifts.c.clocked_in_at.desc(), shifts.c.id.desc()],
            page=page,
            limit=limit,
        )
        return [record_from_row(Shift, row) for row in rows], total

    async def all(self, filters: ShiftFilter) -> list[Shift]:
        connection = await self._uow.connection()
        statement = (
            select(shifts)
            .where(*self._where(filters))
            .order_by(shifts.c.clocked_in_at, shifts.c.id)
        )
        return [record_from_row(Shift, row) for row in await connection.execute(statement)]


# Where a cash drawer is, for the location boundary (kit/http/located.py).
drawer_location = location_reader(cash_drawers)

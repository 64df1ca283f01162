"""Every channel query (docs/design.md §29)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import Row, func, select

from brigade.channels.domain import (
    COUNTED,
    Channel,
    ChannelEvents,
    ChannelKind,
    IncomingLine,
    IncomingOrder,
    IncomingStatus,
    MenuChange,
    channel_event,
    incoming_event,
    menu_change_event,
)
from brigade.channels.tables import channel_orders, channels
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import location_reader, record_from_row, row_from_record
from brigade.orders.domain.states import OrderType

channel_location = location_reader(channels)
incoming_location = location_reader(channel_orders)


def _channel(row: Row[Any]) -> Channel:
    return record_from_row(Channel, row, kind=ChannelKind(row.kind))


def _incoming(row: Row[Any]) -> IncomingOrder:
    lines = tuple(
        IncomingLine(line["plu"], line["name"], line["quantity"], line["totalCents"], line["notes"])
        for line in row.lines
    )
    return record_from_row(
        IncomingOrder,
        row,
        order_type=OrderType(row.order_type),
        status=IncomingStatus(row.status),
        lines=lines,
        events=(),
    )


def _incoming_row(incoming: IncomingOrder) -> dict[str, Any]:
    lines = [
        {
            "plu": line.plu,
            "name": line.name,
            "quantity": line.quantity,
            "totalCents": line.total_cents,
            "notes": line.notes,
        }
        for line in incoming.lines
    ]
    return row_from_record(
        incoming,
        dropped=("events",),
        order_type=incoming.order_type.value,
        status=incoming.status.value,
        lines=lines,
    )


class ChannelRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, channel: Channel) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            channels.insert().values(row_from_record(channel, kind=channel.kind.value))
        )
        self._uow.record([channel_event(ChannelEvents.CHANNEL_CREATED, channel)])

    async def save(self, channel: Channel) -> None:
        connection = await self._uow.connection()
        row = row_from_record(channel, kind=channel.kind.value)
        await connection.execute(channels.update().where(channels.c.id == channel.id).values(row))
        self._uow.record([channel_event(ChannelEvents.CHANNEL_UPDATED, channel)])

    async def get(self, channel_id: UUID) -> Channel | None:
        connection = await self._uow.connection()
        row = (
            await connection.execute(select(channels).where(channels.c.id == channel_id))
        ).first()
        return None if row is None else _channel(row)

    async def by_slug(self, slug: str) -> Channel | None:
        connection = await self._uow.connection()
        row = (await connection.execute(select(channels).where(channels.c.slug == slug))).first()
        return None if row is None else _channel(row)

    async def slug_taken(self, slug: str) -> bool:
        return await self.by_slug(slug) is not None

    async def of_location(
        self, location_id: UUID | None, *, for_update: bool = False
    ) -> list[Channel]:
        """The location's channels, oldest first (every location's for None: a product shared
        by all); ``for_update`` holds them all: what one location's slots count is counted by
        one incoming order at a time."""
        connection = await self._uow.connection()
        statement = select(channels).order_by(channels.c.created_at, channels.c.id)
        if location_id is not None:
            statement = statement.where(channels.c.location_id == location_id)
        if for_update:
            statement = statement.with_for_update()
        return [_channel(row) for row in await connection.execute(statement)]

    def menu_changed(self, change: MenuChange) -> None:
        self._uow.record([menu_change_event(change)])


class IncomingRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, incoming: IncomingOrder) -> None:
        connection = await self._uow.connection()
        await connection.execute(channel_orders.insert().values(_incoming_row(incoming)))
        self._uow.record([incoming_event(ChannelEvents.CHANNEL_ORDER_RECEIVED, incoming)])

    async def save(self, incoming: IncomingOrder) -> None:
        """The order's new status, and the events its move recorded."""
        connection = await self._uow.connection()
        c = channel_orders.c
        await connection.execute(
            channel_orders.update()
            .where(c.id == incoming.id)
            .values(
                status=incoming.status.value, updated_at=incoming.updated_at, reason=incoming.reason
            )
        )
        self._uow.record(incoming.events)

    async def get(self, incoming_id: UUID, *, for_update: bool = False) -> IncomingOrder | None:
        connection = await self._uow.connection()
        statement = select(channel_orders).where(channel_orders.c.id == incoming_id)
        if for_update:
            statement = statement.with_for_update()
        row = (await connection.execute(statement)).first()
        return None if row is None else _incoming(row)

    async def of_channel(self, channel_id: UUID, channel_order_id: str) -> IncomingOrder | None:
        connection = await self._uow.connection()
        c = channel_orders.c
        statement = select(channel_orders).where(
            c.channel_id == channel_id, c.channel_order_id == channel_order_id
        )
        row = (await connection.execute(statement)).first()
        return None if row is None else _incoming(row)

    async def of_order(self, order_id: UUID, *, for_update: bool = False) -> IncomingOrder | None:
        connection = await self._uow.connection()
        statement = select(channel_orders).where(channel_orders.c.order_id == order_id)
        if for_update:
            statement = statement.with_for_update()
        row = (await connection.execute(statement)).first()
        return None if row is None else _incoming(row)

    async def in_slot(self, location_id: UUID, slot: datetime) -> int:
        """The location's orders in ``slot`` that will be made, from every channel."""
        connection = await self._uow.connection()
        c = channel_orders.c
        counted = await connection.execute(
            select(func.count())
            .select_from(channel_orders)
            .where(
                c.location_id == location_id,
                c.slot == slot,
                c.status.in_(sorted(status.value for status in COUNTED)),
            )
        )
        return int(counted.scalar_one())

    async def in_slots(
        self, location_id: UUID, first: datetime, last: datetime
    ) -> dict[datetime, int]:
        """The location's orders that will be made in each slot from ``first`` to ``last``."""
        connection = await self._uow.connection()
        c = channel_orders.c
        rows = await connection.execute(
            select(c.slot, func.count())
            .where(
                c.location_id == location_id,
                c.slot >= first,
                c.slot <= last,
                c.status.in_(sorted(status.value for status in COUNTED)),
            )
            .group_by(c.slot)
        )
        return {slot: count for slot, count in rows}

    async def of_location(
        self, location_id: UUID, statuses: frozenset[IncomingStatus]
    ) -> list[IncomingOrder]:
        """The location's orders in ``statuses``, by pickup time."""
        connection = await self._uow.connection()
        c = channel_orders.c
        rows = await connection.execute(
            select(channel_orders)
            .where(c.location_id == location_id, c.status.in_(sorted(s.value for s in statuses)))
            .order_by(c.pickup_at, c.id)
        )
        return [_incoming(row) for row in rows]

    async def overdue(self, at: datetime, *, limit: int, hold: bool = True) -> list[IncomingOrder]:
        """NEW orders whose window to accept closed before ``at``, oldest first; ``hold``: held
        (those another worker holds skipped)."""
        connection = await self._uow.connection()
        c = channel_orders.c
        statement = (
            select(channel_orders)
            .where(c.status == IncomingStatus.NEW.value, c.accept_by < at)
            .order_by(c.accept_by)
            .limit(limit)
        )
        if hold and connection.dialect.name == "postgresql":
            statement = statement.with_for_update(skip_locked=True)
        return [_incoming(row) for row in await connection.execute(statement)]

"""Every kitchen ticket query. A ticket is a snapshot of the items as they were sent."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from sqlalchemy import (
    JSON,
    BigInteger,
    ColumnElement,
    Integer,
    Row,
    String,
    Text,
    Uuid,
    and_,
    bindparam,
    delete,
    func,
    literal_column,
    or_,
    select,
    union_all,
    update,
)

from brigade.access.tables import devices
from brigade.catalogue.tables import categories, products
from brigade.dining.tables import dining_tables
from brigade.kit import money
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import (
    fetch_page,
    location_in,
    location_out,
    location_reader,
    record_from_row,
    row_from_record,
    typed_null,
)
from brigade.kit.db.types import UTCDateTime
from brigade.kitchen.domain import (
    BoardTicket,
    Kitchen,
    KitchenTicket,
    LiveItem,
    LivePart,
    Station,
    StationChanged,
    TicketFilter,
    TicketItem,
    TicketKind,
    TicketOrder,
    created_event,
    held_courses,
    moved_event,
    station_changed_event,
    station_moved_event,
)
from brigade.kitchen.tables import (
    kitchen_device_stations,
    kitchen_stations,
    kitchen_ticket_stations,
    kitchen_tickets,
)
from brigade.orders.domain.records import modifiers_from_json, modifiers_to_json
from brigade.orders.domain.states import ItemStatus, OrderStatus, OrderType
from brigade.orders.tables import order_items, orders


def _item_to_json(item: TicketItem) -> dict[str, Any]:
    return {
        "itemId": str(item.item_id),
        "productId": str(item.product_id),
        "name": item.name,
        # A string keeps a weighed quantity (1.25) exact in JSON.
        "quantity": str(item.quantity),
        "modifiers": modifiers_to_json(item.modifiers),
        "notes": item.notes,
        "seat": item.seat,
        "course": item.course,
    }


def _item_from_json(stored: Mapping[str, Any]) -> TicketItem:
    return TicketItem(
        item_id=UUID(stored["itemId"]),
        product_id=UUID(stored["productId"]),
        name=stored["name"],
        quantity=Decimal(stored["quantity"]),
        modifiers=modifiers_from_json(stored["modifiers"]),
        notes=stored["notes"],
        # Tickets from before seats and courses: no seat, course 1.
        seat=stored.get("seat"),
        course=stored.get("course", 1),
    )


def _to_ticket(row: Row[Any]) -> KitchenTicket:
    return record_from_row(
        KitchenTicket,
        row,
        location_id=location_out(row.location_id),
        items=tuple(_item_from_json(item) for item in row.items),
        kind=TicketKind(row.kind),
    )


_INSERT_TICKET = kitchen_tickets.insert()


# The board's reads of every send and bump, built once (their ids an expanding parameter).
_FIRST_SENT = (
    select(func.min(kitchen_tickets.c.created_at))
    .where(
        kitchen_tickets.c.order_id == orders.c.id,
        kitchen_tickets.c.kind == TicketKind.ORDER.value,
    )
    .scalar_subquery()
)
# The checks a ticket line's item and its parts are on (a split, a move or a merge took them).
_LINE_PARTS = or_(
    order_items.c.id.in_(bindparam("item_ids", expanding=True)),
    order_items.c.sent_as_id.in_(bindparam("item_ids", expanding=True)),
)
_PARTS_CHECKS = select(order_items.c.order_id).where(_LINE_PARTS)
# The board's reads of every send and bump in one (a round trip fewer while the order's row is
# locked): a row per PENDING item of the tickets' own checks and of each check their lines and
# the lines' parts are on now (``part`` 'order'; one with no course when it has none), and a
# row per ticket
# line's item and each part of it ('item', with its check, its line and its product's kitchen
# terms), each column the other part has not null.
_BOARD = union_all(
    select(
        literal_column("'order'").label("part"),
        orders.c.id,
        orders.c.status,
        orders.c.order_type,
        orders.c.opened_by_name,
        dining_tables.c.name.label("table_name"),
        orders.c.customer_name,
        orders.c.pickup_at,
        orders.c.fired_courses,
        order_items.c.course,
        _FIRST_SENT.label("first_sent_at"),
        orders.c.order_number,
        orders.c.table_id,
        typed_null(Uuid(), "order_id"),
        typed_null(Uuid(), "sent_as_id"),
        typed_null(BigInteger(), "quantity_units"),
        typed_null(Text(), "void_reason"),
        typed_null(Uuid(), "category_id"),
        typed_null(Integer(), "prep_seconds"),
        typed_null(UTCDateTime(), "rung_up_at"),
    )
    .select_from(
        orders.outerjoin(dining_tables, dining_tables.c.id == orders.c.table_id).outerjoin(
            order_items,
            and_(
                order_items.c.order_id == orders.c.id,
                order_items.c.status == ItemStatus.PENDING.value,
            ),
        )
    )
    .where(
        or_(
            orders.c.id.in_(bindparam("order_ids", expanding=True)),
            orders.c.id.in_(_PARTS_CHECKS),
        )
    ),
    select(
        literal_column("'item'"),
        order_items.c.id,
        order_items.c.status,
        typed_null(String(), "order_type"),
        typed_null(String(), "opened_by_name"),
        typed_null(String(), "table_name"),
        typed_null(String(), "customer_name"),
        typed_null(UTCDateTime(), "pickup_at"),
        typed_null(JSON(), "fired_courses"),
        typed_null(Integer(), "course"),
        typed_null(UTCDateTime(), "first_sent_at"),
        typed_null(Integer(), "order_number"),
        typed_null(Uuid(), "table_id"),
        order_items.c.order_id,
        order_items.c.sent_as_id,
        order_items.c.quantity_units,
        order_items.c.void_reason,
        products.c.category_id,
        products.c.prep_seconds,
        order_items.c.created_at,
    )
    .select_from(order_items.outerjoin(products, products.c.id == order_items.c.product_id))
    .where(_LINE_PARTS),
)


class KitchenRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, tickets: Sequence[KitchenTicket]) -> None:
        """Store new tickets, in one statement (none: no statement)."""
        if not tickets:
            return
        rows = [
            row_from_record(
                ticket,
                location_id=location_in(ticket.location_id),
                items=[_item_to_json(item) for item in ticket.items],
                kind=ticket.kind.value,
            )
            for ticket in tickets
        ]
        connection = await self._uow.connection()
        await connection.execute(_INSERT_TICKET, rows)

    async def get(self, ticket_id: UUID, *, for_update: bool = False) -> KitchenTicket | None:
        connection = await self._uow.connection()
        query = select(kitchen_tickets).where(kitchen_tickets.c.id == ticket_id)
        row = (await connection.execute(query.with_for_update() if for_update else query)).first()
        return None if row is None else _to_ticket(row)

    async def set_bumped(self, shown: BoardTicket) -> None:
        """Write the ticket's ``bumpedAt`` (None: recalled) and record its event, the ticket as
        the board shows it."""
        ticket = shown.ticket
        connection = await self._uow.connection()
        where = kitchen_tickets.c.id == ticket.id
        statement = update(kitchen_tickets).where(where).values(bumped_at=ticket.bumped_at)
        await connection.execute(statement)
        self._uow.record([moved_event(shown)])

    def shown_new(self, shown: Sequence[BoardTicket]) -> None:
        """Record the new tickets' events, each as the board shows it: once they and their
        order's items are written, since the board reads both."""
        self._uow.record(created_event(ticket) for ticket in shown)

    async def on_board(self, location_id: UUID, since: datetime, limit: int) -> list[KitchenTicket]:
        """The location's sends created after ``since`` and not bumped, oldest first."""
        query = (
            select(kitchen_tickets)
            .where(
                kitchen_tickets.c.location_id == location_in(location_id),
                kitchen_tickets.c.created_at > since,
                kitchen_tickets.c.kind == TicketKind.ORDER.value,
                kitchen_tickets.c.bumped_at.is_(None),
            )
            .order_by(kitchen_tickets.c.created_at, kitchen_tickets.c.id)
            .limit(limit)
        )
        connection = await self._uow.connection()
        return [_to_ticket(row) for row in await connection.execute(query)]

    async def recently_bumped(
        self, location_id: UUID, since: datetime, limit: int
    ) -> list[KitchenTicket]:
        """The tickets bumped last at the location (after ``since``), newest first."""
        query = (
            select(kitchen_tickets)
            .where(
                kitchen_tickets.c.location_id == location_in(location_id),
                kitchen_tickets.c.bumped_at > since,
            )
            .order_by(kitchen_tickets.c.bumped_at.desc(), kitchen_tickets.c.id.desc())
            .limit(limit)
        )
        connection = await self._uow.connection()
        return [_to_ticket(row) for row in await connection.execute(query)]

    async def bumped_of_order(self, order_id: UUID) -> list[KitchenTicket]:
        """The order's bumped sends, locked: an item made again takes its ticket back."""
        query = (
            select(kitchen_tickets)
            .where(
                kitchen_tickets.c.order_id == order_id,
                kitchen_tickets.c.kind == TicketKind.ORDER.value,
                kitchen_tickets.c.bumped_at.is_not(None),
            )
            .order_by(kitchen_tickets.c.created_at, kitchen_tickets.c.id)
            .with_for_update()
        )
        connection = await self._uow.connection()
        return [_to_ticket(row) for row in await connection.execute(query)]

    async def board(
        self, order_ids: Collection[UUID], item_ids: Collection[UUID]
    ) -> tuple[dict[UUID, tuple[TicketOrder, datetime | None]], dict[UUID, list[LivePart]]]:
        """In one read: each check the tickets (their ``order_ids``) and their lines
        (``item_ids``) are on now, with its type, status, number, table (its name, when the
        dining room knows it), server, customer and held courses, and when it was first sent
        to the kitchen; and each line's parts (the item itself, and any a split or a share
        made of it) as they are now, with their product's category and prep time."""
        if not order_ids and not item_ids:
            return {}, {}
        connection = await self._uow.connection()
        keys = {"order_ids": list(order_ids), "item_ids": list(item_ids)}
        rows = list(await connection.execute(_BOARD, keys))
        courses: dict[UUID, list[int]] = {}
        first_rows: dict[UUID, Row[Any]] = {}
        parts: dict[UUID, list[LivePart]] = {}
        for row in rows:
            if row.part == "item":
                line_id = row.sent_as_id or row.id
                live = LiveItem(
                    ItemStatus(row.status),
                    money.quantity_from_units(row.quantity_units),
                    row.void_reason,
                    row.category_id,
                    row.prep_seconds,
                    row.rung_up_at,
                )
                parts.setdefault(line_id, []).append(LivePart(row.id, line_id, row.order_id, live))
                continue
            first_rows.setdefault(row.id, row)
            courses.setdefault(row.id, [])
            if row.course is not None:
                courses[row.id].append(row.course)
        found = {
            order_id: (
                TicketOrder(
                    OrderType(row.order_type),
                    OrderStatus(row.status),
                    row.table_name,
                    row.opened_by_name,
                    row.customer_name,
                    held_courses(courses[order_id], row.fired_courses or ()),
                    id=order_id,
                    number=row.order_number,
                    table_id=row.table_id,
                    pickup_at=row.pickup_at,
                ),
                row.first_sent_at,
            )
            for order_id, row in first_rows.items()
        }
        # The line itself first, then its parts as they were made.
        for found_parts in parts.values():
            found_parts.sort(key=lambda part: (part.item_id != part.line_id, part.item_id))
        return found, parts

    async def list(
        self, filters: TicketFilter, *, page: int, limit: int
    ) -> tuple[list[KitchenTicket], int]:
        """Oldest first, so a kitchen screen polling with ``since`` reads them in order."""
        where: list[ColumnElement[bool]] = []
        if filters.location_id is not None:
            where.append(kitchen_tickets.c.location_id == filters.location_id)
        if filters.since is not None:
            where.append(kitchen_tickets.c.created_at > filters.since)
        connection = await self._uow.connection()
        oldest_first = (kitchen_tickets.c.created_at, kitchen_tickets.c.id)
        rows, total = await fetch_page(
            connection, kitchen_tickets, where, oldest_first, page=page, limit=limit
        )
        return [_to_ticket(row) for row in rows], total


# --- stations (docs/design.md §19) ----------------------------------------------------------


def _to_station(row: Row[Any]) -> Station:
    return record_from_row(
        Station, row, category_ids=tuple(UUID(category) for category in row.category_ids)
    )


def _station_row(station: Station) -> dict[str, Any]:
    return row_from_record(station, category_ids=[str(c) for c in station.category_ids])


_BY_NAME = (kitchen_stations.c.name, kitchen_stations.c.id)


class StationRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, station: Station) -> None:
        connection = await self._uow.connection()
        await connection.execute(kitchen_stations.insert().values(**_station_row(station)))

    async def save(self, station: Station) -> None:
        connection = await self._uow.connection()
        where = kitchen_stations.c.id == station.id
        values = _station_row(station)
        await connection.execute(update(kitchen_stations).where(where).values(**values))

    async def delete(self, station_id: UUID) -> None:
        """The station, which displays show it and its bumps (a ticket's other parts stay)."""
        connection = await self._uow.connection()
        for table in (kitchen_device_stations, kitchen_ticket_stations):
            await connection.execute(delete(table).where(table.c.station_id == station_id))
        await connection.execute(
            delete(kitchen_stations).where(kitchen_stations.c.id == station_id)
        )

    async def get(self, station_id: UUID, *, for_update: bool = False) -> Station | None:
        query = select(kitchen_stations).where(kitchen_stations.c.id == station_id)
        connection = await self._uow.connection()
        row = (await connection.execute(query.with_for_update() if for_update else query)).first()
        return None if row is None else _to_station(row)

    async def of_locations(self, location_ids: Collection[UUID]) -> dict[UUID, list[Station]]:
        """Each location's stations by name (none: an empty list)."""
        found: dict[UUID, list[Station]] = {location: [] for location in location_ids}
        if not location_ids:
            return found
        query = (
            select(kitchen_stations)
            .where(kitchen_stations.c.location_id.in_(location_ids))
            .order_by(*_BY_NAME)
        )
        connection = await self._uow.connection()
        for row in await connection.execute(query):
            found[row.location_id].append(_to_station(row))
        return found

    async def live_categories(self, location_id: UUID) -> dict[UUID, UUID | None]:
        """The location's live categories and each one's parent."""
        query = select(categories.c.id, categories.c.parent_id).where(
            categories.c.location_id == location_id, categories.c.deleted_at.is_(None)
        )
        connection = await self._uow.connection()
        return {category: parent for category, parent in await connection.execute(query)}

    async def kitchen(self, location_ids: Collection[UUID]) -> dict[UUID, Kitchen]:
        """Each location's stations and, when one names categories, their parents."""
        found = await self.of_locations(location_ids)
        kitchens = {}
        for location_id, stations in found.items():
            named = any(station.category_ids for station in stations)
            parents = await self.live_categories(location_id) if named else {}
            kitchens[location_id] = Kitchen(tuple(stations), parents)
        return kitchens

    async def station_of_device(self, device_id: UUID) -> Station | None:
        query = select(kitchen_stations).select_from(
            kitchen_device_stations.join(
                kitchen_stations, kitchen_stations.c.id == kitchen_device_stations.c.station_id
            )
        )
        connection = await self._uow.connection()
        row = (
            await connection.execute(query.where(kitchen_device_stations.c.device_id == device_id))
        ).first()
        return None if row is None else _to_station(row)

    async def kitchen_display(self, device_id: UUID) -> tuple[str, UUID] | None:
        """A live device's kind and location, if there is one."""
        query = select(devices.c.kind, devices.c.location_id).where(
            devices.c.id == device_id, devices.c.revoked_at.is_(None)
        )
        connection = await self._uow.connection()
        row = (await connection.execute(query)).first()
        return None if row is None else (row.kind, row.location_id)

    async def set_device_station(self, device_id: UUID, station_id: UUID | None) -> None:
        connection = await self._uow.connection()
        where = kitchen_device_stations.c.device_id == device_id
        await connection.execute(delete(kitchen_device_stations).where(where))
        if station_id is not None:
            row = {"device_id": device_id, "station_id": station_id}
            await connection.execute(kitchen_device_stations.insert().values(**row))

    async def changed(self, station: Station, *, deleted: bool = False) -> None:
        """Record ``kitchen_station.changed``: the station with the displays showing it now."""
        devices = await self.device_stations(station.location_id)
        shown_by = tuple(sorted(device for device, of in devices.items() if of == station.id))
        self._uow.record([station_changed_event(StationChanged(station, shown_by, deleted))])

    async def device_stations(self, location_id: UUID) -> dict[UUID, UUID]:
        """Each device (of the location's stations) and its station."""
        query = (
            select(kitchen_device_stations.c.device_id, kitchen_device_stations.c.station_id)
            .select_from(
                kitchen_device_stations.join(
                    kitchen_stations,
                    kitchen_stations.c.id == kitchen_device_stations.c.station_id,
                )
            )
            .where(kitchen_stations.c.location_id == location_id)
        )
        connection = await self._uow.connection()
        return {device: station for device, station in await connection.execute(query)}

    async def bumps(self, ticket_ids: Collection[UUID]) -> dict[UUID, dict[UUID, datetime]]:
        """Each ticket's bumped parts: station id, when."""
        if not ticket_ids:
            return {}
        table = kitchen_ticket_stations
        query = select(table.c.ticket_id, table.c.station_id, table.c.bumped_at).where(
            table.c.ticket_id.in_(ticket_ids)
        )
        connection = await self._uow.connection()
        found: dict[UUID, dict[UUID, datetime]] = {}
        for ticket_id, station_id, at in await connection.execute(query):
            found.setdefault(ticket_id, {})[station_id] = at
        return found

    async def set_part_bumped(self, shown: BoardTicket, station_id: UUID) -> None:
        """Write the station's bump of its part (None: recalled) and record its event."""
        table = kitchen_ticket_stations
        ticket = shown.ticket
        part = shown.part(station_id)
        connection = await self._uow.connection()
        where = (table.c.ticket_id == ticket.id) & (table.c.station_id == station_id)
        await connection.execute(delete(table).where(where))
        if part is not None and part.bumped_at is not None:
            row = {
                "ticket_id": ticket.id,
                "station_id": station_id,
                "location_id": location_in(ticket.location_id),
                "bumped_at": part.bumped_at,
            }
            await connection.execute(table.insert().values(**row))
        self._uow.record([station_moved_event(shown, station_id)])

    async def clear_parts(self, ticket_id: UUID) -> None:
        """Every station's bump of the ticket (the whole ticket recalled)."""
        table = kitchen_ticket_stations
        connection = await self._uow.connection()
        await connection.execute(delete(table).where(table.c.ticket_id == ticket_id))

    async def on_board(
        self,
        station_id: UUID,
        since: datetime,
        limit: int,
        after: KitchenTicket | None = None,
    ) -> list[KitchenTicket]:
        """The station's location's open sends (see ``KitchenRepository.on_board``) that the
        station has not bumped, oldest first (those after ``after``: the next batch); whether it
        has a part of each is the domain's to tell."""
        bumped = select(kitchen_ticket_stations.c.ticket_id).where(
            kitchen_ticket_stations.c.station_id == station_id
        )
        station_location = select(kitchen_stations.c.location_id).where(
            kitchen_stations.c.id == station_id
        )
        query = (
            select(kitchen_tickets)
            .where(
                kitchen_tickets.c.location_id == station_location.scalar_subquery(),
                kitchen_tickets.c.created_at > since,
                kitchen_tickets.c.kind == TicketKind.ORDER.value,
                kitchen_tickets.c.bumped_at.is_(None),
                kitchen_tickets.c.id.not_in(bumped),
            )
            .order_by(kitchen_tickets.c.created_at, kitchen_tickets.c.id)
            .limit(limit)
        )
        if after is not None:
            created_at, ticket_id = kitchen_tickets.c.created_at, kitchen_tickets.c.id
            query = query.where(
                or_(
                    created_at > after.created_at,
                    and_(created_at == after.created_at, ticket_id > after.id),
                )
            )
        connection = await self._uow.connection()
        return [_to_ticket(row) for row in await connection.execute(query)]

    async def recently_bumped(
        self, station_id: UUID, since: datetime, limit: int
    ) -> list[KitchenTicket]:
        """The tickets the station bumped its part of last (after ``since``), newest first."""
        table = kitchen_ticket_stations
        query = (
            select(kitchen_tickets)
            .select_from(kitchen_tickets.join(table, table.c.ticket_id == kitchen_tickets.c.id))
            .where(table.c.station_id == station_id, table.c.bumped_at > since)
            .order_by(table.c.bumped_at.desc(), kitchen_tickets.c.id.desc())
            .limit(limit)
        )
        connection = await self._uow.connection()
        return [_to_ticket(row) for row in await connection.execute(query)]


# Where a kitchen ticket is, for the location boundary (kit/http/located.py).
ticket_location = location_reader(kitchen_tickets)


# Where a kitchen station is, for the location boundary (kit/http/located.py).
station_location = location_reader(kitchen_stations)

"""Every kitchen ticket query. A ticket is a snapshot of the items as they were sent."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, func, select, update

from brigade.catalogue.tables import products
from brigade.dining.tables import dining_tables
from brigade.kit import money
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import (
    fetch_page,
    location_in,
    location_out,
    record_from_row,
    row_from_record,
)
from brigade.kitchen.domain import (
    BoardTicket,
    KitchenTicket,
    LiveItem,
    TicketFilter,
    TicketItem,
    TicketKind,
    TicketOrder,
    created_event,
    moved_event,
)
from brigade.kitchen.tables import kitchen_tickets
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

    async def ticket_orders(self, order_ids: Collection[UUID]) -> dict[UUID, TicketOrder]:
        """Each order's type, status, table name (a known table's), server and customer."""
        if not order_ids:
            return {}
        query = select(
            orders.c.id,
            orders.c.order_type,
            orders.c.status,
            orders.c.opened_by_name,
            dining_tables.c.name,
            orders.c.customer_name,
        ).select_from(orders.outerjoin(dining_tables, dining_tables.c.id == orders.c.table_id))
        connection = await self._uow.connection()
        rows = await connection.execute(query.where(orders.c.id.in_(order_ids)))
        return {
            order_id: TicketOrder(OrderType(kind), OrderStatus(status), table, server, customer)
            for order_id, kind, status, server, table, customer in rows
        }

    async def live_items(self, item_ids: Collection[UUID]) -> dict[UUID, LiveItem]:
        """Each item's status and quantity now, and its product's category."""
        if not item_ids:
            return {}
        query = select(
            order_items.c.id,
            order_items.c.status,
            order_items.c.quantity_units,
            order_items.c.void_reason,
            products.c.category_id,
        ).select_from(order_items.outerjoin(products, products.c.id == order_items.c.product_id))
        connection = await self._uow.connection()
        rows = await connection.execute(query.where(order_items.c.id.in_(item_ids)))
        return {
            item_id: LiveItem(
                ItemStatus(status), money.quantity_from_units(units), void_reason, category_id
            )
            for item_id, status, units, void_reason, category_id in rows
        }

    async def first_sends(self, order_ids: Collection[UUID]) -> dict[UUID, datetime]:
        """When each order was first sent to the kitchen."""
        if not order_ids:
            return {}
        first = func.min(kitchen_tickets.c.created_at)
        query = (
            select(kitchen_tickets.c.order_id, first)
            .where(
                kitchen_tickets.c.order_id.in_(order_ids),
                kitchen_tickets.c.kind == TicketKind.ORDER.value,
            )
            .group_by(kitchen_tickets.c.order_id)
        )
        connection = await self._uow.connection()
        return {order_id: at for order_id, at in await connection.execute(query)}

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

"""Every kitchen ticket query. A ticket is a snapshot of the items as they were sent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, select

from brigade.db.engine import UnitOfWork
from brigade.db.orders import modifiers_from_json, modifiers_to_json
from brigade.db.rows import fetch_page, location_in, location_out, record_from_row, row_from_record
from brigade.db.tables import kitchen_tickets
from brigade.domain.kitchen import KitchenTicket, TicketFilter, TicketItem, TicketKind


def _item_to_json(item: TicketItem) -> dict[str, Any]:
    return {
        "itemId": str(item.item_id),
        "productId": str(item.product_id),
        "name": item.name,
        # A string keeps a weighed quantity (1.25) exact in JSON.
        "quantity": str(item.quantity),
        "modifiers": modifiers_to_json(item.modifiers),
        "notes": item.notes,
    }


def _item_from_json(stored: Mapping[str, Any]) -> TicketItem:
    return TicketItem(
        item_id=UUID(stored["itemId"]),
        product_id=UUID(stored["productId"]),
        name=stored["name"],
        quantity=Decimal(stored["quantity"]),
        modifiers=modifiers_from_json(stored["modifiers"]),
        notes=stored["notes"],
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

    async def get(self, ticket_id: UUID) -> KitchenTicket | None:
        connection = await self._uow.connection()
        query = select(kitchen_tickets).where(kitchen_tickets.c.id == ticket_id)
        row = (await connection.execute(query)).first()
        return None if row is None else _to_ticket(row)

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

"""Kitchen use cases: the tickets a kitchen screen shows (they are created by sending an order)."""

from __future__ import annotations

from uuid import UUID

from brigade.db.engine import UnitOfWork
from brigade.db.kitchen import KitchenRepository
from brigade.domain.errors import NotFound
from brigade.domain.kitchen import KitchenTicket, TicketFilter


async def get_ticket(uow: UnitOfWork, ticket_id: UUID) -> KitchenTicket:
    ticket = await KitchenRepository(uow).get(ticket_id)
    if ticket is None:
        raise NotFound("kitchen ticket", ticket_id)
    return ticket


async def list_tickets(
    uow: UnitOfWork, filters: TicketFilter, *, page: int, limit: int
) -> tuple[list[KitchenTicket], int]:
    return await KitchenRepository(uow).list(filters, page=page, limit=limit)

"""Kitchen use cases: the tickets a kitchen screen shows (they are created by sending an order),
the board of what is still to make, and bumping a ticket off it or recalling it."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from uuid import UUID

from brigade.kit.access import Actor
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import NotFound
from brigade.kitchen.domain import (
    BOARD_LIMIT,
    BOARD_WINDOW,
    RECENTLY_BUMPED,
    Board,
    BoardTicket,
    KitchenTicket,
    TicketFilter,
    ensure_on_the_board,
)
from brigade.kitchen.repository import KitchenRepository
from brigade.kitchen.service.board import on_board
from brigade.orders import service as orders


async def get_ticket(uow: UnitOfWork, actor: Actor, ticket_id: UUID) -> KitchenTicket:
    ticket = await KitchenRepository(uow).get(ticket_id)
    if ticket is None:
        raise NotFound("kitchen ticket", ticket_id)
    actor.ensure_at(ticket.location_id)
    return ticket


async def list_tickets(
    uow: UnitOfWork, filters: TicketFilter, *, page: int, limit: int
) -> tuple[list[KitchenTicket], int]:
    return await KitchenRepository(uow).list(filters, page=page, limit=limit)


async def get_board(uow: UnitOfWork, actor: Actor, location_id: UUID) -> Board:
    """What a kitchen screen at the location shows: the day's sends not yet bumped, oldest
    first, and the last ten bumped, newest first."""
    actor.ensure_at(location_id)
    repository = KitchenRepository(uow)
    since = now() - BOARD_WINDOW
    open_tickets = await repository.on_board(location_id, since, BOARD_LIMIT)
    recent = await repository.recently_bumped(location_id, since, RECENTLY_BUMPED)
    shown = await on_board(uow, [*open_tickets, *recent])
    return Board(tuple(shown[: len(open_tickets)]), tuple(shown[len(open_tickets) :]))


async def _locked_ticket(uow: UnitOfWork, actor: Actor, ticket_id: UUID) -> KitchenTicket:
    ticket = await KitchenRepository(uow).get(ticket_id, for_update=True)
    if ticket is None:
        raise NotFound("kitchen ticket", ticket_id)
    actor.ensure_at(ticket.location_id)
    ensure_on_the_board(ticket)
    return ticket


async def _set_bumped(
    uow: UnitOfWork, ticket: KitchenTicket, bumped_at: datetime | None
) -> BoardTicket:
    (shown,) = await on_board(uow, [replace(ticket, bumped_at=bumped_at)])
    await KitchenRepository(uow).set_bumped(shown)
    return shown


async def bump_ticket(uow: UnitOfWork, actor: Actor, ticket_id: UUID) -> BoardTicket:
    """Done: the ticket leaves every kitchen screen and its items still being made become READY.
    Bumping a bumped ticket changes nothing."""
    ticket = await _locked_ticket(uow, actor, ticket_id)
    (shown,) = await on_board(uow, [ticket])
    if ticket.bumped_at is not None:
        return shown
    await orders.make_ready(uow, actor, ticket.order_id, shown.items_to_ready())
    return await _set_bumped(uow, ticket, now())


async def recall_ticket(uow: UnitOfWork, actor: Actor, ticket_id: UUID) -> BoardTicket:
    """Back on the board (bumped by mistake); its items keep their status, which only moves
    forward. Recalling a ticket on the board changes nothing."""
    ticket = await _locked_ticket(uow, actor, ticket_id)
    if ticket.bumped_at is None:
        (shown,) = await on_board(uow, [ticket])
        return shown
    return await _set_bumped(uow, ticket, None)

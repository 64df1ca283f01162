"""Kitchen use cases: the tickets a kitchen screen shows (they are created by sending an order),
the board of what is still to make, and bumping a ticket off it or recalling it."""

from __future__ import annotations

from collections.abc import Mapping
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
    ItemsDone,
    KitchenTicket,
    Station,
    TicketFilter,
    ensure_on_the_board,
    ensure_part,
)
from brigade.kitchen.repository import KitchenRepository, StationRepository
from brigade.kitchen.service.board import on_board
from brigade.kitchen.service.stations import acting_station


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


async def get_board(
    uow: UnitOfWork, actor: Actor, location_id: UUID, station_id: UUID | None = None
) -> Board:
    """What a kitchen screen at the location shows: the day's sends not yet bumped, oldest
    first, and the last ten bumped, newest first. A station's board (``station_id``, or the
    calling display's station) shows only the tickets with a part of it that it has not bumped,
    only those items, and the last ten it bumped; the expo's, every ticket whole."""
    actor.ensure_at(location_id)
    station = await acting_station(uow, actor, station_id, location_id)
    since = now() - BOARD_WINDOW
    if station is None or station.is_expo:
        repository = KitchenRepository(uow)
        open_tickets = await repository.on_board(location_id, since, BOARD_LIMIT)
        recent = await repository.recently_bumped(location_id, since, RECENTLY_BUMPED)
    else:
        stations = StationRepository(uow)
        open_tickets = await stations.on_board(station.id, since, BOARD_LIMIT)
        recent = await stations.recently_bumped(station.id, since, RECENTLY_BUMPED)
    shown = await on_board(uow, [*open_tickets, *recent])
    tickets = [
        ticket.for_station(station)
        for ticket in shown[: len(open_tickets)]
        if ticket.shows_on(station)
    ]
    bumped = tuple(ticket.for_station(station) for ticket in shown[len(open_tickets) :])
    if station is not None and not station.is_expo:
        tickets += await _more_of_station(uow, station, since, open_tickets, len(tickets))
    return Board(tuple(tickets[:BOARD_LIMIT]), bumped, station)


async def _more_of_station(
    uow: UnitOfWork,
    station: Station,
    since: datetime,
    read: list[KitchenTicket],
    shown: int,
) -> list[BoardTicket]:
    """A station's board past a full batch that held fewer than ``BOARD_LIMIT`` of its own:
    the next batches of the location's open sends, until the board is full or none is left
    (which items are a station's is the domain's routing, so it is told after each read)."""
    more: list[BoardTicket] = []
    stations = StationRepository(uow)
    while len(read) == BOARD_LIMIT and shown + len(more) < BOARD_LIMIT:
        read = await stations.on_board(station.id, since, BOARD_LIMIT, after=read[-1])
        more += [t.for_station(station) for t in await on_board(uow, read) if t.shows_on(station)]
    return more


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


async def bump_ticket(
    uow: UnitOfWork, actor: Actor, ticket_id: UUID, station_id: UUID | None = None
) -> BoardTicket:
    """Done: the ticket leaves every kitchen screen and its items still being made become READY.
    A station (``station_id``, or the calling display's) bumps its part only: its items READY
    (at the pass), the ticket off its board; the last part bumped bumps the ticket, unless the
    location has an expo, which holds it until its own bump. The expo's bump, and one of no
    station, bumps the whole ticket. Bumping what is bumped changes nothing."""
    ticket = await _locked_ticket(uow, actor, ticket_id)
    station = await acting_station(uow, actor, station_id, ticket.location_id)
    (shown,) = await on_board(uow, [ticket])
    if station is not None and not station.is_expo:
        return await _bump_part(uow, actor, shown, station)
    if ticket.bumped_at is not None:
        return shown
    await _make_ready(uow, actor, shown.items_to_ready())
    return await _set_bumped(uow, ticket, now())


async def _make_ready(uow: UnitOfWork, actor: Actor, ready: Mapping[UUID, list[UUID]]) -> None:
    """The items a bump made READY, on each check they are on now (a split, a move or a merge
    took some to other checks: docs/design.md §25), the checks in one order so two bumps lock
    them alike: said as ``ItemsDone``, which the orders handle in this transaction."""
    for order_id in sorted(ready):
        if ready[order_id]:
            await uow.handle(ItemsDone(actor, order_id, tuple(ready[order_id])))


async def _bump_part(
    uow: UnitOfWork, actor: Actor, shown: BoardTicket, station: Station
) -> BoardTicket:
    ensure_part(shown, station)
    ticket = shown.ticket
    part = shown.part(station.id)
    if ticket.bumped_at is not None or (part is not None and part.bumped_at is not None):
        return shown.for_station(station)
    await _make_ready(uow, actor, shown.items_to_ready(station.id))
    (shown,) = await on_board(uow, [ticket])
    shown = shown.with_station_bump(station.id, now())
    await StationRepository(uow).set_part_bumped(shown, station.id)
    if shown.done_with_its_parts:
        await _make_ready(uow, actor, shown.items_to_ready())
        shown = await _set_bumped(uow, ticket, now())
    return shown.for_station(station)


async def recall_ticket(
    uow: UnitOfWork, actor: Actor, ticket_id: UUID, station_id: UUID | None = None
) -> BoardTicket:
    """Back on the board (bumped by mistake); its items keep their status, which only moves
    forward. A station recalls its part (and the ticket, if it was bumped); the expo, or no
    station, the whole ticket with every station's part. Recalling what is on the board
    changes nothing."""
    ticket = await _locked_ticket(uow, actor, ticket_id)
    station = await acting_station(uow, actor, station_id, ticket.location_id)
    (shown,) = await on_board(uow, [ticket])
    if station is not None and not station.is_expo:
        return await _recall_part(uow, shown, station)
    if ticket.bumped_at is None:
        return shown
    await StationRepository(uow).clear_parts(ticket.id)
    return await _set_bumped(uow, ticket, None)


async def _recall_part(uow: UnitOfWork, shown: BoardTicket, station: Station) -> BoardTicket:
    ensure_part(shown, station)
    part = shown.part(station.id)
    if part is None or part.bumped_at is None:
        return shown.for_station(station)
    ticket = shown.ticket
    back = replace(
        shown.with_station_bump(station.id, None), ticket=replace(ticket, bumped_at=None)
    )
    await StationRepository(uow).set_part_bumped(back, station.id)
    if ticket.bumped_at is not None:
        await KitchenRepository(uow).set_bumped(back)
    return back.for_station(station)

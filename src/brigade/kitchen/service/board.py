"""The kitchen display's view of tickets: a ticket with its order and items as they are now
(read by the order use cases, which create tickets and announce them, and by the kitchen's,
which bump and recall them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from uuid import UUID

from brigade.kit.db.engine import UnitOfWork
from brigade.kitchen.domain import (
    NO_STATIONS,
    BoardTicket,
    KitchenTicket,
    board_ticket,
)
from brigade.kitchen.repository import KitchenRepository, StationRepository


async def on_board(uow: UnitOfWork, tickets: Sequence[KitchenTicket]) -> list[BoardTicket]:
    """The tickets with their orders and items as they are now, each item routed to its
    location's stations: two reads however many tickets, two more with stations (and one
    for the categories where a station names some)."""
    order_ids = {ticket.order_id for ticket in tickets}
    item_ids = {line.item_id for t in tickets for line in t.items}
    found, parts = await KitchenRepository(uow).board(order_ids, item_ids)
    stations = StationRepository(uow)
    locations = {ticket.location_id for ticket in tickets if ticket.location_id is not None}
    kitchens = await stations.kitchen(locations)
    with_stations = [
        t.id for t in tickets if t.location_id in kitchens and kitchens[t.location_id].stations
    ]
    bumps = await stations.bumps(with_stations)
    shown = []
    for ticket in tickets:
        kitchen = (
            kitchens.get(ticket.location_id, NO_STATIONS) if ticket.location_id else NO_STATIONS
        )
        shown.append(board_ticket(ticket, found, parts, kitchen, bumps.get(ticket.id)))
    return shown


async def store(uow: UnitOfWork, tickets: Sequence[KitchenTicket]) -> None:
    """The tickets an order's action made, in its transaction."""
    await KitchenRepository(uow).insert(tickets)


async def show_new(uow: UnitOfWork, tickets: Sequence[KitchenTicket]) -> None:
    """Announce new tickets as the board shows them: the kitchen screens take the new cards
    from the stream without asking the server again."""
    KitchenRepository(uow).shown_new(await on_board(uow, tickets))


async def bring_back(uow: UnitOfWork, ticket_id: UUID | None) -> None:
    """An item set back from READY to PREPARING is being made again: the ticket that sent it
    (``ticket_id``, wherever the item is now) comes back on the board if it was bumped
    (``kitchen_ticket.recalled``, docs/design.md §21), and the stations that bumped a part
    with an item to make again take their bump back (``kitchen_ticket.station_recalled``), so
    the item is on their boards again (an expo sending a plate back)."""
    if ticket_id is None:
        return
    repository = KitchenRepository(uow)
    ticket = await repository.get(ticket_id, for_update=True)
    if ticket is None:
        return
    (shown,) = await on_board(uow, [replace(ticket, bumped_at=None)])
    stations = StationRepository(uow)
    for part in shown.parts_to_make_again():
        shown = shown.with_station_bump(part.station.id, None)
        await stations.set_part_bumped(shown, part.station.id)
    if ticket.bumped_at is not None:
        await repository.set_bumped(shown)

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
    holds_item,
)
from brigade.kitchen.repository import KitchenRepository, StationRepository


async def on_board(uow: UnitOfWork, tickets: Sequence[KitchenTicket]) -> list[BoardTicket]:
    """The tickets with their orders and items as they are now, each item routed to its
    location's stations: two reads however many tickets, two more with stations (and one
    for the categories where a station names some)."""
    order_ids = {ticket.order_id for ticket in tickets}
    item_ids = {line.item_id for t in tickets for line in t.items}
    found, live = await KitchenRepository(uow).board(order_ids, item_ids)
    stations = StationRepository(uow)
    locations = {ticket.location_id for ticket in tickets if ticket.location_id is not None}
    kitchens = await stations.kitchen(locations)
    with_stations = [
        t.id for t in tickets if t.location_id in kitchens and kitchens[t.location_id].stations
    ]
    bumps = await stations.bumps(with_stations)
    shown = []
    for ticket in tickets:
        order, first_sent_at = found[ticket.order_id]
        kitchen = (
            kitchens.get(ticket.location_id, NO_STATIONS) if ticket.location_id else NO_STATIONS
        )
        shown.append(
            board_ticket(ticket, order, live, first_sent_at, kitchen, bumps.get(ticket.id))
        )
    return shown


async def store(uow: UnitOfWork, tickets: Sequence[KitchenTicket]) -> None:
    """The tickets an order's action made, in its transaction."""
    await KitchenRepository(uow).insert(tickets)


async def show_new(uow: UnitOfWork, tickets: Sequence[KitchenTicket]) -> None:
    """Announce new tickets as the board shows them: the kitchen screens take the new cards
    from the stream without asking the server again."""
    KitchenRepository(uow).shown_new(await on_board(uow, tickets))


async def bring_back(uow: UnitOfWork, order_id: UUID, item_id: UUID) -> None:
    """An item set back from READY to PREPARING is being made again: the bumped tickets that
    hold it come back on the board (``kitchen_ticket.recalled`` each, docs/design.md §21)."""
    repository = KitchenRepository(uow)
    tickets = [t for t in await repository.bumped_of_order(order_id) if holds_item(t, item_id)]
    for shown in await on_board(uow, [replace(ticket, bumped_at=None) for ticket in tickets]):
        await repository.set_bumped(shown)

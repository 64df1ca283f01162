"""What the kitchen does when a check's change tells it to, in that change's transaction
(docs/design.md §14): subscribed when the app starts."""

from __future__ import annotations

from functools import partial

from brigade.kit.db.engine import DomainEventHandler, UnitOfWork
from brigade.kitchen.domain import TicketKind, TicketRemade, TicketsMade
from brigade.kitchen.service import board


async def store_tickets(uow: UnitOfWork, made: TicketsMade) -> None:
    """The tickets are stored; a send's new ones are announced as the board shows them, once
    the change is done (the check's rows as they commit: its status, its fired courses)."""
    await board.store(uow, made.tickets)
    sent = [ticket for ticket in made.tickets if ticket.kind is TicketKind.ORDER]
    if sent:
        uow.before_commit(partial(board.show_new, uow, sent))


async def bring_back(uow: UnitOfWork, remade: TicketRemade) -> None:
    uow.before_commit(partial(board.bring_back, uow, remade.ticket_id))


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = (
    (TicketsMade, store_tickets),
    (TicketRemade, bring_back),
)

"""Kitchen tickets: a snapshot of the items each send put in front of the kitchen, and of what
a void took back off it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum
from uuid import UUID

from brigade.kit.errors import InvalidInput
from brigade.kit.events import Envelope, EventType
from brigade.orders.domain.records import Modifier
from brigade.orders.domain.states import FINAL_ORDER_STATUSES, ItemStatus, OrderStatus, OrderType


class TicketKind(StrEnum):
    # Items to make (a send).
    ORDER = "ORDER"
    # Items to stop making: each line's quantity is negative, what was taken off a sent item, so
    # an item's lines over every ticket add up to what the kitchen should still make.
    VOID = "VOID"


@dataclass(frozen=True, slots=True)
class TicketItem:
    item_id: UUID
    product_id: UUID
    name: str
    quantity: Decimal
    modifiers: tuple[Modifier, ...]
    notes: str | None
    # The item's seat (None: the table) and course, as sent.
    seat: int | None = None
    course: int = 1


@dataclass(frozen=True, slots=True)
class KitchenTicket:
    id: UUID
    order_id: UUID
    location_id: UUID | None
    order_number: int
    table_id: UUID | None
    items: tuple[TicketItem, ...]
    created_at: datetime
    # Who sent it (None on tickets sent before it was recorded; the id also for the bootstrap
    # admin and with auth off).
    sent_by_id: UUID | None
    sent_by_name: str | None
    kind: TicketKind
    # Why a VOID ticket's items were taken off; None on an ORDER ticket.
    reason: str | None
    # When a kitchen screen bumped it (done, off the board); None while it is on the board.
    bumped_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class TicketFilter:
    location_id: UUID | None = None
    since: datetime | None = None  # exclusive: tickets created strictly after it


# --- the kitchen display's board ------------------------------------------------------------

# The board shows the tickets of the last day: a ticket nobody bumped (a screen that was off)
# does not haunt the next service.
BOARD_WINDOW = timedelta(hours=24)
# More than a kitchen can read on one wall: the oldest this many are shown.
BOARD_LIMIT = 200
# Recall lists the location's last this many bumped tickets, newest first (docs/design.md §19).
RECENTLY_BUMPED = 10
# Moving forward from these, a bump makes an item READY (a SERVED one stays as it is).
_NOT_YET_READY = frozenset({ItemStatus.SENT, ItemStatus.PREPARING})


@dataclass(frozen=True, slots=True)
class TicketOrder:
    """What the board shows of a ticket's order: where it goes and whose it is."""

    order_type: OrderType
    status: OrderStatus
    table_name: str | None
    server_name: str | None
    # The customer's name on a bar tab or a takeout, as it is now.
    customer_name: str | None = None


@dataclass(frozen=True, slots=True)
class LiveItem:
    """A ticket line's item as it is now (the ticket is a snapshot of it as sent)."""

    status: ItemStatus
    quantity: Decimal
    void_reason: str | None
    category_id: UUID | None


@dataclass(frozen=True, slots=True)
class BoardItem:
    line: TicketItem
    live: LiveItem
    # The ticket is a later send of its order: the item was added after the first one.
    added: bool


@dataclass(frozen=True, slots=True)
class BoardTicket:
    ticket: KitchenTicket
    order: TicketOrder
    items: tuple[BoardItem, ...]

    def items_to_ready(self) -> list[UUID]:
        """What bumping makes READY: the items still being made, unless the order is closed
        (a paid takeout is completed before it is cooked: its items no longer change)."""
        if self.order.status in FINAL_ORDER_STATUSES:
            return []
        return [item.line.item_id for item in self.items if item.live.status in _NOT_YET_READY]


@dataclass(frozen=True, slots=True)
class Board:
    """A location's open tickets, oldest first, and the last ones bumped, newest first (what
    Recall brings back; the first is the board's ``lastBumped``)."""

    tickets: tuple[BoardTicket, ...]
    recently_bumped: tuple[BoardTicket, ...]


def unbumps(before: ItemStatus, after: ItemStatus) -> bool:
    """A READY item set back to PREPARING (the kitchen's undo) is being made again: its bumped
    ticket comes back on the board (docs/design.md §19)."""
    return before is ItemStatus.READY and after is ItemStatus.PREPARING


def holds_item(ticket: KitchenTicket, item_id: UUID) -> bool:
    return any(line.item_id == item_id for line in ticket.items)


def board_ticket(
    ticket: KitchenTicket,
    order: TicketOrder,
    live: Mapping[UUID, LiveItem],
    first_sent_at: datetime,
) -> BoardTicket:
    """``ticket`` with its order and its items as they are now; ``first_sent_at`` is when its
    order was first sent, so a later send's items show as added."""
    added = ticket.created_at > first_sent_at
    return BoardTicket(
        ticket,
        order,
        tuple(BoardItem(line, live[line.item_id], added) for line in ticket.items),
    )


def shown_event(shown: BoardTicket, event_type: EventType) -> Envelope:
    """A ``kitchen_ticket.*`` event whose payload is the ticket as the board shows it, so a
    kitchen screen updates itself from the stream without asking the server again."""
    ticket = shown.ticket
    return Envelope(
        event_type,
        shown,
        location_id=ticket.location_id,
        entity_id=ticket.id,
        order_id=ticket.order_id,
    )


def created_event(shown: BoardTicket) -> Envelope:
    """A new ticket (an order's send), as the board shows it."""
    return shown_event(shown, EventType.KITCHEN_TICKET_CREATED)


def moved_event(shown: BoardTicket) -> Envelope:
    """A ticket bumped off the board, or recalled back onto it (no ``bumpedAt``)."""
    bumped = shown.ticket.bumped_at is not None
    kind = EventType.KITCHEN_TICKET_BUMPED if bumped else EventType.KITCHEN_TICKET_RECALLED
    return shown_event(shown, kind)


def ensure_on_the_board(ticket: KitchenTicket) -> None:
    """Only a send's ticket is bumped or recalled: a VOID ticket shows as struck items."""
    if ticket.kind is not TicketKind.ORDER:
        raise InvalidInput("ticketId", "a VOID ticket is never on the board: bump its send")

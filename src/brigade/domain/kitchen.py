"""Kitchen tickets: a snapshot of the items each send put in front of the kitchen, and of what
a void took back off it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from uuid import UUID

from brigade.domain.order_records import Modifier


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


@dataclass(frozen=True, slots=True)
class TicketFilter:
    location_id: UUID | None = None
    since: datetime | None = None  # exclusive: tickets created strictly after it

"""Kitchen tickets: a snapshot of the items each send put in front of the kitchen."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from uuid import UUID

from brigade.domain.order_records import Modifier


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


@dataclass(frozen=True, slots=True)
class TicketFilter:
    location_id: UUID | None = None
    since: datetime | None = None  # exclusive: tickets created strictly after it

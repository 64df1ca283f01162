"""What happened to a check, in orders' own words: domain events that any feature may listen
to (docs/design.md §2, "Domain events"). Unlike the records in ``told.py``, which orders make
for one listener each, these name no listener: a feature that reacts to a sale subscribes its
handler in its own ``listeners.py``, and orders never learn of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from brigade.orders.domain.states import OrderType, PaymentMethod


@dataclass(frozen=True, slots=True)
class OrderCompleted:
    """A check closed, paid to the cent: a sale on the business day of ``completed_at``.
    Its figures as they were at that moment, in the check's ``currency`` (cents)."""

    order_id: UUID
    location_id: UUID | None
    order_type: OrderType
    completed_at: datetime
    completed_by_id: UUID | None
    currency: str
    total_cents: int
    tip_cents: int
    # A takeout's or delivery's pickup time (None: none): what the channels' checks all have.
    pickup_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class OrderCancelled:
    """A check cancelled, with why."""

    order_id: UUID
    location_id: UUID | None
    reason: str
    pickup_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class PaymentRefunded:
    """Money given back on one payment of a check (a refund, or a paid check cancelled):
    ``amount_cents`` and ``tip_cents`` of payment ``payment_id``, by refund ``refund_id``."""

    order_id: UUID
    location_id: UUID | None
    refund_id: UUID
    payment_id: UUID
    method: PaymentMethod
    amount_cents: int
    tip_cents: int

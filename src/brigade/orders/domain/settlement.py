"""Payments across orders, for settlement and tip-out: what a manager reconciles."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from brigade.orders.domain.records import OrderPayment
from brigade.orders.domain.states import OrderType, PaymentMethod


@dataclass(frozen=True, slots=True)
class SettledPayment:
    """A payment with its order's number and what was refunded of it (amount, tips), and
    where its order is (its table's name, or its type and customer for a tab)."""

    payment: OrderPayment
    order_number: int
    location_id: UUID | None
    order_type: OrderType
    table_name: str | None
    customer_name: str | None
    refunded_cents: int
    refunded_tip_cents: int


@dataclass(frozen=True, slots=True)
class PaymentFilter:
    location_id: UUID | None = None
    method: PaymentMethod | None = None
    taken_from: datetime | None = None  # inclusive
    taken_before: datetime | None = None  # exclusive
    # Only COMPLETED payments with no tip yet (the card payments a server tips at day's end).
    awaiting_tip: bool = False

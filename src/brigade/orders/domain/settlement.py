"""Payments across orders, for settlement and tip-out: what a manager reconciles."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from brigade.orders.domain.records import OrderPayment
from brigade.orders.domain.states import PaymentMethod


@dataclass(frozen=True, slots=True)
class SettledPayment:
    """A payment with its order's number and what was refunded of it (amount, tips)."""

    payment: OrderPayment
    order_number: int
    location_id: UUID | None
    refunded_cents: int
    refunded_tip_cents: int


@dataclass(frozen=True, slots=True)
class PaymentFilter:
    location_id: UUID | None = None
    method: PaymentMethod | None = None
    taken_from: datetime | None = None  # inclusive
    taken_before: datetime | None = None  # exclusive

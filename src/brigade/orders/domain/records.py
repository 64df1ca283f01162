"""The records an order is made of: its header, items, payments, their modifiers.

Records are immutable values, one per row; only the ``Order`` aggregate
(orders/domain/aggregate.py) makes changed copies of them. Money is integer
cents (the totals domain works in cents) and quantities exact ``Decimal``;
the API turns cents into amounts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from brigade.orders.domain.states import (
    ItemStatus,
    OrderStatus,
    OrderType,
    PaymentMethod,
    PaymentStatus,
)


@dataclass(frozen=True, slots=True)
class Modifier:
    modifier_option_id: UUID
    name: str
    price_cents: int


@dataclass(frozen=True, slots=True)
class OrderHeader:
    """The order's own fields and cached totals: what a list of orders shows."""

    id: UUID
    location_id: UUID | None
    order_number: int
    status: OrderStatus
    order_type: OrderType
    table_id: UUID | None
    customer_id: UUID | None
    guest_count: int | None
    notes: str | None
    discount_cents: int
    discount_code: str | None
    subtotal_cents: int
    tax_cents: int
    total_cents: int
    paid_cents: int
    tip_cents: int
    version: int
    created_at: datetime
    updated_at: datetime
    completed_at: datetime | None
    cancelled_at: datetime | None
    cancel_reason: str | None
    # Who opened and who closed the check; names as they were, so renaming staff rewrites no
    # history. Ids are None for the bootstrap admin and with auth off; all None on older orders.
    opened_by_id: UUID | None
    opened_by_name: str | None
    completed_by_id: UUID | None
    completed_by_name: str | None
    cancelled_by_id: UUID | None
    cancelled_by_name: str | None
    # The dining table's current name, read with the order (not stored on it: renaming a
    # table renames it on its open checks); None for no table or an opaque table id.
    table_name: str | None = None

    @property
    def balance_due_cents(self) -> int:
        return self.total_cents - self.paid_cents


@dataclass(frozen=True, slots=True)
class OrderItem:
    id: UUID
    order_id: UUID
    product_id: UUID
    variant_id: UUID | None
    name: str
    quantity: Decimal
    unit_price_cents: int
    tax_rate_units: int
    modifiers: tuple[Modifier, ...]
    total_cents: int
    status: ItemStatus
    notes: str | None
    void_reason: str | None
    kitchen_ticket_id: UUID | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class OrderLine:
    """What the rules over the whole order need of each item (totals, the item count, what a
    cancel puts back in stock), without what only the item itself needs (name, modifiers,
    notes): a write to an order of hundreds of items loads these, and only the items it
    changes whole."""

    id: UUID
    product_id: UUID
    status: ItemStatus
    quantity: Decimal
    total_cents: int
    tax_rate_units: int

    @classmethod
    def of(cls, item: OrderItem) -> OrderLine:
        return cls(
            item.id,
            item.product_id,
            item.status,
            item.quantity,
            item.total_cents,
            item.tax_rate_units,
        )


@dataclass(frozen=True, slots=True)
class OrderPayment:
    id: UUID
    order_id: UUID
    amount_cents: int
    tip_cents: int
    method: PaymentMethod
    status: PaymentStatus
    card_last_four: str | None
    card_brand: str | None
    processor_transaction_id: str | None
    processed_at: datetime
    refunded_at: datetime | None
    taken_by_id: UUID | None
    taken_by_name: str | None


@dataclass(frozen=True, slots=True)
class OrderFilter:
    location_id: UUID | None = None
    # Any of these statuses; empty: every status.
    statuses: frozenset[OrderStatus] = frozenset()
    order_type: OrderType | None = None
    table_id: UUID | None = None
    order_number: int | None = None
    created_from: datetime | None = None  # inclusive
    created_before: datetime | None = None  # exclusive
    updated_since: datetime | None = None  # inclusive


@dataclass(frozen=True, slots=True)
class OrderLocation:
    """What an order shows of its location's profile (a receipt, the business day of a tip)."""

    name: str
    timezone: str
    currency: str


# The JSON an order item and a kitchen ticket store their modifiers as.
def modifiers_to_json(modifiers: Iterable[Modifier]) -> list[dict[str, Any]]:
    return [
        {"modifierOptionId": str(m.modifier_option_id), "name": m.name, "priceCents": m.price_cents}
        for m in modifiers
    ]


def modifiers_from_json(stored: Iterable[Mapping[str, Any]]) -> tuple[Modifier, ...]:
    return tuple(
        Modifier(UUID(m["modifierOptionId"]), m["name"], int(m["priceCents"])) for m in stored
    )

"""What a client asks of an order, as typed values: the api builds them, services and the
``Order`` aggregate take them, and mypy checks both sides of that boundary.

They live in the domain (standard library only) because the aggregate itself takes some of
them; a request field with no command field cannot slip through to a record.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from uuid import UUID

from brigade.kit.changes import UNSET, Change
from brigade.orders.domain.states import ItemStatus, OrderType, PaymentMethod


@dataclass(frozen=True, slots=True)
class CreateOrder:
    """``id``: one the client chose (docs/design.md §16); None for the server's own.
    ``customer_name`` as sent: the aggregate trims it and holds its rule. ``pickup_at``: when
    a TAKEOUT or DELIVERY order is promised (UTC); the aggregate refuses one on another."""

    order_type: OrderType
    table_id: UUID | None = None
    customer_id: UUID | None = None
    guest_count: int | None = None
    notes: str | None = None
    location_id: UUID | None = None
    id: UUID | None = None
    customer_name: str | None = None
    pickup_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class ModifierChoice:
    """A modifier as asked for: the catalogue's name and price win over these for a catalogue
    modifier; an ad-hoc one needs both."""

    modifier_option_id: UUID
    name: str | None = None
    price: Decimal | None = None


@dataclass(frozen=True, slots=True)
class AddItem:
    product_id: UUID
    quantity: Decimal
    variant_id: UUID | None = None
    modifiers: tuple[ModifierChoice, ...] = ()
    notes: str | None = None
    id: UUID | None = None
    seat: int | None = None
    course: int = 1


@dataclass(frozen=True, slots=True)
class ChangeItem:
    """Only what is given changes: ``None`` keeps quantity and status, ``UNSET`` keeps notes
    (``None`` clears them). ``reason`` says why a sent item's quantity is lowered (a partial
    void needs one); it changes nothing itself. ``course`` None keeps it, ``seat`` UNSET keeps
    it (None: no seat). ``variant_id`` UNSET and ``modifiers`` None keep the item as rung up;
    either given reprices an unsent item by the add-item rules."""

    quantity: Decimal | None = None
    status: ItemStatus | None = None
    notes: Change[str | None] = UNSET
    reason: str | None = None
    seat: Change[int | None] = UNSET
    course: int | None = None
    variant_id: Change[UUID | None] = UNSET
    modifiers: tuple[ModifierChoice, ...] | None = None

    @property
    def fields(self) -> frozenset[str]:
        """The names of the fields being changed: who may change them depends on it."""
        given = {"quantity": self.quantity is not None, "status": self.status is not None}
        given["notes"] = self.notes is not UNSET
        given["seat"] = self.seat is not UNSET
        given["course"] = self.course is not None
        given["variantId"] = self.variant_id is not UNSET
        given["modifiers"] = self.modifiers is not None
        return frozenset(name for name, present in given.items() if present)

    @property
    def reprices(self) -> bool:
        """Whether it changes what the item was rung up as (its variant or modifiers)."""
        return self.variant_id is not UNSET or self.modifiers is not None


@dataclass(frozen=True, slots=True)
class TakePayment:
    amount: Decimal
    method: PaymentMethod
    tip_amount: Decimal = Decimal(0)
    processor_transaction_id: str | None = None
    card_last_four: str | None = None
    card_brand: str | None = None
    id: UUID | None = None


@dataclass(frozen=True, slots=True)
class ApplyDiscount:
    """Replaces the order's discount; an amount of 0 removes it (and its code)."""

    amount: Decimal
    code: str | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class SplitCheck:
    """A new check with ``items`` (item id: quantity; None is the whole line), or one per seat
    (``by_seat``); ``guest_counts``: one per check after, this one first (None: it keeps its
    guests and each new check has one)."""

    items: Mapping[UUID, Decimal | None] = field(default_factory=dict)
    by_seat: bool = False
    guest_counts: tuple[int, ...] | None = None

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
from enum import StrEnum
from typing import Any
from uuid import UUID

from brigade.kit.currencies import DEFAULT_CURRENCY
from brigade.kit.languages import DEFAULT_LANGUAGE, Language
from brigade.kit.money import TaxMode, round_to_step
from brigade.orders.domain.states import (
    ItemStatus,
    OrderStatus,
    OrderType,
    PaymentMethod,
    PaymentStatus,
)
from brigade.orders.domain.totals import Charge, Line, PriceTerms, RateTotal, TaxKey, TaxRateRef
from brigade.pricing.domain import meets_conditions


@dataclass(frozen=True, slots=True)
class Modifier:
    modifier_option_id: UUID
    name: str
    price_cents: int


@dataclass(frozen=True, slots=True)
class OrderCharge:
    """A service charge on the order, as it was when it was put on (docs/design.md §15): a
    rate of what the lines come to after the discount, or an amount, taxed at ``tax``.

    An automatic one was the location's when the order opened and applies while the order
    meets its conditions (``min_guests``, ``order_types``; () is every type), unless a manager
    waived it; one a server added applies until it is taken off.
    """

    service_charge_id: UUID
    name: str
    rate_units: int | None
    amount_cents: int | None
    tax: TaxRateRef | None
    automatic: bool
    min_guests: int | None = None
    order_types: tuple[str, ...] = ()
    waived: bool = False
    # What a split, a move or a merge added to it (or took off) so that the checks' charges
    # add up to what it came to before (orders/domain/splitting.py).
    adjustment_cents: int = 0

    def applies(self, guest_count: int | None, order_type: OrderType) -> bool:
        if self.waived:
            return False
        if not self.automatic:
            return True
        return meets_conditions(self.min_guests, self.order_types, guest_count, order_type)

    def charge(self) -> Charge:
        return Charge(self.rate_units, self.amount_cents, self.tax, self.adjustment_cents)


# A location's first order number; an order opened with UNNUMBERED draws its number as its
# row is written (the location's counter, locked until COMMIT).
FIRST_ORDER_NUMBER = 1001
UNNUMBERED = 0


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
    # The location's terms when the order opened (docs/design.md §15): its currency, tax mode
    # and cash rounding step; its service charges. Orders from before them are EXCLUSIVE.
    currency: str = DEFAULT_CURRENCY
    tax_mode: TaxMode = TaxMode.EXCLUSIVE
    cash_rounding_cents: int | None = None
    service_charges: tuple[OrderCharge, ...] = ()
    # Cached totals beside subtotal, tax and total: the charges that apply, the cash rounding
    # its payments settled, the tax per rate.
    service_charge_cents: int = 0
    rounding_cents: int = 0
    taxes: tuple[RateTotal, ...] = ()
    # The dining table's current name, read with the order (not stored on it: renaming a
    # table renames it on its open checks); None for no table or an opaque table id.
    table_name: str | None = None
    # The customer's name on a bar tab or a takeout ("Sam"): trimmed, 1-60 characters, or None.
    customer_name: str | None = None
    # When a TAKEOUT or DELIVERY order is promised, in UTC (a channel's pickup time); None:
    # none said, and always for DINE_IN and BAR_TAB.
    pickup_at: datetime | None = None
    # The courses fired so far, ascending: a send sends their pending items (orders/domain/
    # courses.py); () until the first send fires course 1.
    fired_courses: tuple[int, ...] = ()
    # The check this one was merged into (it is then CANCELLED); None for any other.
    merged_into: UUID | None = None
    # Cents per rate a split, a move or a merge added to the tax (or took off) so that the
    # checks' taxes add up to what they were (orders/domain/splitting.py).
    tax_adjustments: tuple[tuple[TaxKey, int], ...] = ()
    # The journal sequence of its last SALE (docs/design.md §18); None until completed.
    receipt_number: int | None = None
    # How many payments it holds, refunded ones too (kept with the totals).
    payment_count: int = 0
    # How many refunds it holds (kept with the totals: an order with none reads none).
    refund_count: int = 0

    @property
    def balance_due_cents(self) -> int:
        return self.total_cents + self.rounding_cents - self.paid_cents

    @property
    def cash_balance_due_cents(self) -> int:
        """The balance a cash payment settles, to the location's rounding step."""
        step = self.cash_rounding_cents
        balance = self.balance_due_cents
        return round_to_step(balance, step) if step else balance

    def may_settle(self, amount_cents: int, method: PaymentMethod) -> bool:
        """Whether a payment of ``amount_cents`` by ``method`` covers what is due (cash to its
        rounding), so that it may settle the check."""
        if method is PaymentMethod.CASH:
            return amount_cents >= self.cash_balance_due_cents
        return amount_cents >= self.balance_due_cents

    @property
    def terms(self) -> PriceTerms:
        return PriceTerms(self.tax_mode, self.cash_rounding_cents)

    def applying_charges(self) -> list[OrderCharge]:
        """The service charges that apply to the order as it is now."""
        return [c for c in self.service_charges if c.applies(self.guest_count, self.order_type)]


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
    # The named rate it was taxed at (its id and name then); None: the product's own number.
    tax_rate_id: UUID | None = None
    tax_rate_name: str | None = None
    # Who at the table it is for (None: the table) and the course it goes out with.
    seat: int | None = None
    course: int = 1
    # A part of a sent line that a split or a share made: the item its kitchen ticket line
    # names (None: the item is its line itself). The kitchen follows it (docs/design.md §25).
    sent_as_id: UUID | None = None
    # The part of its check's discount it carries since a split, a move, a merge or a share
    # (None: the discount is spread by amount; orders/domain/totals.py, discount_shares).
    discount_cents: int | None = None

    @property
    def kitchen_line_id(self) -> UUID:
        """The item its kitchen ticket's line names."""
        return self.sent_as_id or self.id


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
    tax_rate_id: UUID | None = None
    tax_rate_name: str | None = None
    discount_cents: int | None = None

    @classmethod
    def of(cls, item: OrderItem) -> OrderLine:
        return cls(
            item.id,
            item.product_id,
            item.status,
            item.quantity,
            item.total_cents,
            item.tax_rate_units,
            item.tax_rate_id,
            item.tax_rate_name,
            item.discount_cents,
        )

    def line(self) -> Line:
        return Line(
            self.total_cents,
            self.tax_rate_units,
            self.tax_rate_id,
            self.tax_rate_name,
            self.discount_cents,
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
    # A cash payment that settled the balance to the cash step: what it paid less the balance
    # (-0.02 when 149.95 settled 149.97).
    rounding_cents: int = 0
    # The order's (not stored with the payment: read with it).
    currency: str = DEFAULT_CURRENCY


class MadeKind(StrEnum):
    ORDER = "ORDER"
    ITEM = "ITEM"
    PAYMENT = "PAYMENT"


@dataclass(frozen=True, slots=True)
class ClientMade:
    """What a request made under an id its client chose (docs/design.md §16): the same id
    and body again answer it; another body, or the id on another kind or order, is refused."""

    id: UUID
    kind: MadeKind
    order_id: UUID
    request_hash: str


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
    """What an order shows of its location's profile (a receipt, the business day of a tip or
    a reopen), and whether its paid checks complete by themselves."""

    name: str
    timezone: str
    currency: str
    tax_mode: TaxMode = TaxMode.EXCLUSIVE
    cash_rounding_cents: int | None = None
    auto_complete: bool = True
    # Its receipts' and tickets' language (docs/design.md §26).
    language: Language = DEFAULT_LANGUAGE


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


def _rate_json(tax: TaxRateRef) -> dict[str, Any]:
    return {"units": tax.units, "id": None if tax.id is None else str(tax.id), "name": tax.name}


def _rate_from_json(stored: Mapping[str, Any]) -> TaxRateRef:
    rate_id = stored["id"]
    return TaxRateRef(
        int(stored["units"]), None if rate_id is None else UUID(rate_id), stored["name"]
    )


# The JSON an order stores its service charges and its tax per rate as.
def charges_to_json(charges: Iterable[OrderCharge]) -> list[dict[str, Any]]:
    return [
        {
            "serviceChargeId": str(c.service_charge_id),
            "name": c.name,
            "rateUnits": c.rate_units,
            "amountCents": c.amount_cents,
            "tax": None if c.tax is None else _rate_json(c.tax),
            "automatic": c.automatic,
            "minGuests": c.min_guests,
            "orderTypes": list(c.order_types),
            "waived": c.waived,
            "adjustmentCents": c.adjustment_cents,
        }
        for c in charges
    ]


def charges_from_json(stored: Iterable[Mapping[str, Any]]) -> tuple[OrderCharge, ...]:
    return tuple(
        OrderCharge(
            UUID(c["serviceChargeId"]),
            c["name"],
            c["rateUnits"],
            c["amountCents"],
            None if c["tax"] is None else _rate_from_json(c["tax"]),
            c["automatic"],
            c["minGuests"],
            tuple(c["orderTypes"]),
            c["waived"],
            int(c.get("adjustmentCents", 0)),
        )
        for c in stored
    )


def taxes_to_json(taxes: Iterable[RateTotal]) -> list[dict[str, Any]]:
    return [_rate_json(t.tax) | {"netCents": t.net_cents, "taxCents": t.tax_cents} for t in taxes]


def taxes_from_json(stored: Iterable[Mapping[str, Any]]) -> tuple[RateTotal, ...]:
    return tuple(
        RateTotal(_rate_from_json(t), int(t["netCents"]), int(t["taxCents"])) for t in stored
    )


def tax_adjustments_to_json(adjustments: Iterable[tuple[TaxKey, int]]) -> list[dict[str, Any]]:
    return [
        {"id": None if key[0] is None else str(key[0]), "units": key[1], "cents": cents}
        for key, cents in adjustments
    ]


def tax_adjustments_from_json(
    stored: Iterable[Mapping[str, Any]] | None,
) -> tuple[tuple[TaxKey, int], ...]:
    return tuple(
        ((None if a["id"] is None else UUID(a["id"]), int(a["units"])), int(a["cents"]))
        for a in stored or ()
    )

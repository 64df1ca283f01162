"""Order requests and responses. Each request model builds the typed command the service takes
(``command()``), so request names never need to match record names."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any
from uuid import UUID

from pydantic import Field, StringConstraints

from brigade.kit.http.schemas import CursorPage, ModifierOut, StaffRef, given
from brigade.kit.http.types import (
    LongText,
    Money,
    MoneyIn,
    Number,
    PositiveMoneyIn,
    QuantityIn,
    Reason,
    RequestModel,
    ResponseModel,
    ShortText,
    Text,
    Timestamp,
    WholeNumber,
    omittable,
)
from brigade.kit.money import TaxMode
from brigade.orders.domain.aggregate import (
    MAX_CUSTOMER_NAME_LENGTH,
    MAX_ITEM_NOTES_LENGTH,
    MAX_ITEMS_PER_ORDER,
    MAX_MODIFIERS_PER_ITEM,
)
from brigade.orders.domain.commands import (
    AddItem,
    ApplyDiscount,
    ChangeItem,
    CreateOrder,
    ModifierChoice,
    SplitCheck,
    TakePayment,
)
from brigade.orders.domain.courses import MAX_COURSE, MAX_SEAT
from brigade.orders.domain.refunds import MAX_REFUND_LINES, RefundLine, RefundOrder
from brigade.orders.domain.splitting import MAX_SHARES, MIN_SHARES
from brigade.orders.domain.states import (
    ItemStatus,
    OrderStatus,
    OrderType,
    PaymentMethod,
    PaymentStatus,
)

TransactionId: Any = Text(128)
CardBrand: Any = Text(32)
# Exactly four ASCII digits: a full card number or a CVV never gets stored.
CardLastFour = Annotated[str, StringConstraints(pattern=r"^[0-9]{4}$")]
GuestCount: Any = WholeNumber(1, 500)
# What one item may carry (its notes print on the kitchen ticket); 422 beyond.
ItemNotes: Any = Text(MAX_ITEM_NOTES_LENGTH)
ModifierName: Any = Text(100, min_length=1)
# A customer's name as sent: room for the whitespace around it; the order keeps it trimmed and
# refuses more than MAX_CUSTOMER_NAME_LENGTH characters after trimming (orders/domain/).
CustomerName: Any = Text(2 * MAX_CUSTOMER_NAME_LENGTH)
Seat: Any = WholeNumber(1, MAX_SEAT)
Course: Any = WholeNumber(1, MAX_COURSE)
Shares: Any = WholeNumber(MIN_SHARES, MAX_SHARES)
_SEAT = "The guest's seat at the table (1, 2, ...); null: the table's."
_COURSE = (
    "The course it goes out with: a send sends the fired courses' items (course 1 is fired by "
    "the first send); a later course is held until `POST /api/orders/{id}/courses/{n}/fire`."
)
_CUSTOMER_NAME = (
    f"The customer's name (a bar tab, a takeout): trimmed, 1-{MAX_CUSTOMER_NAME_LENGTH} "
    "characters after trimming; blank or null is no name."
)


# --- requests -------------------------------------------------------------------------------


def _client_id(what: str) -> Any:
    return Field(
        default=None,
        description=f"An id the client made for the new {what} (a UUID): the same id and body "
        f"again make nothing new and answer the {what} as it is now (200); another body under "
        "it is 409 `id_in_use`. Absent: the server makes one.",
    )


class OrderCreate(RequestModel):
    id: UUID | None = _client_id("order")
    order_type: OrderType
    table_id: UUID | None = None
    customer_id: UUID | None = None
    guest_count: GuestCount | None = None
    notes: LongText | None = None
    location_id: UUID | None = None
    customer_name: CustomerName | None = Field(default=None, description=_CUSTOMER_NAME)

    def command(self, *, location_id: UUID | None) -> CreateOrder:
        """``location_id``: the query's, used when the body names none."""
        return CreateOrder(
            order_type=self.order_type,
            table_id=self.table_id,
            customer_id=self.customer_id,
            guest_count=self.guest_count,
            notes=self.notes,
            location_id=self.location_id or location_id,
            id=self.id,
            customer_name=self.customer_name,
        )


class OrderUpdate(RequestModel):
    """The order's own fields a client may change while it is open."""

    customer_name: CustomerName | None = Field(description=_CUSTOMER_NAME)


class ModifierIn(RequestModel):
    modifier_option_id: UUID
    name: ModifierName | None = None
    price: MoneyIn | None = None


def _choices(modifiers: list[ModifierIn]) -> tuple[ModifierChoice, ...]:
    return tuple(ModifierChoice(m.modifier_option_id, m.name, m.price) for m in modifiers)


class ItemAdd(RequestModel):
    id: UUID | None = _client_id("item")
    product_id: UUID
    quantity: QuantityIn
    variant_id: UUID | None = None
    modifiers: list[ModifierIn] = Field(default_factory=list, max_length=MAX_MODIFIERS_PER_ITEM)
    notes: ItemNotes | None = None
    seat: Seat | None = Field(default=None, description=_SEAT)
    course: Course = Field(default=1, description=_COURSE)

    def command(self) -> AddItem:
        return AddItem(
            product_id=self.product_id,
            quantity=self.quantity,
            variant_id=self.variant_id,
            modifiers=_choices(self.modifiers),
            notes=self.notes,
            id=self.id,
            seat=self.seat,
            course=self.course,
        )


class ItemUpdate(RequestModel):
    """Every field optional; a field that is absent keeps its value (null clears notes)."""

    quantity: QuantityIn = omittable()
    notes: ItemNotes | None = None
    status: ItemStatus = omittable()
    reason: Reason = omittable(
        description="Why a sent item's quantity is lowered (a partial void): required then, "
        "and kept in the audit log and on the kitchen's VOID ticket; unused otherwise."
    )
    seat: Seat | None = Field(default=None, description=_SEAT + " Any item's.")
    course: Course = omittable(description=_COURSE + " An unsent item's only.")
    variant_id: UUID | None = Field(
        default=None, description="An unsent item's new variant, by the add-item rules."
    )
    modifiers: list[ModifierIn] = omittable(
        max_length=MAX_MODIFIERS_PER_ITEM,
        description="An unsent item's modifiers, all of them, by the add-item rules.",
    )

    def command(self) -> ChangeItem:
        notes = given(self, "notes", self.notes)
        return ChangeItem(
            quantity=self.quantity,
            status=self.status,
            notes=notes,
            reason=self.reason,
            seat=given(self, "seat", self.seat),
            course=self.course,
            variant_id=given(self, "variant_id", self.variant_id),
            modifiers=None if self.modifiers is None else _choices(self.modifiers),
        )


class ReasonBody(RequestModel):
    reason: Reason


class PaymentCreate(RequestModel):
    id: UUID | None = _client_id("payment")
    amount: PositiveMoneyIn
    payment_method: PaymentMethod
    tip_amount: MoneyIn = omittable()
    processor_transaction_id: TransactionId | None = None
    card_last_four: CardLastFour | None = None
    card_brand: CardBrand | None = None

    def command(self) -> TakePayment:
        return TakePayment(
            amount=self.amount,
            method=self.payment_method,
            tip_amount=self.tip_amount or Decimal(0),
            processor_transaction_id=self.processor_transaction_id,
            card_last_four=self.card_last_four,
            card_brand=self.card_brand,
            id=self.id,
        )


class ServiceChargeAdd(RequestModel):
    service_charge_id: UUID


class DiscountRequest(RequestModel):
    discount_amount: MoneyIn
    discount_code: ShortText | None = None
    reason: Reason | None = None

    def command(self) -> ApplyDiscount:
        return ApplyDiscount(self.discount_amount, self.discount_code, self.reason)


class TransferRequest(RequestModel):
    table_id: UUID


class RefundLineIn(RequestModel):
    item_id: UUID
    quantity: QuantityIn = omittable(description="Left out: all of the item not yet refunded.")


class _RefundFields(RequestModel):
    reason: Reason
    payment_id: UUID | None = Field(
        default=None,
        description="The payment it goes back to; left out: the newest that has that much "
        "left to refund.",
    )


class RefundByAmount(_RefundFields):
    """Give back an amount of what was paid, and of the tips."""

    amount: PositiveMoneyIn = Field(description="Of what was paid, tips apart.")
    tip_amount: MoneyIn = omittable(description="Of the tips.")

    def command(self) -> RefundOrder:
        return RefundOrder(
            reason=self.reason,
            amount=self.amount,
            tip_amount=self.tip_amount or Decimal(0),
            payment_id=self.payment_id,
        )


class RefundByLine(_RefundFields):
    """Give back lines: each its share of the total paid (after discount, with tax), in
    proportion to the quantity."""

    items: list[RefundLineIn] = Field(min_length=1, max_length=MAX_REFUND_LINES)

    def command(self) -> RefundOrder:
        return RefundOrder(
            reason=self.reason,
            items=tuple(RefundLine(line.item_id, line.quantity) for line in self.items),
            payment_id=self.payment_id,
        )


class TipAdjustment(RequestModel):
    tip_amount: MoneyIn


# --- responses ------------------------------------------------------------------------------


class OrderTotalsOut(ResponseModel):
    """An item event's order: enough to act on without reading it."""

    id: UUID
    order_number: str = Field(description="As every answer shows it (#1042)")
    status: OrderStatus
    currency: str = Field(description="ISO 4217")
    subtotal: Money
    discount_amount: Money
    service_charge_total: Money
    tax_amount: Money
    total: Money
    paid_amount: Money
    balance_due: Money
    version: int = Field(description="The order's version after this change (its ETag)")


class OrderItemOut(ResponseModel):
    id: UUID
    product_id: UUID
    variant_id: UUID | None
    name: str
    quantity: Number
    unit_price: Money
    total: Money
    tax_rate_id: UUID | None = Field(
        description="The named rate it is taxed at; null: the product's own taxRate number"
    )
    tax_rate: Number = Field(description="The rate it was added at, a fraction (0.2 is 20 %)")
    tax_amount: Money = Field(
        description="Its share of its rate's tax (a live item's; 0 for a voided one): the "
        "shares of a rate add up to that rate's taxAmount in the order's taxes"
    )
    modifiers: list[ModifierOut]
    notes: str | None
    status: ItemStatus
    void_reason: str | None
    seat: int | None = Field(description=_SEAT)
    course: int = Field(description=_COURSE)
    created_at: Timestamp
    updated_at: Timestamp


class ItemEventOut(OrderItemOut):
    """``item.*`` events: the item, with its order's number and totals after the change."""

    order_number: str = Field(description="Its order's check number (#1042)")
    order: OrderTotalsOut


class PaymentFields(ResponseModel):
    """``cardLastFour``, ``cardBrand`` and ``takenBy`` are null for a KITCHEN caller."""

    id: UUID
    amount: Money
    tip_amount: Money
    rounding_adjustment: Money = Field(
        description="A cash payment that settled the balance to the location's cash rounding "
        "step: what it paid less the balance (-0.02 when 149.95 settled 149.97); 0 otherwise"
    )
    currency: str = Field(description="ISO 4217, the order's")
    status: PaymentStatus
    card_last_four: str | None
    card_brand: str | None
    processed_at: Timestamp
    taken_by: StaffRef | None


_OLD_METHOD = "Deprecated: the same as `paymentMethod`, its name everywhere else"


class PaymentOut(PaymentFields):
    """A payment inside the order detail."""

    payment_method: PaymentMethod
    method: PaymentMethod = Field(deprecated=True, description=_OLD_METHOD)


class PaymentDetail(PaymentFields):
    order_id: UUID
    payment_method: PaymentMethod


class RefundedItemOut(ResponseModel):
    item_id: UUID
    quantity: Number
    amount: Money


class RefundOut(ResponseModel):
    """``refundedBy`` is null for a KITCHEN caller, as a payment's ``takenBy``."""

    id: UUID
    order_id: UUID
    payment_id: UUID
    amount: Money
    tip_amount: Money
    currency: str = Field(description="ISO 4217, the order's")
    payment_method: PaymentMethod = Field(description="The refunded payment's method")
    method: PaymentMethod = Field(deprecated=True, description=_OLD_METHOD)
    reason: str
    items: list[RefundedItemOut]
    refunded_by: StaffRef | None
    created_at: Timestamp


class SettledPaymentOut(PaymentDetail):
    """A payment across orders: its order's number, location and where it sits (its table,
    or its type and customer for a tab), what was refunded of it."""

    order_number: str
    location_id: UUID | None
    order_type: OrderType
    table_name: str | None = Field(
        description="The order's dining table's current name; null for no table"
    )
    customer_name: str | None = Field(description="The order's customer's name (a bar tab)")
    refunded_amount: Money
    refunded_tip: Money


class SettledPaymentPage(CursorPage[SettledPaymentOut]):
    """Payments, newest first."""


class OrderSummary(ResponseModel):
    id: UUID
    order_number: str
    status: OrderStatus
    order_type: OrderType
    table_id: UUID | None
    table_name: str | None = Field(
        description="The dining table's current name; null for no table or an opaque table id"
    )
    location_id: UUID | None
    customer_name: str | None = Field(description="The customer's name (a bar tab, a takeout)")
    currency: str = Field(description="ISO 4217, the location's when the order opened")
    subtotal: Money
    total: Money
    balance_due: Money
    created_at: Timestamp
    opened_by: StaffRef | None = Field(description="Who opened it (the back office's open checks)")


class TaxOut(ResponseModel):
    """One rate's part of the order: what is taxed at it, net of tax, and its tax."""

    tax_rate_id: UUID | None = Field(description="Null for a product's own taxRate number")
    name: str = Field(description='The rate\'s name; its percentage ("8.25%") for a number')
    rate: Number
    net_amount: Money
    tax_amount: Money
    gross_amount: Money


class OrderServiceChargeOut(ResponseModel):
    service_charge_id: UUID
    name: str
    rate: Number | None = Field(
        description="A fraction of subtotal - discountAmount; null for a set amount"
    )
    amount: Money = Field(description="What it comes to on this order (gross in INCLUSIVE mode)")
    tax_rate_id: UUID | None
    tax_amount: Money = Field(description="Its share of its rate's tax")
    automatic: bool = Field(
        description="The location's automatic charge (taking it off takes a manager)"
    )


class OrderDetail(OrderSummary):
    customer_id: UUID | None
    guest_count: int | None
    notes: str | None
    items: list[OrderItemOut]
    fired_courses: list[int] = Field(
        description="The courses fired so far, ascending: [] before the first send, [1] after "
        "it; a send sends these courses' pending items, the others are held"
    )
    discount_amount: Money
    tax_amount: Money
    tax_mode: TaxMode = Field(
        description="EXCLUSIVE: tax on top of prices; INCLUSIVE: prices include it (VAT)"
    )
    taxes: list[TaxOut] = Field(
        description="One entry per rate used, service charges included; their taxAmounts sum "
        "to taxAmount"
    )
    service_charges: list[OrderServiceChargeOut] = Field(
        description="The service charges that apply; never a tip"
    )
    service_charge_total: Money
    rounding_adjustment: Money = Field(
        description="The cash rounding its payments settled (their roundingAdjustment)"
    )
    cash_balance_due: Money = Field(
        description="balanceDue rounded to the location's cashRounding (what cash settles it "
        "with); balanceDue when it has none"
    )
    paid_amount: Money
    tip_total: Money
    payments: list[PaymentOut]
    refunds: list[RefundOut] = Field(
        description="Money given back: refunds of the completed order, or of each payment "
        "when it was cancelled."
    )
    version: int
    completed_by: StaffRef | None
    cancelled_by: StaffRef | None
    updated_at: Timestamp
    completed_at: Timestamp | None
    cancelled_at: Timestamp | None
    merged_into: UUID | None = Field(
        description="The check this one was merged into (it is then CANCELLED); null otherwise"
    )
    receipt_number: int | None = Field(
        default=None,
        description="The journal sequence of its sale (docs/design.md §18): null until "
        "completed; a reopened and completed again check gets a new one",
    )


class OrderPage(CursorPage[OrderSummary]):
    """Orders, newest first."""


class Outcome(ResponseModel):
    success: bool
    message: str


class CancelOutcome(Outcome):
    refund_amount: Money


class SendOutcome(ResponseModel):
    success: bool
    kitchen_order_id: UUID
    sent_items: int


class DiscountOutcome(ResponseModel):
    order_id: UUID
    discount_amount: Money
    discount_code: str | None
    subtotal: Money
    tax_amount: Money
    new_total: Money
    balance_due: Money


class TransferOutcome(ResponseModel):
    order_id: UUID
    previous_table_id: UUID | None
    new_table_id: UUID


class CompleteOutcome(ResponseModel):
    id: UUID
    status: OrderStatus
    completed_at: Timestamp
    total: Money
    paid_amount: Money


# --- splitting, sharing, moving, merging checks ---------------------------------------------


class SplitItemIn(RequestModel):
    item_id: UUID
    quantity: QuantityIn = omittable(
        description="Left out: the whole line. Less than the line's splits it: the check "
        "keeps the rest."
    )


class SplitRequest(RequestModel):
    items: list[SplitItemIn] = Field(
        default_factory=list,
        max_length=MAX_ITEMS_PER_ORDER,
        description="What the new check takes (each item once)",
    )
    by_seat: bool = Field(
        default=False, description="One new check per seat; items with no seat stay"
    )
    guest_counts: list[GuestCount] = omittable(
        max_length=MAX_ITEMS_PER_ORDER + 1,
        description="One per check after the split, this one first. Left out: this check "
        "keeps its guests and each new check has 1.",
    )

    def command(self) -> SplitCheck:
        return SplitCheck(
            items={line.item_id: line.quantity for line in self.items},
            by_seat=self.by_seat,
            guest_counts=None if self.guest_counts is None else tuple(self.guest_counts),
        )


class ShareRequest(RequestModel):
    # A whole JSON number, checked before any arithmetic: a plain int field would work out
    # 1e-999999999999999999 exactly, for ever (the fuzzer's extreme numbers).
    parts: Shares = Field(description="How many lines to share it in")


class MoveRequest(RequestModel):
    item_ids: list[UUID] = Field(min_length=1, max_length=MAX_ITEMS_PER_ORDER)
    to_order_id: UUID


class MergeRequest(RequestModel):
    order_id: UUID = Field(description="The open check to merge into this one")


class OrdersOut(ResponseModel):
    orders: list[OrderDetail]

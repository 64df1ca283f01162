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
    UtcInstant,
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
# A check after a split may seat none of the guests (they stay on another check).
SplitGuestCount: Any = WholeNumber(0, 500)
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
_PICKUP_AT = (
    "When a TAKEOUT or DELIVERY order is promised (picked up by the guest or a courier), in "
    "UTC; null: not said"
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
    order_type: OrderType = Field(
        description="How it is served: DINE_IN (at a table), TAKEOUT, DELIVERY or a BAR_TAB"
    )
    table_id: UUID | None = Field(
        default=None, description="The dining table it is at; null or left out: none"
    )
    customer_id: UUID | None = Field(
        default=None,
        description="The customer's id in another system (opaque: kept, not checked); null: none",
    )
    guest_count: GuestCount | None = Field(
        default=None,
        description=(
            "How many guests (1-500); null: not said (an automatic service charge "
            "with minGuests then does not apply)"
        ),
    )
    notes: LongText | None = Field(
        default=None, description="Notes about the whole order, for the staff; null: none"
    )
    location_id: UUID | None = Field(
        default=None,
        description=(
            "The location it opens at; left out: the `locationId` query's, else the "
            "signed-in device's"
        ),
    )
    customer_name: CustomerName | None = Field(default=None, description=_CUSTOMER_NAME)
    pickup_at: UtcInstant | None = Field(
        default=None,
        description=f"{_PICKUP_AT}. Only a TAKEOUT or DELIVERY order's: 422 for another type",
    )

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
            pickup_at=self.pickup_at,
        )


class OrderUpdate(RequestModel):
    """The order's own fields a client may change while it is open."""

    customer_name: CustomerName | None = Field(description=_CUSTOMER_NAME)


class ModifierIn(RequestModel):
    modifier_option_id: UUID = Field(
        description=(
            "A MODIFIER product of the catalogue, whose name and price win; any other"
            " id is an ad-hoc modifier, which needs name and price"
        )
    )
    name: ModifierName | None = Field(
        default=None, description="An ad-hoc modifier's name (ignored for a catalogue modifier)"
    )
    price: MoneyIn | None = Field(
        default=None,
        description=(
            "An ad-hoc modifier's price per unit of the item, in the order's currency, "
            "as prices are (tax included only in INCLUSIVE mode); ignored for a catalogue "
            "modifier"
        ),
    )


def _choices(modifiers: list[ModifierIn]) -> tuple[ModifierChoice, ...]:
    return tuple(ModifierChoice(m.modifier_option_id, m.name, m.price) for m in modifiers)


class ItemAdd(RequestModel):
    id: UUID | None = _client_id("item")
    product_id: UUID = Field(description="The product rung up (of the order's location)")
    quantity: QuantityIn = Field(description="How many, above 0, up to 3 decimals (a weighed item)")
    variant_id: UUID | None = Field(
        default=None,
        description=(
            "The product's variant sold (its price replaces the product's); null: the"
            " product itself"
        ),
    )
    modifiers: list[ModifierIn] = Field(
        description=(
            "The modifiers chosen, each with its price per unit; the product's "
            "modifier groups' rules apply"
        ),
        default_factory=list,
        max_length=MAX_MODIFIERS_PER_ITEM,
    )
    notes: ItemNotes | None = Field(
        default=None, description="Notes for the kitchen, printed on its ticket; null: none"
    )
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

    quantity: QuantityIn = omittable(
        description=(
            "The new quantity, above 0; lowering a sent item's is a partial void and needs `reason`"
        )
    )
    notes: ItemNotes | None = Field(
        default=None, description="New notes for the kitchen; null clears them, left out keeps them"
    )
    status: ItemStatus = omittable(
        description=(
            "The item's next kitchen status (PREPARING, READY, SERVED, ...), as the "
            "status rules allow"
        )
    )
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
    reason: Reason = Field(description="Why (1-500 characters): kept in the audit log")


class PaymentCreate(RequestModel):
    id: UUID | None = _client_id("payment")
    payment_method: PaymentMethod = Field(description="How it is paid")
    amount: MoneyIn = Field(
        description=(
            "What it pays of balanceDue, tips apart: above 0 and at most the balance, else "
            "409 `overpayment`; in the order's currency. In cash it may be cashBalanceDue "
            "instead, 0.00 included: a balance of 0.01-0.02 at a 0.05 cash step is settled by "
            "handing over nothing"
        )
    )
    tip_amount: MoneyIn = omittable(
        description=(
            "The tip on top of amount, in the order's currency (left out: 0); above "
            "BRIGADE_TIP_APPROVAL_RATIO x amount it needs a MANAGER"
        )
    )
    processor_transaction_id: TransactionId | None = Field(
        default=None,
        description="The card processor's id of the transaction, kept with the payment; null: none",
    )
    card_last_four: CardLastFour | None = Field(
        default=None,
        description="The card's last four digits (exactly four: never the full number); null: none",
    )
    card_brand: CardBrand | None = Field(
        default=None,
        description="The card's brand as the terminal names it (VISA, ...); null: none",
    )

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
    service_charge_id: UUID = Field(
        description="A live service charge of the order's location, to add to the order"
    )


class DiscountRequest(RequestModel):
    discount_amount: MoneyIn = Field(
        description=(
            "The order's whole discount (it replaces any before), taken off the "
            "subtotal: 0 to subtotal, in the order's currency; 0 removes it"
        )
    )
    discount_code: ShortText | None = Field(
        default=None, description="The promotion's code, kept with the discount; null: none"
    )
    reason: Reason | None = Field(
        default=None, description="Why it is given: kept in the audit log; null: none"
    )

    def command(self) -> ApplyDiscount:
        return ApplyDiscount(self.discount_amount, self.discount_code, self.reason)


class TransferRequest(RequestModel):
    table_id: UUID = Field(description="The dining table the order moves to")


class RefundLineIn(RequestModel):
    item_id: UUID = Field(description="The order's item to refund (its share of the total paid)")
    quantity: QuantityIn = omittable(description="Left out: all of the item not yet refunded.")


class _RefundFields(RequestModel):
    reason: Reason = Field(
        description=(
            "Why the money goes back (1-500 characters): kept on the refund and in the audit log"
        )
    )
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

    items: list[RefundLineIn] = Field(
        description="The items refunded, each at most once",
        min_length=1,
        max_length=MAX_REFUND_LINES,
    )

    def command(self) -> RefundOrder:
        return RefundOrder(
            reason=self.reason,
            items=tuple(RefundLine(line.item_id, line.quantity) for line in self.items),
            payment_id=self.payment_id,
        )


class TipAdjustment(RequestModel):
    tip_amount: MoneyIn = Field(
        description=(
            "The payment's new tip (it replaces the old), in the order's currency; "
            "above BRIGADE_TIP_APPROVAL_RATIO x its amount it needs a MANAGER"
        )
    )


# --- responses ------------------------------------------------------------------------------

# The order's totals (orders/domain/totals.py).
_SUBTOTAL = (
    "Its live items' totals added up, before the discount and service charges; tax included "
    "only in INCLUSIVE mode; in the order's currency"
)
_DISCOUNT = "The order's discount, taken off the subtotal, in the order's currency"
_CHARGES = (
    "The service charges that apply, added up; tax included only in INCLUSIVE mode; in the "
    "order's currency"
)
_TAX = (
    "The tax of every rate, added up: on top of the prices in EXCLUSIVE mode, inside them in "
    "INCLUSIVE; in the order's currency"
)
_TOTAL = (
    "What the order comes to, tax included, tips apart: subtotal - discountAmount + "
    "serviceChargeTotal, + taxAmount in EXCLUSIVE mode; in the order's currency"
)
_PAID = "What its completed payments paid toward the total, tips apart, in the order's currency"
_BALANCE = "What is still owed: total + cash rounding - paidAmount, in the order's currency"


class OrderTotalsOut(ResponseModel):
    """An item event's order: enough to act on without reading it."""

    id: UUID = Field(description="The order's id")
    order_number: str = Field(description="As every answer shows it (#1042)")
    status: OrderStatus = Field(description="The order's status")
    currency: str = Field(description="ISO 4217")
    subtotal: Money = Field(description=_SUBTOTAL)
    discount_amount: Money = Field(description=_DISCOUNT)
    service_charge_total: Money = Field(description=_CHARGES)
    tax_amount: Money = Field(description=_TAX)
    total: Money = Field(description=_TOTAL)
    paid_amount: Money = Field(description=_PAID)
    balance_due: Money = Field(description=_BALANCE)
    version: int = Field(description="The order's version after this change (its ETag)")


class OrderItemOut(ResponseModel):
    id: UUID = Field(description="The item's id")
    product_id: UUID = Field(description="The product rung up")
    variant_id: UUID | None = Field(
        description="The product's variant sold; null: the product itself"
    )
    name: str = Field(
        description=(
            "What it was rung up as: the product's name (and variant's) then; what "
            "tickets and receipts print"
        )
    )
    quantity: Number = Field(description="How many, up to 3 decimals (a weighed item)")
    unit_price: Money = Field(
        description=(
            "One unit's price when rung up (the variant's if any), modifiers apart, "
            "in the order's currency; tax included only in INCLUSIVE mode"
        )
    )
    total: Money = Field(
        description=(
            "quantity x (unitPrice + its modifiers' prices), rounded to the cent, "
            "before the order's discount, in the order's currency; tax included only "
            "in INCLUSIVE mode"
        )
    )
    tax_rate_id: UUID | None = Field(
        description="The named rate it is taxed at; null: the product's own taxRate number"
    )
    tax_rate: Number = Field(description="The rate it was added at, a fraction (0.2 is 20 %)")
    tax_amount: Money = Field(
        description="Its share of its rate's tax (a live item's; 0 for a voided one): the "
        "shares of a rate add up to that rate's taxAmount in the order's taxes"
    )
    discount_amount: Money = Field(
        description="Its part of the order's discountAmount (a live item's; 0 for a voided "
        "one): spread by amount, or the part it brought from the check it was split, moved or "
        "merged from"
    )
    modifiers: list[ModifierOut] = Field(description="The modifiers chosen, as rung up")
    notes: str | None = Field(description="Notes for the kitchen; null: none")
    status: ItemStatus = Field(
        description=(
            "Where it is in the kitchen: PENDING (not sent), SENT, PREPARING, READY, "
            "SERVED, or VOIDED"
        )
    )
    void_reason: str | None = Field(description="Why it was voided; null unless VOIDED")
    seat: int | None = Field(description=_SEAT)
    course: int = Field(description=_COURSE)
    sent_as: UUID | None = Field(
        description="A part of a sent line that a split or a share made: the item its kitchen "
        "ticket's line names (the kitchen follows it); null: the item is its own line"
    )
    created_at: Timestamp
    updated_at: Timestamp


class ItemEventOut(OrderItemOut):
    """``item.*`` events: the item, with its order's number and totals after the change."""

    order_number: str = Field(description="Its order's check number (#1042)")
    order: OrderTotalsOut = Field(description="Its order's number and totals after the change")


class PaymentFields(ResponseModel):
    """``cardLastFour``, ``cardBrand`` and ``takenBy`` are null for a KITCHEN caller."""

    id: UUID = Field(description="The payment's id")
    amount: Money = Field(
        description="What it paid toward the order's total, tips apart, in the order's currency"
    )
    tip_amount: Money = Field(
        description="The tip given with it, on top of amount, in the order's currency"
    )
    rounding_adjustment: Money = Field(
        description="A cash payment that settled the balance to the location's cash rounding "
        "step: what it paid less the balance (-0.02 when 149.95 settled 149.97); 0 otherwise"
    )
    currency: str = Field(description="ISO 4217, the order's")
    status: PaymentStatus = Field(
        description="COMPLETED, or REFUNDED once the cancelled order gave it back"
    )
    card_last_four: str | None = Field(
        description=(
            "The card's last four digits; null when none were given, or for a KITCHEN caller"
        )
    )
    card_brand: str | None = Field(
        description=(
            "The card's brand as the terminal named it; null when none was given, or "
            "for a KITCHEN caller"
        )
    )
    processed_at: Timestamp = Field(description="When it was taken, in UTC")
    taken_by: StaffRef | None = Field(
        description="Who took it; null when nobody was recorded, or for a KITCHEN caller"
    )


_OLD_METHOD = "Deprecated: the same as `paymentMethod`, its name everywhere else"


class PaymentOut(PaymentFields):
    """A payment inside the order detail."""

    payment_method: PaymentMethod = Field(description="How it was paid")
    method: PaymentMethod = Field(deprecated=True, description=_OLD_METHOD)


class PaymentDetail(PaymentFields):
    order_id: UUID = Field(description="The order it paid")
    payment_method: PaymentMethod = Field(description="How it was paid")


class RefundedItemOut(ResponseModel):
    item_id: UUID = Field(description="The order's item refunded")
    quantity: Number = Field(description="How much of it was refunded")
    amount: Money = Field(
        description=(
            "Its share of the total paid for that quantity (after discount, tax "
            "included), in the order's currency"
        )
    )


class RefundOut(ResponseModel):
    """``refundedBy`` is null for a KITCHEN caller, as a payment's ``takenBy``."""

    id: UUID = Field(description="The refund's id")
    order_id: UUID = Field(description="The order refunded")
    payment_id: UUID = Field(description="The payment the money went back to")
    amount: Money = Field(
        description=(
            "What was given back of what was paid, tips apart, tax included, in the "
            "order's currency"
        )
    )
    tip_amount: Money = Field(
        description="What was given back of the payment's tip, in the order's currency"
    )
    currency: str = Field(description="ISO 4217, the order's")
    payment_method: PaymentMethod = Field(description="The refunded payment's method")
    method: PaymentMethod = Field(deprecated=True, description=_OLD_METHOD)
    reason: str = Field(description="Why it was given back")
    items: list[RefundedItemOut] = Field(
        description="The lines refunded, for a refund by line; [] for a refund by amount"
    )
    refunded_by: StaffRef | None = Field(
        description="Who gave it back; null when nobody was recorded, or for a KITCHEN caller"
    )
    created_at: Timestamp = Field(description="When it was given, in UTC")


class SettledPaymentOut(PaymentDetail):
    """A payment across orders: its order's number, location and where it sits (its table,
    or its type and customer for a tab), what was refunded of it."""

    order_number: str = Field(description="Its order's check number (#1042)")
    location_id: UUID | None = Field(
        description="Its order's location; null for an order of no location"
    )
    order_type: OrderType = Field(description="Its order's type")
    table_name: str | None = Field(
        description="The order's dining table's current name; null for no table"
    )
    customer_name: str | None = Field(description="The order's customer's name (a bar tab)")
    refunded_amount: Money = Field(
        description="What was given back of amount so far, in the order's currency"
    )
    refunded_tip: Money = Field(
        description="What was given back of tipAmount so far, in the order's currency"
    )


class SettledPaymentPage(CursorPage[SettledPaymentOut]):
    """Payments, newest first."""


class OrderSummary(ResponseModel):
    id: UUID = Field(description="The order's id")
    order_number: str = Field(
        description="Its check number at its location, as every answer shows it (#1042)"
    )
    status: OrderStatus = Field(
        description="DRAFT until first sent, OPEN, then COMPLETED (paid) or CANCELLED"
    )
    order_type: OrderType = Field(description="How it is served")
    table_id: UUID | None = Field(description="The dining table it is at; null: none")
    table_name: str | None = Field(
        description="The dining table's current name; null for no table or an opaque table id"
    )
    location_id: UUID | None = Field(
        description="The location it belongs to; null for an order of no location"
    )
    customer_name: str | None = Field(description="The customer's name (a bar tab, a takeout)")
    pickup_at: Timestamp | None = Field(description=_PICKUP_AT)
    currency: str = Field(description="ISO 4217, the location's when the order opened")
    subtotal: Money = Field(description=_SUBTOTAL)
    total: Money = Field(description=_TOTAL)
    balance_due: Money = Field(description=_BALANCE)
    created_at: Timestamp
    opened_by: StaffRef | None = Field(description="Who opened it (the back office's open checks)")


class TaxOut(ResponseModel):
    """One rate's part of the order: what is taxed at it, net of tax, and its tax."""

    tax_rate_id: UUID | None = Field(description="Null for a product's own taxRate number")
    name: str = Field(description='The rate\'s name; its percentage ("8.25%") for a number')
    rate: Number = Field(description="The rate, a fraction (0.0825 is 8.25 %)")
    net_amount: Money = Field(
        description="What is taxed at it, tax excluded, in the order's currency"
    )
    tax_amount: Money = Field(
        description="Its tax, rounded half-up once over netAmount, in the order's currency"
    )
    gross_amount: Money = Field(description="netAmount + taxAmount, in the order's currency")


class OrderServiceChargeOut(ResponseModel):
    service_charge_id: UUID = Field(description="The location's service charge it is")
    name: str = Field(description="The charge's name as the order took it")
    rate: Number | None = Field(
        description="A fraction of subtotal - discountAmount; null for a set amount"
    )
    amount: Money = Field(description="What it comes to on this order (gross in INCLUSIVE mode)")
    tax_rate_id: UUID | None = Field(description="The named rate it is taxed at; null: untaxed")
    tax_amount: Money = Field(description="Its share of its rate's tax")
    automatic: bool = Field(
        description="The location's automatic charge (taking it off takes a manager)"
    )


class OrderDetail(OrderSummary):
    customer_id: UUID | None = Field(
        description="The customer's id in another system (opaque); null: none"
    )
    guest_count: int | None = Field(description="How many guests; null: not said")
    notes: str | None = Field(description="Notes about the whole order; null: none")
    items: list[OrderItemOut] = Field(
        description="Its items, voided ones included, in the order they were added"
    )
    fired_courses: list[int] = Field(
        description="The courses fired so far, ascending: [] before the first send, [1] after "
        "it; a send sends these courses' pending items, the others are held"
    )
    discount_amount: Money = Field(description=_DISCOUNT)
    tax_amount: Money = Field(description=_TAX)
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
    service_charge_total: Money = Field(description=_CHARGES)
    rounding_adjustment: Money = Field(
        description="The cash rounding its payments settled (their roundingAdjustment)"
    )
    cash_balance_due: Money = Field(
        description="balanceDue rounded to the location's cashRounding (what cash settles it "
        "with); balanceDue when it has none"
    )
    paid_amount: Money = Field(description=_PAID)
    tip_total: Money = Field(
        description=(
            "The tips of its completed payments added up, on top of the total, in the"
            " order's currency"
        )
    )
    payments: list[PaymentOut] = Field(description="Its payments, refunded ones included")
    refunds: list[RefundOut] = Field(
        description="Money given back: refunds of the completed order, or of each payment "
        "when it was cancelled."
    )
    version: int = Field(description="Its version, raised by every change: the ETag, for If-Match")
    completed_by: StaffRef | None = Field(
        description="Who completed it; null until completed, or when nobody was recorded"
    )
    cancelled_by: StaffRef | None = Field(
        description="Who cancelled it; null unless cancelled, or when nobody was recorded"
    )
    updated_at: Timestamp
    completed_at: Timestamp | None = Field(
        description="When it was completed, in UTC; null until then"
    )
    cancelled_at: Timestamp | None = Field(
        description="When it was cancelled, in UTC; null unless cancelled"
    )
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
    success: bool = Field(description="Always true: a refused change answers a problem")
    message: str = Field(description="What was done, for a person")


class CancelOutcome(Outcome):
    refund_amount: Money = Field(
        description=(
            "What cancelling gave back of its payments (tips included), in the "
            "order's currency; 0 when nothing was paid"
        )
    )


class SendOutcome(ResponseModel):
    success: bool = Field(description="Always true: a refused send answers a problem")
    kitchen_order_id: UUID = Field(description="The kitchen ticket the send made")
    sent_items: int = Field(description="How many items the ticket holds")


class DiscountOutcome(ResponseModel):
    order_id: UUID = Field(description="The order discounted")
    discount_amount: Money = Field(description=_DISCOUNT)
    discount_code: str | None = Field(description="The promotion's code; null: none")
    subtotal: Money = Field(description=_SUBTOTAL)
    tax_amount: Money = Field(description=_TAX)
    new_total: Money = Field(
        description=(
            "The order's total after the discount (as the order's total), in the order's currency"
        )
    )
    balance_due: Money = Field(description=_BALANCE)


class TransferOutcome(ResponseModel):
    order_id: UUID = Field(description="The order moved")
    previous_table_id: UUID | None = Field(description="The table it was at; null: none")
    new_table_id: UUID = Field(description="The table it is at now")


class CompleteOutcome(ResponseModel):
    id: UUID = Field(description="The order's id")
    status: OrderStatus = Field(description="COMPLETED")
    completed_at: Timestamp = Field(description="When it was completed, in UTC")
    total: Money = Field(description=_TOTAL)
    paid_amount: Money = Field(description=_PAID)


# --- splitting, sharing, moving, merging checks ---------------------------------------------


class SplitItemIn(RequestModel):
    item_id: UUID = Field(description="An item of this check, for the new check")
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
    guest_counts: list[SplitGuestCount] = omittable(
        max_length=MAX_ITEMS_PER_ORDER + 1,
        description="One per check after the split, this one first, adding up to this check's "
        "guests (0 for a check with none of them). Left out: a split by seat moves one guest "
        "per new check, a split by items moves none.",
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
    item_ids: list[UUID] = Field(
        description="The items moved, whole, each once",
        min_length=1,
        max_length=MAX_ITEMS_PER_ORDER,
    )
    to_order_id: UUID = Field(description="The open check of the same location they move to")


class MergeRequest(RequestModel):
    order_id: UUID = Field(description="The open check to merge into this one")


class OrdersOut(ResponseModel):
    orders: list[OrderDetail] = Field(description="The checks the change touched, this one first")

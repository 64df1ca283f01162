"""The order aggregate: an order with its items and payments, and every rule that changes them.

A service loads an ``Order`` (locked), calls one method per action and hands it back to the
repository, which writes the rows ``changes`` lists and the events it recorded (one or two per
action, the envelopes of kit/events.py: docs/design.md §8). Each method checks everything before it
changes anything, so a refused action leaves the order as it was; an action that changes
something recomputes the cached totals and moves ``version`` and ``updatedAt`` on.

Pure: no database (the repository persists ``changes``), no clock (each action is given its
moment), no catalogue (the service looks a new item's product, variant and modifier options up
and hands them over; the rules for them are here).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from itertools import chain
from types import MappingProxyType
from typing import Any
from uuid import UUID

from brigade.catalogue.domain.menu import check_modifier_selection, sold_as, variant_for_sale
from brigade.catalogue.domain.records import Product, ProductType, ProductVariant, ensure_orderable
from brigade.journal.domain import JournalNote
from brigade.journal.notes import VoidCause
from brigade.kit import money
from brigade.kit.access import Actor
from brigade.kit.changes import UNSET
from brigade.kit.clock import strictly_after
from brigade.kit.currencies import DEFAULT_CURRENCY
from brigade.kit.errors import InvalidInput, NotFound, OtherLocation, StaleVersion
from brigade.kit.events import Envelope
from brigade.kit.ids import new_id
from brigade.kitchen.domain import KitchenTicket, TicketItem, TicketKind, unbumps
from brigade.orders.domain import journal_notes
from brigade.orders.domain.commands import (
    AddItem,
    ApplyDiscount,
    ChangeItem,
    CreateOrder,
    ModifierChoice,
    TakePayment,
)
from brigade.orders.domain.courses import FIRST_COURSE, fired_with, sent_by_a_send
from brigade.orders.domain.domain_events import OrderCancelled, OrderCompleted, PaymentRefunded
from brigade.orders.domain.errors import (
    BusinessDayClosed,
    CheckHasPayments,
    InvalidTransition,
    ItemAlreadySent,
    ItemNotEditable,
    NothingToSend,
    OrderClosed,
    ServiceChargeApplied,
    TableOccupied,
    TipNotAdjustable,
    TooManyItems,
    WouldOverpay,
)
from brigade.orders.domain.events import OrderEvents
from brigade.orders.domain.permissions import (
    check_tip_approval,
    permission_to_cancel,
    permission_to_change_item,
    permission_to_void,
    permission_to_waive_charge,
)
from brigade.orders.domain.records import (
    Modifier,
    OrderCharge,
    OrderHeader,
    OrderItem,
    OrderLine,
    OrderLocation,
    OrderPayment,
)
from brigade.orders.domain.refunds import (
    OrderRefund,
    RefundedItem,
    RefundOrder,
    choose_payment,
    line_shares,
    refund_by_line,
    refundable,
)
from brigade.orders.domain.splitting import (
    Portion,
    carrying,
    frozen_charge,
    merged_guests,
    piece_discounts,
    portions,
    settled,
    share_line,
    split_line,
    spread_over,
    whole_portion,
)
from brigade.orders.domain.states import (
    FINAL_ORDER_STATUSES,
    ItemStatus,
    OrderEvent,
    OrderStatus,
    OrderType,
    PaymentMethod,
    PaymentStatus,
    apply_order_event,
    check_item_transition,
    ensure_item_quantity_editable,
    ensure_order_editable,
    is_sent,
)
from brigade.orders.domain.totals import (
    Line,
    OrderTotals,
    Payment,
    TaxRateRef,
    check_completable,
    check_discount,
    check_payment,
    compute_totals,
    item_total_cents,
)
from brigade.pricing.domain import ServiceCharge, TaxRate

# Limits that keep one order from weighing on every writer: a write loads each item's line,
# the answer carries the item, a GET every item with its modifiers and notes.
MAX_ITEMS_PER_ORDER = 500
MAX_MODIFIERS_PER_ITEM = 20
MAX_ITEM_NOTES_LENGTH = 500
# A customer's name on a bar tab or a takeout, after trimming (docs/design.md §5).
MAX_CUSTOMER_NAME_LENGTH = 60


def customer_name(name: str | None) -> str | None:
    """The name an order keeps for ``name`` as given: trimmed; blank (or None) is no name;
    longer than ``MAX_CUSTOMER_NAME_LENGTH`` after trimming is refused."""
    trimmed = (name or "").strip()
    if len(trimmed) > MAX_CUSTOMER_NAME_LENGTH:
        raise InvalidInput("customerName", f"must be at most {MAX_CUSTOMER_NAME_LENGTH} characters")
    return trimmed or None


# The order types that may be promised for a time (docs/design.md §5).
PICKUP_ORDER_TYPES = frozenset({OrderType.TAKEOUT, OrderType.DELIVERY})


def pickup_at(order_type: OrderType, at: datetime | None) -> datetime | None:
    """The pickup time an order of ``order_type`` keeps for ``at``: only a TAKEOUT or a
    DELIVERY order is promised for a time."""
    if at is not None and order_type not in PICKUP_ORDER_TYPES:
        raise InvalidInput("pickupAt", "only a TAKEOUT or DELIVERY order has a pickup time")
    return at


def check_may_change_item(actor: Actor, command: ChangeItem) -> None:
    """Refuse a change the actor's role may not make (the kitchen moves an item's status, a
    server changes the rest): the aggregate's check, which a service may also make before it
    loads the order at all."""
    actor.ensure(permission_to_change_item(command.fields))


def _ensure_unsent(item: OrderItem, what: str) -> None:
    """Refuse to change ``what`` of an item the kitchen has seen (409: the terminal voids it
    and rings it again) or that was voided."""
    if is_sent(item.status):
        raise ItemAlreadySent(
            f"{item.name} was already sent to the kitchen: void it and ring it again to "
            f"change {what}"
        )
    if item.status is ItemStatus.VOIDED:
        raise ItemNotEditable(f"{item.name} is voided: {what} cannot change")


def _sold_variant(
    product: Product, variant_id: UUID | None, named: ProductVariant | None
) -> ProductVariant | None:
    """The variant the item is sold as. A product without variants keeps any other id as it
    did before (``named``: the variant of that id, whatever its product), but not another
    product's variant."""
    variant = variant_for_sale(product, variant_id)
    if variant is None and named is not None:
        raise InvalidInput("variantId", f"is not a variant of {product.name}")
    return variant


def _priced_modifiers(
    command: AddItem, options: Mapping[UUID, Product]
) -> tuple[tuple[Modifier, ...], list[UUID]]:
    """The modifiers ``command`` asks for, priced: catalogue modifiers (``options``: the
    catalogue's products among the ids asked for) take the catalogue's name and price, and must
    be orderable in the item's quantity; any other id is ad hoc, with its own name and price.
    Answers the priced modifiers and the catalogue options among them (a group counts those)."""
    priced: list[Modifier] = []
    chosen: list[UUID] = []
    for index, modifier in enumerate(command.modifiers):
        option = options.get(modifier.modifier_option_id)
        if option is not None and option.product_type is ProductType.MODIFIER:
            ensure_orderable(option, command.quantity)
            priced.append(Modifier(option.id, option.name, money.to_cents(option.price)))
            chosen.append(option.id)
            continue
        if modifier.name is None or modifier.price is None:
            missing = "name" if modifier.name is None else "price"
            raise InvalidInput(
                f"modifiers.{index}.{missing}",
                "is required for a modifier that is not a catalogue modifier",
            )
        priced.append(
            Modifier(modifier.modifier_option_id, modifier.name, money.to_cents(modifier.price))
        )
    return tuple(priced), chosen


_NO_OPTIONS: Mapping[UUID, Product] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class _Sale:
    """What an item is rung up as: the add-item rules' answer, for a new item or an unsent
    one whose variant or modifiers change."""

    product_id: UUID
    variant_id: UUID | None
    name: str
    unit_price_cents: int
    tax: TaxRateRef
    modifiers: tuple[Modifier, ...]

    def total_cents(self, quantity: Decimal) -> int:
        return _item_total(self.unit_price_cents, self.modifiers, quantity)


def _rung_up(
    command: AddItem,
    product: Product,
    named_variant: ProductVariant | None,
    options: Mapping[UUID, Product],
    header: OrderHeader,
) -> _Sale:
    """The add-item rules, in this order: the product and its catalogue modifiers are the
    order's location's, the variant (one of the product's own), each modifier (a catalogue
    option that can be rung up, or an ad-hoc one with a name and a price), the product's
    modifier groups' limits. Its name, unit price and tax rate are snapshots of the product
    (or its variant) as it is now."""
    for sold in (product, *options.values()):
        ensure_sold_here(sold, header.location_id)
    order_type = header.order_type
    variant = _sold_variant(product, command.variant_id, named_variant)
    modifiers, chosen = _priced_modifiers(command, options)
    check_modifier_selection(product.modifier_groups, chosen)
    sold = sold_as(product, variant)
    return _Sale(
        product_id=sold.id,
        variant_id=command.variant_id,
        name=sold.name,
        unit_price_cents=money.to_cents(sold.price),
        tax=item_tax(sold, order_type),
        modifiers=modifiers,
    )


def ensure_sold_here(product: Product, location_id: UUID | None) -> None:
    """An order rings up its own location's menu only: another's product or modifier would
    take that location's stock and sell at its prices (403 ``other_location``)."""
    if None not in (product.location_id, location_id) and product.location_id != location_id:
        raise OtherLocation(
            f"{product.name} is on another location's menu, not this order's ({location_id})."
        )


def ensure_seated_here(table: str, table_location: UUID, location_id: UUID | None) -> None:
    """An order is seated at its own location's tables only: at another's it would hold that
    table, which that location could then no longer free or delete (403 ``other_location``)."""
    if location_id is not None and table_location != location_id:
        raise OtherLocation(f"Table {table} is at another location, not this order's.")


def _as_asked(modifiers: Iterable[Modifier]) -> tuple[ModifierChoice, ...]:
    """An item's modifiers as a new request would ask for them (an ad-hoc one keeps its name
    and price; a catalogue one takes the catalogue's again)."""
    return tuple(
        ModifierChoice(m.modifier_option_id, m.name, money.from_cents(m.price_cents))
        for m in modifiers
    )


@dataclass(frozen=True, slots=True)
class ItemShare:
    """An item's part of its rate's tax and of its check's discount (a voided one: none)."""

    tax_cents: int = 0
    discount_cents: int = 0


NO_SHARE = ItemShare()


@dataclass(frozen=True, slots=True)
class ItemChange:
    """An item as it was and as it is: the audit and the stock need both."""

    before: OrderItem
    after: OrderItem

    @property
    def is_partial_void(self) -> bool:
        """Less of a sent item: audited like a void, and the kitchen was told."""
        return is_sent(self.before.status) and self.after.quantity < self.before.quantity


@dataclass(frozen=True, slots=True)
class PaymentChange:
    """A payment as it was and as it is: the audit needs both."""

    before: OrderPayment
    after: OrderPayment


@dataclass(frozen=True, slots=True)
class ItemOfOrder:
    """The payload of ``item.*``: the item as its order shows it when the change commits (its
    share of its rate's tax depends on the whole order)."""

    order: Order
    item_id: UUID


@dataclass(frozen=True, slots=True)
class SentOrder:
    """The payload of ``order.sent`` and ``order.course_fired``: the order and the kitchen
    ticket the send (or the fire) produced."""

    order: Order
    ticket: KitchenTicket


@dataclass(slots=True)
class OrderChanges:
    """What the actions so far changed, for the repository to write."""

    is_new: bool = False
    header_changed: bool = False
    added_items: list[OrderItem] = field(default_factory=list)
    changed_items: list[OrderItem] = field(default_factory=list)
    added_payments: list[OrderPayment] = field(default_factory=list)
    changed_payments: list[OrderPayment] = field(default_factory=list)
    added_refunds: list[OrderRefund] = field(default_factory=list)
    # What the kitchen is told: a send's ticket, a void's of what it already had.
    kitchen_tickets: list[KitchenTicket] = field(default_factory=list)
    # Quantities going back into each product's tracked stock (voids, lowered quantities, a
    # cancellation). Taking stock is the service's: it needs the catalogue's own check.
    stock_returned: dict[UUID, Decimal] = field(default_factory=dict)
    # Items and payments another check handed over (a move, a split, a merge): their rows
    # change order.
    arrived_items: list[OrderItem] = field(default_factory=list)
    arrived_payments: list[OrderPayment] = field(default_factory=list)
    # What the actions announce, in the order they happened; the repository's save writes
    # them to the unit of work's outbox. A payload that is the order itself is shown as the
    # order is when the transaction commits.
    events: list[Envelope] = field(default_factory=list)
    # What the journal is told (docs/design.md §18), in the order it happened.
    journal: list[JournalNote] = field(default_factory=list)
    # Every item's part of the discount is dropped: it is spread by amount again.
    discount_respread: bool = False
    # The tickets of items set back from READY to PREPARING: made again, back on the board.
    remade_tickets: list[UUID] = field(default_factory=list)
    # What happened, in orders' words (domain_events.py), for whichever feature listens.
    happened: list[OrderCompleted | OrderCancelled | PaymentRefunded] = field(default_factory=list)


def _lines(lines: Iterable[OrderLine]) -> list[Line]:
    return [line.line() for line in lines if line.status is not ItemStatus.VOIDED]


def _payment_facts(payments: Iterable[OrderPayment]) -> list[Payment]:
    return [
        Payment(
            p.amount_cents,
            p.tip_cents,
            counts=p.status is PaymentStatus.COMPLETED,
            rounding_cents=p.rounding_cents,
        )
        for p in payments
    ]


def _totals(
    header: OrderHeader, lines: Iterable[OrderLine], payments: Iterable[OrderPayment]
) -> OrderTotals:
    """The totals of ``header``'s order with these lines and payments; refused (409) when the
    discount exceeds the subtotal or the total would fall under what is paid."""
    charges = [charge.charge() for charge in header.applying_charges()]
    return check_discount(
        header.discount_cents,
        _lines(lines),
        _payment_facts(payments),
        charges,
        header.terms,
        dict(header.tax_adjustments),
    )


def _rate_ref(rate: TaxRate, order_type: OrderType) -> TaxRateRef:
    return TaxRateRef(money.rate_to_units(rate.rate_for(order_type)), rate.id, rate.name)


def order_charge(charge: ServiceCharge, order_type: OrderType) -> OrderCharge:
    """A location's service charge as an order of ``order_type`` takes it: its terms as they
    are now, taxed at its rate for that type of order."""
    return OrderCharge(
        service_charge_id=charge.id,
        name=charge.name,
        rate_units=None if charge.rate is None else money.rate_to_units(charge.rate),
        amount_cents=None if charge.amount is None else money.to_cents(charge.amount),
        tax=None if charge.tax_rate is None else _rate_ref(charge.tax_rate, order_type),
        automatic=charge.automatic,
        min_guests=charge.min_guests,
        order_types=charge.order_types,
    )


def item_tax(product: Product, order_type: OrderType) -> TaxRateRef:
    """The rate an item of ``product`` is taxed at on an order of ``order_type``: its named
    rate (the takeaway one on a takeaway order, when it has one), else its own number."""
    named = product.tax
    if named is None:
        return TaxRateRef(money.rate_to_units(product.tax_rate))
    return _rate_ref(named, order_type)


def _item_total(unit_price_cents: int, modifiers: Iterable[Modifier], quantity: Decimal) -> int:
    return item_total_cents(
        unit_price_cents, [m.price_cents for m in modifiers], money.quantity_to_units(quantity)
    )


def _ticket_line(item: OrderItem, quantity: Decimal) -> TicketItem:
    return TicketItem(
        item.kitchen_line_id,
        item.product_id,
        item.name,
        quantity,
        item.modifiers,
        item.notes,
        seat=item.seat,
        course=item.course,
    )


class Order:
    """An order, its items and its payments; changed only through the methods below.

    Every item is known by its line (``OrderLine``). Whole (name, modifiers, notes) are all of
    them (``lines`` left out), or only those an action needs, which the service names when it
    loads the order (the item it changes, the pending ones for a send); reaching an item that
    was not loaded whole is a LookupError, a bug in the service, never a smaller order.
    """

    __slots__ = ("_changes", "_header", "_items", "_lines", "_payments", "_refunds", "_totals")

    def __init__(
        self,
        header: OrderHeader,
        items: Iterable[OrderItem] = (),
        payments: Iterable[OrderPayment] = (),
        *,
        lines: Iterable[OrderLine] | None = None,
        refunds: Iterable[OrderRefund] = (),
    ) -> None:
        self._header = header
        self._items = {item.id: item for item in items}
        every = map(OrderLine.of, self._items.values()) if lines is None else lines
        self._lines = {line.id: line for line in every}
        self._payments = list(payments)
        self._refunds = list(refunds)
        self._changes = OrderChanges()
        # Worked out when first asked for, and by each change: only ``_commit`` changes the order.
        self._totals: OrderTotals | None = None

    @classmethod
    def open(
        cls,
        command: CreateOrder,
        *,
        order_number: int,
        opened_by: Actor,
        at: datetime,
        table_name: str | None = None,
        location: OrderLocation | None = None,
        charges: Sequence[OrderCharge] = (),
    ) -> Order:
        """A new DRAFT order with no items, opened by ``opened_by`` (at the table named
        ``table_name``, when its table is one of the dining room's), on its ``location``'s
        terms (currency, tax mode, cash rounding; None: a location without a profile) with its
        automatic service ``charges``."""
        terms = location or OrderLocation("", "UTC", DEFAULT_CURRENCY)
        header = OrderHeader(
            id=command.id or new_id(),
            location_id=command.location_id,
            order_number=order_number,
            status=OrderStatus.DRAFT,
            order_type=command.order_type,
            table_id=command.table_id,
            customer_id=command.customer_id,
            guest_count=command.guest_count,
            notes=command.notes,
            discount_cents=0,
            discount_code=None,
            subtotal_cents=0,
            tax_cents=0,
            total_cents=0,
            paid_cents=0,
            tip_cents=0,
            version=1,
            created_at=at,
            updated_at=at,
            completed_at=None,
            cancelled_at=None,
            cancel_reason=None,
            opened_by_id=opened_by.staff_id,
            opened_by_name=opened_by.name,
            completed_by_id=None,
            completed_by_name=None,
            cancelled_by_id=None,
            cancelled_by_name=None,
            currency=terms.currency,
            tax_mode=terms.tax_mode,
            cash_rounding_cents=terms.cash_rounding_cents,
            service_charges=tuple(charges),
            table_name=table_name,
            customer_name=customer_name(command.customer_name),
            pickup_at=pickup_at(command.order_type, command.pickup_at),
        )
        order = cls(header)
        order._changes.is_new = True
        order._changes.events.append(order._event(OrderEvents.ORDER_CREATED))
        return order

    # --- what it is -----------------------------------------------------------------------

    @property
    def header(self) -> OrderHeader:
        return self._header

    @property
    def id(self) -> UUID:
        return self._header.id

    @property
    def items(self) -> tuple[OrderItem, ...]:
        """Every item, in the order they were added: only of an order loaded whole (a partial
        list would read as a smaller order)."""
        return tuple(self._whole(item_id) for item_id in self._lines)

    @property
    def is_whole(self) -> bool:
        """Whether every item was loaded whole (``items`` answers only then)."""
        return len(self._items) == len(self._lines)

    @property
    def lines(self) -> tuple[OrderLine, ...]:
        """Every item's line, in the order they were added."""
        return tuple(self._lines.values())

    @property
    def payments(self) -> tuple[OrderPayment, ...]:
        return tuple(self._payments)

    @property
    def refunds(self) -> tuple[OrderRefund, ...]:
        """What was given back, oldest first: refunds of the completed order, or of each
        payment when it was cancelled."""
        return tuple(self._refunds)

    @property
    def changes(self) -> OrderChanges:
        return self._changes

    def payment(self, payment_id: UUID) -> OrderPayment:
        found = next((p for p in self._payments if p.id == payment_id), None)
        if found is None:
            raise NotFound("payment", payment_id)
        return found

    def item(self, item_id: UUID) -> OrderItem:
        if item_id not in self._lines:
            raise NotFound("order item", item_id)
        return self._whole(item_id)

    def take_whole(self, items: Iterable[OrderItem]) -> None:
        """Every item whole, as stored (``items``), for an action that turns out to need them
        all (a payment that completes the check); those this order already holds stay as
        they are."""
        self._items = {item.id: item for item in items if item.id in self._lines} | self._items

    def _whole(self, item_id: UUID) -> OrderItem:
        try:
            return self._items[item_id]
        except KeyError:
            raise LookupError(f"item {item_id} was not loaded whole for this action") from None

    def totals(self) -> OrderTotals:
        if self._totals is None:
            header = self._header
            self._totals = compute_totals(
                _lines(self._lines.values()),
                header.discount_cents,
                _payment_facts(self._payments),
                [charge.charge() for charge in header.applying_charges()],
                header.terms,
                dict(header.tax_adjustments),
            )
        return self._totals

    def item_shares(self, totals: OrderTotals | None = None) -> dict[UUID, ItemShare]:
        """Each live item's part of its rate's tax and of the discount, by item id (a voided
        item has none)."""
        live = [line.id for line in self._lines.values() if line.status is not ItemStatus.VOIDED]
        totals = totals or self.totals()
        shares = zip(live, totals.line_taxes, totals.line_discounts, strict=True)
        return {item_id: ItemShare(tax, off) for item_id, tax, off in shares}

    def expect_version(self, version: int | None) -> None:
        """Refuse a change meant for another version (a client's If-Match); None: any."""
        if version is not None and version != self._header.version:
            raise StaleVersion(f"the order is at version {self._header.version}, not {version}")

    # --- the order ------------------------------------------------------------------------

    def apply_discount(self, command: ApplyDiscount, *, actor: Actor, at: datetime) -> None:
        """Replace the discount (0 removes it): at most the subtotal, never under what is paid,
        and at most what a manager's approval approved."""
        ensure_order_editable(self._header.status)
        cents = money.to_cents(command.amount)
        actor.ensure_approved_up_to(cents)
        self._commit(
            at,
            (self._event(OrderEvents.ORDER_UPDATED),),
            respread=True,
            discount_cents=cents,
            discount_code=command.code if cents else None,
        )

    def transfer(
        self, table_id: UUID, *, at: datetime, table_name: str | None = None
    ) -> UUID | None:
        """Move the order to another table (named ``table_name``, when it is one of the dining
        room's); answers the table it was at."""
        ensure_order_editable(self._header.status)
        previous = self._header.table_id
        self._commit(
            at, (self._event(OrderEvents.ORDER_UPDATED),), table_id=table_id, table_name=table_name
        )
        return previous

    def name_customer(self, name: str | None, *, at: datetime) -> None:
        """Put the customer's ``name`` on the order (None or blank takes it off); the same name
        again changes nothing."""
        ensure_order_editable(self._header.status)
        kept = customer_name(name)
        if kept != self._header.customer_name:
            self._commit(at, (self._event(OrderEvents.ORDER_UPDATED),), customer_name=kept)

    @property
    def is_settled(self) -> bool:
        """Whether the live check is paid to the cent with nothing left to send: what completes
        it by itself where its location's ``autoComplete`` is on. Something must have been
        paid (a comped or emptied check is completed by hand)."""
        return (
            self._header.status not in FINAL_ORDER_STATUSES
            and self._header.paid_cents > 0
            and self.totals().balance_due_cents == 0
            and all(line.status is not ItemStatus.PENDING for line in self._lines.values())
        )

    def complete(self, *, actor: Actor, at: datetime) -> datetime:
        """Close the check: only with nothing left to pay. Answers when it was completed; a
        check already completed (by itself, once paid) answers when it was, and stays as it
        is."""
        completed_at = self._header.completed_at
        if self._header.status is OrderStatus.COMPLETED and completed_at is not None:
            return completed_at
        ensure_order_editable(self._header.status)
        check_completable(self.totals())
        status = apply_order_event(self._header.status, OrderEvent.COMPLETE)
        moment = self._next_moment(at)
        self._commit(
            moment,
            (self._event(OrderEvents.ORDER_COMPLETED),),
            status=status,
            completed_at=moment,
            completed_by_id=actor.staff_id,
            completed_by_name=actor.name,
        )
        self._changes.journal.append(journal_notes.sale(self._header, self._payments))
        header = self._header
        self._changes.happened.append(
            OrderCompleted(
                header.id,
                header.location_id,
                header.order_type,
                moment,
                actor.staff_id,
                header.currency,
                header.total_cents,
                header.tip_cents,
                header.pickup_at,
            )
        )
        return moment

    def reopen(
        self,
        *,
        seated_at_table: int | None,
        business_day_of: Callable[[datetime], date],
        at: datetime,
    ) -> None:
        """Make a COMPLETED check OPEN again, the business day it was completed on
        (``business_day_of``: the day of a moment in the location's timezone). Its table must be
        free (``seated_at_table``: the number of another order seated there, None for none).
        Who may is the route's (a manager); why is the audit's."""
        status = apply_order_event(self._header.status, OrderEvent.REOPEN)
        completed_at = self._header.completed_at or self._header.updated_at
        if business_day_of(completed_at) != business_day_of(at):
            raise BusinessDayClosed(
                f"the check was completed on {business_day_of(completed_at)}, a business day "
                "that has ended: it can no longer be reopened"
            )
        if seated_at_table is not None:
            raise TableOccupied(
                f"Order #{seated_at_table} now sits at this check's table; move it or the "
                "check first."
            )
        self._changes.journal.append(journal_notes.reopen(self._header.receipt_number))
        self._commit(
            self._next_moment(at),
            (self._event(OrderEvents.ORDER_REOPENED),),
            status=status,
            completed_at=None,
            completed_by_id=None,
            completed_by_name=None,
            receipt_number=None,
        )

    def cancel(self, reason: str, *, actor: Actor, at: datetime) -> int:
        """Cancel: what every completed payment has left to give back is refunded (tips too;
        a check reopened after a refund gives back only the rest), live items' stock goes back.

        A server may cancel an order nothing of which was sent or paid; past that, a manager.
        Answers the refund in cents.
        """
        ensure_order_editable(self._header.status)
        status = apply_order_event(self._header.status, OrderEvent.CANCEL)
        taken = [p for p in self._payments if p.status is PaymentStatus.COMPLETED]
        left = {p.id: refundable([p], self._refunds) for p in taken}
        refund = sum(rest.amount_cents + rest.tip_cents for rest in left.values())
        anything_sent = any(is_sent(line.status) for line in self._lines.values())
        actor.ensure(permission_to_cancel(anything_sent=anything_sent, refund_cents=refund))
        moment = self._next_moment(at)
        refunded = [
            dataclasses.replace(p, status=PaymentStatus.REFUNDED, refunded_at=moment) for p in taken
        ]
        live = [line for line in self._lines.values() if line.status is not ItemStatus.VOIDED]
        if anything_sent or refund:
            # Sent or paid: a void the journal keeps, at what the check's sales came to.
            sales = self._header.subtotal_cents - self._header.discount_cents
            void = journal_notes.void(VoidCause.ORDER_CANCELLED, sales)
            self._changes.journal.append(void)
        given_back = [
            self._refund_record(
                p, left[p.id].amount_cents, left[p.id].tip_cents, reason, (), actor, moment
            )
            for p in refunded
            if left[p.id].amount_cents or left[p.id].tip_cents
        ]
        self._commit(
            moment,
            (self._event(OrderEvents.ORDER_CANCELLED),),
            changed_payments=refunded,
            added_refunds=given_back,
            returned=[(line.product_id, line.quantity) for line in live],
            status=status,
            cancelled_at=moment,
            cancel_reason=reason,
            cancelled_by_id=actor.staff_id,
            cancelled_by_name=actor.name,
        )
        self._changes.happened.append(
            OrderCancelled(
                self._header.id, self._header.location_id, reason, self._header.pickup_at
            )
        )
        return refund

    # --- items ----------------------------------------------------------------------------

    def check_can_add_item(self) -> None:
        """Refuse a new item to a closed or full order, before the catalogue is asked. Every
        item's line is read after the order's lock, so two adds at the limit can't both pass."""
        ensure_order_editable(self._header.status)
        if len(self._lines) >= MAX_ITEMS_PER_ORDER:
            raise TooManyItems(f"an order holds at most {MAX_ITEMS_PER_ORDER} items")

    def add_item(
        self,
        command: AddItem,
        *,
        product: Product,
        named_variant: ProductVariant | None = None,
        options: Mapping[UUID, Product] = _NO_OPTIONS,
        at: datetime,
    ) -> OrderItem:
        """A new PENDING item of ``product`` (with its variants and modifier groups), as the
        variant the command names, with its modifiers priced. Its name, unit price and tax rate
        are snapshots of the product (or its variant) as it is now.

        The service hands over what only the catalogue knows: ``named_variant``, the variant of
        the command's id whatever its product (None: no such variant), and ``options``, the
        catalogue's products among the modifier ids asked for. It has already checked that the
        product can be rung up and taken its stock. Checked here, in this order: room on the
        order, the variant (one of the product's own), each modifier (a catalogue option that
        can be rung up, or an ad-hoc one with a name and a price), the product's modifier
        groups' limits.
        """
        self.check_can_add_item()
        sale = _rung_up(command, product, named_variant, options, self._header)
        item = OrderItem(
            id=command.id or new_id(),
            order_id=self._header.id,
            product_id=sale.product_id,
            variant_id=sale.variant_id,
            name=sale.name,
            quantity=command.quantity,
            unit_price_cents=sale.unit_price_cents,
            tax_rate_units=sale.tax.units,
            modifiers=sale.modifiers,
            total_cents=sale.total_cents(command.quantity),
            status=ItemStatus.PENDING,
            notes=command.notes,
            void_reason=None,
            kitchen_ticket_id=None,
            created_at=at,
            updated_at=at,
            tax_rate_id=sale.tax.id,
            tax_rate_name=sale.tax.name,
            seat=command.seat,
            course=command.course,
        )
        self._commit(
            at, (self._item_event(OrderEvents.ITEM_ADDED, item),), added_items=[item], respread=True
        )
        return item

    def change_item(
        self,
        item_id: UUID,
        command: ChangeItem,
        *,
        actor: Actor,
        at: datetime,
        product: Product | None = None,
        named_variant: ProductVariant | None = None,
        options: Mapping[UUID, Product] = _NO_OPTIONS,
    ) -> ItemChange:
        """Apply what the command gives (quantity, notes, status, seat, course, variant,
        modifiers); an item that would not change leaves the order alone (no new version).

        A raised quantity needs more stock: the service takes it (``after`` minus ``before``).
        A sent item's quantity only goes down, as a partial void (``_check_partial_void``).
        Its course, variant and modifiers change only while it is PENDING (409
        ``item_already_sent`` after: void it and ring it again); a new variant or modifiers
        go by the add-item rules, with ``product``, ``named_variant`` and ``options`` handed
        over by the service as ``add_item`` takes them.
        """
        check_may_change_item(actor, command)
        current = self.item(item_id)
        # The kitchen's status of sent food moves on a paid check too (a takeout paid before
        # it is cooked, docs/design.md §25): its money does not.
        cooking = command.fields <= {"status"} and is_sent(current.status)
        if not (cooking and self._header.status is OrderStatus.COMPLETED):
            ensure_order_editable(self._header.status)
        item = self._placed(current, command)
        if command.reprices:
            if product is None:
                raise LookupError("a change of variant or modifiers needs the item's product")
            item = self._repriced(item, command, product, named_variant, options)
        if command.status is not None:
            if command.status is ItemStatus.VOIDED:
                raise InvalidInput("status", "void an item with DELETE and a reason")
            check_item_transition(current.status, command.status)
            item = dataclasses.replace(item, status=command.status)
        returned: list[tuple[UUID, Decimal]] = []
        tickets: list[KitchenTicket] = []
        quantity = command.quantity
        if quantity is not None and quantity != current.quantity:
            ensure_item_quantity_editable(current.status)
            if is_sent(current.status):
                reason = self._check_partial_void(current, quantity, command.reason, actor)
                taken_off = current.quantity - quantity
                tickets = [self._void_ticket(current, taken_off, reason, actor=actor, at=at)]
            total = _item_total(item.unit_price_cents, item.modifiers, quantity)
            item = dataclasses.replace(item, quantity=quantity, total_cents=total)
            if quantity < current.quantity:
                returned = [(current.product_id, current.quantity - quantity)]
        if command.notes is not UNSET:
            item = dataclasses.replace(item, notes=command.notes)
        if item == current:
            return ItemChange(current, current)
        item = dataclasses.replace(item, updated_at=strictly_after(current.updated_at, at))
        # A changed quantity or price also moved the order's totals: the order detail follows.
        events = [self._item_event(OrderEvents.ITEM_UPDATED, item)]
        if item.total_cents != current.total_cents or item.quantity != current.quantity:
            events.append(self._event(OrderEvents.ORDER_UPDATED))
        self._commit(
            at,
            events,
            changed_items=[item],
            returned=returned,
            tickets=tickets,
            respread=item.total_cents != current.total_cents,
        )
        if unbumps(current.status, item.status) and item.kitchen_ticket_id is not None:
            self._changes.remade_tickets.append(item.kitchen_ticket_id)
        return ItemChange(current, item)

    def make_ready(self, item_ids: Sequence[UUID], *, actor: Actor, at: datetime) -> None:
        """The kitchen made these items (a bumped ticket): each SENT or PREPARING one becomes
        READY and says so, also on a check paid and completed before its food was cooked (a
        takeout: only the kitchen's status moves, never the money); a cancelled check's food is
        not made."""
        actor.ensure(permission_to_change_item(("status",)))
        if self._header.status is OrderStatus.CANCELLED:
            return
        moment = self._next_moment(at)
        ready = [
            dataclasses.replace(item, status=ItemStatus.READY, updated_at=moment)
            for item in map(self.item, item_ids)
            if item.status in (ItemStatus.SENT, ItemStatus.PREPARING)
        ]
        if ready:
            events = [self._item_event(OrderEvents.ITEM_UPDATED, item) for item in ready]
            self._commit(moment, events, changed_items=ready)

    @staticmethod
    def _placed(item: OrderItem, command: ChangeItem) -> OrderItem:
        """``item`` at the seat and in the course the command gives. A seat changes on any
        item (a runner needs it); the course only while the kitchen has not seen the item."""
        if command.seat is not UNSET:
            item = dataclasses.replace(item, seat=command.seat)
        if command.course is not None and command.course != item.course:
            _ensure_unsent(item, "its course")
            item = dataclasses.replace(item, course=command.course)
        return item

    def _repriced(
        self,
        item: OrderItem,
        command: ChangeItem,
        product: Product,
        named_variant: ProductVariant | None,
        options: Mapping[UUID, Product],
    ) -> OrderItem:
        """``item`` rung up again as the variant and modifiers the command gives (the rest
        as they are), by the add-item rules."""
        _ensure_unsent(item, "what it was rung up as")
        asked = AddItem(
            product_id=item.product_id,
            quantity=command.quantity or item.quantity,
            variant_id=item.variant_id if command.variant_id is UNSET else command.variant_id,
            modifiers=_as_asked(item.modifiers) if command.modifiers is None else command.modifiers,
        )
        sale = _rung_up(asked, product, named_variant, options, self._header)
        return dataclasses.replace(
            item,
            variant_id=sale.variant_id,
            name=sale.name,
            unit_price_cents=sale.unit_price_cents,
            tax_rate_units=sale.tax.units,
            tax_rate_id=sale.tax.id,
            tax_rate_name=sale.tax.name,
            modifiers=sale.modifiers,
            total_cents=sale.total_cents(item.quantity),
        )

    @staticmethod
    def _check_partial_void(
        item: OrderItem, quantity: Decimal, reason: str | None, actor: Actor
    ) -> str:
        """The kitchen already works from ``item``'s ticket: more of it is a new line (409), less
        is a partial void, which takes who may void it (a manager) and a reason (answered)."""
        if quantity > item.quantity:
            raise ItemAlreadySent(
                f"{item.name} was already sent to the kitchen: add a new line for more"
            )
        actor.ensure(permission_to_void(item.status))
        if reason is None:
            raise InvalidInput(
                "reason", "is required to lower the quantity of a sent item (a partial void)"
            )
        return reason

    def void_item(self, item_id: UUID, reason: str, *, actor: Actor, at: datetime) -> ItemChange:
        """The item stays on the order, VOIDED with its reason, out of every total; its stock
        goes back. Voiding what was sent takes a manager."""
        ensure_order_editable(self._header.status)
        item = self.item(item_id)
        if item.status is ItemStatus.VOIDED:
            raise InvalidTransition("the item is already voided")
        check_item_transition(item.status, ItemStatus.VOIDED)
        actor.ensure(permission_to_void(item.status))
        voided = dataclasses.replace(
            item,
            status=ItemStatus.VOIDED,
            void_reason=reason,
            updated_at=strictly_after(item.updated_at, at),
        )
        tickets = []
        if is_sent(item.status):
            tickets = [self._void_ticket(item, item.quantity, reason, actor=actor, at=at)]
            void = journal_notes.void(VoidCause.ITEM_VOIDED, item.total_cents, item.id)
            self._changes.journal.append(void)
        self._commit(
            at,
            (self._item_event(OrderEvents.ITEM_VOIDED, voided),),
            changed_items=[voided],
            returned=[(item.product_id, item.quantity)],
            tickets=tickets,
            respread=True,
        )
        return ItemChange(item, voided)

    # --- service charges ------------------------------------------------------------------

    def add_charge(self, charge: OrderCharge, *, at: datetime) -> OrderCharge:
        """Put a service charge on the order, as a server does (it applies whatever the party);
        one the location's automatic charge a manager waived comes back. 409 when it already
        applies."""
        ensure_order_editable(self._header.status)
        header = self._header
        on_order = next(
            (c for c in header.service_charges if c.service_charge_id == charge.service_charge_id),
            None,
        )
        if on_order is not None and on_order.applies(header.guest_count, header.order_type):
            raise ServiceChargeApplied(f"{on_order.name} is already on the order")
        added = dataclasses.replace(charge, automatic=False, waived=False)
        kept = [c for c in header.service_charges if c is not on_order]
        self._commit(at, (self._event(OrderEvents.ORDER_UPDATED),), service_charges=(*kept, added))
        return added

    def remove_charge(self, service_charge_id: UUID, *, actor: Actor, at: datetime) -> OrderCharge:
        """Take a service charge that applies off the order: a server's goes, an automatic one
        is waived (a manager's decision, audited by the service). Answers the charge."""
        ensure_order_editable(self._header.status)
        header = self._header
        charge = next(
            (c for c in header.applying_charges() if c.service_charge_id == service_charge_id),
            None,
        )
        if charge is None:
            raise NotFound("service charge on this order", service_charge_id)
        if charge.automatic:
            actor.ensure(permission_to_waive_charge())
            kept = tuple(
                dataclasses.replace(c, waived=True) if c is charge else c
                for c in header.service_charges
            )
        else:
            kept = tuple(c for c in header.service_charges if c is not charge)
        self._commit(at, (self._event(OrderEvents.ORDER_UPDATED),), service_charges=kept)
        return charge

    # --- kitchen and payments -------------------------------------------------------------

    def send(self, *, actor: Actor, at: datetime) -> KitchenTicket:
        """The PENDING items of the fired courses go to the kitchen on one new ticket
        (answered, for the kitchen repository to store): the first send fires course 1 and
        opens the order; the items of a course not fired stay PENDING, held
        (orders/domain/courses.py)."""
        courses = sent_by_a_send(self._header.fired_courses)
        ticket = self._send_pending(courses, OrderEvents.ORDER_SENT, actor=actor, at=at)
        if ticket is None:
            raise NothingToSend("the order has no pending items to send to the kitchen")
        return ticket

    def fire_course(self, course: int, *, actor: Actor, at: datetime) -> KitchenTicket:
        """Course ``course``'s PENDING items go to the kitchen on one new ticket, and the
        course is fired: a later send takes its new pending items too. Opens a DRAFT order
        as a send does; 409 ``nothing_to_send`` when the course has no pending items."""
        if course < FIRST_COURSE:
            raise InvalidInput("course", f"must be at least {FIRST_COURSE}")
        fired = self._send_pending((course,), OrderEvents.ORDER_COURSE_FIRED, actor=actor, at=at)
        if fired is None:
            raise NothingToSend(f"course {course} has no pending items to send to the kitchen")
        return fired

    def send_items(
        self, item_ids: Collection[UUID], *, actor: Actor, at: datetime
    ) -> KitchenTicket | None:
        """Only these items, those still PENDING, go to the kitchen on one new ticket, their
        courses fired as a send fires them (a guests' round confirmed: docs/design.md §28);
        None when none is pending here any more (a send took them, a split moved them)."""
        here = {item_id for item_id in item_ids if item_id in self._lines}
        courses = sorted({self._whole(item_id).course for item_id in here})
        return self._send_pending(courses, OrderEvents.ORDER_SENT, actor=actor, at=at, only=here)

    def _send_pending(
        self,
        courses: Sequence[int],
        event_type: OrderEvents,
        *,
        actor: Actor,
        at: datetime,
        only: Collection[UUID] | None = None,
    ) -> KitchenTicket | None:
        """Send the PENDING items of ``courses`` (among ``only``, if given) on one new ticket
        and mark those courses fired, announcing ``event_type``; None (and nothing changed)
        when there are none."""
        ensure_order_editable(self._header.status)
        pending = [
            item
            for item in (
                self._whole(line.id)
                for line in self._lines.values()
                if line.status is ItemStatus.PENDING and (only is None or line.id in only)
            )
            if item.course in courses
        ]
        if not pending:
            return None
        status = apply_order_event(self._header.status, OrderEvent.SEND)
        moment = self._next_moment(at)
        lines = [_ticket_line(item, item.quantity) for item in pending]
        ticket = self._ticket(TicketKind.ORDER, lines, None, actor=actor, at=moment)
        sent = [
            dataclasses.replace(
                item, status=ItemStatus.SENT, kitchen_ticket_id=ticket.id, updated_at=moment
            )
            for item in pending
        ]
        sent_event = self._event(event_type, SentOrder(self, ticket))
        self._commit(
            moment,
            (sent_event,),
            changed_items=sent,
            status=status,
            fired_courses=fired_with(self._header.fired_courses, *courses),
            tickets=[ticket],
        )
        return ticket

    def _void_ticket(
        self, item: OrderItem, taken_off: Decimal, reason: str, *, actor: Actor, at: datetime
    ) -> KitchenTicket:
        """Tells the kitchen to stop making ``taken_off`` of a sent item (a negative line)."""
        line = _ticket_line(item, -taken_off)
        return self._ticket(TicketKind.VOID, [line], reason, actor=actor, at=self._next_moment(at))

    def _ticket(
        self,
        kind: TicketKind,
        lines: Sequence[TicketItem],
        reason: str | None,
        *,
        actor: Actor,
        at: datetime,
    ) -> KitchenTicket:
        header = self._header
        return KitchenTicket(
            id=new_id(),
            order_id=header.id,
            location_id=header.location_id,
            order_number=header.order_number,
            table_id=header.table_id,
            items=tuple(lines),
            created_at=at,
            sent_by_id=actor.staff_id,
            sent_by_name=actor.name,
            kind=kind,
            reason=reason,
        )

    def pay(
        self, command: TakePayment, *, actor: Actor, tip_approval_ratio: Decimal, at: datetime
    ) -> OrderPayment:
        """A completed payment of at most the balance due (409 overpayment otherwise); a tip
        above ``tip_approval_ratio`` x the amount needs a manager."""
        ensure_order_editable(self._header.status)
        amount_cents = money.to_cents(command.amount)
        tip_cents = money.to_cents(command.tip_amount)
        cash = command.method is PaymentMethod.CASH
        rounding_cents = check_payment(amount_cents, self.totals(), cash=cash)
        check_tip_approval(amount_cents, tip_cents, tip_approval_ratio, actor)
        actor.ensure_approved_up_to(tip_cents)
        payment = OrderPayment(
            id=command.id or new_id(),
            order_id=self._header.id,
            amount_cents=amount_cents,
            tip_cents=tip_cents,
            method=command.method,
            status=PaymentStatus.COMPLETED,
            card_last_four=command.card_last_four,
            card_brand=command.card_brand,
            processor_transaction_id=command.processor_transaction_id,
            processed_at=at,
            refunded_at=None,
            taken_by_id=actor.staff_id,
            taken_by_name=actor.name,
            rounding_cents=rounding_cents,
            currency=self._header.currency,
        )
        paid = self._event(OrderEvents.PAYMENT_CREATED, payment, payment.id)
        self._commit(at, (paid,), added_payments=[payment])
        return payment

    def refund(self, command: RefundOrder, *, actor: Actor, at: datetime) -> OrderRefund:
        """Give money back on a completed order, by amount or by line
        (``orders/domain/refunds.py``): never more than was paid less what was refunded. What
        was paid stays as it was."""
        if self._header.status is not OrderStatus.COMPLETED:
            raise InvalidTransition(
                f"only a completed order is refunded; this one is {self._header.status}"
            )
        items: tuple[RefundedItem, ...] = ()
        amount_cents = money.to_cents(command.amount)
        if command.items:
            shares = line_shares(self.lines, self.totals(), self._header.tax_mode)
            items = refund_by_line(command.items, self.items, shares, self._refunds)
            amount_cents = sum(part.amount_cents for part in items)
        tip_cents = money.to_cents(command.tip_amount)
        actor.ensure_approved_up_to(amount_cents + tip_cents)
        payment = choose_payment(
            self._payments, self._refunds, command.payment_id, amount_cents, tip_cents
        )
        moment = self._next_moment(at)
        refund = self._refund_record(
            payment, amount_cents, tip_cents, command.reason, items, actor, moment
        )
        self._commit(moment, (self._event(OrderEvents.ORDER_REFUNDED),), added_refunds=[refund])
        self._changes.journal.append(journal_notes.refund(self._header, refund))
        return refund

    def _refund_record(
        self,
        payment: OrderPayment,
        amount_cents: int,
        tip_cents: int,
        reason: str,
        items: tuple[RefundedItem, ...],
        actor: Actor,
        at: datetime,
    ) -> OrderRefund:
        return OrderRefund(
            id=new_id(),
            order_id=self._header.id,
            payment_id=payment.id,
            location_id=self._header.location_id,
            amount_cents=amount_cents,
            tip_cents=tip_cents,
            method=payment.method,
            reason=reason,
            items=items,
            created_at=at,
            refunded_by_id=actor.staff_id,
            refunded_by_name=actor.name,
            currency=self._header.currency,
        )

    def adjust_tip(
        self,
        payment_id: UUID,
        tip_amount: Decimal,
        *,
        actor: Actor,
        tip_approval_ratio: Decimal,
        business_day_of: Callable[[datetime], date],
        at: datetime,
    ) -> PaymentChange:
        """Change a card payment's tip, on an open or completed order, until the business day
        it was taken on ends (``business_day_of``: the day of a moment in the location's
        timezone). The approval rule of a new payment applies; a tip already partly refunded
        can't go under what was refunded of it."""
        if self._header.status is OrderStatus.CANCELLED:
            raise OrderClosed("the order is cancelled: its payments were refunded")
        current = self.payment(payment_id)
        if current.method is not PaymentMethod.CARD:
            raise TipNotAdjustable(
                f"only a card payment's tip is adjusted; this is {current.method}"
            )
        if business_day_of(current.processed_at) != business_day_of(at):
            raise BusinessDayClosed(
                f"the payment was taken on {business_day_of(current.processed_at)}, a business "
                "day that has ended: its tips are settled"
            )
        tip_cents = money.to_cents(tip_amount)
        refunded_tip = sum(r.tip_cents for r in self._refunds if r.payment_id == payment_id)
        if tip_cents < refunded_tip:
            raise InvalidInput(
                "tipAmount", f"must be at least the {money.from_cents(refunded_tip)} refunded"
            )
        check_tip_approval(current.amount_cents, tip_cents, tip_approval_ratio, actor)
        actor.ensure_approved_up_to(tip_cents)
        if tip_cents == current.tip_cents:
            return PaymentChange(current, current)
        adjusted = dataclasses.replace(current, tip_cents=tip_cents)
        self._commit(at, (self._event(OrderEvents.ORDER_UPDATED),), changed_payments=[adjusted])
        if self._header.status is OrderStatus.COMPLETED and self._header.receipt_number:
            # The sale keeps its receipt: the journal records the tip's change on it.
            self._changes.journal.append(
                journal_notes.tip_adjusted(self._header, current, adjusted)
            )
        return PaymentChange(current, adjusted)

    def number(self, order_number: int) -> None:
        """A new order's number, drawn as its row was written (before its events are)."""
        self._header = dataclasses.replace(self._header, order_number=order_number)

    def number_receipt(self, sequence: int) -> None:
        """The journal sequence of the SALE just written is the order's receipt number."""
        self._header = dataclasses.replace(self._header, receipt_number=sequence)
        self._changes.header_changed = True

    # --- splitting, sharing, moving, merging (orders/domain/splitting.py) ------------------

    def share_item(self, item_id: UUID, parts: int, *, at: datetime) -> list[OrderItem]:
        """Share a line in ``parts`` lines whose quantities and totals add up to its own (the
        item keeps the first part): ready to move to other checks. Its status and kitchen
        ticket stay, so a sent line is shared without going to the kitchen again."""
        ensure_order_editable(self._header.status)
        item = self.item(item_id)
        if item.status is ItemStatus.VOIDED:
            raise InvalidTransition("a voided item is not shared")
        if len(self._lines) + parts - 1 > MAX_ITEMS_PER_ORDER:
            raise TooManyItems(f"an order holds at most {MAX_ITEMS_PER_ORDER} items")
        moment = self._next_moment(at)
        made = share_line(item, [new_id() for _ in range(parts - 1)])
        carried = self._discount_parts()
        offs = spread_over(carried[item_id], [part.total_cents for part in made])
        pieces = {part.id: off for part, off in zip(made, offs, strict=True)}
        others = [self._whole(i) for i in carried if i != item_id]
        held = carrying([*others, *made], carried | pieces)
        shared = [dataclasses.replace(part, updated_at=moment) for part in held[len(others) :]]
        kept = [i for i in held[: len(others)] if i != self._items[i.id]]
        lines = self._lines | {i.id: OrderLine.of(i) for i in (*kept, *shared)}
        whole = self._items | {i.id: i for i in (*kept, *shared)}
        if self._paid_over(self._header, _lines(_in_load_order(lines.values(), whole))):
            raise WouldOverpay("the check's payments would be more than it comes to")
        first, *rest = shared
        events = [
            self._item_event(OrderEvents.ITEM_UPDATED, first),
            *(self._item_event(OrderEvents.ITEM_ADDED, part) for part in rest),
            self._event(OrderEvents.ORDER_UPDATED),
        ]
        self._commit(moment, events, changed_items=[first, *kept], added_items=rest)
        return shared

    def _discount_parts(self) -> dict[UUID, int]:
        """Each live item's part of the discount now, by id (in the order of its lines)."""
        live = [line.id for line in self._lines.values() if line.status is not ItemStatus.VOIDED]
        return dict(zip(live, self.totals().line_discounts, strict=True))

    def split(
        self,
        selections: Sequence[Mapping[UUID, Decimal | None]],
        checks: Sequence[NewCheck],
        *,
        guest_count: int | None,
        actor: Actor,
        at: datetime,
    ) -> list[Order]:
        """One new check per selection (each ``checks``' id, number and guests) with the items
        it names (a quantity under the line's splits the line, None is all of it); this check
        keeps the rest and, as ``guest_count``, its guests. Only an unpaid check is split. Each
        check's discount, service charges and taxes are its lines' part of this one's, so
        every total of the checks adds up to this one's before (``splitting.portions``)."""
        ensure_order_editable(self._header.status)
        if any(p.status is PaymentStatus.COMPLETED for p in self._payments):
            raise CheckHasPayments("a check with payments is not split: refund them first")
        kept: list[OrderItem] = []
        parts: list[list[OrderItem]] = []
        named: set[UUID] = set()
        # A line split by quantity: its kept piece stays, its moved piece goes.
        split_off: dict[UUID, OrderItem] = {}
        for index, selection in enumerate(selections):
            if not selection:
                raise InvalidInput(f"items.{index}", "a new check takes at least one item")
            part = []
            for item_id, quantity in selection.items():
                item = self.item(item_id)
                if item.status is ItemStatus.VOIDED or item_id in named:
                    raise InvalidInput("items", f"{item.name} is voided or named twice")
                named.add(item_id)
                if quantity is None or quantity == item.quantity:
                    part.append(item)
                    continue
                rest, moved = split_line(item, quantity, new_id())
                kept.append(rest)
                part.append(moved)
                split_off[item_id] = moved
            parts.append(part)
        lines = self._lines | {item.id: OrderLine.of(item) for item in kept}
        lines |= {item.id: OrderLine.of(item) for part in parts for item in part}
        group_of = {item.id: index + 1 for index, part in enumerate(parts) for item in part}
        header = self._header
        applying = header.applying_charges()
        live = [line for line in self._lines.values() if line.status is not ItemStatus.VOIDED]
        pieces = [
            [(0, lines[line.id].total_cents), (group_of[piece.id], piece.total_cents)]
            if (piece := split_off.get(line.id)) is not None
            else [(group_of.get(line.id, 0), line.total_cents)]
            for line in live
        ]
        shares = portions(self.totals(), applying, pieces, len(parts) + 1)
        offs: dict[UUID, int] = {}
        for line, line_offs in zip(live, piece_discounts(self.totals(), pieces), strict=True):
            piece = split_off.get(line.id)
            ids = [line.id] if piece is None else [line.id, piece.id]
            offs.update(zip(ids, line_offs, strict=True))
        parts = [carrying(part, offs) for part in parts]
        kept_by_id = {item.id: item for item in kept}
        staying = carrying(
            [
                kept_by_id.get(line.id) or self._whole(line.id)
                for line in live
                if group_of.get(line.id, 0) == 0
            ],
            offs,
        )
        lines |= {item.id: OrderLine.of(item) for item in staying}
        lines |= {item.id: OrderLine.of(item) for part in parts for item in part}
        moment = self._next_moment(at)
        frozen = tuple(frozen_charge(c) if c in applying else c for c in header.service_charges)
        made = [
            Order._part_of(
                self,
                check,
                part,
                shares[index + 1],
                tuple(frozen_charge(c) for c in applying),
                actor=actor,
                at=moment,
            )
            for index, (check, part) in enumerate(zip(checks, parts, strict=True))
        ]
        handed = [item.id for part in parts for item in part if item.id in self._lines]
        whole = self._items | {item.id: item for item in (*staying, *chain(*parts))}
        remaining = [
            line.line()
            for line in _in_load_order(lines.values(), whole)
            if group_of.get(line.id, 0) == 0 and line.status is not ItemStatus.VOIDED
        ]
        after = settled(
            dataclasses.replace(header, service_charges=frozen, guest_count=guest_count),
            remaining,
            shares[0],
        )
        self._commit(
            moment,
            (self._event(OrderEvents.ORDER_SPLIT),),
            changed_items=[
                dataclasses.replace(item, updated_at=moment)
                for item in staying
                if item != self._items[item.id]
            ],
            handed_over=handed,
            **_settled_fields(after),
        )
        return made

    @classmethod
    def _part_of(
        cls,
        source: Order,
        check: NewCheck,
        items: Sequence[OrderItem],
        share: Portion,
        charges: tuple[OrderCharge, ...],
        *,
        actor: Actor,
        at: datetime,
    ) -> Order:
        """A new check split off ``source`` with ``items`` (new lines among them are added,
        the source's others arrive) and its ``share`` of the source's money."""
        moved = [dataclasses.replace(item, order_id=check.id, updated_at=at) for item in items]
        moved.sort(key=_load_key)
        base = dataclasses.replace(
            source.header,
            id=check.id,
            order_number=check.order_number,
            guest_count=check.guest_count,
            service_charges=charges,
            paid_cents=0,
            tip_cents=0,
            rounding_cents=0,
            # The first commit below makes it version 1.
            version=0,
            created_at=at,
            updated_at=at,
            opened_by_id=actor.staff_id,
            opened_by_name=actor.name,
        )
        header = settled(base, [OrderLine.of(item).line() for item in moved], share)
        order = cls(header)
        order._changes.is_new = True
        arrived = [item for item in moved if item.id in source._lines]
        added = [item for item in moved if item.id not in source._lines]
        order._commit(
            at,
            (order._event(OrderEvents.ORDER_CREATED),),
            added_items=added,
            arrived_items=arrived,
        )
        return order

    def move_items(self, item_ids: Sequence[UUID], *, to: Order, at: datetime) -> None:
        """Move these lines, whole, to the open check ``to`` of the same location and terms,
        with their part of this check's discount, charges and taxes (so the two checks' totals
        add up to what they did). Nothing goes to the kitchen again. Off a check with payments
        only while they still cover what it comes to after (409 ``would_overpay``)."""
        self._check_other(to)
        items = [self.item(item_id) for item_id in dict.fromkeys(item_ids)]
        if not items or any(item.status is ItemStatus.VOIDED for item in items):
            raise InvalidInput("itemIds", "must name one or more of the check's live items")
        to._check_room(len(items))
        moving = {item.id for item in items}
        live = [line for line in self._lines.values() if line.status is not ItemStatus.VOIDED]
        applying = self._header.applying_charges()
        kept_share, moved_share = portions(
            self.totals(),
            applying,
            [[(1 if line.id in moving else 0, line.total_cents)] for line in live],
            2,
        )
        offs = self._discount_parts()
        staying = carrying([self._whole(i) for i in offs if i not in moving], offs)
        remaining = [OrderLine.of(item).line() for item in staying]
        after = self._settled_after(remaining, kept_share, applying)
        if self._paid_over(after, remaining):
            raise WouldOverpay(
                "the check's payments would be more than it comes to without these lines"
            )
        taking = to._taking(
            items, [], moved_share, applying, at=at, guest_count=to._header.guest_count, offs=offs
        )
        moment = self._next_moment(at)
        self._commit(
            moment,
            (self._event(OrderEvents.ORDER_ITEMS_MOVED),),
            changed_items=[
                dataclasses.replace(item, updated_at=moment)
                for item in staying
                if item != self._items[item.id]
            ],
            handed_over=moving,
            **_settled_fields(after),
        )
        to._take(taking, OrderEvents.ORDER_ITEMS_MOVED)

    def merge(self, other: Order, *, actor: Actor, at: datetime) -> None:
        """Take the open check ``other``'s live items and completed payments, with all of its
        money (discount, charges, taxes: this check's totals become the two's sums); ``other``
        is CANCELLED with ``merged_into`` this one. Nothing goes to the kitchen again."""
        other._check_other(self)
        live = [line for line in other._lines.values() if line.status is not ItemStatus.VOIDED]
        self._check_room(len(live))
        items = [other._whole(line.id) for line in live]
        payments = [p for p in other._payments if p.status is PaymentStatus.COMPLETED]
        share = whole_portion(other.totals(), other._header.applying_charges())
        applying = other._header.applying_charges()
        moment = other._next_moment(at)
        guests = merged_guests(self._header.guest_count, other._header.guest_count)
        taking = self._taking(
            items,
            payments,
            share,
            applying,
            at=at,
            guest_count=guests,
            offs=other._discount_parts(),
        )
        emptied = other._settled_after([], Portion(), applying)
        if emptied.guest_count is not None:
            # Its guests sit at the check that took its food (docs/design.md §25).
            emptied = dataclasses.replace(emptied, guest_count=0)
        other._commit(
            moment,
            (other._event(OrderEvents.ORDER_CANCELLED),),
            handed_over=[*(item.id for item in items), *(p.id for p in payments)],
            status=apply_order_event(other._header.status, OrderEvent.CANCEL),
            cancelled_at=moment,
            cancel_reason=f"merged into check #{self._header.order_number}",
            cancelled_by_id=actor.staff_id,
            cancelled_by_name=actor.name,
            merged_into=self.id,
            **_settled_fields(emptied),
        )
        self._take(taking, OrderEvents.ORDER_MERGED)

    def _check_other(self, to: Order) -> None:
        """Lines move between two open checks of one location on the same terms."""
        ensure_order_editable(self._header.status)
        ensure_order_editable(to._header.status)
        if to.id == self.id:
            raise InvalidInput("orderId", "names this check itself")
        mine, theirs = self._header, to._header
        if (mine.location_id, mine.currency, mine.tax_mode) != (
            theirs.location_id,
            theirs.currency,
            theirs.tax_mode,
        ):
            raise InvalidInput("orderId", "is a check of another location, or on other terms")

    def _check_room(self, more: int) -> None:
        if len(self._lines) + more > MAX_ITEMS_PER_ORDER:
            raise TooManyItems(f"an order holds at most {MAX_ITEMS_PER_ORDER} items")

    def _paid_over(
        self,
        header: OrderHeader,
        lines: Sequence[Line],
        payments: Iterable[OrderPayment] | None = None,
    ) -> bool:
        """Whether the payments (this check's unless given) would be more than ``header``
        with ``lines`` comes to."""
        totals = compute_totals(
            lines,
            header.discount_cents,
            _payment_facts(self._payments if payments is None else payments),
            [charge.charge() for charge in header.applying_charges()],
            header.terms,
            dict(header.tax_adjustments),
        )
        return totals.balance_due_cents < 0

    def _settled_after(
        self, lines: Sequence[Line], share: Portion, applying: Sequence[OrderCharge]
    ) -> OrderHeader:
        """This check's header once it holds ``lines`` and ``share`` of the money; the charges
        that applied apply whatever its guests (``frozen_charge``)."""
        charges = tuple(
            frozen_charge(c) if c in applying else c for c in self._header.service_charges
        )
        return settled(dataclasses.replace(self._header, service_charges=charges), lines, share)

    def _taking(
        self,
        items: Sequence[OrderItem],
        payments: Sequence[OrderPayment],
        share: Portion,
        charges: Sequence[OrderCharge],
        *,
        at: datetime,
        guest_count: int | None,
        offs: Mapping[UUID, int],
    ) -> _Taking:
        """What taking ``items`` and ``payments`` from another check with their ``share`` of
        its money makes of this one (its totals what they were plus the share; a charge among
        ``charges``, the other check's, that this one lacks comes with them; ``guest_count``
        its guests after; ``offs`` the parts of the discount the items carry), checked before
        either check changes: refused (409 ``would_overpay``) when the payments would be more
        than it comes to, its tax now its own (docs/design.md §25)."""
        mine = self.totals()
        applying = self._header.applying_charges()
        theirs = {c.service_charge_id: c for c in charges}
        kept = []
        for charge in self._header.service_charges:
            came = theirs.pop(charge.service_charge_id, None)
            if charge in applying:
                kept.append(frozen_charge(charge))
            elif came is not None:
                # It applies to what comes: it keeps applying to it (its amount comes along).
                kept.append(frozen_charge(came))
            elif charge.applies(guest_count, self._header.order_type):
                # It applied to neither check: the party as one does not start it, the charges
                # being conserved (docs/design.md §25); a server adds it if the party should pay.
                kept.append(dataclasses.replace(charge, waived=True))
            else:
                kept.append(charge)
        header = dataclasses.replace(
            self._header,
            service_charges=(*kept, *(frozen_charge(c) for c in theirs.values())),
            guest_count=guest_count,
        )
        moment = self._next_moment(at)
        own = self._discount_parts()
        held = carrying([*(self._whole(i) for i in own), *items], {**own, **offs})
        pinned = [
            dataclasses.replace(item, updated_at=moment)
            for item in held[: len(own)]
            if item != self._items[item.id]
        ]
        arrived = [
            dataclasses.replace(item, order_id=self.id, updated_at=moment)
            for item in held[len(own) :]
        ]
        moved_payments = [dataclasses.replace(p, order_id=self.id) for p in payments]
        lines = self._lines | {item.id: OrderLine.of(item) for item in (*pinned, *arrived)}
        whole = self._items | {item.id: item for item in (*pinned, *arrived)}
        live = [
            line.line()
            for line in _in_load_order(lines.values(), whole)
            if line.status is not ItemStatus.VOIDED
        ]
        after = settled(header, live, whole_portion(mine, applying) + share)
        if self._paid_over(after, live, [*self._payments, *moved_payments]):
            raise WouldOverpay(
                f"check #{self._header.order_number}'s payments would be more than it comes to "
                "with these lines"
            )
        return _Taking(moment, pinned, arrived, moved_payments, after)

    def _take(self, taking: _Taking, event_type: OrderEvents) -> None:
        status = self._header.status
        if any(is_sent(item.status) for item in taking.arrived):
            # Food the kitchen has: a check that sent nothing yet is open now, as a send opens it.
            status = apply_order_event(status, OrderEvent.SEND)
        self._commit(
            taking.moment,
            (self._event(event_type),),
            changed_items=taking.pinned,
            arrived_items=taking.arrived,
            arrived_payments=taking.payments,
            status=status,
            **_settled_fields(taking.header),
        )

    # --- every change ends here -----------------------------------------------------------

    def _next_moment(self, at: datetime) -> datetime:
        return strictly_after(self._header.updated_at, at)

    def _event(
        self, event_type: OrderEvents, payload: object = None, entity_id: UUID | None = None
    ) -> Envelope:
        """An event of this order: about the order itself (its detail is the payload), or
        about a part of it (an item, a payment) with that part's id."""
        return Envelope(
            event_type,
            self if payload is None else payload,
            location_id=self._header.location_id,
            entity_id=entity_id or self._header.id,
            order_id=self._header.id,
        )

    def _item_event(self, event_type: OrderEvents, item: OrderItem) -> Envelope:
        return self._event(event_type, ItemOfOrder(self, item.id), item.id)

    def _commit(
        self,
        at: datetime,
        events: Iterable[Envelope],
        *,
        added_items: Sequence[OrderItem] = (),
        changed_items: Sequence[OrderItem] = (),
        added_payments: Sequence[OrderPayment] = (),
        changed_payments: Sequence[OrderPayment] = (),
        added_refunds: Sequence[OrderRefund] = (),
        returned: Iterable[tuple[UUID, Decimal]] = (),
        tickets: Sequence[KitchenTicket] = (),
        handed_over: Iterable[UUID] = (),
        arrived_items: Sequence[OrderItem] = (),
        arrived_payments: Sequence[OrderPayment] = (),
        respread: bool = False,
        **fields: Any,
    ) -> None:
        """Take the changed header ``fields``, items and payments, with the totals recomputed,
        the next version and ``updatedAt`` moved on to ``at``; record the change's ``events``.
        ``respread``: the lines or the discount changed, so the discount is spread over the
        lines by amount again (the parts lines carried from a split, a move, a merge or a
        share are dropped: orders/domain/totals.py, ``discount_shares``).

        Refused (409) when the discount would exceed the new subtotal or the new total would
        fall under what is already paid; the order is then left as it was.
        """
        carried = respread and any(line.discount_cents is not None for line in self._lines.values())
        if carried:
            changed_items = [_uncarried(item) for item in changed_items]
        gone = set(handed_over)
        lines = {key: line for key, line in self._lines.items() if key not in gone}
        if carried:
            lines = {
                key: dataclasses.replace(line, discount_cents=None) for key, line in lines.items()
            }
        lines |= {item.id: OrderLine.of(item) for item in changed_items}
        lines |= {item.id: OrderLine.of(item) for item in (*added_items, *arrived_items)}
        if gone or arrived_items or (added_items and self.is_whole):
            # Lines from another check, and the parts of a shared line (made when it was),
            # take their places as the next load reads them: the answer is what a read shows.
            whole = self._items | {item.id: item for item in (*changed_items, *arrived_items)}
            whole |= {item.id: item for item in added_items}
            lines = {line.id: line for line in _in_load_order(lines.values(), whole)}
        replaced: Mapping[UUID, OrderPayment] = {p.id: p for p in changed_payments}
        payments = [replaced.get(p.id, p) for p in self._payments if p.id not in gone]
        payments += [*added_payments, *arrived_payments]
        if arrived_payments:
            # Another check's payments take their places as a load reads them (by when they
            # were taken): a merge's answer is what a read of the check shows.
            payments.sort(key=lambda p: (p.processed_at, p.id))
        header = dataclasses.replace(self._header, **fields)
        totals = _totals(header, lines.values(), payments)
        self._header = dataclasses.replace(
            header,
            subtotal_cents=totals.subtotal_cents,
            tax_cents=totals.tax_cents,
            total_cents=totals.total_cents,
            paid_cents=totals.paid_cents,
            tip_cents=totals.tip_cents,
            service_charge_cents=totals.service_charge_cents,
            rounding_cents=totals.rounding_cents,
            taxes=totals.taxes,
            payment_count=len(payments),
            refund_count=len(self._refunds) + len(added_refunds),
            version=header.version + 1,
            updated_at=self._next_moment(at),
        )
        self._items = {key: item for key, item in self._items.items() if key not in gone}
        if carried:
            self._items = {key: _uncarried(item) for key, item in self._items.items()}
            self._changes.discount_respread = True
        self._items |= {item.id: item for item in (*changed_items, *added_items, *arrived_items)}
        self._lines, self._payments, self._totals = lines, payments, totals
        self._refunds.extend(added_refunds)
        changes = self._changes
        changes.header_changed = True
        changes.added_items.extend(added_items)
        changes.changed_items.extend(changed_items)
        changes.added_payments.extend(added_payments)
        changes.changed_payments.extend(changed_payments)
        changes.added_refunds.extend(added_refunds)
        changes.happened.extend(
            PaymentRefunded(
                header.id,
                header.location_id,
                refund.id,
                refund.payment_id,
                refund.method,
                refund.amount_cents,
                refund.tip_cents,
            )
            for refund in added_refunds
        )
        changes.arrived_items.extend(arrived_items)
        changes.arrived_payments.extend(arrived_payments)
        changes.kitchen_tickets.extend(tickets)
        changes.events.extend(events)
        for product_id, quantity in returned:
            back = changes.stock_returned.get(product_id, Decimal(0)) + quantity
            changes.stock_returned[product_id] = back


@dataclass(frozen=True, slots=True)
class _Taking:
    """A check as it will be once it took another's lines (``Order._taking``)."""

    moment: datetime
    # Its own items, changed to carry their part of the discount; the items it takes.
    pinned: list[OrderItem]
    arrived: list[OrderItem]
    payments: list[OrderPayment]
    header: OrderHeader


@dataclass(frozen=True, slots=True)
class NewCheck:
    """A check a split makes: its id, its number and its guests."""

    id: UUID
    order_number: int
    guest_count: int | None


def _uncarried(item: OrderItem) -> OrderItem:
    return item if item.discount_cents is None else dataclasses.replace(item, discount_cents=None)


def _settled_fields(header: OrderHeader) -> dict[str, Any]:
    """What ``splitting.settled`` set on a header, for ``_commit``."""
    return {
        "discount_cents": header.discount_cents,
        "service_charges": header.service_charges,
        "tax_adjustments": header.tax_adjustments,
        "guest_count": header.guest_count,
    }


def _load_key(item: OrderItem) -> tuple[datetime, UUID]:
    return (item.created_at, item.id)


def _in_load_order(lines: Iterable[OrderLine], items: Mapping[UUID, OrderItem]) -> list[OrderLine]:
    """``lines`` in the order a load reads them (when each item was added, then its id): a
    check's discount is spread over its lines in that order, so a check that took lines from
    another spreads it now as it will when next loaded."""
    return sorted(lines, key=lambda line: _load_key(items[line.id]))

"""Order use cases: one function per operation, each inside the caller's one transaction.

Every mutation goes the same way: ``_lock`` the order row (SELECT ... FOR UPDATE,
so concurrent writers on PostgreSQL queue; SQLite already serializes writes),
refuse a final order, load its items and payments, change them, then ``_save``:
recompute the cached totals with the domain, bump ``version``, move ``updatedAt``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from brigade.db.engine import UnitOfWork
from brigade.db.kitchen import KitchenRepository, KitchenTicket, TicketItem
from brigade.db.orders import (
    Modifier,
    Order,
    OrderFilter,
    OrderItem,
    OrderPayment,
    OrderRepository,
)
from brigade.db.products import ProductRepository
from brigade.domain import money
from brigade.domain.access import (
    Actor,
    permission_to_cancel,
    permission_to_change_item,
    permission_to_void,
)
from brigade.domain.audit import AuditAction, AuditedEntity
from brigade.domain.catalogue import Product, ProductType, ensure_orderable
from brigade.domain.errors import (
    InvalidInput,
    InvalidTransition,
    NotFound,
    NothingToSend,
    ProductUnavailable,
    StaleVersion,
    TooManyItems,
)
from brigade.domain.events import EventType
from brigade.domain.ids import new_id
from brigade.domain.orders import (
    ItemStatus,
    OrderEvent,
    OrderStatus,
    PaymentStatus,
    apply_order_event,
    check_item_transition,
    ensure_item_quantity_editable,
    ensure_order_editable,
)
from brigade.domain.totals import (
    Line,
    OrderTotals,
    Payment,
    check_completable,
    check_discount,
    check_payment,
    compute_totals,
    item_total_cents,
    refund_cents,
)
from brigade.services import audit, events
from brigade.services.clock import later_than, now

FIRST_ORDER_NUMBER = 1001
MAX_ITEMS_PER_ORDER = 500


@dataclass(frozen=True, slots=True)
class OrderView:
    order: Order
    items: list[OrderItem]
    payments: list[OrderPayment]


@dataclass(slots=True)
class _Locked:
    """A locked, editable order with its items and payments, changed in memory then saved."""

    repository: OrderRepository
    order: Order
    items: list[OrderItem]
    payments: list[OrderPayment]

    def item(self, item_id: UUID) -> OrderItem:
        for item in self.items:
            if item.id == item_id:
                return item
        raise NotFound("order item", item_id)

    def replace_item(self, changed: OrderItem) -> None:
        self.items = [changed if item.id == changed.id else item for item in self.items]

    def totals(self) -> OrderTotals:
        return compute_totals(
            _lines(self.items), self.order.discount_cents, _payment_facts(self.payments)
        )


def _lines(items: Iterable[OrderItem]) -> list[Line]:
    return [
        Line(item.total_cents, item.tax_rate_units)
        for item in items
        if item.status is not ItemStatus.VOIDED
    ]


def _payment_facts(payments: Iterable[OrderPayment]) -> list[Payment]:
    return [
        Payment(p.amount_cents, p.tip_cents, counts=p.status is PaymentStatus.COMPLETED)
        for p in payments
    ]


async def _lock(uow: UnitOfWork, order_id: UUID, if_match: int | None) -> _Locked:
    """Lock the order row, check the client's If-Match version, refuse a final order."""
    repository = OrderRepository(uow)
    order = await repository.get(order_id, for_update=True)
    if order is None:
        raise NotFound("order", order_id)
    if if_match is not None and if_match != order.version:
        raise StaleVersion(f"the order is at version {order.version}, not {if_match}")
    ensure_order_editable(order.status)
    items = await repository.items(order_id)
    return _Locked(repository, order, items, await repository.payments(order_id))


async def _save(locked: _Locked, *, at: datetime | None = None, **changes: Any) -> Order:
    """Store the order with ``changes``, its totals recomputed, the next version, updatedAt
    moved on (to ``at``, when the change has its own timestamp).

    Refused (409) when the current discount would exceed the new subtotal or the new total
    would fall under what is already paid; the unit of work then rolls everything back.
    """
    order = dataclasses.replace(locked.order, **changes)
    totals = check_discount(
        order.discount_cents, _lines(locked.items), _payment_facts(locked.payments)
    )
    order = dataclasses.replace(
        order,
        subtotal_cents=totals.subtotal_cents,
        tax_cents=totals.tax_cents,
        total_cents=totals.total_cents,
        paid_cents=totals.paid_cents,
        tip_cents=totals.tip_cents,
        version=order.version + 1,
        updated_at=at or later_than(order.updated_at),
    )
    await locked.repository.save(order)
    locked.order = order
    return order


# --- reads ----------------------------------------------------------------------------------


async def get_order(uow: UnitOfWork, order_id: UUID) -> OrderView:
    """The order, its items and its payments: three statements, whatever their number."""
    repository = OrderRepository(uow)
    order = await repository.get(order_id)
    if order is None:
        raise NotFound("order", order_id)
    items = await repository.items(order_id)
    return OrderView(order, items, await repository.payments(order_id))


async def list_orders(
    uow: UnitOfWork, filters: OrderFilter, *, page: int, limit: int
) -> tuple[list[Order], int]:
    return await OrderRepository(uow).list(filters, page=page, limit=limit)


async def get_item(uow: UnitOfWork, order_id: UUID, item_id: UUID) -> OrderItem:
    item = await OrderRepository(uow).get_item(order_id, item_id)
    if item is None:
        raise NotFound("order item", item_id)
    return item


async def get_payment(uow: UnitOfWork, order_id: UUID, payment_id: UUID) -> OrderPayment:
    payment = await OrderRepository(uow).get_payment(order_id, payment_id)
    if payment is None:
        raise NotFound("payment", payment_id)
    return payment


# --- the order ------------------------------------------------------------------------------


async def create_order(
    uow: UnitOfWork, actor: Actor, fields: Mapping[str, Any], *, location_id: UUID | None = None
) -> Order:
    """``fields``: the validated request, snake_case; ``location_id`` from the query."""
    location = fields.get("location_id") or location_id
    repository = OrderRepository(uow)
    number = await repository.next_order_number(location, first=FIRST_ORDER_NUMBER)
    created = now()
    order = Order(
        id=new_id(),
        location_id=location,
        order_number=number,
        status=OrderStatus.DRAFT,
        order_type=fields["order_type"],
        table_id=fields.get("table_id"),
        customer_id=fields.get("customer_id"),
        guest_count=fields.get("guest_count"),
        notes=fields.get("notes"),
        discount_cents=0,
        discount_code=None,
        subtotal_cents=0,
        tax_cents=0,
        total_cents=0,
        paid_cents=0,
        tip_cents=0,
        version=1,
        created_at=created,
        updated_at=created,
        completed_at=None,
        cancelled_at=None,
        cancel_reason=None,
        opened_by_id=actor.staff_id,
        opened_by_name=actor.name,
    )
    await repository.insert(order)
    events.order_event(uow, EventType.ORDER_CREATED, order, OrderView(order, [], []))
    return order


async def apply_discount(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    amount: Decimal,
    code: str | None,
    *,
    reason: str | None = None,
    if_match: int | None = None,
) -> Order:
    """Replace the discount (0 removes it): at most the subtotal, never under what is paid."""
    locked = await _lock(uow, order_id, if_match)
    before = locked.order
    cents = money.to_cents(amount)
    order = await _save(locked, discount_cents=cents, discount_code=code if cents else None)
    await _audit(
        uow,
        actor,
        AuditAction.DISCOUNT_APPLIED,
        order,
        (AuditedEntity.ORDER, order.id),
        before=_discount_facts(before),
        after=_discount_facts(order),
        reason=reason,
    )
    return order


def _discount_facts(order: Order) -> dict[str, Any]:
    return {
        "discount": str(money.from_cents(order.discount_cents)),
        "discountCode": order.discount_code,
        "total": str(money.from_cents(order.total_cents)),
    }


async def _audit(
    uow: UnitOfWork,
    actor: Actor,
    action: AuditAction,
    order: Order,
    entity: tuple[AuditedEntity, UUID],
    **details: Any,
) -> None:
    await audit.record(uow, actor, action, entity, location_id=order.location_id, **details)


async def transfer_order(
    uow: UnitOfWork, order_id: UUID, table_id: UUID, *, if_match: int | None = None
) -> tuple[Order, UUID | None]:
    """Move the order to another table; answer it and the table it was at."""
    locked = await _lock(uow, order_id, if_match)
    previous = locked.order.table_id
    return await _save(locked, table_id=table_id), previous


async def complete_order(uow: UnitOfWork, order_id: UUID, *, if_match: int | None = None) -> Order:
    locked = await _lock(uow, order_id, if_match)
    check_completable(locked.totals())
    status = apply_order_event(locked.order.status, OrderEvent.COMPLETE)
    at = later_than(locked.order.updated_at)
    return await _save(locked, at=at, status=status, completed_at=at)


async def cancel_order(
    uow: UnitOfWork, actor: Actor, order_id: UUID, reason: str, *, if_match: int | None = None
) -> tuple[Order, int]:
    """Cancel, refund every completed payment (tips too), put tracked stock back.

    Answers the order and the refunded amount in cents.
    """
    locked = await _lock(uow, order_id, if_match)
    before = locked.order
    status = apply_order_event(before.status, OrderEvent.CANCEL)
    refund = refund_cents(_payment_facts(locked.payments))
    sent = any(item.kitchen_ticket_id is not None for item in locked.items)
    actor.ensure(permission_to_cancel(anything_sent=sent, refund_cents=refund))
    at = later_than(locked.order.updated_at)
    await locked.repository.refund_payments(order_id, at)
    locked.payments = [
        dataclasses.replace(p, status=PaymentStatus.REFUNDED, refunded_at=at)
        if p.status is PaymentStatus.COMPLETED
        else p
        for p in locked.payments
    ]
    await _restock(locked, (i for i in locked.items if i.status is not ItemStatus.VOIDED))
    order = await _save(locked, at=at, status=status, cancelled_at=at, cancel_reason=reason)
    await _audit(
        uow,
        actor,
        AuditAction.ORDER_CANCELLED,
        order,
        (AuditedEntity.ORDER, order.id),
        before={"status": before.status.value, "paid": str(money.from_cents(before.paid_cents))},
        after={"status": order.status.value, "refund": str(money.from_cents(refund))},
        reason=reason,
    )
    return order, refund


# --- items ----------------------------------------------------------------------------------


async def _reserve(
    uow: UnitOfWork, locked: _Locked, product_id: UUID, quantity: Decimal
) -> Product | None:
    """Lock the product, check it can be rung up in ``quantity``, take that from tracked stock.

    None when the product is not (or no longer) in the catalogue.
    """
    product = await ProductRepository(uow).get(product_id, for_update=True)
    if product is None:
        return None
    ensure_orderable(product, quantity)
    if product.track_inventory:
        await locked.repository.adjust_stock({product.id: -quantity})
    return product


async def _restock(locked: _Locked, items: Iterable[OrderItem]) -> None:
    """Put the quantities of ``items`` back into their products' tracked stock."""
    back: dict[UUID, Decimal] = {}
    for item in items:
        back[item.product_id] = back.get(item.product_id, Decimal(0)) + item.quantity
    await locked.repository.adjust_stock(back)


async def _price_modifiers(
    uow: UnitOfWork, requested: Sequence[Mapping[str, Any]], quantity: Decimal
) -> tuple[Modifier, ...]:
    """Catalogue modifiers take the catalogue's name and price; any other id is ad hoc."""
    catalogue = await ProductRepository(uow).get_many([m["modifier_option_id"] for m in requested])
    priced: list[Modifier] = []
    for index, modifier in enumerate(requested):
        option_id = modifier["modifier_option_id"]
        option = catalogue.get(option_id)
        if option is not None and option.product_type is ProductType.MODIFIER:
            ensure_orderable(option, quantity)
            priced.append(Modifier(option.id, option.name, money.to_cents(option.price)))
            continue
        for field in ("name", "price"):
            if modifier.get(field) is None:
                raise InvalidInput(
                    f"modifiers.{index}.{field}",
                    "is required for a modifier that is not a catalogue modifier",
                )
        priced.append(Modifier(option_id, modifier["name"], money.to_cents(modifier["price"])))
    return tuple(priced)


def _item_total(unit_price_cents: int, modifiers: Iterable[Modifier], quantity: Decimal) -> int:
    return item_total_cents(
        unit_price_cents, [m.price_cents for m in modifiers], money.quantity_to_units(quantity)
    )


async def add_item(
    uow: UnitOfWork, order_id: UUID, fields: Mapping[str, Any], *, if_match: int | None = None
) -> tuple[Order, OrderItem]:
    locked = await _lock(uow, order_id, if_match)
    if len(locked.items) >= MAX_ITEMS_PER_ORDER:
        raise TooManyItems(f"an order holds at most {MAX_ITEMS_PER_ORDER} items")
    quantity: Decimal = fields["quantity"]
    product = await _reserve(uow, locked, fields["product_id"], quantity)
    if product is None:
        raise NotFound("product", fields["product_id"])
    modifiers = await _price_modifiers(uow, fields.get("modifiers") or (), quantity)
    unit_price_cents = money.to_cents(product.price)
    created = now()
    item = OrderItem(
        id=new_id(),
        order_id=order_id,
        product_id=product.id,
        variant_id=fields.get("variant_id"),
        name=product.name,
        quantity=quantity,
        unit_price_cents=unit_price_cents,
        tax_rate_units=money.rate_to_units(product.tax_rate),
        modifiers=modifiers,
        total_cents=_item_total(unit_price_cents, modifiers, quantity),
        status=ItemStatus.PENDING,
        notes=fields.get("notes"),
        void_reason=None,
        kitchen_ticket_id=None,
        created_at=created,
        updated_at=created,
    )
    await locked.repository.insert_item(item)
    locked.items.append(item)
    return await _save(locked), item


async def update_item(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    item_id: UUID,
    changes: Mapping[str, Any],
    *,
    if_match: int | None = None,
) -> tuple[Order, OrderItem]:
    """Apply the fields present in ``changes`` (quantity, notes, status); absent ones stay."""
    actor.ensure(permission_to_change_item(changes))
    locked = await _lock(uow, order_id, if_match)
    current = locked.item(item_id)
    item = current
    status = changes.get("status")
    if status is not None:
        if status is ItemStatus.VOIDED:
            raise InvalidInput("status", "void an item with DELETE and a reason")
        check_item_transition(current.status, status)
        item = dataclasses.replace(item, status=status)
    quantity = changes.get("quantity")
    if quantity is not None and quantity != current.quantity:
        ensure_item_quantity_editable(current.status)
        if quantity > current.quantity:
            extra = quantity - current.quantity
            if await _reserve(uow, locked, current.product_id, extra) is None:
                raise ProductUnavailable(f"{current.name} is no longer in the catalogue")
        else:
            await locked.repository.adjust_stock({current.product_id: current.quantity - quantity})
        total = _item_total(current.unit_price_cents, current.modifiers, quantity)
        item = dataclasses.replace(item, quantity=quantity, total_cents=total)
    if "notes" in changes:
        item = dataclasses.replace(item, notes=changes["notes"])
    if item == current:
        return locked.order, current
    return await _save_item(locked, item)


async def void_item(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    item_id: UUID,
    reason: str,
    *,
    if_match: int | None = None,
) -> tuple[Order, OrderItem]:
    """The item stays on the order, VOIDED with its reason, out of every total; stock goes back."""
    locked = await _lock(uow, order_id, if_match)
    item = locked.item(item_id)
    if item.status is ItemStatus.VOIDED:
        raise InvalidTransition("the item is already voided")
    check_item_transition(item.status, ItemStatus.VOIDED)
    actor.ensure(permission_to_void(item.status))
    await _restock(locked, [item])
    voided = dataclasses.replace(item, status=ItemStatus.VOIDED, void_reason=reason)
    order, voided = await _save_item(locked, voided)
    await _audit(
        uow,
        actor,
        AuditAction.ITEM_VOIDED,
        order,
        (AuditedEntity.ORDER_ITEM, item.id),
        before={
            "orderId": str(order_id),
            "name": item.name,
            "status": item.status.value,
            "quantity": str(item.quantity),
            "total": str(money.from_cents(item.total_cents)),
        },
        after={"status": voided.status.value},
        reason=reason,
    )
    return order, voided


async def _save_item(locked: _Locked, item: OrderItem) -> tuple[Order, OrderItem]:
    item = dataclasses.replace(item, updated_at=later_than(item.updated_at))
    locked.replace_item(item)
    await locked.repository.save_item(item)
    return await _save(locked), item


# --- kitchen and payments -------------------------------------------------------------------


async def send_order(
    uow: UnitOfWork, order_id: UUID, *, if_match: int | None = None
) -> tuple[Order, KitchenTicket]:
    """Every PENDING item goes to the kitchen on one new ticket; the first send opens the order."""
    locked = await _lock(uow, order_id, if_match)
    pending = [item for item in locked.items if item.status is ItemStatus.PENDING]
    if not pending:
        raise NothingToSend("the order has no pending items to send to the kitchen")
    status = apply_order_event(locked.order.status, OrderEvent.SEND)
    at = later_than(locked.order.updated_at)
    order = locked.order
    ticket = KitchenTicket(
        id=new_id(),
        order_id=order.id,
        location_id=order.location_id,
        order_number=order.order_number,
        table_id=order.table_id,
        items=tuple(
            TicketItem(i.id, i.product_id, i.name, i.quantity, i.modifiers, i.notes)
            for i in pending
        ),
        created_at=at,
    )
    await KitchenRepository(uow).insert(ticket)
    await locked.repository.mark_sent([item.id for item in pending], ticket.id, at)
    locked.items = [
        dataclasses.replace(i, status=ItemStatus.SENT, kitchen_ticket_id=ticket.id, updated_at=at)
        if i.status is ItemStatus.PENDING
        else i
        for i in locked.items
    ]
    return await _save(locked, at=at, status=status), ticket


async def add_payment(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    fields: Mapping[str, Any],
    *,
    if_match: int | None = None,
) -> tuple[Order, OrderPayment]:
    """A completed payment of at most the balance due (409 overpayment otherwise)."""
    locked = await _lock(uow, order_id, if_match)
    amount_cents = money.to_cents(fields["amount"])
    check_payment(amount_cents, locked.totals())
    payment = OrderPayment(
        id=new_id(),
        order_id=order_id,
        amount_cents=amount_cents,
        tip_cents=money.to_cents(fields.get("tip_amount") or Decimal(0)),
        method=fields["payment_method"],
        status=PaymentStatus.COMPLETED,
        card_last_four=fields.get("card_last_four"),
        card_brand=fields.get("card_brand"),
        processor_transaction_id=fields.get("processor_transaction_id"),
        processed_at=now(),
        refunded_at=None,
        taken_by_id=actor.staff_id,
        taken_by_name=actor.name,
    )
    await locked.repository.insert_payment(payment)
    locked.payments.append(payment)
    return await _save(locked), payment

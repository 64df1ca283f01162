"""Order use cases: one function per operation, each inside the caller's one transaction.

Every change goes the same way: lock and load the order (``_load``), ask the ``Order``
aggregate to change (it enforces every rule), persist it, then audit. What only the catalogue
knows (a new item's product, variant and modifier options) is loaded here and handed to the
aggregate, which checks it; taking stock is the catalogue's own.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from datetime import date, datetime
from decimal import Decimal
from functools import partial
from typing import Any
from uuid import UUID

from brigade.access.domain.audit import AuditAction, AuditedEntity, AuditNote
from brigade.catalogue.domain.errors import ProductUnavailable
from brigade.catalogue.domain.questions import (
    LiveVariant,
    ProductsById,
    ProductWithMenu,
    ReserveStock,
)
from brigade.catalogue.domain.records import Product, ProductVariant
from brigade.journal.domain import LastZ
from brigade.kit import money
from brigade.kit.access import Actor
from brigade.kit.changes import UNSET
from brigade.kit.clock import DEFAULT_TIMEZONE, business_day, now, start_of_business_day
from brigade.kit.cursor import Cursor
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.escpos import encode
from brigade.kit.ids import new_id
from brigade.kit.languages import paper_language
from brigade.kitchen.domain import KitchenTicket
from brigade.orders.domain.aggregate import (
    NewCheck,
    Order,
    check_may_change_item,
    ensure_seated_here,
    order_charge,
)
from brigade.orders.domain.checkout import ServerDay
from brigade.orders.domain.commands import (
    AddItem,
    ApplyDiscount,
    ChangeItem,
    CreateOrder,
    SplitCheck,
    TakePayment,
)
from brigade.orders.domain.documents import (
    Receipt,
    receipt_document,
    receipt_of,
)
from brigade.orders.domain.errors import DayClosed, IdInUse
from brigade.orders.domain.permissions import tip_needs_approval
from brigade.orders.domain.records import (
    FIRST_ORDER_NUMBER,
    UNNUMBERED,
    ClientMade,
    OrderFilter,
    OrderHeader,
    OrderItem,
    OrderLocation,
    OrderPayment,
)
from brigade.orders.domain.refunds import OrderRefund, RefundOrder
from brigade.orders.domain.settlement import PaymentFilter, SettledPayment
from brigade.orders.domain.splitting import guests_after_split, selections
from brigade.orders.domain.states import ItemStatus, PaymentMethod
from brigade.orders.domain.told import told
from brigade.orders.repository.checkout import CheckoutRepository
from brigade.orders.repository.orders import OrderRepository, WholeItems
from brigade.orders.repository.payments import PaymentRepository
from brigade.pricing.domain import AutomaticCharges, LiveServiceCharge
from brigade.printing.domain import PrintJob, QueueReceipt


async def _load(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    if_match: int | None,
    *,
    whole: WholeItems | Callable[[OrderHeader], WholeItems] = WholeItems.NONE,
    item_id: UUID | None = None,
) -> Order:
    """The order, locked until the transaction ends, at the version the client expects.

    Every item's line is loaded, whole only the items the action needs (``whole``, or what it
    answers for the order's header, and ``item_id``): a write to a large order then costs
    about what it costs on a small one.
    """
    repository = OrderRepository(uow)
    held = await repository.row(order_id, for_update=True)
    if held is None:
        raise NotFound("order", order_id)
    actor.ensure_at(held.header.location_id)
    if callable(whole):
        whole = whole(held.header)
    order = await repository.parts(held, whole=whole, item_id=item_id)
    order.expect_version(if_match)
    return order


async def _persist(uow: UnitOfWork, order: Order, actor: Actor) -> None:
    """Write the order's changed rows, then have every feature that listens hear what the
    change tells it (orders/domain/told.py: the stock given back, the cash, the kitchen's
    tickets and their print jobs, the journal), in this transaction; then the order's own row
    and events. The journal before the row: a sale's entry locks the location's sequence until
    COMMIT, and gives the row its receipt number (docs/decisions.md, "PostgreSQL's tail")."""
    _ensure_exact(order)
    repository = OrderRepository(uow)
    await repository.save_lines(order)
    for event in told(order, actor):
        await uow.handle(event)
    await repository.save_header(order)


def _ensure_exact(order: Order) -> None:
    """InvalidInput when a figure of the order went past what a JSON number carries exactly
    (kit/money.py): a line's or the order's total, its payments with their tips. Every line is
    at most the subtotal, so the order's figures bound them all."""
    header = order.header
    figures = (
        header.subtotal_cents,
        header.total_cents,
        header.service_charge_cents,
        header.paid_cents + header.tip_cents,
    )
    if max(figures) > money.MAX_ORDER_CENTS:
        raise InvalidInput(
            "total",
            f"an order's total, and each of its lines, may be at most {money.MAX_ORDER_AMOUNT}: "
            "past it an amount is not carried exactly",
        )


async def _ensure_tip_open(uow: UnitOfWork, order: Order, payment_id: UUID) -> None:
    """Refuse to change the tip of a payment a Z has closed (409 ``day_closed``): its sale is
    in the Z, or it was taken before the Z was (a check reopened since has no receipt, yet its
    payment's tip is in the Z all the same)."""
    z = await uow.ask(LastZ(order.header.location_id))
    if z is None:
        return
    sold = order.header.receipt_number
    if sold is not None and sold <= z.sequence:
        raise DayClosed(f"the sale (receipt {sold}) is in a closed Z: its tips are final")
    if order.payment(payment_id).processed_at <= z.at:
        raise DayClosed("the payment was taken before the last Z: its tip is final")


async def _location(uow: UnitOfWork, order: Order) -> OrderLocation | None:
    """The order's location's profile as it is now; None for none (an order without a
    location, or a location without a profile)."""
    location_id = order.header.location_id
    return None if location_id is None else await OrderRepository(uow).location(location_id)


async def _business_day_of(uow: UnitOfWork, order: Order) -> Callable[[datetime], date]:
    """The business day of a moment at the order's location (its timezone; UTC without one)."""
    location = await _location(uow, order)
    timezone = location.timezone if location else DEFAULT_TIMEZONE
    return partial(business_day, timezone=timezone)


async def _complete_if_settled(uow: UnitOfWork, order: Order, actor: Actor) -> None:
    """Complete a check the action just settled (paid to the cent, nothing left to send),
    where its location's ``autoComplete`` is on (a location without a profile: on), in the
    same transaction and with the same ``order.completed`` as a completion by hand."""
    if not order.is_settled:
        return
    location = await _location(uow, order)
    if location is not None and not location.auto_complete:
        return
    if not order.is_whole:
        # order.completed carries the whole order.
        order.take_whole(await OrderRepository(uow).items(order.id))
    order.complete(actor=actor, at=now())


async def _audit(
    uow: UnitOfWork,
    actor: Actor,
    action: AuditAction,
    order: Order,
    entity: tuple[AuditedEntity, UUID],
    **details: Any,
) -> None:
    await uow.handle(AuditNote(actor, action, entity, order.header.location_id, **details))


# --- reads ----------------------------------------------------------------------------------


async def get_order(uow: UnitOfWork, actor: Actor, order_id: UUID) -> Order:
    order = await OrderRepository(uow).get(order_id)
    if order is None:
        raise NotFound("order", order_id)
    actor.ensure_at(order.header.location_id)
    return order


async def first_check_at_table(
    uow: UnitOfWork, table_id: UUID, since: datetime, before: datetime
) -> UUID | None:
    """The first check opened at the table from ``since`` until ``before`` (a guests' visit
    that began at an empty table is bound to it: docs/design.md §28)."""
    return await OrderRepository(uow).first_at_table(table_id, since=since, before=before)


async def list_orders(
    uow: UnitOfWork, filters: OrderFilter, *, page: int, limit: int, after: Cursor | None = None
) -> tuple[list[OrderHeader], int]:
    return await OrderRepository(uow).list(filters, page=page, limit=limit, after=after)


async def _ensure_order_at(uow: UnitOfWork, actor: Actor, order_id: UUID) -> None:
    """A device and its PIN sessions read one of their own location's orders' parts only; for
    anyone else, no statement is spent on it."""
    if actor.location_id is None:
        return
    found = await OrderRepository(uow).location_of(order_id)
    if found is None:
        raise NotFound("order", order_id)
    actor.ensure_at(found[0])


async def get_item(uow: UnitOfWork, actor: Actor, order_id: UUID, item_id: UUID) -> Order:
    """The order with item ``item_id`` whole (its tax share depends on the whole order)."""
    order = await OrderRepository(uow).get(order_id, item_id=item_id, whole=WholeItems.NONE)
    if order is None:
        raise NotFound("order", order_id)
    actor.ensure_at(order.header.location_id)
    order.item(item_id)
    return order


async def get_payment(
    uow: UnitOfWork, actor: Actor, order_id: UUID, payment_id: UUID
) -> OrderPayment:
    await _ensure_order_at(uow, actor, order_id)
    payment = await OrderRepository(uow).get_payment(order_id, payment_id)
    if payment is None:
        raise NotFound("payment", payment_id)
    return payment


# --- the order ------------------------------------------------------------------------------


async def create_order(
    uow: UnitOfWork, actor: Actor, command: CreateOrder, *, made: ClientMade | None = None
) -> tuple[Order, bool]:
    """A new order, and False; under a client's id (``made``) that made it before, that
    order as it is now, and True."""
    if made is not None and await _made_before(uow, made):
        return await get_order(uow, actor, made.order_id), True
    if command.location_id is None and actor.location_id is not None:
        # A PIN session acts at its device's location: a terminal's orders are that location's.
        command = replace(command, location_id=actor.location_id)
    repository = OrderRepository(uow)
    table_name = await _table_name(uow, command.table_id, command.location_id)
    location, charges = None, []
    if command.location_id is not None:
        location = await repository.location(command.location_id)
        automatic = await uow.ask(AutomaticCharges(command.location_id))
        charges = [order_charge(charge, command.order_type) for charge in automatic]
    # Its number is drawn as its row is written, after the reads: on PostgreSQL the counter's
    # row stays locked until COMMIT, and every creation at the location queues on it
    # (bench/profile.md, "Third pass: writes").
    order = Order.open(
        command,
        order_number=UNNUMBERED,
        opened_by=actor,
        at=now(),
        table_name=table_name,
        location=location,
        charges=charges,
    )
    await _persist(uow, order, actor)
    await _remember(uow, made)
    return order, False


async def _made_before(uow: UnitOfWork, made: ClientMade) -> bool:
    """Whether the client's id already made this, by the same request (docs/design.md §16);
    IdInUse when it names anything else."""
    found = await OrderRepository(uow).client_made(made.id, made.kind)
    if found is None:
        return False
    if found != made:
        raise IdInUse(
            f"The id {made.id} already names what another request made; "
            f"make a new id for a new {made.kind.value.lower()}."
        )
    return True


async def _remember(uow: UnitOfWork, made: ClientMade | None) -> None:
    if made is not None:
        await OrderRepository(uow).remember_client_made(made, at=now())


async def _table_name(
    uow: UnitOfWork, table_id: UUID | None, location_id: UUID | None
) -> str | None:
    """The name of the dining table ``table_id`` an order at ``location_id`` is seated at
    (``ensure_seated_here``); None for none or an opaque id."""
    if table_id is None:
        return None
    found = await OrderRepository(uow).table(table_id)
    if found is None:
        return None
    name, table_location = found
    ensure_seated_here(name, table_location, location_id)
    return name


async def apply_discount(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    command: ApplyDiscount,
    *,
    if_match: int | None = None,
) -> Order:
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    before = order.header
    order.apply_discount(command, actor=actor, at=now())
    await _persist(uow, order, actor)
    await _audit(
        uow,
        actor,
        AuditAction.DISCOUNT_APPLIED,
        order,
        (AuditedEntity.ORDER, order.id),
        before=_discount_facts(before),
        after=_discount_facts(order.header),
        reason=command.reason,
    )
    return order


def _discount_facts(header: OrderHeader) -> dict[str, Any]:
    return {
        "discount": str(money.from_cents(header.discount_cents)),
        "discountCode": header.discount_code,
        "total": str(money.from_cents(header.total_cents)),
    }


async def transfer_order(
    uow: UnitOfWork, actor: Actor, order_id: UUID, table_id: UUID, *, if_match: int | None = None
) -> tuple[Order, UUID | None]:
    """Move the order to another table; answer it and the table it was at."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    table_name = await _table_name(uow, table_id, order.header.location_id)
    previous = order.transfer(table_id, at=now(), table_name=table_name)
    await _persist(uow, order, actor)
    await _audit(
        uow,
        actor,
        AuditAction.ORDER_TRANSFERRED,
        order,
        (AuditedEntity.ORDER, order.id),
        before={"tableId": None if previous is None else str(previous)},
        after={"tableId": str(table_id)},
    )
    return order, previous


async def name_customer(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    name: str | None,
    *,
    if_match: int | None = None,
) -> Order:
    """Put the customer's name on the order (None takes it off); answer the order."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    order.name_customer(name, at=now())
    await _persist(uow, order, actor)
    return order


async def complete_order(
    uow: UnitOfWork, actor: Actor, order_id: UUID, *, if_match: int | None = None
) -> tuple[Order, datetime]:
    """Answers the completed order and when it was completed."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    completed_at = order.complete(actor=actor, at=now())
    await _persist(uow, order, actor)
    return order, completed_at


async def reopen_order(
    uow: UnitOfWork, actor: Actor, order_id: UUID, reason: str, *, if_match: int | None = None
) -> Order:
    """Make a check completed today OPEN again (a manager's, audited); its table must be free."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    before = order.header
    table_id = before.table_id
    seated = None
    if table_id is not None:
        seated = await OrderRepository(uow).seated_at(table_id, other_than=order.id)
    order.reopen(
        seated_at_table=seated, business_day_of=await _business_day_of(uow, order), at=now()
    )
    await _persist(uow, order, actor)
    await _audit(
        uow,
        actor,
        AuditAction.ORDER_REOPENED,
        order,
        (AuditedEntity.ORDER, order.id),
        before={
            "status": before.status.value,
            "completedAt": None if before.completed_at is None else before.completed_at.isoformat(),
        },
        after={"status": order.header.status.value},
        reason=reason,
    )
    return order


async def cancel_order(
    uow: UnitOfWork, actor: Actor, order_id: UUID, reason: str, *, if_match: int | None = None
) -> tuple[Order, int]:
    """Answers the cancelled order and the refunded amount in cents."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    before = order.header
    refund = order.cancel(reason, actor=actor, at=now())
    await _persist(uow, order, actor)
    await _audit(
        uow,
        actor,
        AuditAction.ORDER_CANCELLED,
        order,
        (AuditedEntity.ORDER, order.id),
        before={"status": before.status.value, "paid": str(money.from_cents(before.paid_cents))},
        after={"status": order.header.status.value, "refund": str(money.from_cents(refund))},
        reason=reason,
    )
    return order, refund


# --- service charges ------------------------------------------------------------------------


async def add_service_charge(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    service_charge_id: UUID,
    *,
    if_match: int | None = None,
) -> Order:
    """Put one of the location's service charges on the order, as a server does."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    charge = await uow.ask(LiveServiceCharge(service_charge_id))
    if charge.location_id != order.header.location_id:
        raise NotFound("service charge", service_charge_id)
    order.add_charge(order_charge(charge, order.header.order_type), at=now())
    await _persist(uow, order, actor)
    return order


async def remove_service_charge(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    service_charge_id: UUID,
    *,
    if_match: int | None = None,
) -> Order:
    """Take a service charge off the order; waiving an automatic one is a manager's, audited."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    before = order.header
    charge = order.remove_charge(service_charge_id, actor=actor, at=now())
    await _persist(uow, order, actor)
    if charge.automatic:
        await _audit(
            uow,
            actor,
            AuditAction.SERVICE_CHARGE_WAIVED,
            order,
            (AuditedEntity.ORDER, order.id),
            before={
                "serviceCharge": charge.name,
                "total": str(money.from_cents(before.total_cents)),
            },
            after={"total": str(money.from_cents(order.header.total_cents))},
        )
    return order


# --- items ----------------------------------------------------------------------------------


async def _named_variant(
    uow: UnitOfWork, product: Product, variant_id: UUID | None
) -> ProductVariant | None:
    """The variant of ``variant_id`` whatever its product, for the aggregate's check that it is
    the product's own; looked up only when it is not among the product's variants."""
    if variant_id is None or any(variant.id == variant_id for variant in product.variants):
        return None
    return await uow.ask(LiveVariant(variant_id))


async def add_item(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    command: AddItem,
    *,
    if_match: int | None = None,
    made: ClientMade | None = None,
) -> tuple[Order, OrderItem, bool]:
    """The order with its new item, and False; under a client's id (``made``) that made it
    before, the order with that item as they are now, and True."""
    if made is not None and await _made_before(uow, made):
        order = await get_item(uow, actor, order_id, made.id)
        return order, order.item(made.id), True
    order = await _load(uow, actor, order_id, if_match)
    order.check_can_add_item()
    product = await uow.ask(ReserveStock(actor, command.product_id, command.quantity, order_id))
    if product is None:
        raise NotFound("product", command.product_id)
    named_variant = await _named_variant(uow, product, command.variant_id)
    asked = [modifier.modifier_option_id for modifier in command.modifiers]
    options = await uow.ask(ProductsById(asked))
    item = order.add_item(
        command, product=product, named_variant=named_variant, options=options, at=now()
    )
    await _persist(uow, order, actor)
    await _remember(uow, made)
    return order, item, False


async def change_item(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    item_id: UUID,
    command: ChangeItem,
    *,
    if_match: int | None = None,
) -> tuple[Order, OrderItem]:
    """Apply what the command gives (quantity, notes, status, seat, course, variant,
    modifiers); a raised quantity takes stock. A new variant or modifiers are looked up in the
    catalogue as for a new item, for the aggregate's add-item rules."""
    check_may_change_item(actor, command)
    order = await _load(uow, actor, order_id, if_match, item_id=item_id, whole=WholeItems.ALL)
    product, named_variant = None, None
    options: Mapping[UUID, Product] = {}
    if command.reprices:
        item = order.item(item_id)
        product = await uow.ask(ProductWithMenu(item.product_id))
        variant_id = item.variant_id if command.variant_id is UNSET else command.variant_id
        named_variant = await _named_variant(uow, product, variant_id)
        kept = item.modifiers if command.modifiers is None else command.modifiers
        asked = [modifier.modifier_option_id for modifier in kept]
        options = await uow.ask(ProductsById(asked))
    change = order.change_item(
        item_id,
        command,
        actor=actor,
        at=now(),
        product=product,
        named_variant=named_variant,
        options=options,
    )
    extra = change.after.quantity - change.before.quantity
    if (
        extra > 0
        and await uow.ask(ReserveStock(actor, change.after.product_id, extra, order_id)) is None
    ):
        raise ProductUnavailable(f"{change.after.name} is no longer in the catalogue")
    await _complete_if_settled(uow, order, actor)
    await _persist(uow, order, actor)
    if change.is_partial_void:
        await _audit(
            uow,
            actor,
            AuditAction.ITEM_PARTLY_VOIDED,
            order,
            (AuditedEntity.ORDER_ITEM, item_id),
            before=_voided_item_facts(change.before),
            after=_quantity_facts(change.after),
            reason=command.reason,
        )
    return order, change.after


def _quantity_facts(item: OrderItem) -> dict[str, Any]:
    return {"quantity": str(item.quantity), "total": str(money.from_cents(item.total_cents))}


def _voided_item_facts(item: OrderItem) -> dict[str, Any]:
    """The item as it was before a void, whole or partial."""
    return {
        "orderId": str(item.order_id),
        "name": item.name,
        "status": item.status.value,
    } | _quantity_facts(item)


async def void_item(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    item_id: UUID,
    reason: str,
    *,
    if_match: int | None = None,
) -> tuple[Order, OrderItem]:
    order = await _load(uow, actor, order_id, if_match, item_id=item_id)
    change = order.void_item(item_id, reason, actor=actor, at=now())
    await _complete_if_settled(uow, order, actor)
    await _persist(uow, order, actor)
    item = change.before
    await _audit(
        uow,
        actor,
        AuditAction.ITEM_VOIDED,
        order,
        (AuditedEntity.ORDER_ITEM, item.id),
        before=_voided_item_facts(item),
        after={"status": change.after.status.value},
        reason=reason,
    )
    return order, change.after


# --- kitchen and payments -------------------------------------------------------------------


async def make_ready(uow: UnitOfWork, actor: Actor, order_id: UUID, item_ids: list[UUID]) -> None:
    """The kitchen is done with these items (a bumped ticket): each becomes READY and says so
    (``item.updated``), so the server's check shows it."""
    if not item_ids:
        return
    order = await _load(uow, actor, order_id, None, whole=WholeItems.ALL)
    order.make_ready(item_ids, actor=actor, at=now())
    await _persist(uow, order, actor)


async def send_order(
    uow: UnitOfWork, actor: Actor, order_id: UUID, *, if_match: int | None = None
) -> tuple[Order, KitchenTicket]:
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    ticket = order.send(actor=actor, at=now())
    await _complete_if_settled(uow, order, actor)
    await _persist(uow, order, actor)
    return order, ticket


async def send_items(
    uow: UnitOfWork, actor: Actor, order_id: UUID, item_ids: Collection[UUID]
) -> KitchenTicket | None:
    """Send only these items, those still PENDING, on one ticket (a guests' round: docs/design.md
    §28); None when a send took them already."""
    order = await _load(uow, actor, order_id, None, whole=WholeItems.ALL)
    ticket = order.send_items(item_ids, actor=actor, at=now())
    if ticket is not None:
        await _persist(uow, order, actor)
    return ticket


async def fire_course(
    uow: UnitOfWork, actor: Actor, order_id: UUID, course: int, *, if_match: int | None = None
) -> tuple[Order, KitchenTicket]:
    """Send course ``course``'s pending items on their own ticket; the course is fired."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    ticket = order.fire_course(course, actor=actor, at=now())
    await _persist(uow, order, actor)
    return order, ticket


async def add_payment(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    command: TakePayment,
    *,
    tip_approval_ratio: Decimal,
    if_match: int | None = None,
    made: ClientMade | None = None,
) -> tuple[Order, OrderPayment, bool]:
    """The order with its new payment, and False; under a client's id (``made``) that made it
    before, the order with that payment as they are now, and True.
    ``tip_approval_ratio``: BRIGADE_TIP_APPROVAL_RATIO; a tip above it is audited."""
    if made is not None and await _made_before(uow, made):
        order = await get_order(uow, actor, order_id)
        return order, order.payment(made.id), True
    order = await _load(uow, actor, order_id, if_match, whole=partial(_items_to_pay, command))
    payment = order.pay(command, actor=actor, tip_approval_ratio=tip_approval_ratio, at=now())
    await _complete_if_settled(uow, order, actor)
    await _persist(uow, order, actor)
    if tip_needs_approval(payment.amount_cents, payment.tip_cents, tip_approval_ratio):
        await _audit(
            uow,
            actor,
            AuditAction.TIP_APPROVED,
            order,
            (AuditedEntity.PAYMENT, payment.id),
            after={
                "orderId": str(order.id),
                "amount": str(money.from_cents(payment.amount_cents)),
                "tip": str(money.from_cents(payment.tip_cents)),
                "tipApprovalRatio": str(tip_approval_ratio),
            },
        )
    await _remember(uow, made)
    return order, payment, False


def _items_to_pay(command: TakePayment, header: OrderHeader) -> WholeItems:
    """A payment of the balance due may settle the check, and completing it needs the items
    whole (``order.completed`` carries them): read them whole at once rather than lines first
    and items after. Only a guess: a wrong one costs the one read it would have cost anyway."""
    settling = header.may_settle(money.to_cents(command.amount), command.method)
    return WholeItems.ALL if settling else WholeItems.NONE


# --- after the sale: refunds and tip adjustments --------------------------------------------


async def refund_order(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    command: RefundOrder,
    *,
    if_match: int | None = None,
) -> tuple[Order, OrderRefund]:
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    before = _refunded_facts(order)
    refund = order.refund(command, actor=actor, at=now())
    await _persist(uow, order, actor)
    await _audit(
        uow,
        actor,
        AuditAction.ORDER_REFUNDED,
        order,
        (AuditedEntity.ORDER, order.id),
        before=before,
        after=_refunded_facts(order)
        | {
            "refundId": str(refund.id),
            "paymentId": str(refund.payment_id),
            "amount": str(money.from_cents(refund.amount_cents)),
            "tip": str(money.from_cents(refund.tip_cents)),
            "items": [
                {"itemId": str(part.item_id), "quantity": str(part.quantity)}
                for part in refund.items
            ],
        },
        reason=command.reason,
    )
    return order, refund


def _refunded_facts(order: Order) -> dict[str, Any]:
    """What the order has given back so far, amounts and tips apart."""
    refunds = order.refunds
    return {
        "refunded": str(money.from_cents(sum(r.amount_cents for r in refunds))),
        "refundedTips": str(money.from_cents(sum(r.tip_cents for r in refunds))),
    }


async def get_refund(uow: UnitOfWork, actor: Actor, order_id: UUID, refund_id: UUID) -> OrderRefund:
    order = await get_order(uow, actor, order_id)
    refund = next((r for r in order.refunds if r.id == refund_id), None)
    if refund is None:
        raise NotFound("refund", refund_id)
    return refund


async def adjust_tip(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    payment_id: UUID,
    tip_amount: Decimal,
    *,
    tip_approval_ratio: Decimal,
    if_match: int | None = None,
) -> tuple[Order, OrderPayment]:
    """A card payment's new tip, until the business day it was taken on ends in the order's
    location's timezone (UTC for a location without a profile)."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    await _ensure_tip_open(uow, order, payment_id)
    change = order.adjust_tip(
        payment_id,
        tip_amount,
        actor=actor,
        tip_approval_ratio=tip_approval_ratio,
        business_day_of=await _business_day_of(uow, order),
        at=now(),
    )
    if change.after == change.before:
        return order, change.after
    await _persist(uow, order, actor)
    await _audit(
        uow,
        actor,
        AuditAction.TIP_ADJUSTED,
        order,
        (AuditedEntity.PAYMENT, payment_id),
        before={"tip": str(money.from_cents(change.before.tip_cents))},
        after={
            "orderId": str(order.id),
            "amount": str(money.from_cents(change.after.amount_cents)),
            "tip": str(money.from_cents(change.after.tip_cents)),
        },
    )
    return order, change.after


async def list_payments(
    uow: UnitOfWork, filters: PaymentFilter, *, page: int, limit: int, after: Cursor | None = None
) -> tuple[list[SettledPayment], int]:
    return await PaymentRepository(uow).list(filters, page=page, limit=limit, after=after)


async def payments_awaiting_tip(
    uow: UnitOfWork,
    location_id: UUID | None,
    *,
    page: int,
    limit: int,
    after: Cursor | None = None,
) -> tuple[list[SettledPayment], int]:
    """The location's card payments of its business day so far (its timezone; UTC without a
    profile or a location) with no tip yet: the ones whose tip may still be entered."""
    location = None if location_id is None else await OrderRepository(uow).location(location_id)
    timezone = location.timezone if location else DEFAULT_TIMEZONE
    filters = PaymentFilter(
        location_id=location_id,
        method=PaymentMethod.CARD,
        taken_from=start_of_business_day(now(), timezone),
        awaiting_tip=True,
    )
    return await PaymentRepository(uow).list(filters, page=page, limit=limit, after=after)


# --- receipts -------------------------------------------------------------------------------


async def order_receipt(uow: UnitOfWork, order_id: UUID, *, on_paper: bool = False) -> Receipt:
    """The order as its receipt shows it (orders/domain/documents.py); ``on_paper``: as a
    receipt printer prints it, in English where its code table cannot write the location's
    language."""
    repository = OrderRepository(uow)
    order = await repository.get(order_id)
    if order is None:
        raise NotFound("order", order_id)
    location_id = order.header.location_id
    location = await repository.location(location_id) if location_id else None
    if location is None:
        return receipt_of(order, None, now())
    if on_paper:
        location = replace(location, language=paper_language(location.language))
    sold = {item.product_id for item in order.items}
    sold |= {m.modifier_option_id for item in order.items for m in item.modifiers}
    names = await repository.menu_names(sold, location.language)
    return receipt_of(order, location, now(), names)


async def print_receipt(uow: UnitOfWork, order_id: UUID, printer_id: UUID) -> PrintJob:
    """Queues the receipt on a RECEIPT printer; it prints when the printer takes it."""
    receipt = await order_receipt(uow, order_id, on_paper=True)
    (location_id,) = await OrderRepository(uow).location_of(order_id) or (None,)
    payload = encode(receipt_document(receipt))
    return await uow.ask(QueueReceipt(printer_id, order_id, location_id, payload))


# --- splitting, sharing, moving, merging checks ---------------------------------------------


async def _load_both(
    uow: UnitOfWork, actor: Actor, order_id: UUID, other_id: UUID, if_match: int | None
) -> tuple[Order, Order]:
    """The order (at the version the client expects) and another, both locked, in the order of
    their ids so that two writers taking the same two never wait on each other."""
    loaded: dict[UUID, Order] = {}
    for key in sorted({order_id, other_id}):
        expected = if_match if key == order_id else None
        loaded[key] = await _load(uow, actor, key, expected, whole=WholeItems.ALL)
    return loaded[order_id], loaded[other_id]


def _check_facts(order: Order) -> dict[str, Any]:
    """A check as an audit of money moving between checks names it: which, and what it comes
    to and holds in payments after."""
    header = order.header
    return {
        "orderId": str(header.id),
        "orderNumber": header.order_number,
        "total": str(money.from_cents(header.total_cents)),
        "paid": str(money.from_cents(header.paid_cents)),
    }


def _live_ids(order: Order) -> list[str]:
    return [str(item.id) for item in order.items if item.status is not ItemStatus.VOIDED]


async def split_check(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    command: SplitCheck,
    *,
    if_match: int | None = None,
) -> list[Order]:
    """The order and the checks split off it, in that order."""
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    seats = {item.id: item.seat for item in order.items if item.status is not ItemStatus.VOIDED}
    chosen = selections(command, seats)
    kept_guests, new_guests = guests_after_split(
        command.guest_counts, order.header.guest_count, len(chosen), by_seat=command.by_seat
    )
    repository = OrderRepository(uow)
    location_id = order.header.location_id
    checks = [
        NewCheck(
            new_id(),
            await repository.next_order_number(location_id, first=FIRST_ORDER_NUMBER),
            guests,
        )
        for guests in new_guests
    ]
    before = _check_facts(order)
    made = order.split(chosen, checks, guest_count=kept_guests, actor=actor, at=now())
    for changed in (order, *made):
        await _persist(uow, changed, actor)
    await _audit(
        uow,
        actor,
        AuditAction.ORDER_SPLIT,
        order,
        (AuditedEntity.ORDER, order.id),
        before=before,
        after=_check_facts(order)
        | {"checks": [_check_facts(check) | {"itemIds": _live_ids(check)} for check in made]},
    )
    return [order, *made]


async def share_item(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    item_id: UUID,
    parts: int,
    *,
    if_match: int | None = None,
) -> Order:
    order = await _load(uow, actor, order_id, if_match, whole=WholeItems.ALL)
    order.share_item(item_id, parts, at=now())
    await _persist(uow, order, actor)
    return order


async def move_items(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    item_ids: list[UUID],
    to_order_id: UUID,
    *,
    if_match: int | None = None,
) -> list[Order]:
    """The order the lines left and the one they went to."""
    order, target = await _load_both(uow, actor, order_id, to_order_id, if_match)
    before = {"from": _check_facts(order), "to": _check_facts(target)}
    order.move_items(item_ids, to=target, at=now())
    for changed in (order, target):
        await _persist(uow, changed, actor)
    await _audit(
        uow,
        actor,
        AuditAction.ITEMS_MOVED,
        order,
        (AuditedEntity.ORDER, order.id),
        before=before,
        after={
            "from": _check_facts(order),
            "to": _check_facts(target),
            "itemIds": [str(item_id) for item_id in item_ids],
        },
    )
    return [order, target]


async def merge_orders(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    other_id: UUID,
    *,
    if_match: int | None = None,
) -> list[Order]:
    """The order that took the other's items and payments, and the other (now cancelled)."""
    order, other = await _load_both(uow, actor, order_id, other_id, if_match)
    before = {"into": _check_facts(order), "merged": _check_facts(other)}
    taken = _live_ids(other)
    order.merge(other, actor=actor, at=now())
    for changed in (other, order):
        await _persist(uow, changed, actor)
    await _audit(
        uow,
        actor,
        AuditAction.ORDERS_MERGED,
        order,
        (AuditedEntity.ORDER, order.id),
        before=before,
        after={"into": _check_facts(order), "merged": _check_facts(other), "itemIds": taken},
    )
    return [order, other]


# --- a server's checkout (docs/design.md §17; the reports put it together) -----------------


async def server_day(
    uow: UnitOfWork, staff_id: UUID, location_id: UUID, start: datetime, end: datetime
) -> ServerDay:
    """What the orders tell of one server's business day [start, end) at a location."""
    return await CheckoutRepository(uow).server_day(staff_id, location_id, start, end)

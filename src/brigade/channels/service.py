"""Channels (docs/design.md §29): set up, orders brought in whole or not at all, accepted or
refused on the terminal (or when the window runs out), and every status told back through the
channel's own webhook."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from uuid import UUID

from brigade.catalogue.domain.events import ProductsChanged
from brigade.catalogue.domain.records import GuestMenu, Product
from brigade.catalogue.service import products as catalogue
from brigade.channels.domain import (
    INCOMING_TRANSITIONS,
    NOT_ACCEPTED_IN_TIME,
    PAGE_SLOTS,
    SLOT,
    STATUS_EVENT_TYPES,
    Channel,
    ChannelKind,
    InboundOrder,
    IncomingLine,
    IncomingOrder,
    IncomingStatus,
    MenuChange,
    MenuEntry,
    NotInbound,
    OrderRefused,
    PaymentDue,
    SlugTaken,
    all_cooked,
    slot_of,
    slug_from,
    verify_signature,
)
from brigade.channels.repository import ChannelRepository, IncomingRepository
from brigade.dining.domain.rooms import Location
from brigade.dining.service import rooms
from brigade.kit import money
from brigade.kit.access import Actor, Role
from brigade.kit.clock import now
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.kit.errors import DomainError, NotFound
from brigade.kit.ids import new_id
from brigade.kit.names import Resolver
from brigade.kitchen.domain import ItemsDone
from brigade.orders import service as orders
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.commands import AddItem, CreateOrder, ModifierChoice, TakePayment
from brigade.orders.domain.domain_events import OrderCancelled, OrderCompleted
from brigade.orders.domain.states import PaymentMethod
from brigade.webhooks import service as webhooks
from brigade.webhooks.domain import FIRST_BASE64_VERSION, derive_secret

log = logging.getLogger(__name__)

# Overdue orders refused per transaction, and how often a worker looks for them.
OVERDUE_PER_ROUND = 50


@dataclass(frozen=True, slots=True)
class NewChannel:
    location_id: UUID
    kind: ChannelKind
    name: str
    slug: str | None
    status_url: str | None
    accept_window_seconds: int
    auto_accept: bool
    prep_minutes: int
    orders_per_slot: int | None


@dataclass(frozen=True, slots=True)
class Signing:
    """What a channel's secret and webhook need: BRIGADE_WEBHOOK_KEY, the hosts a webhook may
    reach, the name lookups."""

    configured_key: str | None
    allowed_hosts: Collection[str]
    resolver: Resolver


def channel_actor(channel: Channel) -> Actor:
    """Who a channel's orders are opened and refused by: the channel, at its location only."""
    return Actor(name=channel.name, role=Role.SERVER, location_id=channel.location_id)


async def _secret(uow: UnitOfWork, channel_id: UUID, configured_key: str | None) -> str:
    """The channel's secret: the one its webhook signs with, derived from the server's key."""
    key = await webhooks.server_key(uow, configured_key)
    return derive_secret(key, channel_id, FIRST_BASE64_VERSION)


async def create_channel(
    uow: UnitOfWork, actor: Actor, asked: NewChannel, signing: Signing
) -> tuple[Channel, str]:
    """The channel and its secret (shown once). An INBOUND channel with a ``status_url`` gets
    its own webhook, with the channel's id and secret, following the channel's events only."""
    actor.ensure_at(asked.location_id)
    await rooms.get_location(uow, asked.location_id)
    repository = ChannelRepository(uow)
    slug = None
    if asked.kind is ChannelKind.WEB:
        slug = asked.slug or slug_from(asked.name)
        if await repository.slug_taken(slug):
            raise SlugTaken(f"another page is /order/{slug} already: choose its address")
    at = now()
    channel = Channel(
        id=new_id(),
        location_id=asked.location_id,
        kind=asked.kind,
        name=asked.name,
        slug=slug,
        status_url=asked.status_url if asked.kind is ChannelKind.INBOUND else None,
        accept_window_seconds=asked.accept_window_seconds,
        auto_accept=asked.auto_accept,
        prep_minutes=asked.prep_minutes,
        orders_per_slot=asked.orders_per_slot,
        paused_until=None,
        created_at=at,
        updated_at=at,
    )
    await repository.insert(channel)
    if channel.status_url is not None:
        fields = {
            "id": channel.id,
            "entity_id": channel.id,
            "url": channel.status_url,
            "types": list(STATUS_EVENT_TYPES),
            "description": f"The statuses of {channel.name}'s orders (channel {channel.id})",
        }
        _, secret = await webhooks.create_webhook(
            uow,
            fields,
            allowed_hosts=signing.allowed_hosts,
            configured_key=signing.configured_key,
            resolver=signing.resolver,
        )
        return channel, secret
    return channel, await _secret(uow, channel.id, signing.configured_key)


async def get_channel(uow: UnitOfWork, channel_id: UUID) -> Channel:
    channel = await ChannelRepository(uow).get(channel_id)
    if channel is None:
        raise NotFound("channel", channel_id)
    return channel


async def list_channels(uow: UnitOfWork, location_id: UUID) -> list[Channel]:
    return await ChannelRepository(uow).of_location(location_id)


async def pause_channel(
    uow: UnitOfWork, channel_id: UUID, minutes: int, prep_minutes: int | None = None
) -> Channel:
    """The channel refuses orders for ``minutes`` (0: takes them again) and, busy, takes them
    for ``prep_minutes`` from now at the soonest; it is told either."""
    channel = await get_channel(uow, channel_id)
    paused = channel.paused(minutes, now(), prep_minutes)
    await ChannelRepository(uow).save(paused)
    return paused


# --- orders coming in -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TakenLine:
    """A line as it goes onto the check, and the PLU it was named by (None: by the page)."""

    command: AddItem
    plu: str | None
    quantity: int


async def receive_order(
    uow: UnitOfWork,
    channel_id: UUID,
    asked: InboundOrder,
    *,
    headers: Mapping[str, str],
    body: bytes,
    configured_key: str | None,
) -> tuple[IncomingOrder, bool]:
    """An order a platform pushed, signed with the channel's secret (401 otherwise): made whole
    on a new check, NEW until accepted (at once where the channel accepts automatically), and
    True; pushed before under its ``channelOrderId``: that order as it is now, and False."""
    channel = await get_channel(uow, channel_id)
    verify_signature(await _secret(uow, channel.id, configured_key), headers, body, now())
    if channel.kind is not ChannelKind.INBOUND:
        raise NotInbound(f"{channel.name} is an ordering page: platforms push to INBOUND channels")
    return await _take_order(uow, channel, asked, _by_plu)


async def _take_order(
    uow: UnitOfWork,
    channel: Channel,
    asked: InboundOrder,
    resolve: Callable[[UnitOfWork, Channel, InboundOrder], Awaitable[list[TakenLine]]],
) -> tuple[IncomingOrder, bool]:
    """The order onto a new check (its lines as ``resolve`` finds them), or the one made
    before under its ``channel_order_id``."""
    incoming = IncomingRepository(uow)
    made = await incoming.of_channel(channel.id, asked.channel_order_id)
    if made is not None:
        return made, False
    # The location's channels held: one incoming order at a time counts its slots.
    await ChannelRepository(uow).of_location(channel.location_id, for_update=True)
    made = await incoming.of_channel(channel.id, asked.channel_order_id)
    if made is not None:
        return made, False
    at = now()
    channel.ensure_taking_orders(at)
    pickup_at = channel.pickup_at(asked.pickup_at, at)
    slot = slot_of(pickup_at)
    channel.ensure_room(await incoming.in_slot(channel.location_id, slot), slot)
    taken = await resolve(uow, channel, asked)
    order, lines = await _opened(uow, channel, asked, taken, pickup_at)
    received = IncomingOrder(
        # Random, not time-ordered: the ordering page's guest follows their order by it.
        id=uuid.uuid4(),
        channel_id=channel.id,
        channel_name=channel.name,
        location_id=channel.location_id,
        channel_order_id=asked.channel_order_id,
        order_id=order.id,
        order_number=order.header.order_number,
        order_type=asked.order_type,
        status=IncomingStatus.NEW,
        customer_name=asked.customer_name,
        phone=asked.phone,
        pickup_at=pickup_at,
        slot=slot,
        lines=lines,
        total_cents=order.header.total_cents,
        paid=asked.paid,
        received_at=at,
        accept_by=at + timedelta(seconds=channel.accept_window_seconds),
        updated_at=at,
    )
    await incoming.insert(received)
    if channel.auto_accept:
        received = await _accept(uow, channel_actor(channel), received)
    return received, True


async def _by_plu(uow: UnitOfWork, channel: Channel, asked: InboundOrder) -> list[TakenLine]:
    """The lines by the location's products of the PLUs the order names; one it does not know
    refuses the whole order."""
    plus = asked.plus()
    found = await catalogue.products_with_skus(uow, channel.location_id, plus)
    by_plu = {product.sku: product for product in found if product.sku is not None}
    unknown = [plu for plu in plus if plu not in by_plu]
    if unknown:
        raise OrderRefused(f"unknown PLU {', '.join(unknown)}: nothing was made")
    return [
        TakenLine(
            AddItem(
                product_id=by_plu[line.plu].id,
                quantity=Decimal(line.quantity),
                modifiers=tuple(ModifierChoice(by_plu[plu].id) for plu in line.modifiers),
                notes=line.notes,
            ),
            line.plu,
            line.quantity,
        )
        for line in asked.lines
    ]


async def _opened(
    uow: UnitOfWork,
    channel: Channel,
    asked: InboundOrder,
    taken: Sequence[TakenLine],
    pickup_at: datetime,
) -> tuple[Order, tuple[IncomingLine, ...]]:
    """The check with every line, unsent; a line that cannot be made (86'd, inactive, out of
    stock) refuses the whole order in words, and the transaction takes the check back."""
    actor = channel_actor(channel)
    name = f"{channel.name}: {asked.customer_name or asked.channel_order_id}"[:60]
    opening = CreateOrder(
        asked.order_type,
        location_id=channel.location_id,
        customer_name=name,
        notes=f"{channel.name} #{asked.channel_order_id}",
        pickup_at=pickup_at,
    )
    order = (await orders.create_order(uow, actor, opening))[0]
    lines = []
    for n, line in enumerate(taken, start=1):
        try:
            order, item, _ = await orders.add_item(uow, actor, order.id, line.command)
        except DomainError as refused:
            named = line.plu or f"line {n}"
            raise OrderRefused(f"{named} cannot be made: {refused}; nothing was made") from None
        lines.append(
            IncomingLine(line.plu, item.name, line.quantity, item.total_cents, line.command.notes)
        )
    return order, tuple(lines)


# --- Brigade's own ordering page ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OrderPage:
    """What the page at /order/{slug} shows: its channel, the restaurant, the menu, the slots
    still open."""

    channel: Channel
    location: Location
    menu: GuestMenu
    slots: list[tuple[datetime, bool]]


async def _page_channel(uow: UnitOfWork, slug: str) -> Channel:
    channel = await ChannelRepository(uow).by_slug(slug)
    if channel is None or channel.kind is not ChannelKind.WEB:
        raise NotFound("ordering page", slug)
    return channel


async def order_page(uow: UnitOfWork, slug: str) -> OrderPage:
    """The page's channel, restaurant and menu (the products shown to guests), and the next
    PAGE_SLOTS pickup slots from the soonest, each with whether it is full."""
    channel = await _page_channel(uow, slug)
    location = await rooms.get_location(uow, channel.location_id)
    menu = await catalogue.guest_menu(uow, channel.location_id)
    first = slot_of(channel.pickup_at(None, now())) + SLOT
    starts = [first + SLOT * n for n in range(PAGE_SLOTS)]
    counts = await IncomingRepository(uow).in_slots(channel.location_id, starts[0], starts[-1])
    limit = channel.orders_per_slot
    return OrderPage(
        channel,
        location,
        menu,
        [(start, limit is not None and counts.get(start, 0) >= limit) for start in starts],
    )


async def place_web_order(
    uow: UnitOfWork, slug: str, asked: InboundOrder, commands: Sequence[AddItem]
) -> tuple[IncomingOrder, bool]:
    """A guest's order from the page: products shown to guests only (another: 404), onto a
    check like a platform's, paid at pickup."""
    channel = await _page_channel(uow, slug)

    async def on_the_menu(
        uow: UnitOfWork, channel: Channel, asked: InboundOrder
    ) -> list[TakenLine]:
        product_ids = [command.product_id for command in commands]
        shown = await catalogue.on_guest_menu(uow, product_ids)
        for product_id in product_ids:
            if product_id not in shown:
                raise NotFound("product", product_id)
        return [TakenLine(command, None, int(command.quantity)) for command in commands]

    return await _take_order(uow, channel, asked, on_the_menu)


async def web_order(uow: UnitOfWork, slug: str, incoming_id: UUID) -> IncomingOrder:
    """One of the page's orders, by the id only its guest was answered."""
    channel = await _page_channel(uow, slug)
    found = await IncomingRepository(uow).get(incoming_id)
    if found is None or found.channel_id != channel.id:
        raise NotFound("order", incoming_id)
    return found


# --- the staff's answer ---------------------------------------------------------------------


async def incoming_orders(
    uow: UnitOfWork, location_id: UUID, statuses: frozenset[IncomingStatus]
) -> list[IncomingOrder]:
    return await IncomingRepository(uow).of_location(location_id, statuses)


async def get_incoming(
    uow: UnitOfWork, incoming_id: UUID, *, for_update: bool = False
) -> IncomingOrder:
    """The channel order; ``for_update`` holds it until the transaction ends (a decision)."""
    found = await IncomingRepository(uow).get(incoming_id, for_update=for_update)
    if found is None:
        raise NotFound("channel order", incoming_id)
    return found


async def accept(uow: UnitOfWork, staff: Actor, incoming_id: UUID) -> IncomingOrder:
    """Accepted: its check goes to the kitchen, the channel is told (accepted, preparing).
    Past its window: 409 ``accept_window_over`` (it is refused to the channel)."""
    return await _accept(uow, staff, await get_incoming(uow, incoming_id, for_update=True))


async def _accept(uow: UnitOfWork, actor: Actor, incoming: IncomingOrder) -> IncomingOrder:
    accepted = incoming.accepted(now())
    await orders.send_order(uow, actor, incoming.order_id)
    await IncomingRepository(uow).save(accepted)
    return accepted


async def refuse(uow: UnitOfWork, staff: Actor, incoming_id: UUID, reason: str) -> IncomingOrder:
    """Refused with ``reason``, which the channel is told; its check is cancelled."""
    return await _refuse(uow, staff, await get_incoming(uow, incoming_id, for_update=True), reason)


async def _refuse(
    uow: UnitOfWork, actor: Actor, incoming: IncomingOrder, reason: str
) -> IncomingOrder:
    refused = incoming.moved(IncomingStatus.REFUSED, now(), reason)
    # Refused first: the check's cancellation then finds it settled (_follow_check).
    await IncomingRepository(uow).save(refused)
    try:
        async with uow.savepoint():
            await orders.cancel_order(uow, actor, incoming.order_id, reason)
    except DomainError as kept:
        # Money taken on it meanwhile, or closed at the till: the channel is told all the
        # same, and the check is the staff's to settle.
        log.warning("channel order %s refused, its check kept: %s", incoming.id, kept)
    return refused


async def hand_over(
    uow: UnitOfWork, staff: Actor, incoming_id: UUID, tip_approval_ratio: Decimal
) -> IncomingOrder:
    """A platform-paid order picked up: what it paid is taken as a CHANNEL payment, which
    completes its check (PICKED_UP). One to pay here: 409 ``payment_due``, paid at the till."""
    incoming = await get_incoming(uow, incoming_id, for_update=True)
    staff.ensure_at(incoming.location_id)
    if not incoming.paid:
        raise PaymentDue(
            f"order {incoming.channel_order_id} is paid on pickup: take the payment, and its "
            "check completes"
        )
    check = await orders.get_order(uow, staff, incoming.order_id)
    due = money.from_cents(check.totals().balance_due_cents)
    payment = TakePayment(amount=due, method=PaymentMethod.CHANNEL)
    await orders.add_payment(
        uow, staff, incoming.order_id, payment, tip_approval_ratio=tip_approval_ratio
    )
    return await get_incoming(uow, incoming_id)


# --- not accepted in time -------------------------------------------------------------------


async def refuse_overdue(database: Database, at: datetime | None = None) -> int:
    """Refuse to their channels the NEW orders whose window closed (``at``: now), in rounds of
    OVERDUE_PER_ROUND; answers how many."""
    refused = 0
    while True:
        # Read first: a worker looking every few seconds finds nothing most of the time, and
        # must not take SQLite's write lock for that.
        async with database.unit_of_work(write=False) as uow:
            if not await IncomingRepository(uow).overdue(at or now(), limit=1, hold=False):
                return refused
        async with database.unit_of_work(write=True) as uow:
            overdue = await IncomingRepository(uow).overdue(at or now(), limit=OVERDUE_PER_ROUND)
            for incoming in overdue:
                channel = await get_channel(uow, incoming.channel_id)
                await _refuse(uow, channel_actor(channel), incoming, NOT_ACCEPTED_IN_TIME)
        refused += len(overdue)
        if len(overdue) < OVERDUE_PER_ROUND:
            return refused


async def keep_refusing_overdue(
    database: Database, stopping: asyncio.Event, every_seconds: float
) -> None:
    """In every worker: overdue orders refused within ``every_seconds`` of their window."""
    while not stopping.is_set():
        try:
            await refuse_overdue(database)
        except Exception:
            log.exception("refusing overdue channel orders failed; trying again")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), timeout=every_seconds)


# --- what the check's changes tell the channel ----------------------------------------------


async def items_done(uow: UnitOfWork, done: ItemsDone) -> None:
    """The kitchen bumped a channel order's check: READY once nothing on it is still cooking."""
    incoming = await IncomingRepository(uow).of_order(done.order_id, for_update=True)
    if incoming is None or incoming.status is not IncomingStatus.PREPARING:
        return
    check = await orders.get_order(uow, done.actor, done.order_id)
    if all_cooked(item.status for item in check.items):
        await IncomingRepository(uow).save(incoming.moved(IncomingStatus.READY, now()))


async def check_completed(uow: UnitOfWork, completed: OrderCompleted) -> None:
    """Its check completed (paid, handed over): PICKED_UP. A check with no pickup time is
    no channel's: nothing is read (a sale's statements stay as they were)."""
    if completed.pickup_at is not None:
        await _follow_check(uow, completed.order_id, IncomingStatus.PICKED_UP, None)


async def check_cancelled(uow: UnitOfWork, cancelled: OrderCancelled) -> None:
    """Its check cancelled on the terminal: CANCELLED with why (one refused stays refused)."""
    if cancelled.pickup_at is not None:
        await _follow_check(uow, cancelled.order_id, IncomingStatus.CANCELLED, cancelled.reason)


async def _follow_check(
    uow: UnitOfWork, order_id: UUID, status: IncomingStatus, reason: str | None
) -> None:
    repository = IncomingRepository(uow)
    incoming = await repository.of_order(order_id, for_update=True)
    if incoming is None or status not in INCOMING_TRANSITIONS[incoming.status]:
        return
    await repository.save(incoming.moved(status, now(), reason))


async def products_changed(uow: UnitOfWork, changed: ProductsChanged) -> None:
    """Products changed (an 86, a price): each of the location's channels is told, in this
    transaction, of those it knows by PLU."""
    channels = await ChannelRepository(uow).of_location(changed.location_id)
    if not channels:
        return
    found = await catalogue.products_by_id(uow, list(changed.product_ids))
    entries = tuple(menu_entry(product) for product in found.values() if product.sku)
    if not entries:
        return
    repository = ChannelRepository(uow)
    for channel in channels:
        repository.menu_changed(MenuChange(channel.id, channel.location_id, entries))


def menu_entry(product: Product) -> MenuEntry:
    assert product.sku is not None
    return MenuEntry(
        plu=product.sku,
        name=product.name,
        description=product.description,
        category_id=product.category_id,
        price=product.price,
        available=product.is_active and not product.is_86d,
    )


async def channel_menu(uow: UnitOfWork, channel_id: UUID) -> tuple[Channel, list[MenuEntry]]:
    """The channel's menu: the location's products that have a PLU (sku), by name."""
    channel = await get_channel(uow, channel_id)
    found = await catalogue.products_with_skus(uow, channel.location_id)
    return channel, [menu_entry(product) for product in found]

"""The channels' endpoints (docs/design.md §29): `/api/channels` for the managers, the signed
push of a platform's orders, and `/api/channel-orders` for the staff who accept them."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import Path, Query, Request, Response
from pydantic import Field

from brigade.channels import service
from brigade.channels.allowed import ChannelManager, ChannelOrderTaker
from brigade.channels.domain import (
    SLUG,
    AcceptWindowOver,
    BadSignature,
    Channel,
    ChannelKind,
    ChannelPaused,
    InboundLine,
    InboundOrder,
    IncomingDecided,
    IncomingOrder,
    IncomingStatus,
    MenuChange,
    MenuEntry,
    NotInbound,
    OrderRefused,
    PaymentDue,
    SlotFull,
    SlugTaken,
)
from brigade.channels.service import NewChannel, Signing
from brigade.guests.menu import GuestItemIn, GuestMenuOut, guest_menu_out
from brigade.kit import money
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.events import register_payload_shape
from brigade.kit.http.deps import SettingsDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import AtLocationQuery
from brigade.kit.http.types import (
    Flag,
    Money,
    RequestModel,
    ResponseModel,
    Text,
    Timestamp,
    WholeNumber,
)
from brigade.kit.languages import Language
from brigade.orders.domain.commands import AddItem
from brigade.orders.domain.states import OrderType

router = brigade_router(prefix="/api/channels", tags=["channels"])
# A platform pushes its orders with no token: the channel's signature says it is the platform.
inbound_router = brigade_router(prefix="/api/channels", tags=["channels"], public=True)
orders_router = brigade_router(prefix="/api/channel-orders", tags=["channels"])

ChannelId = Annotated[UUID, Path(alias="channelId", description="The channel's `id`")]
IncomingId = Annotated[
    UUID, Path(alias="incomingId", description="The channel order's `id` (Brigade's own)")
]
AcceptWindow: Any = WholeNumber(30, 3600)
PrepMinutes: Any = WholeNumber(0, 240)
OrdersPerSlot: Any = WholeNumber(1, 1000)
PauseMinutes: Any = WholeNumber(0, 24 * 60)
LineQuantity: Any = WholeNumber(1, 99)
TAKEN_ORDER_TYPES = Literal[OrderType.TAKEOUT, OrderType.DELIVERY]


class ChannelIn(RequestModel):
    location_id: UUID = Field(description="The location whose kitchen makes its orders")
    kind: ChannelKind = Field(
        description="WEB: Brigade's own ordering page; INBOUND: a platform that pushes orders"
    )
    name: Annotated[str, Text(100, min_length=1)] = Field(
        description='What the staff and tickets call it ("Uber Eats", "Our website")'
    )
    slug: str | None = Field(
        default=None,
        pattern=SLUG.pattern,
        description="A WEB channel's page address: `/order/{slug}` (lower-case letters, "
        "digits and dashes; absent: made from its name); ignored for an INBOUND one",
    )
    status_url: Annotated[str, Text(2000, min_length=1)] | None = Field(
        default=None,
        description="Where an INBOUND channel is told its orders' statuses, its menu's "
        "changes and its pauses: signed webhooks, retried for 24 h",
    )
    accept_window_seconds: AcceptWindow = Field(
        default=600,
        description="How long a NEW order waits to be accepted before it is refused to the "
        "channel (Uber Eats cancels after 11.5 minutes)",
    )
    auto_accept: Flag = Field(
        default=False, description="Accept every order as it arrives, straight to the kitchen"
    )
    prep_minutes: PrepMinutes = Field(
        default=20, description="The soonest pickup, in minutes from ordering (0-240)"
    )
    orders_per_slot: OrdersPerSlot | None = Field(
        default=None,
        description="The most orders a 15-minute pickup slot may hold, counted across every "
        "channel of the location, for this one to take another; null: no limit",
    )


class ChannelOut(ResponseModel):
    id: UUID = Field(description="The channel")
    location_id: UUID = Field(description="The location whose kitchen makes its orders")
    kind: ChannelKind = Field(description="WEB (the ordering page) or INBOUND (a platform)")
    name: str = Field(description="What the staff and tickets call it")
    slug: str | None = Field(description="A WEB channel's page: `/order/{slug}`")
    status_url: str | None = Field(description="Where an INBOUND channel is told statuses")
    accept_window_seconds: int = Field(description="How long a NEW order waits to be accepted")
    auto_accept: bool = Field(description="Every order accepted as it arrives")
    prep_minutes: int = Field(description="The soonest pickup, in minutes from ordering")
    orders_per_slot: int | None = Field(
        description="The most orders a 15-minute slot may hold, across the location's "
        "channels, for this one to take another; null: no limit"
    )
    paused_until: Timestamp | None = Field(description="Taking no orders until then")
    created_at: Timestamp
    updated_at: Timestamp


class NewChannelOut(ChannelOut):
    secret: str = Field(
        description="The channel's secret (`whsec_…`): the platform signs its orders with it, "
        "Brigade signs its webhooks with it. Shown once: store it now"
    )


def _channel_out(channel: Channel) -> ChannelOut:
    return ChannelOut.model_validate(channel, from_attributes=True)


@router.post(
    "",
    status_code=201,
    response_model=NewChannelOut,
    responses=problem_responses(NotFound, InvalidInput, SlugTaken),
)
async def create_channel(
    staff: ChannelManager,
    body: ChannelIn,
    uow: UowDep,
    settings: SettingsDep,
    request: Request,
    response: Response,
) -> NewChannelOut:
    """A channel: Brigade's own ordering page (WEB) or a delivery platform pushing its orders
    (INBOUND). The answer holds its secret, once."""
    asked = NewChannel(**body.model_dump())
    signing = Signing(
        settings.webhook_key, settings.webhook_allowed_hosts, request.app.state.resolver
    )
    channel, secret = await service.create_channel(uow, staff, asked, signing)
    response.headers["Location"] = f"/api/channels/{channel.id}"
    return NewChannelOut(**dict(_channel_out(channel)), secret=secret)


@router.get("", response_model=list[ChannelOut], responses=problem_responses())
async def list_channels(
    staff: ChannelManager, location_id: AtLocationQuery, uow: UowDep
) -> list[ChannelOut]:
    """The location's channels, oldest first."""
    return [_channel_out(channel) for channel in await service.list_channels(uow, location_id)]


@router.get("/{channelId}", response_model=ChannelOut, responses=problem_responses(NotFound))
async def get_channel(staff: ChannelManager, channel_id: ChannelId, uow: UowDep) -> ChannelOut:
    return _channel_out(await service.get_channel(uow, channel_id))


class PauseIn(RequestModel):
    minutes: PauseMinutes = Field(
        description="How long to take no orders (0-1440); 0: take them again now"
    )
    prep_minutes: PrepMinutes | None = Field(
        default=None,
        description="Busy: the soonest pickup from now on, in minutes; absent: as it was",
    )


@router.post("/{channelId}/pause", response_model=ChannelOut, responses=problem_responses(NotFound))
async def pause_channel(
    staff: ChannelOrderTaker, channel_id: ChannelId, body: PauseIn, uow: UowDep
) -> ChannelOut:
    """Pause or busy: the channel refuses new orders for `minutes` (409 `channel_paused`), and
    with `prepMinutes` takes them that far off at the soonest; the channel is told
    (`channel.updated`)."""
    paused = await service.pause_channel(uow, channel_id, body.minutes, body.prep_minutes)
    return _channel_out(paused)


class MenuEntryOut(ResponseModel):
    plu: str = Field(description="The product's PLU: its sku, unique at the location")
    name: str = Field(description="Its name")
    description: str | None = Field(description="What it is; null: nothing said")
    category_id: UUID | None = Field(description="Its category; null: none")
    price: Money = Field(description="Its price, in the location's currency")
    available: bool = Field(description="False: 86'd or inactive; orders naming it are refused")


class ChannelMenuOut(ResponseModel):
    channel_id: UUID = Field(description="The channel")
    entries: list[MenuEntryOut] = Field(description="Every product that has a PLU, by name")


def _entry(entry: MenuEntry) -> MenuEntryOut:
    return MenuEntryOut.model_validate(entry, from_attributes=True)


@router.get(
    "/{channelId}/menu", response_model=ChannelMenuOut, responses=problem_responses(NotFound)
)
async def get_channel_menu(
    staff: ChannelManager, channel_id: ChannelId, uow: UowDep
) -> ChannelMenuOut:
    """The menu in the channel's terms: products by PLU (their sku), price and availability.
    A change reaches the channel by its webhook (`channel.menu_changed`) within seconds."""
    channel, entries = await service.channel_menu(uow, channel_id)
    return ChannelMenuOut(channel_id=channel.id, entries=[_entry(e) for e in entries])


# --- a platform's orders --------------------------------------------------------------------


class InboundModifierIn(RequestModel):
    plu: Annotated[str, Text(64, min_length=1)] = Field(description="The modifier's PLU")


class InboundLineIn(RequestModel):
    plu: Annotated[str, Text(64, min_length=1)] = Field(description="The product's PLU (sku)")
    quantity: LineQuantity = Field(description="How many (1-99)")
    modifiers: list[InboundModifierIn] = Field(
        default_factory=list, max_length=20, description="The modifiers chosen, by PLU"
    )
    notes: Annotated[str, Text(500)] | None = Field(
        default=None, description='For the kitchen ("no onions")'
    )


class InboundOrderIn(RequestModel):
    channel_order_id: Annotated[str, Text(100, min_length=1)] = Field(
        description="The channel's id for the order: pushed again, it is the same order"
    )
    order_type: TAKEN_ORDER_TYPES = Field(description="TAKEOUT (pickup) or DELIVERY")
    customer_name: Annotated[str, Text(40)] | None = Field(
        default=None, description="The guest's name, on the ticket and the bag"
    )
    phone: Annotated[str, Text(40)] | None = Field(
        default=None, description="The guest's or courier's phone"
    )
    pickup_at: datetime | None = Field(
        default=None, description="When the courier or guest picks it up; none: soonest"
    )
    items: list[InboundLineIn] = Field(min_length=1, max_length=50, description="The lines, by PLU")
    paid: Flag = Field(default=False, description="Paid to the platform already")

    def order(self) -> InboundOrder:
        return InboundOrder(
            channel_order_id=self.channel_order_id,
            order_type=OrderType(self.order_type),
            lines=tuple(
                InboundLine(
                    line.plu, line.quantity, tuple(m.plu for m in line.modifiers), line.notes
                )
                for line in self.items
            ),
            customer_name=self.customer_name,
            phone=self.phone,
            pickup_at=self.pickup_at,
            paid=self.paid,
        )


class IncomingLineOut(ResponseModel):
    plu: str | None = Field(description="The PLU it was named by; null: ordered on the page")
    name: str = Field(description="The product's name here")
    quantity: int = Field(description="How many")
    total: Money = Field(description="The line's price here, modifiers included")
    notes: str | None = Field(description="For the kitchen")


class ChannelOrderOut(ResponseModel):
    """An order a channel brought in, on its check (`orderId`)."""

    id: UUID = Field(description="Brigade's id for it")
    channel_id: UUID = Field(description="The channel it came from")
    channel_name: str = Field(description="The channel's name")
    location_id: UUID = Field(description="The location making it")
    channel_order_id: str = Field(description="The channel's id for it")
    order_id: UUID = Field(description="Its check")
    order_number: int = Field(description="Its check's number, on the ticket and the board")
    order_type: OrderType = Field(description="TAKEOUT (pickup) or DELIVERY")
    status: IncomingStatus = Field(
        description="NEW (to accept by `acceptBy`), PREPARING, READY, PICKED_UP, REFUSED or "
        "CANCELLED"
    )
    customer_name: str | None = Field(description="The guest's name")
    phone: str | None = Field(description="The guest's or courier's phone")
    pickup_at: Timestamp = Field(description="When it is picked up")
    lines: list[IncomingLineOut] = Field(description="Its lines, as priced here")
    total: Money = Field(description="What its check comes to")
    paid: bool = Field(description="Paid to the platform")
    received_at: Timestamp = Field(description="When it arrived")
    accept_by: Timestamp = Field(description="Refused to the channel if not accepted by then")
    updated_at: Timestamp = Field(description="When its status last changed")
    reason: str | None = Field(description="Why it was refused or cancelled")


def _incoming_out(incoming: IncomingOrder) -> ChannelOrderOut:
    return ChannelOrderOut(
        **{
            name: getattr(incoming, name)
            for name in ChannelOrderOut.model_fields
            if name not in {"lines", "total"}
        },
        lines=[
            IncomingLineOut(
                plu=line.plu,
                name=line.name,
                quantity=line.quantity,
                total=money.from_cents(line.total_cents),
                notes=line.notes,
            )
            for line in incoming.lines
        ],
        total=money.from_cents(incoming.total_cents),
    )


@inbound_router.post(
    "/{channelId}/orders",
    status_code=201,
    response_model=ChannelOrderOut,
    responses=problem_responses(
        NotFound, InvalidInput, BadSignature, NotInbound, ChannelPaused, SlotFull, OrderRefused
    )
    | {200: {"model": ChannelOrderOut, "description": "Pushed before: that order as it is now"}},
)
async def push_channel_order(
    channel_id: ChannelId,
    body: InboundOrderIn,
    uow: UowDep,
    settings: SettingsDep,
    request: Request,
    response: Response,
) -> ChannelOrderOut:
    """A platform's order, signed with the channel's secret (Standard Webhooks headers
    `webhook-id`, `webhook-timestamp`, `webhook-signature`; else 401 `invalid_signature`).
    Made whole on a new check, NEW until the staff accept it (or at once where the channel
    accepts automatically): 201. Pushed again under its `channelOrderId`: 200 with that order
    as it is now. A PLU the location does not know, or a product that cannot be made (86'd,
    inactive, out of stock): 422 `channel_order_refused` with the reason, and nothing made.
    Paused: 409 `channel_paused`; its pickup slot full: 409 `slot_full`."""
    incoming, created = await service.receive_order(
        uow,
        channel_id,
        body.order(),
        headers=request.headers,
        body=await request.body(),
        configured_key=settings.webhook_key,
    )
    if not created:
        response.status_code = 200
    response.headers["Location"] = f"/api/channel-orders/{incoming.id}"
    return _incoming_out(incoming)


# --- the staff's side -----------------------------------------------------------------------


@orders_router.get("", response_model=list[ChannelOrderOut], responses=problem_responses())
async def list_channel_orders(
    staff: ChannelOrderTaker,
    location_id: AtLocationQuery,
    uow: UowDep,
    status: Annotated[
        list[IncomingStatus] | None,
        Query(description="Only these statuses (repeat it); none: NEW, PREPARING and READY"),
    ] = None,
) -> list[ChannelOrderOut]:
    """The location's channel orders by pickup time: by default those still to accept, make
    or hand over."""
    wanted = frozenset(
        status or (IncomingStatus.NEW, IncomingStatus.PREPARING, IncomingStatus.READY)
    )
    return [_incoming_out(i) for i in await service.incoming_orders(uow, location_id, wanted)]


@orders_router.get(
    "/{incomingId}", response_model=ChannelOrderOut, responses=problem_responses(NotFound)
)
async def get_channel_order(
    staff: ChannelOrderTaker, incoming_id: IncomingId, uow: UowDep
) -> ChannelOrderOut:
    return _incoming_out(await service.get_incoming(uow, incoming_id))


@orders_router.post(
    "/{incomingId}/accept",
    response_model=ChannelOrderOut,
    responses=problem_responses(NotFound, IncomingDecided, AcceptWindowOver),
)
async def accept_channel_order(
    staff: ChannelOrderTaker, incoming_id: IncomingId, uow: UowDep
) -> ChannelOrderOut:
    """Accept a NEW order: its check goes to the kitchen; the channel is told (accepted,
    then preparing). Past `acceptBy`: 409 `accept_window_over`; decided: 409
    `channel_order_decided`."""
    return _incoming_out(await service.accept(uow, staff, incoming_id))


class RefuseIn(RequestModel):
    reason: Annotated[str, Text(200, min_length=1)] = Field(
        description='Why, as the channel tells its guest ("kitchen closing")'
    )


@orders_router.post(
    "/{incomingId}/refuse",
    response_model=ChannelOrderOut,
    responses=problem_responses(NotFound, IncomingDecided),
)
async def refuse_channel_order(
    staff: ChannelOrderTaker, incoming_id: IncomingId, body: RefuseIn, uow: UowDep
) -> ChannelOrderOut:
    """Refuse a NEW order with a reason the channel is told; its check is cancelled."""
    return _incoming_out(await service.refuse(uow, staff, incoming_id, body.reason))


@orders_router.post(
    "/{incomingId}/picked-up",
    response_model=ChannelOrderOut,
    responses=problem_responses(NotFound, PaymentDue),
)
async def hand_over_channel_order(
    staff: ChannelOrderTaker, incoming_id: IncomingId, uow: UowDep, settings: SettingsDep
) -> ChannelOrderOut:
    """A platform-paid order handed to its courier or guest: the platform's payment is taken
    (CHANNEL) and its check completes (PICKED_UP). One paid at pickup: 409 `payment_due`, the
    till takes it and the check's completion marks it picked up."""
    ratio = Decimal(str(settings.tip_approval_ratio))
    return _incoming_out(await service.hand_over(uow, staff, incoming_id, ratio))


class MenuChangeOut(ResponseModel):
    channel_id: UUID = Field(description="The channel told")
    entries: list[MenuEntryOut] = Field(description="The products that changed, as they are")


def install_event_payloads() -> None:
    register_payload_shape(Channel, lambda channel: _channel_out(channel).model_dump_json())
    register_payload_shape(IncomingOrder, lambda i: _incoming_out(i).model_dump_json())
    register_payload_shape(
        MenuChange,
        lambda change: MenuChangeOut(
            channel_id=change.channel_id, entries=[_entry(e) for e in change.entries]
        ).model_dump_json(),
    )


# --- Brigade's own ordering page ------------------------------------------------------------

# The page at /order/{slug}: anyone may read its menu and order; an order's id is its key.
page_router = brigade_router(prefix="/api/order-pages", tags=["channels"], public=True)

PageSlug = Annotated[
    str,
    Path(
        alias="slug",
        description="The WEB channel's `slug`: its page is `/order/{slug}`",
        max_length=60,
        pattern=SLUG.pattern,
    ),
]


class PickupSlot(ResponseModel):
    start: Timestamp = Field(description="The slot's first minute (15 minutes long), in UTC")
    full: bool = Field(description="It holds as many orders as the page takes in one")


class OrderPageOut(ResponseModel):
    channel_name: str = Field(description="The page's name")
    restaurant: str | None = Field(description="The restaurant's name")
    currency: str = Field(description="Its prices' currency (ISO 4217)")
    timezone: str = Field(description="The restaurant's time zone (IANA): slots shown in it")
    paused_until: Timestamp | None = Field(description="Taking no orders until then")
    prep_minutes: int = Field(description="The soonest pickup, in minutes from ordering")
    slots: list[PickupSlot] = Field(description="The next pickup slots, soonest first")
    menu: GuestMenuOut = Field(description="What the page offers, by category")


@page_router.get("/{slug}", response_model=OrderPageOut, responses=problem_responses(NotFound))
async def get_order_page(
    slug: PageSlug,
    uow: UowDep,
    language: Annotated[
        Language | None,
        Query(alias="lang", description="The guest's language where the menu has it"),
    ] = None,
) -> OrderPageOut:
    """The restaurant's own ordering page: its menu (what it shows to guests), the next pickup
    slots with those full marked, and whether it is paused."""
    page = await service.order_page(uow, slug)
    return OrderPageOut(
        channel_name=page.channel.name,
        restaurant=page.location.name,
        currency=page.location.currency,
        timezone=page.location.timezone,
        paused_until=page.channel.paused_until,
        prep_minutes=page.channel.prep_minutes,
        slots=[PickupSlot(start=start, full=full) for start, full in page.slots],
        menu=guest_menu_out(page.location, page.menu, language),
    )


class WebOrderIn(RequestModel):
    key: UUID = Field(
        description="A random id the page makes for this basket: sent again (a retry), it is "
        "the same order"
    )
    customer_name: Annotated[str, Text(40, min_length=1)] = Field(
        description="The name the order is called by"
    )
    phone: Annotated[str, Text(40, min_length=4)] = Field(
        description="Where the restaurant reaches the guest"
    )
    pickup_at: datetime | None = Field(
        default=None, description="A slot's start; none: as soon as it is ready"
    )
    items: list[GuestItemIn] = Field(
        min_length=1, max_length=30, description="As the guests' menu names them"
    )

    def order(self) -> InboundOrder:
        return InboundOrder(
            channel_order_id=f"web-{self.key}",
            order_type=OrderType.TAKEOUT,
            lines=(),
            customer_name=self.customer_name,
            phone=self.phone,
            pickup_at=self.pickup_at,
        )

    def commands(self) -> list[AddItem]:
        return [line.command() for line in self.items]


class WebOrderOut(ResponseModel):
    """An order from the page, as its guest follows it."""

    id: UUID = Field(description="The order's key: the page follows it by this id")
    order_number: int = Field(description="Its number, called out and on the board")
    status: IncomingStatus = Field(
        description="NEW (waiting for the restaurant), PREPARING, READY (to pick up), "
        "PICKED_UP, REFUSED or CANCELLED (`reason` says why)"
    )
    customer_name: str | None = Field(description="The name it is called by")
    pickup_at: Timestamp = Field(description="When it is to be picked up")
    lines: list[IncomingLineOut] = Field(description="What was ordered")
    total: Money = Field(description="To pay at pickup")
    reason: str | None = Field(description="Why it was refused or cancelled")


def _web_order_out(incoming: IncomingOrder) -> WebOrderOut:
    shown = _incoming_out(incoming)
    return WebOrderOut.model_validate(shown.model_dump())


@page_router.post(
    "/{slug}/orders",
    status_code=201,
    response_model=WebOrderOut,
    responses=problem_responses(NotFound, InvalidInput, ChannelPaused, SlotFull, OrderRefused)
    | {200: {"model": WebOrderOut, "description": "Sent before under its key: that order now"}},
)
async def place_web_order(
    slug: PageSlug, body: WebOrderIn, uow: UowDep, response: Response
) -> WebOrderOut:
    """An order from the page, paid at pickup: NEW until the restaurant accepts it. Sent again
    with the same `key`: 200 with that order. A product not on the page's menu: 404; one that
    cannot be made now: 422 `channel_order_refused`; paused: 409 `channel_paused`; the slot
    full: 409 `slot_full`."""
    incoming, created = await service.place_web_order(uow, slug, body.order(), body.commands())
    if not created:
        response.status_code = 200
    return _web_order_out(incoming)


@page_router.get(
    "/{slug}/orders/{incomingId}",
    response_model=WebOrderOut,
    responses=problem_responses(NotFound),
)
async def get_web_order(slug: PageSlug, incoming_id: IncomingId, uow: UowDep) -> WebOrderOut:
    """An order from the page, as it is now: the confirmation page reads it again as it
    moves."""
    return _web_order_out(await service.web_order(uow, slug, incoming_id))

"""Online orders and delivery platforms (docs/design.md §29): a location's channels, and the
orders they bring in, accepted on the terminal and told back to the channel.

A channel is WEB (Brigade's own ordering page, `/order/{slug}`) or INBOUND (a delivery
platform that pushes its orders, signed with the channel's secret). An incoming order is made
whole or not at all: its check is opened with every line, unsent, and is NEW until the staff
accept it (sent to the kitchen) or refuse it, or the channel's window to accept runs out.
"""

from __future__ import annotations

import dataclasses
import hmac
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType
from uuid import UUID

from brigade.kit.access import Needs, Permission, Role, declare_permissions
from brigade.kit.errors import Conflict, DomainError, declare_answers
from brigade.kit.events import Envelope, EventName
from brigade.orders.domain.states import ItemStatus, OrderType
from brigade.webhooks.domain import standard_signature

# A signed order older or newer than this is refused: a replayed one, or a clock far off.
SIGNATURE_TOLERANCE = timedelta(minutes=5)


class ChannelKind(StrEnum):
    """WEB: Brigade's own ordering page; INBOUND: a platform that pushes its orders."""

    WEB = "WEB"
    INBOUND = "INBOUND"


class ChannelPermissions(Permission):
    MANAGE_CHANNELS = "set up online and delivery channels, pause them"
    TAKE_CHANNEL_ORDERS = "accept or refuse the orders channels bring in"


PERMISSIONS = declare_permissions(
    {
        ChannelPermissions.MANAGE_CHANNELS: Needs(Role.MANAGER),
        ChannelPermissions.TAKE_CHANNEL_ORDERS: Needs(Role.SERVER),
    }
)


class ChannelEvents(EventName):
    CHANNEL_CREATED = "channel.created"
    CHANNEL_UPDATED = "channel.updated"
    CHANNEL_MENU_CHANGED = "channel.menu_changed"
    CHANNEL_ORDER_RECEIVED = "channel_order.received"
    CHANNEL_ORDER_ACCEPTED = "channel_order.accepted"
    CHANNEL_ORDER_PREPARING = "channel_order.preparing"
    CHANNEL_ORDER_READY = "channel_order.ready"
    CHANNEL_ORDER_PICKED_UP = "channel_order.picked_up"
    CHANNEL_ORDER_REFUSED = "channel_order.refused"
    CHANNEL_ORDER_CANCELLED = "channel_order.cancelled"


# What a channel's own webhook is sent: its orders' statuses, its menu's changes, its pauses.
STATUS_EVENT_TYPES = (
    ChannelEvents.CHANNEL_UPDATED,
    ChannelEvents.CHANNEL_MENU_CHANGED,
    ChannelEvents.CHANNEL_ORDER_ACCEPTED,
    ChannelEvents.CHANNEL_ORDER_PREPARING,
    ChannelEvents.CHANNEL_ORDER_READY,
    ChannelEvents.CHANNEL_ORDER_PICKED_UP,
    ChannelEvents.CHANNEL_ORDER_REFUSED,
    ChannelEvents.CHANNEL_ORDER_CANCELLED,
)

# Orders are counted, and a channel's limit applied, per slot of this length (by pickup time).
SLOT = timedelta(minutes=15)
# The pickup slots the ordering page offers: the next four hours' from the soonest.
PAGE_SLOTS = 16
SLUG = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$")


@dataclass(frozen=True, slots=True)
class Channel:
    """``accept_window_seconds``: how long a NEW order waits to be accepted before it is
    refused to the channel; ``auto_accept``: accepted as it arrives. ``orders_per_slot``: the
    most orders, from every channel of the location, a slot may hold for this one to take
    another (None: no limit). ``paused_until``: refusing orders until then."""

    id: UUID
    location_id: UUID
    kind: ChannelKind
    name: str
    slug: str | None
    status_url: str | None
    accept_window_seconds: int
    auto_accept: bool
    prep_minutes: int
    orders_per_slot: int | None
    paused_until: datetime | None
    created_at: datetime
    updated_at: datetime

    def is_paused(self, at: datetime) -> bool:
        return self.paused_until is not None and at < self.paused_until

    def paused(self, minutes: int, at: datetime, prep_minutes: int | None = None) -> Channel:
        """Paused for ``minutes`` from ``at`` (0: taking orders again now); ``prep_minutes``:
        busy, the soonest pickup that far off from now on (None: as it was)."""
        until = at + timedelta(minutes=minutes) if minutes else None
        prep = self.prep_minutes if prep_minutes is None else prep_minutes
        return dataclasses.replace(self, paused_until=until, prep_minutes=prep, updated_at=at)

    def ensure_taking_orders(self, at: datetime) -> None:
        if self.is_paused(at):
            assert self.paused_until is not None
            raise ChannelPaused(
                f"{self.name} takes no orders until {self.paused_until.isoformat()}: "
                "the kitchen is busy"
            )

    def pickup_at(self, asked: datetime | None, at: datetime) -> datetime:
        """When the order is wanted: as asked, or as soon as the kitchen's prep time allows.
        Asked for earlier than that: 422, in words."""
        soonest = at + timedelta(minutes=self.prep_minutes)
        if asked is None:
            return soonest
        if asked < soonest - SLOT:
            raise OrderRefused(
                f"pickup at {asked.isoformat()} is too soon: the kitchen needs "
                f"{self.prep_minutes} minutes"
            )
        return asked

    def ensure_room(self, orders_in_slot: int, slot: datetime) -> None:
        """The location's orders in the slot, from every channel, against this channel's
        limit."""
        if self.orders_per_slot is not None and orders_in_slot >= self.orders_per_slot:
            raise SlotFull(
                f"the {slot.strftime('%H:%M')} slot is full ({self.orders_per_slot} orders): "
                "choose a later pickup time"
            )


def slug_from(name: str) -> str:
    """A page's address made from a channel's name: "Harbour St — online!" is
    ``harbour-st-online``; a name with no letter or digit in ASCII is ``order``."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    words = re.findall(r"[a-z0-9]+", folded)
    return "-".join(words)[:60].strip("-") or "order"


def slot_of(moment: datetime) -> datetime:
    """The start of the 15-minute slot ``moment`` falls in."""
    minutes = moment.minute - moment.minute % 15
    return moment.replace(minute=minutes, second=0, microsecond=0)


class IncomingStatus(StrEnum):
    """NEW: waiting for the staff; PREPARING: accepted, in the kitchen; READY: to pick up;
    PICKED_UP: handed over (its check completed); REFUSED: by the staff or for want of an
    answer in time; CANCELLED: its check cancelled after it was accepted."""

    NEW = "NEW"
    PREPARING = "PREPARING"
    READY = "READY"
    PICKED_UP = "PICKED_UP"
    REFUSED = "REFUSED"
    CANCELLED = "CANCELLED"


INCOMING_TRANSITIONS: Mapping[IncomingStatus, frozenset[IncomingStatus]] = MappingProxyType(
    {
        # Picked up unaccepted: its check paid and closed at the till.
        IncomingStatus.NEW: frozenset(
            {
                IncomingStatus.PREPARING,
                IncomingStatus.PICKED_UP,
                IncomingStatus.REFUSED,
                IncomingStatus.CANCELLED,
            }
        ),
        IncomingStatus.PREPARING: frozenset(
            {IncomingStatus.READY, IncomingStatus.PICKED_UP, IncomingStatus.CANCELLED}
        ),
        IncomingStatus.READY: frozenset({IncomingStatus.PICKED_UP, IncomingStatus.CANCELLED}),
        IncomingStatus.PICKED_UP: frozenset(),
        IncomingStatus.REFUSED: frozenset(),
        IncomingStatus.CANCELLED: frozenset(),
    }
)

# What a slot counts: the orders that will be made.
COUNTED = frozenset(
    {
        IncomingStatus.NEW,
        IncomingStatus.PREPARING,
        IncomingStatus.READY,
        IncomingStatus.PICKED_UP,
    }
)

_STATUS_EVENTS = MappingProxyType(
    {
        IncomingStatus.NEW: ChannelEvents.CHANNEL_ORDER_RECEIVED,
        IncomingStatus.PREPARING: ChannelEvents.CHANNEL_ORDER_PREPARING,
        IncomingStatus.READY: ChannelEvents.CHANNEL_ORDER_READY,
        IncomingStatus.PICKED_UP: ChannelEvents.CHANNEL_ORDER_PICKED_UP,
        IncomingStatus.REFUSED: ChannelEvents.CHANNEL_ORDER_REFUSED,
        IncomingStatus.CANCELLED: ChannelEvents.CHANNEL_ORDER_CANCELLED,
    }
)


@dataclass(frozen=True, slots=True)
class InboundLine:
    """A line as the channel sends it: its product, and its modifiers, by PLU."""

    plu: str
    quantity: int
    modifiers: tuple[str, ...] = ()
    notes: str | None = None


@dataclass(frozen=True, slots=True)
class InboundOrder:
    """An order as a channel brings it in (a platform's push, or the ordering page's)."""

    channel_order_id: str
    order_type: OrderType
    lines: tuple[InboundLine, ...]
    customer_name: str | None = None
    phone: str | None = None
    pickup_at: datetime | None = None
    paid: bool = False

    def plus(self) -> list[str]:
        """Every PLU it names, each once, in the order named."""
        named = (plu for line in self.lines for plu in (line.plu, *line.modifiers))
        return list(dict.fromkeys(named))


def verify_signature(secret: str, headers: Mapping[str, str], body: bytes, at: datetime) -> None:
    """Standard Webhooks: ``webhook-signature`` holds a ``v1,<base64 HMAC-SHA256>`` of
    ``"<webhook-id>.<webhook-timestamp>.<body>"`` keyed by the base64-decoded secret after
    ``whsec_``, made within SIGNATURE_TOLERANCE of ``at``. Anything else: 401."""
    message_id = headers.get("webhook-id")
    stamp = headers.get("webhook-timestamp", "")
    signatures = headers.get("webhook-signature", "").split()
    if not message_id or not stamp.isdigit() or not signatures:
        raise BadSignature(
            "sign the order with the channel's secret: webhook-id, webhook-timestamp and "
            "webhook-signature (Standard Webhooks)"
        )
    if abs(at.timestamp() - int(stamp)) > SIGNATURE_TOLERANCE.total_seconds():
        raise BadSignature("webhook-timestamp is more than 5 minutes from the server's clock")
    expected = standard_signature([secret], message_id, int(stamp), body)
    if not any(hmac.compare_digest(expected, given) for given in signatures):
        raise BadSignature("the signature is not the channel secret's")


@dataclass(frozen=True, slots=True)
class IncomingLine:
    plu: str | None
    name: str
    quantity: int
    total_cents: int
    notes: str | None = None


@dataclass(frozen=True, slots=True)
class IncomingOrder:
    """An order a channel brought in, on its check (``order_id``), which opened unsent."""

    id: UUID
    channel_id: UUID
    channel_name: str
    location_id: UUID
    channel_order_id: str
    order_id: UUID
    order_number: int
    order_type: OrderType
    status: IncomingStatus
    customer_name: str | None
    phone: str | None
    pickup_at: datetime
    slot: datetime
    lines: tuple[IncomingLine, ...]
    total_cents: int
    paid: bool
    received_at: datetime
    accept_by: datetime
    updated_at: datetime
    reason: str | None = None
    # The events its change records, in order; not stored.
    events: tuple[Envelope, ...] = ()

    def moved(
        self, status: IncomingStatus, at: datetime, reason: str | None = None
    ) -> IncomingOrder:
        """To ``status`` (and its event); one it cannot reach from here: 409, in words."""
        if status not in INCOMING_TRANSITIONS[self.status]:
            raise IncomingDecided(
                f"order {self.channel_order_id} from {self.channel_name} is {self.status} "
                f"already: it cannot become {status}"
            )
        moved = dataclasses.replace(
            self, status=status, updated_at=at, reason=reason or self.reason, events=()
        )
        return dataclasses.replace(moved, events=(incoming_event(_STATUS_EVENTS[status], moved),))

    def accepted(self, at: datetime) -> IncomingOrder:
        """Accepted: told to the channel as accepted, then preparing (it goes to the kitchen).
        Past its window: 409 ``accept_window_over``."""
        if self.status is IncomingStatus.NEW and at > self.accept_by:
            raise AcceptWindowOver(
                f"order {self.channel_order_id} had to be accepted by "
                f"{self.accept_by.isoformat()}: {self.channel_name} was told it is refused"
            )
        preparing = self.moved(IncomingStatus.PREPARING, at)
        accepted = incoming_event(ChannelEvents.CHANNEL_ORDER_ACCEPTED, preparing)
        return dataclasses.replace(preparing, events=(accepted, *preparing.events))

    def is_overdue(self, at: datetime) -> bool:
        return self.status is IncomingStatus.NEW and at > self.accept_by


NOT_ACCEPTED_IN_TIME = "not accepted in time"

# What a check still cooks: while any of its items is one of these, its order is not READY.
STILL_COOKING = frozenset({ItemStatus.PENDING, ItemStatus.SENT, ItemStatus.PREPARING})


def all_cooked(statuses: Iterable[ItemStatus]) -> bool:
    """Nothing on the check is still to cook (voided, ready and served ones are done)."""
    return not any(status in STILL_COOKING for status in statuses)


def incoming_event(event_type: ChannelEvents, incoming: IncomingOrder) -> Envelope:
    # Entity: the channel, so the channel's own webhook follows it; order: its check, so its
    # statuses reach the channel in the order they happened.
    return Envelope(
        event_type,
        incoming,
        location_id=incoming.location_id,
        entity_id=incoming.channel_id,
        order_id=incoming.order_id,
    )


def channel_event(event_type: ChannelEvents, channel: Channel) -> Envelope:
    return Envelope(event_type, channel, location_id=channel.location_id, entity_id=channel.id)


@dataclass(frozen=True, slots=True)
class MenuEntry:
    """A product as a channel sees it: by its PLU (the product's sku)."""

    plu: str
    name: str
    description: str | None
    category_id: UUID | None
    price: Decimal
    available: bool


@dataclass(frozen=True, slots=True)
class MenuChange:
    """What a channel is told when its menu changed: the entries that changed."""

    channel_id: UUID
    location_id: UUID
    entries: tuple[MenuEntry, ...]


def menu_change_event(change: MenuChange) -> Envelope:
    return Envelope(
        ChannelEvents.CHANNEL_MENU_CHANGED,
        change,
        location_id=change.location_id,
        entity_id=change.channel_id,
    )


class ChannelPaused(Conflict):
    """The channel is paused: the kitchen is busy."""


class SlotFull(Conflict):
    """The pickup slot holds as many orders as the channel takes in one."""


class OrderRefused(DomainError):
    """A line cannot be made (an unknown PLU, an 86'd or unavailable product): nothing made."""


class IncomingDecided(Conflict):
    """The order was accepted, refused or finished already."""


class AcceptWindowOver(Conflict):
    """Accepted too late: the channel was told it is refused."""


class BadSignature(DomainError):
    """An incoming order not signed with the channel's secret, or signed too long ago."""


class NotInbound(Conflict):
    """Orders are pushed only to an INBOUND channel."""


class PaymentDue(Conflict):
    """Handed over unpaid: the check is paid at the till, which completes it."""


class SlugTaken(Conflict):
    """Another WEB channel has this page's address."""


ERRORS = declare_answers(
    {
        ChannelPaused: (409, "channel_paused"),
        SlotFull: (409, "slot_full"),
        OrderRefused: (422, "channel_order_refused"),
        IncomingDecided: (409, "channel_order_decided"),
        AcceptWindowOver: (409, "accept_window_over"),
        BadSignature: (401, "invalid_signature"),
        NotInbound: (409, "not_inbound"),
        PaymentDue: (409, "payment_due"),
        SlugTaken: (409, "slug_taken"),
    }
)

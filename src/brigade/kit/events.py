"""Events as the kit carries them: an envelope per change, the house's event names, and how
each feature shows its payloads (docs/design.md §8).

A feature records envelopes where its changes happen (an aggregate, a domain function), its
repository hands them to the unit of work's outbox, and the outbox writes them with the
change (kit/db/outbox.py). The payload stays a domain object until then: it is turned into
the JSON the API shows for it, by the shape its feature registered, when it is written: as
every reader of events sees it, and, where that differs, as a reader who may see payment
details does; each reader gets the rendering its role allows.
The event log, the stream and webhooks only move envelopes: they know no feature.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any
from uuid import UUID

from brigade.kit.access import REQUIRED_ROLE, Permission, Role, allows


# Every event the house announces: one published list (clients and webhooks subscribe by
# these names); which feature records each is said in docs/design.md §8. (A comment, not a
# docstring: the OpenAPI would carry a docstring.)
class EventType(StrEnum):
    ORDER_CREATED = "order.created"
    ORDER_UPDATED = "order.updated"
    ORDER_SENT = "order.sent"
    ORDER_COURSE_FIRED = "order.course_fired"
    ORDER_COMPLETED = "order.completed"
    ORDER_CANCELLED = "order.cancelled"
    ORDER_REOPENED = "order.reopened"
    ORDER_REFUNDED = "order.refunded"
    ORDER_SPLIT = "order.split"
    ORDER_ITEMS_MOVED = "order.items_moved"
    ORDER_MERGED = "order.merged"
    ITEM_ADDED = "item.added"
    ITEM_UPDATED = "item.updated"
    ITEM_VOIDED = "item.voided"
    PAYMENT_CREATED = "payment.created"
    PRODUCT_CREATED = "product.created"
    PRODUCT_UPDATED = "product.updated"
    PRODUCT_86D = "product.86d"
    PRODUCT_AVAILABLE = "product.available"
    PRODUCT_DELETED = "product.deleted"
    STOCK_LOW = "stock.low"
    MODIFIER_GROUP_CREATED = "modifier_group.created"
    MODIFIER_GROUP_UPDATED = "modifier_group.updated"
    MODIFIER_GROUP_DELETED = "modifier_group.deleted"
    TAX_RATE_CREATED = "tax_rate.created"
    TAX_RATE_UPDATED = "tax_rate.updated"
    TAX_RATE_DELETED = "tax_rate.deleted"
    SERVICE_CHARGE_CREATED = "service_charge.created"
    SERVICE_CHARGE_UPDATED = "service_charge.updated"
    SERVICE_CHARGE_DELETED = "service_charge.deleted"
    KITCHEN_TICKET_CREATED = "kitchen_ticket.created"
    KITCHEN_TICKET_BUMPED = "kitchen_ticket.bumped"
    KITCHEN_TICKET_RECALLED = "kitchen_ticket.recalled"
    # A station's part of a ticket (docs/design.md §19).
    KITCHEN_TICKET_STATION_BUMPED = "kitchen_ticket.station_bumped"
    KITCHEN_TICKET_STATION_RECALLED = "kitchen_ticket.station_recalled"
    # The till (docs/design.md §17).
    CASH_DRAWER_OPENED = "cash_drawer.opened"
    CASH_DRAWER_CLOSED = "cash_drawer.closed"
    SHIFT_CLOCKED_IN = "shift.clocked_in"
    SHIFT_CLOCKED_OUT = "shift.clocked_out"
    # A device or client address reached its limit of wrong PINs (docs/security.md).
    SECURITY_PIN_FAILURES = "security.pin_failures"


# What a guests' board follows (docs/design.md §20): the changes that move an order onto, across
# or off the board. It gets them bare: ids and type, never their data.
BOARD_EVENT_TYPES = frozenset(
    {
        EventType.ORDER_SENT,
        EventType.ORDER_COURSE_FIRED,
        EventType.ORDER_COMPLETED,
        EventType.ORDER_CANCELLED,
        EventType.ORDER_REOPENED,
        EventType.ORDER_SPLIT,
        EventType.ORDER_ITEMS_MOVED,
        EventType.ORDER_MERGED,
        EventType.ITEM_UPDATED,
        EventType.ITEM_VOIDED,
        EventType.KITCHEN_TICKET_CREATED,
        EventType.KITCHEN_TICKET_BUMPED,
        EventType.KITCHEN_TICKET_RECALLED,
    }
)


@dataclass(frozen=True, slots=True)
class Envelope:
    """One event of a change: what happened, to what, where, and the changed resource as a
    domain object (``payload``), shown as JSON only when the outbox writes it."""

    type: EventType
    payload: object
    location_id: UUID | None
    entity_id: UUID | None
    order_id: UUID | None = None


@dataclass(frozen=True, slots=True)
class Published:
    """A change's events for the outbox, in the order they happened: the outbox listens to a
    change as the other features do (kit/db/engine.py, ``publish``)."""

    envelopes: tuple[Envelope, ...]


# Whom an event's data is shown as: every reader of events (the lowest role that may follow
# them, the kitchen), and a reader who may see payment details (the lowest such role: its
# rendering shows card brand, last four and who took a payment, never more; design.md §7).
EVERY_READER = REQUIRED_ROLE[Permission.READ_EVENTS]
DETAILS_READER = REQUIRED_ROLE[Permission.SEE_PAYMENT_DETAILS]


def reads_privileged_data(role: Role) -> bool:
    """Whether ``role`` gets an event's ``privileged_data`` where it has one."""
    return allows(role, Permission.SEE_PAYMENT_DETAILS)


@dataclass(frozen=True, slots=True)
class ShownPayload:
    """A payload's JSON as every reader sees it, and as a reader of payment details does
    (None when that shows nothing more)."""

    data: str
    privileged_data: str | None = None


# Turns a payload (a domain object) into the JSON the API shows a role for it.
PayloadShape = Callable[[Any, Role], str]


@dataclass(frozen=True, slots=True)
class _Registered:
    shape: PayloadShape
    # Whether this payload may show a reader of payment details more, told without rendering
    # it: a payload without any is rendered once (orders write an event on every tap).
    has_details: Callable[[Any], bool]


_shapes: dict[type, _Registered] = {}


def register_payload_shape(payload_type: type, shape: Callable[[Any], str]) -> None:
    """Each feature registers how its payloads are shown (its routes, at app creation), so
    its domain records plain objects and the event's data is the resource as the API shows it.
    This shape shows every reader the same."""
    _shapes[payload_type] = _Registered(lambda payload, _role: shape(payload), _has_none)


def register_payload_shape_by_role(
    payload_type: type, shape: PayloadShape, *, has_details: Callable[[Any], bool]
) -> None:
    """A payload that may carry payment details (an order's payments, a payment): ``shape``
    shows it as a role may see it, and ``has_details`` says whether this one carries any."""
    _shapes[payload_type] = _Registered(shape, has_details)


def _has_none(_payload: object) -> bool:
    return False


def shape_payload(payload: object) -> ShownPayload:
    for cls in type(payload).__mro__:
        registered = _shapes.get(cls)
        if registered is not None:
            data = registered.shape(payload, EVERY_READER)
            if not registered.has_details(payload):
                return ShownPayload(data)
            privileged = registered.shape(payload, DETAILS_READER)
            return ShownPayload(data, None if privileged == data else privileged)
    raise LookupError(f"no event payload shape for {type(payload).__name__}: register one")

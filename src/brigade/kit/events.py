"""Events as the kit carries them: an envelope per change, what an event's name is (each
feature declares its own), and how each feature shows its payloads (docs/design.md §8).

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
from typing import Any, cast
from uuid import UUID

from brigade.kit.access import REQUIRED_ROLE, Permission, Role, allows


class EventName(StrEnum):
    """An event's name as the house announces it. Each feature declares the names it records
    as a subclass in its domain (orders/domain/events.py ``OrderEvents``, ...); the one
    published list (clients and webhooks subscribe by these names) is composed from them at
    start-up, outside the kit (brigade/event_types.py ``EventType``; docs/design.md §8)."""


def published(name: str, module: str, *declared: type[EventName]) -> type[EventName]:
    """Every feature's declared names, in the order given, as one enum ``module.name`` (what
    the OpenAPI shows, what a subscription is checked against). A name declared twice is
    refused."""
    members = [(event.name, event.value) for names in declared for event in names]
    for i, (member, value) in enumerate(members):
        if any(member == m or value == v for m, v in members[:i]):
            raise ValueError(f"{member} ({value}) is declared twice")
    functional: Any = EventName  # the functional API: a new enum, a subclass of EventName
    return cast(type[EventName], functional(name, members, module=module))


@dataclass(frozen=True, slots=True)
class Envelope:
    """One event of a change: what happened, to what, where, and the changed resource as a
    domain object (``payload``), shown as JSON only when the outbox writes it."""

    type: EventName
    payload: object
    location_id: UUID | None
    entity_id: UUID | None
    order_id: UUID | None = None


@dataclass(frozen=True, slots=True)
class Published:
    """A change's events for the outbox, in the order they happened: the outbox listens to a
    change as the other features do (kit/db/engine.py, ``publish``)."""

    envelopes: tuple[Envelope, ...]


# Whom an event's data is shown as: every reader of events (the lowest role that holds the
# permission to follow them, the events feature's) and a reader who may see payment details
# (the lowest role that holds that permission, the orders'; its rendering shows card brand,
# last four and who took a payment, never more; design.md §7). Each declared by its feature,
# as the module declaring the permission is imported.
_READERS: dict[str, Permission] = {}


def declare_event_readers(
    *, every: Permission | None = None, details: Permission | None = None
) -> None:
    """``every``: what following events takes; ``details``: what seeing payment details takes."""
    for kind, permission in (("every", every), ("details", details)):
        if permission is not None:
            _READERS[kind] = permission


def _reader(kind: str) -> Permission:
    try:
        return _READERS[kind]
    except KeyError:
        raise LookupError(f"no {kind!r} reader of events declared: declare_event_readers") from None


def every_reader() -> Role:
    return REQUIRED_ROLE[_reader("every")]


def details_reader() -> Role:
    return REQUIRED_ROLE[_reader("details")]


def reads_privileged_data(role: Role) -> bool:
    """Whether ``role`` gets an event's ``privileged_data`` where it has one."""
    return allows(role, _reader("details"))


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
            data = registered.shape(payload, every_reader())
            if not registered.has_details(payload):
                return ShownPayload(data)
            privileged = registered.shape(payload, details_reader())
            return ShownPayload(data, None if privileged == data else privileged)
    raise LookupError(f"no event payload shape for {type(payload).__name__}: register one")

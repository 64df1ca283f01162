"""The house's one published list of event types, composed from each feature's declaration
where the app (or a command) starts (docs/design.md §8, docs/decisions.md "House").

Each feature declares the names it records in its domain, as a kit ``EventName``; clients and
webhooks subscribe by these names, and the OpenAPI shows them as one enum, ``EventType``, in
the order below (a feature's names together, as they were published). Start-up wiring like
listening.py and event_payloads.py: the events and webhooks features, which move envelopes
and import no other feature, take the list from here (pyproject.toml's contracts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from brigade.access.domain.terminals import AccessEvents
from brigade.card_payments.domain import CardEvents
from brigade.catalogue.domain.events import CatalogueEvents
from brigade.channels.domain import ChannelEvents
from brigade.guests.domain import GuestEvents
from brigade.kit.events import EventName, published
from brigade.kitchen.domain import KitchenEvents
from brigade.orders.domain.events import OrderEvents
from brigade.pickup.domain import BOARD_EVENT_TYPES
from brigade.pricing.domain import PricingEvents
from brigade.till.domain import TillEvents

# Every feature's names, in the published order.
DECLARED: tuple[type[EventName], ...] = (
    OrderEvents,
    CatalogueEvents,
    PricingEvents,
    KitchenEvents,
    TillEvents,
    AccessEvents,
    CardEvents,
    GuestEvents,
    ChannelEvents,
)

if TYPE_CHECKING:
    # To the type checker, any feature's name (the enum exists once the features are read).
    EventType: TypeAlias = EventName
else:
    EventType = published("EventType", __name__, *DECLARED)

__all__ = ["BOARD_EVENT_TYPES", "DECLARED", "EventType"]

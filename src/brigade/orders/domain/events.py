"""What an order announces (docs/design.md §8): the names of its events, of its items' and of
its payments', recorded by the aggregate (aggregate.py) and published in the house's one list
(brigade/event_types.py)."""

from __future__ import annotations

from brigade.kit.events import EventName, declare_event_readers
from brigade.orders.domain.permissions import OrderPermissions


class OrderEvents(EventName):
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


# An order's events show its payments' card, brand and who took them only to a reader who may
# see payment details (a second rendering, kit/events.py).
declare_event_readers(details=OrderPermissions.SEE_PAYMENT_DETAILS)

"""Order and item state machines, written as explicit transition tables.

The tables are the rules: code only looks them up, so a reviewer can check every
allowed move in one place and a test can enumerate all of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from brigade.orders.domain.errors import InvalidTransition, ItemNotEditable, OrderClosed


class OrderType(StrEnum):
    DINE_IN = "DINE_IN"
    TAKEOUT = "TAKEOUT"
    DELIVERY = "DELIVERY"
    BAR_TAB = "BAR_TAB"


class PaymentMethod(StrEnum):
    CASH = "CASH"
    CARD = "CARD"
    GIFT_CARD = "GIFT_CARD"
    LOYALTY = "LOYALTY"
    STORE_CREDIT = "STORE_CREDIT"
    # Paid to a delivery platform, which pays the restaurant out (docs/design.md §29).
    CHANNEL = "CHANNEL"


class PaymentStatus(StrEnum):
    COMPLETED = "COMPLETED"
    REFUNDED = "REFUNDED"


class OrderStatus(StrEnum):
    DRAFT = "DRAFT"
    OPEN = "OPEN"
    COMPLETED = "COMPLETED"
    CANCELLED = "CANCELLED"


class OrderEvent(StrEnum):
    SEND = "SEND"
    COMPLETE = "COMPLETE"
    CANCEL = "CANCEL"
    REOPEN = "REOPEN"


ORDER_TRANSITIONS: Mapping[tuple[OrderStatus, OrderEvent], OrderStatus] = MappingProxyType(
    {
        (OrderStatus.DRAFT, OrderEvent.SEND): OrderStatus.OPEN,
        # Later sends (items added after the first ticket) keep the order open.
        (OrderStatus.OPEN, OrderEvent.SEND): OrderStatus.OPEN,
        # A fully paid order may complete without ever reaching the kitchen (a retail sale).
        (OrderStatus.DRAFT, OrderEvent.COMPLETE): OrderStatus.COMPLETED,
        (OrderStatus.OPEN, OrderEvent.COMPLETE): OrderStatus.COMPLETED,
        (OrderStatus.DRAFT, OrderEvent.CANCEL): OrderStatus.CANCELLED,
        (OrderStatus.OPEN, OrderEvent.CANCEL): OrderStatus.CANCELLED,
        # A manager reopens a check completed the same business day (docs/design.md §5).
        (OrderStatus.COMPLETED, OrderEvent.REOPEN): OrderStatus.OPEN,
    }
)

FINAL_ORDER_STATUSES = frozenset({OrderStatus.COMPLETED, OrderStatus.CANCELLED})


def ensure_order_editable(status: OrderStatus) -> None:
    """Refuse any change to a completed or cancelled order."""
    if status in FINAL_ORDER_STATUSES:
        raise OrderClosed(f"the order is {status.lower()} and can no longer change")


def apply_order_event(status: OrderStatus, event: OrderEvent) -> OrderStatus:
    """The status an order moves to when ``event`` happens to it; a closed order refuses
    anything its row of the table does not list (409 ``order_closed``)."""
    moved = ORDER_TRANSITIONS.get((status, event))
    if moved is not None:
        return moved
    ensure_order_editable(status)
    raise InvalidTransition(f"an order in status {status} cannot {event.lower()}")


class ItemStatus(StrEnum):
    PENDING = "PENDING"
    SENT = "SENT"
    PREPARING = "PREPARING"
    READY = "READY"
    SERVED = "SERVED"
    VOIDED = "VOIDED"


# Every status an item may be set to from each status. Forward moves (skipping allowed), and
# one step back: READY to PREPARING, the kitchen's undo of a tap too many (docs/design.md §21).
# Any live status may be voided, nothing leaves VOIDED; each status lists itself because
# setting the current status again is a harmless no-op.
ITEM_TRANSITIONS: Mapping[ItemStatus, frozenset[ItemStatus]] = MappingProxyType(
    {
        ItemStatus.PENDING: frozenset(
            {
                ItemStatus.PENDING,
                ItemStatus.SENT,
                ItemStatus.PREPARING,
                ItemStatus.READY,
                ItemStatus.SERVED,
                ItemStatus.VOIDED,
            }
        ),
        ItemStatus.SENT: frozenset(
            {
                ItemStatus.SENT,
                ItemStatus.PREPARING,
                ItemStatus.READY,
                ItemStatus.SERVED,
                ItemStatus.VOIDED,
            }
        ),
        ItemStatus.PREPARING: frozenset(
            {ItemStatus.PREPARING, ItemStatus.READY, ItemStatus.SERVED, ItemStatus.VOIDED}
        ),
        ItemStatus.READY: frozenset(
            {ItemStatus.PREPARING, ItemStatus.READY, ItemStatus.SERVED, ItemStatus.VOIDED}
        ),
        ItemStatus.SERVED: frozenset({ItemStatus.SERVED, ItemStatus.VOIDED}),
        ItemStatus.VOIDED: frozenset({ItemStatus.VOIDED}),
    }
)

# The kitchen has these items (sent, or moved on by the kitchen itself, with or without a
# ticket): voiding one, or cancelling an order that has one, is a manager's decision. A voided
# item no longer counts as sent: it is off the order, whatever the kitchen saw.
SENT_STATUSES = frozenset(
    {ItemStatus.SENT, ItemStatus.PREPARING, ItemStatus.READY, ItemStatus.SERVED}
)

# A served item has been eaten and a voided one no longer counts: their quantity is history.
QUANTITY_LOCKED_STATUSES = frozenset({ItemStatus.SERVED, ItemStatus.VOIDED})


def check_item_transition(current: ItemStatus, target: ItemStatus) -> None:
    """Refuse an item status change the table does not allow."""
    if target not in ITEM_TRANSITIONS[current]:
        if current is ItemStatus.VOIDED:
            reason = "a voided item stays voided"
        else:
            reason = "item status only moves forward (but READY back to PREPARING)"
        raise InvalidTransition(f"an item cannot go from {current} to {target}: {reason}")


def ensure_item_quantity_editable(status: ItemStatus) -> None:
    if status in QUANTITY_LOCKED_STATUSES:
        raise ItemNotEditable(f"the quantity of a {status.lower()} item cannot change")


def is_sent(status: ItemStatus) -> bool:
    """The one rule for "sent": what voiding, cancelling and the kitchen go by."""
    return status in SENT_STATUSES

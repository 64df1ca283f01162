"""The order-ready board for guests (docs/design.md §20): which orders a wall screen shows as
preparing and which as ready, by their numbers only. Pure: the repository hands it each
candidate order's sent items as they are now, and the moment to judge them at."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from uuid import UUID

from brigade.kit.access import Needs, Permission, Principal, Role, declare_permissions
from brigade.kitchen.domain import KitchenEvents
from brigade.orders.domain.events import OrderEvents
from brigade.orders.domain.states import ItemStatus, OrderType


# The guests' board (docs/design.md §20): order numbers only.
class PickupPermissions(Permission):
    READ_PICKUP_BOARD = "read the order-ready board for guests"


PERMISSIONS = declare_permissions(
    {
        PickupPermissions.READ_PICKUP_BOARD: Needs(
            Role.MANAGER, devices=frozenset({Principal.BOARD})
        ),
    }
)

# What a guests' board follows: the changes that move an order onto, across or off the board.
# It gets them bare: ids and type, never their data (the event stream, events/routes.py).
BOARD_EVENT_TYPES = frozenset(
    {
        OrderEvents.ORDER_SENT,
        OrderEvents.ORDER_COURSE_FIRED,
        OrderEvents.ORDER_COMPLETED,
        OrderEvents.ORDER_CANCELLED,
        OrderEvents.ORDER_REOPENED,
        OrderEvents.ORDER_SPLIT,
        OrderEvents.ORDER_ITEMS_MOVED,
        OrderEvents.ORDER_MERGED,
        OrderEvents.ITEM_UPDATED,
        OrderEvents.ITEM_VOIDED,
        KitchenEvents.KITCHEN_TICKET_CREATED,
        KitchenEvents.KITCHEN_TICKET_BUMPED,
        KitchenEvents.KITCHEN_TICKET_RECALLED,
        # An expo made or deleted: READY at the pass is held for the expo, or not any more.
        KitchenEvents.KITCHEN_STATION_CHANGED,
    }
)
# A ready order leaves the board when its items are served (picked up), or after this at the
# latest: nobody came, or nobody marked it.
READY_SHOWN_FOR = timedelta(minutes=15)
# The kitchen board's window: an order sent longer ago than this is no longer being prepared.
PREPARING_WINDOW = timedelta(hours=24)
# Each column at most this many numbers (a wall screen shows far fewer).
MAX_PER_COLUMN = 100

# Always on the board: what guests wait for at the counter or a driver picks up. A BAR_TAB is
# served at the bar and never waits for a number.
ALWAYS_SHOWN = frozenset({OrderType.TAKEOUT, OrderType.DELIVERY})
# What the kitchen still works on, and what it has finished.
COOKING = frozenset({ItemStatus.SENT, ItemStatus.PREPARING})
FINISHED = frozenset({ItemStatus.READY, ItemStatus.SERVED})


def shown_types(*, dine_in: bool) -> frozenset[OrderType]:
    """The order types a location's board shows: dine-in only when its profile says so."""
    return ALWAYS_SHOWN | {OrderType.DINE_IN} if dine_in else ALWAYS_SHOWN


@dataclass(frozen=True, slots=True)
class SentItem:
    """An item the kitchen was sent, as it is now: ``changed_at`` when its status last moved,
    ``bumped_at`` when the kitchen bumped the ticket it was sent on (None: not bumped). A bump
    makes the food READY (a paid takeout's too, docs/design.md §25); an item sent before that,
    left SENT by a bump on its completed order, is done when its ticket was bumped.

    ``held``: its ticket waits for the expo's bump (the location has an expo, docs/design.md
    §19): READY at the pass is not ready for the guest until the expo bumps the ticket, and
    it is done when the later of the two happened."""

    status: ItemStatus
    changed_at: datetime
    bumped_at: datetime | None = None
    held: bool = False

    @property
    def cooking(self) -> bool:
        at_the_pass = self.held and self.status is ItemStatus.READY
        return (self.status in COOKING or at_the_pass) and self.bumped_at is None

    @property
    def done_at(self) -> datetime:
        """When the kitchen finished it (only asked of an item no longer cooking)."""
        if self.bumped_at is None:
            return self.changed_at
        if self.held:
            return max(self.changed_at, self.bumped_at)
        return self.changed_at if self.status in FINISHED else self.bumped_at


@dataclass(frozen=True, slots=True)
class CandidateOrder:
    """An order that may be on the board: its number, when it was first sent, and its items
    that reached the kitchen (never PENDING; VOIDED ones are left out)."""

    order_id: UUID
    number: int
    first_sent_at: datetime
    items: tuple[SentItem, ...]
    completed_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Preparing:
    number: int
    since: datetime


@dataclass(frozen=True, slots=True)
class Ready:
    number: int
    ready_at: datetime


@dataclass(frozen=True, slots=True)
class PickupBoard:
    """Preparing: oldest first. Ready: the newest ready first (it is the one guests look for)."""

    preparing: tuple[Preparing, ...]
    ready: tuple[Ready, ...]


def place(order: CandidateOrder, at: datetime) -> Preparing | Ready | None:
    """Where one order goes: preparing while any sent item is still cooking (SENT or PREPARING
    on a ticket not bumped; with an expo, READY too until the expo bumps it); ready once none
    is, from when the last was done, while one still waits at the pass (not SERVED). It leaves
    when every item is SERVED or the order is completed after it was ready (picked up and paid
    at the counter), and READY_SHOWN_FOR after it became ready at the latest. An order paid
    first (completed before it was ready) stays until then: its items can no longer be marked
    served."""
    items = [item for item in order.items if item.status in COOKING | FINISHED]
    if not items:
        return None
    if any(item.cooking for item in items):
        if at - order.first_sent_at > PREPARING_WINDOW:
            return None
        return Preparing(order.number, order.first_sent_at)
    if all(item.status is ItemStatus.SERVED for item in items):
        return None
    ready_at = max(item.done_at for item in items)
    if order.completed_at is not None and order.completed_at > ready_at:
        return None
    if at - ready_at >= READY_SHOWN_FOR:
        return None
    return Ready(order.number, ready_at)


def pickup_board(orders: Iterable[CandidateOrder], at: datetime) -> PickupBoard:
    """The board at ``at``: each order in its column, each column bounded."""
    preparing: list[Preparing] = []
    ready: list[Ready] = []
    for order in orders:
        placed = place(order, at)
        if isinstance(placed, Preparing):
            preparing.append(placed)
        elif isinstance(placed, Ready):
            ready.append(placed)
    preparing.sort(key=lambda shown: (shown.since, shown.number))
    ready.sort(key=lambda shown: (shown.ready_at, shown.number), reverse=True)
    return PickupBoard(tuple(preparing[:MAX_PER_COLUMN]), tuple(ready[:MAX_PER_COLUMN]))

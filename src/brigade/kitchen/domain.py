"""Kitchen tickets: a snapshot of the items each send put in front of the kitchen, and of what
a void took back off it."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum
from uuid import UUID

from brigade.kit.access import Actor
from brigade.kit.errors import InvalidInput
from brigade.kit.events import Envelope, EventName
from brigade.orders.domain.courses import sent_by_a_send
from brigade.orders.domain.records import Modifier
from brigade.orders.domain.states import ItemStatus, OrderStatus, OrderType


# What the kitchen announces (docs/design.md §8).
class KitchenEvents(EventName):
    KITCHEN_TICKET_CREATED = "kitchen_ticket.created"
    KITCHEN_TICKET_BUMPED = "kitchen_ticket.bumped"
    KITCHEN_TICKET_RECALLED = "kitchen_ticket.recalled"
    # A station's part of a ticket (docs/design.md §19).
    KITCHEN_TICKET_STATION_BUMPED = "kitchen_ticket.station_bumped"
    KITCHEN_TICKET_STATION_RECALLED = "kitchen_ticket.station_recalled"
    # A station made, edited or deleted, or a kitchen display given another station: the
    # location's screens read their board again (docs/design.md §19).
    KITCHEN_STATION_CHANGED = "kitchen_station.changed"


@dataclass(frozen=True, slots=True)
class ItemsDone:
    """The kitchen is done with these items of one check (a bump): the kitchen's domain event,
    handled by orders, which makes them READY on that check (orders/listeners.py)."""

    actor: Actor
    order_id: UUID
    item_ids: tuple[UUID, ...]


class TicketKind(StrEnum):
    # Items to make (a send).
    ORDER = "ORDER"
    # Items to stop making: each line's quantity is negative, what was taken off a sent item, so
    # an item's lines over every ticket add up to what the kitchen should still make.
    VOID = "VOID"


@dataclass(frozen=True, slots=True)
class TicketItem:
    item_id: UUID
    product_id: UUID
    name: str
    quantity: Decimal
    modifiers: tuple[Modifier, ...]
    notes: str | None
    # The item's seat (None: the table) and course, as sent.
    seat: int | None = None
    course: int = 1


@dataclass(frozen=True, slots=True)
class KitchenTicket:
    id: UUID
    order_id: UUID
    location_id: UUID | None
    order_number: int
    table_id: UUID | None
    items: tuple[TicketItem, ...]
    created_at: datetime
    # Who sent it (None on tickets sent before it was recorded; the id also for the bootstrap
    # admin and with auth off).
    sent_by_id: UUID | None
    sent_by_name: str | None
    kind: TicketKind
    # Why a VOID ticket's items were taken off; None on an ORDER ticket.
    reason: str | None
    # When a kitchen screen bumped it (done, off the board); None while it is on the board.
    bumped_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class TicketsMade:
    """The tickets a check's change made (a send's, a fired course's, a void's), stored by the
    kitchen in that change's transaction (kitchen/listeners.py); a send's is shown on the
    board as the check stands once the change is done."""

    tickets: Sequence[KitchenTicket]


@dataclass(frozen=True, slots=True)
class TicketRemade:
    """An item set back from READY to PREPARING is being made again: the ticket that sent it
    comes back on the board if it was bumped (docs/design.md §21)."""

    ticket_id: UUID


@dataclass(frozen=True, slots=True)
class TicketFilter:
    location_id: UUID | None = None
    since: datetime | None = None  # exclusive: tickets created strictly after it


# --- the kitchen display's board ------------------------------------------------------------

# The board shows the tickets of the last day: a ticket nobody bumped (a screen that was off)
# does not haunt the next service.
BOARD_WINDOW = timedelta(hours=24)
# More than a kitchen can read on one wall: the oldest this many are shown.
BOARD_LIMIT = 200
# Recall lists the location's last this many bumped tickets, newest first (docs/design.md §21).
RECENTLY_BUMPED = 10
# Moving forward from these, a bump makes an item READY (a SERVED one stays as it is).
_NOT_YET_READY = frozenset({ItemStatus.SENT, ItemStatus.PREPARING})


@dataclass(frozen=True, slots=True)
class TicketOrder:
    """What the board shows of a ticket's order: which check it is, where it goes and whose it
    is, as it is now (the check its food is on: docs/design.md §25)."""

    order_type: OrderType
    status: OrderStatus
    table_name: str | None
    server_name: str | None
    # The customer's name on a bar tab or a takeout, as it is now.
    customer_name: str | None = None
    # The courses with items held back (not fired yet), ascending (docs/design.md §19).
    held_courses: tuple[int, ...] = ()
    # The check's id, number and table (None: the ticket's own, as it was sent).
    id: UUID | None = None
    number: int | None = None
    table_id: UUID | None = None
    # When the check's TAKEOUT or DELIVERY order is promised (UTC); None: not said.
    pickup_at: datetime | None = None


def held_courses(pending: Iterable[int], fired: Iterable[int]) -> tuple[int, ...]:
    """The courses of an order's PENDING items that a send would not send: held, waiting to be
    fired (a pending item of a fired course is only not sent yet)."""
    sent = set(sent_by_a_send(fired))
    return tuple(sorted({course for course in pending if course not in sent}))


@dataclass(frozen=True, slots=True)
class LiveItem:
    """A ticket line's item as it is now (the ticket is a snapshot of it as sent)."""

    status: ItemStatus
    quantity: Decimal
    void_reason: str | None
    category_id: UUID | None
    # The product's prep time now (docs/design.md §19); None: not said.
    prep_seconds: int | None = None
    # When it was rung up on a check (a split's or a share's part keeps its line's); None:
    # not known.
    rung_up_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class LivePart:
    """An item that is a ticket line, or a part of one a split or a share made (docs/design.md
    §25): the line it is (``line_id``), the check it is on now and what it is now."""

    item_id: UUID
    line_id: UUID
    order_id: UUID
    live: LiveItem


# How far along an item is, for a line whose parts differ: the line is as far as its least.
_PROGRESS = (ItemStatus.SENT, ItemStatus.PREPARING, ItemStatus.READY, ItemStatus.SERVED)


def line_as_now(parts: Sequence[LivePart]) -> LiveItem:
    """A ticket line as its parts are now: the live ones' quantity, as far along as the least
    of them (all voided: voided, with the first one's reason)."""
    live = [part.live for part in parts if part.live.status is not ItemStatus.VOIDED]
    first = parts[0].live
    if not live:
        return first
    least = min(
        (item.status for item in live),
        key=lambda status: _PROGRESS.index(status) if status in _PROGRESS else -1,
    )
    return replace(
        first,
        status=least,
        quantity=sum((item.quantity for item in live), Decimal(0)),
        void_reason=None,
    )


# --- stations (docs/design.md §19) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Station:
    """A station of a location's kitchen: the categories it makes (nested categories count;
    none named: every category), or the expo, which sees every ticket whole."""

    id: UUID
    location_id: UUID
    name: str
    category_ids: tuple[UUID, ...]
    is_expo: bool
    created_at: datetime
    updated_at: datetime

    def makes(self, categories: Collection[UUID]) -> bool:
        """Does it make an item in the first of ``categories`` (with its parents after it)?"""
        return not self.category_ids or any(c in categories for c in self.category_ids)


def category_chain(
    category_id: UUID | None, parents: Mapping[UUID, UUID | None]
) -> tuple[UUID, ...]:
    """The category and its parents up to the top (a cycle, which the catalogue refuses, stops
    the walk rather than loop)."""
    chain: list[UUID] = []
    while category_id is not None and category_id not in chain:
        chain.append(category_id)
        category_id = parents.get(category_id)
    return tuple(chain)


@dataclass(frozen=True, slots=True)
class Kitchen:
    """A location's stations and its categories' parents: where each item of a ticket goes."""

    stations: tuple[Station, ...] = ()
    parents: Mapping[UUID, UUID | None] = field(default_factory=dict)

    def route(self, category_id: UUID | None) -> tuple[UUID, ...]:
        """The stations that make an item of ``category_id``: the ones naming it or a parent of
        it and the ones naming none; if there are none of those, every station but the expo
        (an item nobody claims is still made)."""
        makers = [station for station in self.stations if not station.is_expo]
        chain = category_chain(category_id, self.parents)
        claimed = tuple(station.id for station in makers if station.makes(chain))
        return claimed or tuple(station.id for station in makers)

    def find(self, station_id: UUID) -> Station | None:
        return next((station for station in self.stations if station.id == station_id), None)

    @property
    def expo(self) -> Station | None:
        """The location's expo, which holds every ticket until its own bump (the first by name,
        should a location have two)."""
        return next((station for station in self.stations if station.is_expo), None)


NO_STATIONS = Kitchen()


@dataclass(frozen=True, slots=True)
class StationPart:
    """A station with a part of a ticket, and when it bumped that part (None: not yet)."""

    station: Station
    bumped_at: datetime | None


# --- fire by prep time ----------------------------------------------------------------------


def longest_prep(items: Iterable[LiveItem]) -> int:
    """The longest prep time of the items still to make (a voided one waits for nothing)."""
    return max(
        (
            item.prep_seconds
            for item in items
            if item.prep_seconds is not None and item.status is not ItemStatus.VOIDED
        ),
        default=0,
    )


def start_at(created_at: datetime, prep_seconds: int | None, longest: int) -> datetime:
    """When to start an item so the ticket's items finish together: the ticket's creation plus
    the longest prep less its own. An item without a prep time starts at once."""
    if prep_seconds is None:
        return created_at
    return created_at + timedelta(seconds=max(longest - prep_seconds, 0))


def is_added(rung_up_at: datetime | None, first_sent_at: datetime | None) -> bool:
    """A line shows "+ added" when it was rung up after its check was first sent: a round
    ordered later. A course held at the first send and fired later is not added (it shows its
    course); nor is a line a merge, a move or a split took to another check (its check is the
    one it was sent from)."""
    return rung_up_at is not None and first_sent_at is not None and rung_up_at > first_sent_at


@dataclass(frozen=True, slots=True)
class BoardItem:
    line: TicketItem
    live: LiveItem
    # Rung up after its check was first sent (``is_added``).
    added: bool
    # When to start it (fire by prep time) and the stations that make it.
    start_at: datetime | None = None
    station_ids: tuple[UUID, ...] = ()
    # The items the line is now, on whichever checks, with whether each check is cancelled.
    parts: tuple[tuple[LivePart, bool], ...] = ()


@dataclass(frozen=True, slots=True)
class BoardTicket:
    ticket: KitchenTicket
    order: TicketOrder
    items: tuple[BoardItem, ...]
    # The stations with a part of it, each with its bump; empty without stations.
    stations: tuple[StationPart, ...] = ()
    # The location's expo, which holds the ticket until its own bump; None: no expo.
    expo: Station | None = None

    def items_to_ready(self, station_id: UUID | None = None) -> dict[UUID, list[UUID]]:
        """What bumping makes READY, by the check each item is on now: the items still being
        made (a station's: those of its part), on a check paid or not (a takeout is paid and
        completed before it is cooked), not on a cancelled one."""
        ready: dict[UUID, list[UUID]] = {}
        for item in self.items:
            if station_id is not None and station_id not in item.station_ids:
                continue
            for part, cancelled in item.parts:
                if part.live.status in _NOT_YET_READY and not cancelled:
                    ready.setdefault(part.order_id, []).append(part.item_id)
        return ready

    def part(self, station_id: UUID) -> StationPart | None:
        return next((part for part in self.stations if part.station.id == station_id), None)

    def for_station(self, station: Station | None) -> BoardTicket:
        """The ticket as ``station`` shows it: only its part's items, unless it is the expo
        (or no station: the whole ticket)."""
        if station is None or station.is_expo:
            return self
        items = tuple(item for item in self.items if station.id in item.station_ids)
        return replace(self, items=items)

    def shows_on(self, station: Station | None) -> bool:
        """On the station's board: the expo's (and a board of no station) every open ticket, a
        station's those with a part of it that it has not bumped."""
        if station is None or station.is_expo:
            return True
        part = self.part(station.id)
        return part is not None and part.bumped_at is None

    def with_station_bump(self, station_id: UUID, at: datetime | None) -> BoardTicket:
        parts = tuple(
            replace(part, bumped_at=at) if part.station.id == station_id else part
            for part in self.stations
        )
        return replace(self, stations=parts)

    @property
    def every_part_bumped(self) -> bool:
        """Every station with a part has bumped it: the food is all at the pass."""
        return bool(self.stations) and all(part.bumped_at is not None for part in self.stations)

    @property
    def done_with_its_parts(self) -> bool:
        """The last part bumped bumps the ticket, unless the location has an expo: the expo
        holds it until its own bump (docs/design.md §19)."""
        return self.expo is None and self.every_part_bumped

    def parts_to_make_again(self) -> tuple[StationPart, ...]:
        """The bumped parts with an item to make again (set back from READY, the kitchen's
        undo): their stations' bumps are taken back, so the item is on their boards again."""
        return tuple(
            part
            for part in self.stations
            if part.bumped_at is not None and self.items_to_ready(part.station.id)
        )


@dataclass(frozen=True, slots=True)
class Board:
    """A location's open tickets, oldest first, and the last ones bumped, newest first (what
    Recall brings back; the first is the board's ``lastBumped``)."""

    tickets: tuple[BoardTicket, ...]
    recently_bumped: tuple[BoardTicket, ...]
    # The station whose board it is (None: every station's work, as without stations).
    station: Station | None = None


def unbumps(before: ItemStatus, after: ItemStatus) -> bool:
    """A READY item set back to PREPARING (the kitchen's undo) is being made again: its bumped
    ticket comes back on the board (docs/design.md §21)."""
    return before is ItemStatus.READY and after is ItemStatus.PREPARING


VOIDED = ItemStatus.VOIDED
CANCELLED = OrderStatus.CANCELLED
TO_COOK = frozenset({ItemStatus.SENT, ItemStatus.PREPARING})


def followed_order(ticket: KitchenTicket, checks: Sequence[UUID]) -> UUID:
    """The check a ticket shows: its own while its food is on it, else the check its food went
    to (a merge, a move, a split), the first of ``checks`` (the checks of its parts still to
    cook, else of its live parts, in line order; none: its own)."""
    if not checks or ticket.order_id in checks:
        return ticket.order_id
    return checks[0]


def board_ticket(
    ticket: KitchenTicket,
    orders: Mapping[UUID, tuple[TicketOrder, datetime | None]],
    parts: Mapping[UUID, Sequence[LivePart]],
    kitchen: Kitchen = NO_STATIONS,
    bumps: Mapping[UUID, datetime] | None = None,
) -> BoardTicket:
    """``ticket`` with its items as they are now (``parts``: each line's parts, on whichever
    checks) and the check its food is on (``orders``: each check with when it was first sent;
    a line rung up after its own check's first send shows as added). With the location's
    ``kitchen``, each item names its stations and the ticket its stations' parts, bumped as
    ``bumps`` (station id: when) says, and its expo."""
    lines = [(line, parts[line.item_id]) for line in ticket.items]
    live = [part for _, found in lines for part in found if part.live.status is not VOIDED]
    # Food on a cancelled check is not cooked for it: the ticket follows its other parts' check
    # (a check split, then cancelled), and shows the cancelled one only when it holds them all.
    served = [part for part in live if orders[part.order_id][0].status is not CANCELLED]
    # What is still to cook decides: a drink made on the old check is not why the cook looks.
    cooking = [part.order_id for part in served if part.live.status in TO_COOK]
    checks = cooking or [part.order_id for part in served] or [part.order_id for part in live]
    order, _ = orders[followed_order(ticket, checks)]
    # Added: rung up after the first send of the check it was sent from (a merge does not make
    # a table's first round an addition to the check that took it; a fired course was there).
    _, first_sent_at = orders[ticket.order_id]
    now_of = {line.item_id: line_as_now(found) for line, found in lines}
    longest = longest_prep(now_of.values())
    items = []
    for line, found in lines:
        now_ = now_of[line.item_id]
        at = start_at(ticket.created_at, now_.prep_seconds, longest)
        routed = kitchen.route(now_.category_id) if kitchen.stations else ()
        closed = tuple((part, orders[part.order_id][0].status is CANCELLED) for part in found)
        added = is_added(now_.rung_up_at, first_sent_at)
        items.append(BoardItem(line, now_, added, at, routed, closed))
    with_part = {station_id for item in items for station_id in item.station_ids}
    station_parts = tuple(
        StationPart(station, (bumps or {}).get(station.id))
        for station in kitchen.stations
        if station.id in with_part
    )
    return BoardTicket(ticket, order, tuple(items), station_parts, kitchen.expo)


def shown_event(shown: BoardTicket, event_type: KitchenEvents) -> Envelope:
    """A ``kitchen_ticket.*`` event whose payload is the ticket as the board shows it, so a
    kitchen screen updates itself from the stream without asking the server again."""
    ticket = shown.ticket
    return Envelope(
        event_type,
        shown,
        location_id=ticket.location_id,
        entity_id=ticket.id,
        order_id=ticket.order_id,
    )


def created_event(shown: BoardTicket) -> Envelope:
    """A new ticket (an order's send), as the board shows it."""
    return shown_event(shown, KitchenEvents.KITCHEN_TICKET_CREATED)


def station_moved_event(shown: BoardTicket, station_id: UUID) -> Envelope:
    """A station's part bumped (``kitchen_ticket.station_bumped``) or recalled
    (``kitchen_ticket.station_recalled``): the whole ticket, with every station's state."""
    part = shown.part(station_id)
    bumped = part is not None and part.bumped_at is not None
    kind = (
        KitchenEvents.KITCHEN_TICKET_STATION_BUMPED
        if bumped
        else KitchenEvents.KITCHEN_TICKET_STATION_RECALLED
    )
    return shown_event(shown, kind)


def moved_event(shown: BoardTicket) -> Envelope:
    """A ticket bumped off the board, or recalled back onto it (no ``bumpedAt``)."""
    bumped = shown.ticket.bumped_at is not None
    kind = KitchenEvents.KITCHEN_TICKET_BUMPED if bumped else KitchenEvents.KITCHEN_TICKET_RECALLED
    return shown_event(shown, kind)


@dataclass(frozen=True, slots=True)
class StationChanged:
    """A station as it is now (as it was, when ``deleted``) and the kitchen displays showing
    its board: the data of ``kitchen_station.changed``."""

    station: Station
    device_ids: tuple[UUID, ...]
    deleted: bool = False


def station_changed_event(changed: StationChanged) -> Envelope:
    """``kitchen_station.changed``: a station made, edited or deleted, or a display given to
    it or taken from it; the location's kitchen screens read their board again."""
    station = changed.station
    return Envelope(
        KitchenEvents.KITCHEN_STATION_CHANGED,
        changed,
        location_id=station.location_id,
        entity_id=station.id,
    )


def ensure_on_the_board(ticket: KitchenTicket) -> None:
    """Only a send's ticket is bumped or recalled: a VOID ticket shows as struck items."""
    if ticket.kind is not TicketKind.ORDER:
        raise InvalidInput("ticketId", "a VOID ticket is never on the board: bump its send")


def ensure_station_at(station: Station, location_id: UUID | None) -> None:
    """A station acts on its own location's tickets and board only."""
    if station.location_id != location_id:
        raise InvalidInput("stationId", f"station {station.id} is at another location")


def ensure_part(shown: BoardTicket, station: Station) -> None:
    """A station bumps or recalls only a ticket it has a part of."""
    if shown.part(station.id) is None:
        raise InvalidInput("stationId", f"the ticket has nothing for station {station.name}")

"""Guests at a table, from their phones (docs/design.md §28): a visit opened by the table's QR
code, bound to the table's check and ended with it.

A visit's id is what a guest's phone holds: random (122 bits, not a time-ordered id), so it is
the visit's only credential. It reaches the one check it is bound to, and nothing once that
check has closed: a link kept after the meal, or a photo of it, orders nothing onto the next
party's check.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from types import MappingProxyType
from uuid import UUID

from brigade.dining.domain.rooms import GuestOrdering, SeatedOrder
from brigade.kit.errors import Conflict, DomainError, NotFound, declare_answers
from brigade.kit.events import Envelope, EventName
from brigade.orders.domain.states import FINAL_ORDER_STATUSES, ItemStatus, OrderStatus

# A visit whose table has had no check for this long is over (docs/decisions.md, guests).
UNBOUND_VISIT = timedelta(minutes=30)


@dataclass(frozen=True, slots=True)
class Visit:
    """A phone at a table: ``order_id`` is the check it orders onto (None until the table has
    one: the next opened there); ``ended_at`` once that check closed."""

    id: UUID
    table_id: UUID
    location_id: UUID
    order_id: UUID | None
    started_at: datetime
    ended_at: datetime | None = None

    @property
    def has_ended(self) -> bool:
        return self.ended_at is not None

    def bound(self, seated: Sequence[SeatedOrder]) -> Visit:
        """Bound to the table's check once it has one: its oldest open check (a split table's
        first), the one the staff opened for the party. Bound already: unchanged."""
        if self.order_id is not None or not seated:
            return self
        return dataclasses.replace(self, order_id=min(seated, key=_opened).id)

    def ended_by(self, check_status: OrderStatus | None, at: datetime) -> Visit:
        """Ended once its check has closed (completed or cancelled), or when its table had no
        check for UNBOUND_VISIT: a link kept from an empty table must not reach the next
        party's check. Refused from then on."""
        if self.has_ended:
            return self
        if self.order_id is None:
            over = at - self.started_at > UNBOUND_VISIT
        else:
            over = check_status in FINAL_ORDER_STATUSES
        return dataclasses.replace(self, ended_at=at) if over else self

    def ensure_live(self, check_status: OrderStatus | None = None) -> None:
        """Refused once ended: a check closed paid in full (COMPLETED) is told as such, so a
        phone that paid thanks its guests rather than asking for a new scan."""
        if not self.has_ended:
            return
        if check_status is OrderStatus.COMPLETED:
            raise VisitEnded(
                "this table's check is paid and closed, thank you: scan the table's code "
                "again to order anew",
                check_paid=True,
            )
        raise VisitEnded("this table's check has closed: scan the table's code again to start anew")


def _opened(order: SeatedOrder) -> tuple[datetime, UUID]:
    return order.created_at, order.id


def new_visit(
    table_id: UUID, location_id: UUID, seated: Sequence[SeatedOrder], at: datetime
) -> Visit:
    # uuid4, not the house's time-ordered ids: a visit's id is its credential.
    return Visit(uuid.uuid4(), table_id, location_id, None, at).bound(seated)


# --- calling the staff ----------------------------------------------------------------------


class GuestEvents(EventName):
    GUEST_CALLED = "guest.called"
    GUEST_ROUND_PLACED = "guest.round_placed"
    GUEST_ROUND_CONFIRMED = "guest.round_confirmed"
    GUEST_ROUND_DECLINED = "guest.round_declined"
    GUEST_ROUND_REFUSED = "guest.round_refused"


class CallKind(StrEnum):
    """SERVER: "call the server"; BILL: "ask for the bill"."""

    SERVER = "SERVER"
    BILL = "BILL"


# A visit calls for the same thing at most this often: the staff were told, and a phone's
# button pressed again and again must not ring the floor again and again.
CALL_AGAIN_AFTER = timedelta(minutes=2)


@dataclass(frozen=True, slots=True)
class GuestCall:
    """Guests at a table called the staff: the terminals hear it (``guest.called``)."""

    id: UUID
    visit_id: UUID
    location_id: UUID
    table_id: UUID
    table_name: str
    order_id: UUID | None
    kind: CallKind
    at: datetime


def new_call(
    visit: Visit, table_name: str, kind: CallKind, last_at: datetime | None, at: datetime
) -> GuestCall:
    """A call of ``kind``, unless this visit made one within CALL_AGAIN_AFTER (``last_at``):
    429 ``called_recently``, in words."""
    visit.ensure_live()
    if last_at is not None and at - last_at < CALL_AGAIN_AFTER:
        seconds = int((CALL_AGAIN_AFTER - (at - last_at)).total_seconds()) + 1
        raise CalledRecently(
            f"the staff were told {int((at - last_at).total_seconds())} s ago and are on their "
            f"way; call again in {seconds} s if nobody comes"
        )
    return GuestCall(
        uuid.uuid4(), visit.id, visit.location_id, visit.table_id, table_name, visit.order_id,
        kind, at,
    )  # fmt: skip


def call_event(call: GuestCall) -> Envelope:
    return Envelope(
        GuestEvents.GUEST_CALLED,
        call,
        location_id=call.location_id,
        entity_id=call.id,
        order_id=call.order_id,
    )


def ensure_open_to_guests(guest_ordering: GuestOrdering) -> None:
    if guest_ordering is GuestOrdering.OFF:
        raise GuestsNotServed("this restaurant does not take orders from guests' phones")


# --- rounds ---------------------------------------------------------------------------------


class RoundStatus(StrEnum):
    """WAITING: on the check, unsent, until a server confirms it; SENT: to the kitchen;
    DECLINED: a server declined it, its items voided; REFUSED: over a visit's limit, nothing
    ordered (kept to tell the staff once)."""

    WAITING = "WAITING"
    SENT = "SENT"
    DECLINED = "DECLINED"
    REFUSED = "REFUSED"


ROUND_TRANSITIONS: Mapping[RoundStatus, frozenset[RoundStatus]] = MappingProxyType(
    {
        RoundStatus.WAITING: frozenset({RoundStatus.SENT, RoundStatus.DECLINED}),
        RoundStatus.SENT: frozenset(),
        RoundStatus.DECLINED: frozenset(),
        RoundStatus.REFUSED: frozenset(),
    }
)

# A round's items a decline may take off the check (VOIDED ones are off it already).
UNSENT = frozenset({ItemStatus.PENDING, ItemStatus.VOIDED})

# A visit's rounds are counted over this long (docs/design.md §28), and the staff are told of
# its first refusal in it only: a phone refused again and again rings the floor once.
ROUND_WINDOW = timedelta(minutes=10)


@dataclass(frozen=True, slots=True)
class RoundLimits:
    """What one visit may order (Settings ``guest_*``): rounds in ROUND_WINDOW, items in one
    round, and what its rounds may come to in all."""

    rounds_per_window: int
    items_per_round: int
    visit_cap_cents: int


@dataclass(frozen=True, slots=True)
class VisitOrdered:
    """What a visit ordered, for its limits: its rounds in the window (refused ones apart),
    what its rounds not declined came to, and when the staff were last told of a refusal."""

    recent_rounds: int
    ordered_cents: int
    last_refused_at: datetime | None


@dataclass(frozen=True, slots=True)
class RoundLine:
    """A line of a round: what the guests asked for and the check's item it became (None: a
    refused round's, never on the check)."""

    name: str
    quantity: int
    total_cents: int
    notes: str | None = None
    item_id: UUID | None = None


@dataclass(frozen=True, slots=True)
class GuestRound:
    """A round the guests at a table ordered from a phone onto the table's check."""

    id: UUID
    visit_id: UUID
    location_id: UUID
    table_id: UUID
    table_name: str
    order_id: UUID | None
    status: RoundStatus
    lines: tuple[RoundLine, ...]
    total_cents: int
    placed_at: datetime
    decided_at: datetime | None = None
    decided_by: str | None = None
    reason: str | None = None

    @property
    def item_ids(self) -> list[UUID]:
        return [line.item_id for line in self.lines if line.item_id is not None]

    def unsent_items(self, statuses: Mapping[UUID, ItemStatus]) -> list[UUID]:
        """Its items still PENDING on its check (``statuses``: the check's items), for a
        decline to void; one sent already (a server sent the check): 409 ``round_sent``, the
        kitchen has it. One voided, or moved to another check, is left alone."""
        if any(statuses.get(item_id, ItemStatus.VOIDED) not in UNSENT for item_id in self.item_ids):
            raise RoundSent(
                "this round went to the kitchen with the check: void its items on the check"
            )
        return [item_id for item_id in self.item_ids if statuses.get(item_id) is ItemStatus.PENDING]

    def decided(
        self, status: RoundStatus, *, by: str, at: datetime, reason: str | None = None
    ) -> GuestRound:
        """Confirmed (SENT) or DECLINED by a member of staff, once: 409 ``round_decided``."""
        if status not in ROUND_TRANSITIONS[self.status]:
            raise RoundDecided(f"this round was {self.status.value.lower()} already")
        return dataclasses.replace(self, status=status, decided_at=at, decided_by=by, reason=reason)


def ensure_takes_rounds(guest_ordering: GuestOrdering) -> None:
    ensure_open_to_guests(guest_ordering)
    if guest_ordering is GuestOrdering.MENU:
        raise RoundsNotTaken("this restaurant shows its menu on phones: order from the staff")


def ensure_takes_payments(guest_ordering: GuestOrdering) -> None:
    ensure_open_to_guests(guest_ordering)
    if guest_ordering is not GuestOrdering.ORDER_AND_PAY:
        raise PaymentsNotTaken("this restaurant takes payments at the table: ask your server")


def ensure_has_check(order_id: UUID | None) -> UUID:
    if order_id is None:
        raise NoCheckYet("the table has no check yet: order first, then pay")
    return order_id


def ensure_on_the_menu(asked: Sequence[UUID], shown: Collection[UUID]) -> None:
    """A round orders from the guests' menu only: a product not shown to guests (hidden, a
    modifier, a staff meal) is, to a phone, no product at all (404)."""
    for product_id in asked:
        if product_id not in shown:
            raise NotFound("product", product_id)


def check_limits(
    limits: RoundLimits, ordered: VisitOrdered, quantity: int, total_cents: int | None
) -> None:
    """Refuse a round over the visit's limits, in words (``total_cents`` None: not priced
    yet, its cap checked once it is)."""
    if ordered.recent_rounds >= limits.rounds_per_window:
        raise TooManyRounds(
            f"this table ordered {ordered.recent_rounds} rounds in the last "
            f"{int(ROUND_WINDOW.total_seconds() // 60)} minutes: ask the staff for more"
        )
    if quantity > limits.items_per_round:
        raise RoundOverLimit(
            f"a round from a phone takes at most {limits.items_per_round} items: "
            "order the rest in another round, or from the staff"
        )
    if total_cents is not None and ordered.ordered_cents + total_cents > limits.visit_cap_cents:
        raise RoundOverLimit(
            "this round would take the table's orders from phones over what they may come to: "
            "order the rest from the staff"
        )


def refused_round(visit: Visit, table_name: str, reason: str, at: datetime) -> GuestRound:
    """A round refused over a limit: nothing on the check, kept to tell the staff why."""
    return GuestRound(
        uuid.uuid4(), visit.id, visit.location_id, visit.table_id, table_name, visit.order_id,
        RoundStatus.REFUSED, (), 0, at, reason=reason,
    )  # fmt: skip


def placed_round(
    visit: Visit, table_name: str, lines: Sequence[RoundLine], *, sent: bool, at: datetime
) -> GuestRound:
    """A round on the visit's check: WAITING for a server, or SENT at once (``sent``)."""
    status = RoundStatus.SENT if sent else RoundStatus.WAITING
    return GuestRound(
        uuid.uuid4(), visit.id, visit.location_id, visit.table_id, table_name, visit.order_id,
        status, tuple(lines), sum(line.total_cents for line in lines), at,
    )  # fmt: skip


def staff_told_lately(ordered: VisitOrdered, at: datetime) -> bool:
    """Whether the staff heard of this visit's refusal within ROUND_WINDOW."""
    return ordered.last_refused_at is not None and at - ordered.last_refused_at < ROUND_WINDOW


ROUND_EVENTS: Mapping[RoundStatus, GuestEvents] = MappingProxyType(
    {
        RoundStatus.WAITING: GuestEvents.GUEST_ROUND_PLACED,
        RoundStatus.REFUSED: GuestEvents.GUEST_ROUND_REFUSED,
        RoundStatus.DECLINED: GuestEvents.GUEST_ROUND_DECLINED,
    }
)


def round_event(guest_round: GuestRound, *, placed: bool) -> Envelope:
    """``guest.round_placed`` for a round placed (sent at once or waiting), else its
    decision's: ``guest.round_confirmed``, ``.declined``, or ``.refused``."""
    if placed and guest_round.status is RoundStatus.SENT:
        event_type = GuestEvents.GUEST_ROUND_PLACED
    elif guest_round.status is RoundStatus.SENT:
        event_type = GuestEvents.GUEST_ROUND_CONFIRMED
    else:
        event_type = ROUND_EVENTS[guest_round.status]
    return Envelope(
        event_type,
        guest_round,
        location_id=guest_round.location_id,
        entity_id=guest_round.id,
        order_id=guest_round.order_id,
    )


# Errors and their answers (docs/design.md §2).


class VisitEnded(DomainError):
    """The visit's check has closed: the visit is over (a new scan starts another);
    ``check_paid``: it closed paid in full."""

    def __init__(self, detail: str, *, check_paid: bool = False) -> None:
        super().__init__(detail)
        self.check_paid = check_paid


class PaymentsNotTaken(Conflict):
    """The location takes no payments from phones (``guestOrdering`` is not ORDER_AND_PAY)."""


class NoCheckYet(Conflict):
    """The visit's table has no check to pay yet."""


class GuestsNotServed(Conflict):
    """The location takes nothing from guests' phones (``guestOrdering`` OFF)."""


class CalledRecently(DomainError):
    """The visit called for the same thing moments ago."""


class RoundsNotTaken(Conflict):
    """The location shows its menu to phones, and takes no orders from them (MENU)."""


class TooManyRounds(DomainError):
    """The visit ordered its rounds for the last ten minutes."""


class RoundOverLimit(DomainError):
    """Too many items in one round, or more than the visit's rounds may come to."""


# A round over one of the visit's limits: refused in words, the staff told.
ROUND_REFUSALS = (TooManyRounds, RoundOverLimit)


class RoundDecided(Conflict):
    """The round was confirmed or declined already."""


class RoundSent(Conflict):
    """The round's items went to the kitchen with the check: too late to decline it."""


ERRORS = declare_answers(
    {
        VisitEnded: (410, "visit_ended"),
        GuestsNotServed: (409, "guest_ordering_off"),
        CalledRecently: (429, "called_recently"),
        RoundsNotTaken: (409, "guest_orders_not_taken"),
        PaymentsNotTaken: (409, "guest_payments_not_taken"),
        NoCheckYet: (409, "no_check"),
        TooManyRounds: (429, "too_many_rounds"),
        RoundOverLimit: (422, "round_over_limit"),
        RoundDecided: (409, "round_decided"),
        RoundSent: (409, "round_sent"),
    }
)

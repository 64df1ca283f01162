"""The till: cash drawers, what goes in and out of them, and the staff's shifts
(docs/design.md §17).

A drawer is opened with a float, at a location and usually on a device; it is OPEN until it is
counted and closed (CLOSED, once). Its expected cash is the float plus every movement: the
cash sales and refunds the orders post to it, and a manager's pay-ins and pay-outs. A no-sale
opens the drawer and moves nothing. Amounts are unsigned cents; the movement's type gives
the sign, and a cash sale's rounding (the cash step's difference) is kept beside its amount.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType
from uuid import UUID

from brigade.access.domain.scopes import Scope
from brigade.kit import money
from brigade.kit.access import Actor, Needs, Permission, Role, declare_permissions
from brigade.kit.errors import Conflict, Forbidden, InvalidInput, NotFound, declare_answers
from brigade.kit.events import Envelope, EventName
from brigade.kit.ids import new_id


# The till (docs/design.md §17).
class TillPermissions(Permission):
    OPEN_DRAWERS = "open a cash drawer (a server where the location lets servers)"
    MANAGE_DRAWERS = "read cash drawers, pay in, pay out, no sale, count and close them"
    CLOCK_IN = "clock in and out"
    READ_SHIFTS = "read the shifts of the staff"
    READ_OWN_DRAWER = "read the open cash drawer of one's terminal (its amounts: a manager's)"


PERMISSIONS = declare_permissions(
    {
        TillPermissions.OPEN_DRAWERS: Needs(Role.SERVER),
        TillPermissions.MANAGE_DRAWERS: Needs(Role.MANAGER),
        TillPermissions.CLOCK_IN: Needs(Role.KITCHEN),
        TillPermissions.READ_SHIFTS: Needs(Role.MANAGER, scopes=frozenset({Scope.REPORTS_READ})),
        TillPermissions.READ_OWN_DRAWER: Needs(Role.SERVER),
    }
)


# What the till announces (docs/design.md §8, §17).
class TillEvents(EventName):
    CASH_DRAWER_OPENED = "cash_drawer.opened"
    CASH_DRAWER_CLOSED = "cash_drawer.closed"
    SHIFT_CLOCKED_IN = "shift.clocked_in"
    SHIFT_CLOCKED_OUT = "shift.clocked_out"


# --- the drawer's state machine -------------------------------------------------------------


class DrawerStatus(StrEnum):
    OPEN = "OPEN"
    CLOSED = "CLOSED"


class DrawerEvent(StrEnum):
    CLOSE = "CLOSE"


DRAWER_TRANSITIONS: Mapping[tuple[DrawerStatus, DrawerEvent], DrawerStatus] = MappingProxyType(
    {(DrawerStatus.OPEN, DrawerEvent.CLOSE): DrawerStatus.CLOSED}
)


def apply_drawer_event(status: DrawerStatus, event: DrawerEvent) -> DrawerStatus:
    """The status after ``event``; a closed drawer takes none (409 ``drawer_closed``)."""
    after = DRAWER_TRANSITIONS.get((status, event))
    if after is None:
        raise DrawerClosed(f"the cash drawer is {status}: it cannot {event.value.lower()}")
    return after


def ensure_open(status: DrawerStatus) -> None:
    if status is not DrawerStatus.OPEN:
        raise DrawerClosed("the cash drawer is closed: nothing more goes in or out of it")


# --- movements ------------------------------------------------------------------------------


class MovementType(StrEnum):
    PAY_IN = "PAY_IN"
    PAY_OUT = "PAY_OUT"
    NO_SALE = "NO_SALE"
    CASH_SALE = "CASH_SALE"
    CASH_REFUND = "CASH_REFUND"


# What each type does to the cash in the drawer: its amount is always 0 or more.
SIGN: Mapping[MovementType, int] = MappingProxyType(
    {
        MovementType.PAY_IN: 1,
        MovementType.PAY_OUT: -1,
        MovementType.NO_SALE: 0,
        MovementType.CASH_SALE: 1,
        MovementType.CASH_REFUND: -1,
    }
)
# What a manager enters by hand; the other two are posted by the orders.
MANUAL = frozenset({MovementType.PAY_IN, MovementType.PAY_OUT, MovementType.NO_SALE})
POSTED = frozenset({MovementType.CASH_SALE, MovementType.CASH_REFUND})


@dataclass(frozen=True, slots=True)
class OrderCash:
    """Cash an order's change took (a cash payment: CASH_SALE, ``rounding_cents`` its cash
    step's rounding) or gave back (a refund of a cash payment: CASH_REFUND), posted to the
    till in the order's transaction (till/listeners.py)."""

    actor: Actor
    location_id: UUID
    order_id: UUID
    kind: MovementType
    amount_cents: int
    rounding_cents: int
    payment_id: UUID
    refund_id: UUID | None = None


@dataclass(frozen=True, slots=True)
class Movement:
    """Cash in or out of a drawer. ``drawer_id`` None: a cash sale or refund that found no
    drawer to post to (unassigned, kept for the location's day)."""

    id: UUID
    drawer_id: UUID | None
    location_id: UUID
    type: MovementType
    amount_cents: int
    # A cash sale that settled its balance to the cash step: what it paid less that balance.
    rounding_cents: int
    reason: str | None
    order_id: UUID | None
    payment_id: UUID | None
    refund_id: UUID | None
    staff_id: UUID | None
    staff_name: str
    created_at: datetime

    @property
    def cash_cents(self) -> int:
        """What it did to the cash in the drawer, signed."""
        return SIGN[self.type] * self.amount_cents + self.rounding_cents


def counts_blind(actor: Actor) -> bool:
    """Who counts a drawer without seeing what it should hold (docs/design.md §17): anyone below
    MANAGER by their own role; an approval lends a manager's role for one change, not their
    view of the cash."""
    return actor.approver is not None or actor.role.rank < Role.MANAGER.rank


def expected_cents(opening_float_cents: int, movements: Iterable[Movement]) -> int:
    """Opening float + cash sales - cash refunds + pay-ins - pay-outs + cash rounding."""
    return opening_float_cents + sum(movement.cash_cents for movement in movements)


def check_movement(kind: MovementType, amount_cents: int, expected: int) -> None:
    """A manager's movement: a pay-in or pay-out of more than 0 (a pay-out never more than the
    cash expected in the drawer), a no-sale of 0. Refused: 422 on ``amount`` or ``type``."""
    if kind not in MANUAL:
        raise InvalidInput("type", f"{kind} is posted by an order, not entered by hand")
    if kind is MovementType.NO_SALE:
        if amount_cents != 0:
            raise InvalidInput("amount", "a NO_SALE moves no cash: its amount is 0")
        return
    if amount_cents <= 0:
        raise InvalidInput("amount", f"a {kind} is more than 0.00")
    if kind is MovementType.PAY_OUT and amount_cents > expected:
        # Naming no amount: a refusal must not tell a blind counter what the drawer holds.
        raise InvalidInput(
            "amount",
            f"a pay-out of {money.from_cents(amount_cents)} is more than the drawer is "
            "expected to hold",
        )


def posting_amounts(amount_cents: int, rounding_cents: int) -> tuple[int, int]:
    """A cash payment's ``amount_cents`` (the cash handed over) and ``rounding_cents`` as a
    movement keeps them: the balance it settled, and the rounding; together, the cash."""
    return amount_cents - rounding_cents, rounding_cents


# --- drawers --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CashDrawer:
    id: UUID
    location_id: UUID
    device_id: UUID | None
    status: DrawerStatus
    opening_float_cents: int
    # Fixed when it closes; while open the expected cash is worked out from its movements.
    expected_cents: int | None
    counted_cents: int | None
    opened_at: datetime
    opened_by_id: UUID | None
    opened_by_name: str
    closed_at: datetime | None
    closed_by_id: UUID | None
    closed_by_name: str | None
    updated_at: datetime

    @property
    def variance_cents(self) -> int | None:
        """Counted - expected: negative when cash is short."""
        if self.counted_cents is None or self.expected_cents is None:
            return None
        return self.counted_cents - self.expected_cents

    def close(
        self, counted_cents: int, expected: int, *, by_id: UUID | None, by_name: str, at: datetime
    ) -> CashDrawer:
        """Counted and closed, once; its expected cash is fixed with the count."""
        status = apply_drawer_event(self.status, DrawerEvent.CLOSE)
        if counted_cents < 0:
            raise InvalidInput("countedAmount", "is 0.00 or more")
        return dataclasses.replace(
            self,
            status=status,
            expected_cents=expected,
            counted_cents=counted_cents,
            closed_at=at,
            closed_by_id=by_id,
            closed_by_name=by_name,
            updated_at=at,
        )


@dataclass(frozen=True, slots=True)
class DrawerSummary:
    """A drawer as the Z lists it (amounts in cents; counted and variance None while open)."""

    id: UUID
    device_id: UUID | None
    opened_at: datetime
    closed_at: datetime | None
    opening_float_cents: int
    expected_cents: int
    counted_cents: int | None
    variance_cents: int | None


def summary(drawer: CashDrawer, movements: Sequence[Movement]) -> DrawerSummary:
    expected = (
        drawer.expected_cents
        if drawer.expected_cents is not None
        else expected_cents(drawer.opening_float_cents, movements)
    )
    return DrawerSummary(
        id=drawer.id,
        device_id=drawer.device_id,
        opened_at=drawer.opened_at,
        closed_at=drawer.closed_at,
        opening_float_cents=drawer.opening_float_cents,
        expected_cents=expected,
        counted_cents=drawer.counted_cents,
        variance_cents=drawer.variance_cents,
    )


def drawer_to_post_to(open_drawers: Sequence[CashDrawer], device_id: UUID | None) -> UUID | None:
    """Where a cash sale or refund goes: the paying device's open drawer, else the location's
    only open drawer, else nowhere (unassigned)."""
    if device_id is not None:
        for drawer in open_drawers:
            if drawer.device_id == device_id:
                return drawer.id
    return open_drawers[0].id if len(open_drawers) == 1 else None


# --- the drawer aggregate -------------------------------------------------------------------


def drawer_device(actor: Actor, device_id: UUID | None) -> UUID | None:
    """The device a drawer opens on: the one named, else the caller's (a terminal's own)."""
    return device_id if device_id is not None else actor.device_id


def minds_servers_open_drawers(actor: Actor) -> bool:
    """Whether the location's ``serversOpenDrawers`` decides if ``actor`` may open a drawer:
    below MANAGER it does; a manager always may."""
    return actor.role.rank < Role.MANAGER.rank


@dataclass(slots=True)
class DrawerChanges:
    """What a drawer's action changed, for the repository to write: the drawer is new or was
    closed, the movements added, the events recorded (docs/design.md §8)."""

    is_new: bool = False
    closed: bool = False
    added_movements: list[Movement] = field(default_factory=list)
    events: list[Envelope] = field(default_factory=list)


class Drawer:
    """A cash drawer with its movements (oldest first), and every rule that changes them.

    A service loads a ``Drawer`` (locked to change it) or hands ``open`` what it loaded, calls
    one method per action and gives it to the repository, which writes what ``changes`` lists.
    Each method checks everything before it changes anything: a refused action leaves the
    drawer as it was. Pure: no database, no clock (each action is given its moment).
    """

    __slots__ = ("_changes", "_movements", "_record")

    def __init__(self, record: CashDrawer, movements: Iterable[Movement] = ()) -> None:
        self._record = record
        self._movements = tuple(movements)
        self._changes = DrawerChanges()

    @classmethod
    def open(
        cls,
        *,
        actor: Actor,
        location_id: UUID,
        device_id: UUID | None,
        opening_float_cents: int,
        servers_open_drawers: bool,
        open_drawers: Iterable[CashDrawer],
        at: datetime,
    ) -> Drawer:
        """A new open drawer at ``location_id`` on ``device_id`` (``drawer_device``): a
        manager's, or a server's where the location lets servers open drawers (403). One open
        drawer per device, one device-less one per location (409 ``drawer_already_open``):
        ``open_drawers`` are the location's and the device's open ones."""
        if minds_servers_open_drawers(actor) and not servers_open_drawers:
            raise Forbidden(
                "Requires the MANAGER role or above: this location does not let servers open "
                "cash drawers (serversOpenDrawers)"
            )
        if any(drawer.device_id == device_id for drawer in open_drawers):
            where = (
                f"device {device_id}"
                if device_id is not None
                else f"location {location_id} (no device)"
            )
            raise DrawerAlreadyOpen(f"{where} already has an open cash drawer: close it first")
        drawer = cls(
            CashDrawer(
                id=new_id(),
                location_id=location_id,
                device_id=device_id,
                status=DrawerStatus.OPEN,
                opening_float_cents=opening_float_cents,
                expected_cents=None,
                counted_cents=None,
                opened_at=at,
                opened_by_id=actor.staff_id,
                opened_by_name=actor.name,
                closed_at=None,
                closed_by_id=None,
                closed_by_name=None,
                updated_at=at,
            )
        )
        drawer._changes.is_new = True
        drawer._changes.events.append(drawer_event(TillEvents.CASH_DRAWER_OPENED, drawer.record))
        return drawer

    @property
    def record(self) -> CashDrawer:
        return self._record

    @property
    def id(self) -> UUID:
        return self._record.id

    @property
    def location_id(self) -> UUID:
        return self._record.location_id

    @property
    def movements(self) -> tuple[Movement, ...]:
        return self._movements

    @property
    def changes(self) -> DrawerChanges:
        return self._changes

    @property
    def expected_cents(self) -> int:
        """The cash it should hold: live while open, as fixed at the count once closed."""
        return summary(self._record, self._movements).expected_cents

    def move(
        self, kind: MovementType, amount_cents: int, reason: str, *, actor: Actor, at: datetime
    ) -> Movement:
        """A manager's pay-in, pay-out or no-sale (``check_movement``), on an open drawer only
        (409 ``drawer_closed``); by a manager's approval, at most the amount it approved."""
        ensure_open(self._record.status)
        actor.ensure_approved_up_to(amount_cents)
        check_movement(kind, amount_cents, self.expected_cents)
        movement = Movement(
            id=new_id(),
            drawer_id=self._record.id,
            location_id=self._record.location_id,
            type=kind,
            amount_cents=amount_cents,
            rounding_cents=0,
            reason=reason,
            order_id=None,
            payment_id=None,
            refund_id=None,
            staff_id=actor.staff_id,
            staff_name=actor.name,
            created_at=at,
        )
        self._movements = (*self._movements, movement)
        self._changes.added_movements.append(movement)
        return movement

    def count_and_close(self, counted_cents: int, *, actor: Actor, at: datetime) -> None:
        """Counted and closed, once (409 ``drawer_closed`` after; a count below 0: 422): the
        expected cash is fixed with the count, and the variance is counted - expected."""
        self._record = self._record.close(
            counted_cents, self.expected_cents, by_id=actor.staff_id, by_name=actor.name, at=at
        )
        self._changes.closed = True
        self._changes.events.append(drawer_event(TillEvents.CASH_DRAWER_CLOSED, self._record))


def posted_cash(cash: OrderCash, open_drawers: Sequence[CashDrawer], *, at: datetime) -> Movement:
    """An order's cash sale or refund as the till keeps it: in the paying device's open drawer,
    else the location's only open one (``open_drawers``: the location's), else in none
    (unassigned). Its amount is the balance it settled, a cash sale's rounding beside it."""
    if cash.kind not in POSTED:
        raise ValueError(f"{cash.kind} is not posted by an order")
    amount, rounding = posting_amounts(cash.amount_cents, cash.rounding_cents)
    return Movement(
        id=new_id(),
        drawer_id=drawer_to_post_to(open_drawers, cash.actor.device_id),
        location_id=cash.location_id,
        type=cash.kind,
        amount_cents=amount,
        rounding_cents=rounding,
        reason=None,
        order_id=cash.order_id,
        payment_id=cash.payment_id,
        refund_id=cash.refund_id,
        staff_id=cash.actor.staff_id,
        staff_name=cash.actor.name,
        created_at=at,
    )


@dataclass(frozen=True, slots=True)
class DrawerFilter:
    location_id: UUID | None = None
    status: DrawerStatus | None = None
    # Drawers open during [start, end): opened before ``end``, closed after ``start`` or open.
    start: datetime | None = None
    end: datetime | None = None


# --- shifts ---------------------------------------------------------------------------------

_SECONDS_AN_HOUR = Decimal(3600)


@dataclass(frozen=True, slots=True)
class Shift:
    id: UUID
    staff_id: UUID
    staff_name: str
    location_id: UUID
    clocked_in_at: datetime
    clocked_out_at: datetime | None

    def hours(self, now: datetime) -> Decimal:
        """Hours worked, to the hundredth: until clocking out, or until ``now`` while open."""
        end = self.clocked_out_at or now
        seconds = Decimal(str(max((end - self.clocked_in_at).total_seconds(), 0)))
        return money.round_half_up(seconds / _SECONDS_AN_HOUR)

    @classmethod
    def clock_in(
        cls, actor: Actor, location_id: UUID, *, open_shift: Shift | None, at: datetime
    ) -> Shift:
        """A new shift of the person clocking (``clocking_staff``); one open shift per person
        (``open_shift``, theirs: 409 ``already_clocked_in``)."""
        staff_id = clocking_staff(actor)
        if open_shift is not None:
            raise AlreadyClockedIn(f"{actor.name} is already clocked in: clock out first")
        return cls(new_id(), staff_id, actor.name, location_id, at, None)

    def clock_out(self, at: datetime) -> Shift:
        return dataclasses.replace(self, clocked_out_at=max(at, self.clocked_in_at))


def clocking_staff(actor: Actor) -> UUID:
    """The person clocking: a PIN session's or a staff token's; a device alone or the
    bootstrap admin is no one (403)."""
    if actor.staff_id is None:
        raise Forbidden("Clocking in and out is a staff member's: sign in with a PIN or a token")
    return actor.staff_id


def ended_shift(actor: Actor, open_shift: Shift | None, at: datetime) -> Shift:
    """``actor``'s open shift, ended at ``at`` (none: 409 ``not_clocked_in``)."""
    if open_shift is None:
        raise NotClockedIn(f"{actor.name} is not clocked in")
    return open_shift.clock_out(at)


@dataclass(frozen=True, slots=True)
class ShiftFilter:
    location_id: UUID | None = None
    staff_id: UUID | None = None
    # Shifts that overlap [start, end): clocked in before ``end``, out after ``start`` or open.
    start: datetime | None = None
    end: datetime | None = None


# --- events ---------------------------------------------------------------------------------


def drawer_event(event_type: TillEvents, drawer: CashDrawer) -> Envelope:
    """``cash_drawer.opened`` or ``.closed``: the drawer without its amounts (the kitchen
    reads the stream too; the cash is a manager's)."""
    return Envelope(event_type, drawer, location_id=drawer.location_id, entity_id=drawer.id)


def shift_event(event_type: TillEvents, shift: Shift) -> Envelope:
    """``shift.clocked_in`` or ``.clocked_out``: the shift."""
    return Envelope(event_type, shift, location_id=shift.location_id, entity_id=shift.id)


# Errors and their answers (docs/design.md §2).


class DrawerAlreadyOpen(Conflict):
    """The device (or, device-less, the location) already has an open cash drawer."""


class DrawerClosed(Conflict):
    """The cash drawer is closed: nothing more goes in or out, it is not closed twice."""


class NoOpenDrawer(NotFound):
    """The caller's device has no open cash drawer."""

    def __init__(self, device_id: object) -> None:
        super().__init__("open cash drawer of device", device_id)


class AlreadyClockedIn(Conflict):
    """The staff member already has an open shift."""


class NotClockedIn(Conflict):
    """The staff member has no open shift to clock out of."""


ERRORS = declare_answers(
    {
        DrawerAlreadyOpen: (409, "drawer_already_open"),
        DrawerClosed: (409, "drawer_closed"),
        NoOpenDrawer: (404, "no_open_drawer"),
        AlreadyClockedIn: (409, "already_clocked_in"),
        NotClockedIn: (409, "not_clocked_in"),
    }
)

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
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from uuid import UUID

from brigade.dining.domain.rooms import GuestOrdering, SeatedOrder
from brigade.kit.errors import Conflict, DomainError, declare_answers
from brigade.kit.events import Envelope, EventName
from brigade.orders.domain.states import FINAL_ORDER_STATUSES, OrderStatus

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

    def ensure_live(self) -> None:
        if self.has_ended:
            raise VisitEnded(
                "this table's check has closed: scan the table's code again to start anew"
            )


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


# Errors and their answers (docs/design.md §2).


class VisitEnded(DomainError):
    """The visit's check has closed: the visit is over (a new scan starts another)."""


class GuestsNotServed(Conflict):
    """The location takes nothing from guests' phones (``guestOrdering`` OFF)."""


class CalledRecently(DomainError):
    """The visit called for the same thing moments ago."""


ERRORS = declare_answers(
    {
        VisitEnded: (410, "visit_ended"),
        GuestsNotServed: (409, "guest_ordering_off"),
        CalledRecently: (429, "called_recently"),
    }
)

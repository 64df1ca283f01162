"""A server's checkout (docs/design.md §17): what they sold, their tips, the cash they hold and
their open checks on one business day, with their shifts; the rule of who may read it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from uuid import UUID
from zoneinfo import ZoneInfo

from brigade.kit.access import Actor, Role
from brigade.kit.clock import start_of_business_day
from brigade.kit.errors import Forbidden
from brigade.orders.domain.checkout import ServerDay
from brigade.till.domain import Shift


def business_day_window(day: date, timezone: str) -> tuple[datetime, datetime]:
    """[start, end) of business day ``day`` in ``timezone``, in UTC: from its start to the
    next day's (a day of 23 or 25 hours across a DST change is still one day)."""
    zone = ZoneInfo(timezone)
    start = start_of_business_day(datetime.combine(day, time(12), tzinfo=zone), timezone)
    after = day + timedelta(days=1)
    end = start_of_business_day(datetime.combine(after, time(12), tzinfo=zone), timezone)
    return start, end


def ensure_may_read_checkout(actor: Actor, staff_id: UUID) -> None:
    """One's own checkout is a server's; anyone's is a manager's."""
    if actor.staff_id != staff_id and actor.role.rank < Role.MANAGER.rank:
        raise Forbidden(
            "Requires the MANAGER role or above to read another's checkout; a SERVER reads "
            f"their own; this is {actor.role}"
        )


@dataclass(frozen=True, slots=True)
class Checkout:
    staff_id: UUID
    location_id: UUID
    day: date
    start: datetime
    end: datetime
    currency: str
    figures: ServerDay
    shifts: tuple[Shift, ...]

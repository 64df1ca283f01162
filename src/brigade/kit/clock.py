"""Time: now, and timestamps that always move forward."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, date, datetime, timedelta

# A location without a profile keeps its time in UTC.
DEFAULT_TIMEZONE = "UTC"


def strictly_after(previous: datetime, now: datetime) -> datetime:
    """``now``, unless the clock has not moved past ``previous``: then the next microsecond.

    ``updatedAt`` must change on every change, even two within one clock tick.
    """
    return now if now > previous else previous + timedelta(microseconds=1)


def now() -> datetime:
    return datetime.now(UTC)


def later_than(previous: datetime) -> datetime:
    """Now, but strictly after ``previous``: updatedAt must move on every change."""
    return strictly_after(previous, now())


def business_day(moment: datetime, timezone: str = DEFAULT_TIMEZONE) -> date:
    """The calendar day ``moment`` falls on in ``timezone`` (a location's): a business day ends
    at local midnight."""
    return moment.astimezone(zoneinfo.ZoneInfo(timezone)).date()


def start_of_business_day(moment: datetime, timezone: str = DEFAULT_TIMEZONE) -> datetime:
    """The instant (UTC) the business day of ``moment`` began: the last local midnight."""
    zone = zoneinfo.ZoneInfo(timezone)
    midnight = datetime.combine(business_day(moment, timezone), datetime.min.time(), tzinfo=zone)
    return midnight.astimezone(UTC)

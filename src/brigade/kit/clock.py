"""Time: now, and timestamps that always move forward."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


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

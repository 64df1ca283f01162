"""Time for services: timestamps that always move forward."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def now() -> datetime:
    return datetime.now(UTC)


def later_than(previous: datetime) -> datetime:
    """Now, but strictly after ``previous``: updatedAt must move on every change."""
    current = now()
    return current if current > previous else previous + timedelta(microseconds=1)

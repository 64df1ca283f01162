"""Time for services: timestamps that always move forward."""

from __future__ import annotations

from datetime import UTC, datetime

from brigade.domain.clock import strictly_after


def now() -> datetime:
    return datetime.now(UTC)


def later_than(previous: datetime) -> datetime:
    """Now, but strictly after ``previous``: updatedAt must move on every change."""
    return strictly_after(previous, now())

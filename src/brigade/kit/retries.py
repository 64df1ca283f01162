"""Retrying a background delivery: exponential backoff, capped, given up on after a while.

Shared by the webhook deliveries and the print outbox: the first retry after ``first``,
then twice as long each time up to ``longest`` apart, until ``give_up_after`` has passed
since the first failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True, slots=True)
class Retry:
    at: datetime
    attempts: int
    retrying_since: datetime


@dataclass(frozen=True, slots=True)
class GiveUp:
    """Failed for too long: marked failed, the next one goes."""


@dataclass(frozen=True, slots=True)
class Backoff:
    first: timedelta
    longest: timedelta
    give_up_after: timedelta

    def after_failure(
        self, attempts: int, retrying_since: datetime | None, now: datetime
    ) -> Retry | GiveUp:
        """What follows a failed attempt, given the failures before it (``attempts``) and
        when the first of them was (None: this is the first)."""
        since = retrying_since or now
        if now - since >= self.give_up_after:
            return GiveUp()
        failures = attempts + 1
        delay = min(self.first * 2 ** min(failures - 1, 32), self.longest)
        return Retry(at=now + delay, attempts=failures, retrying_since=since)


@dataclass(frozen=True, slots=True)
class Backlog:
    """What a background delivery has still to do: how many, and since when the oldest of
    them waits (None when nothing does)."""

    count: int
    oldest_at: datetime | None

    def oldest_seconds(self, at: datetime) -> float:
        return 0.0 if self.oldest_at is None else max(0.0, (at - self.oldest_at).total_seconds())

"""The one rule about time the domain needs: a change's timestamp always moves forward."""

from __future__ import annotations

from datetime import datetime, timedelta


def strictly_after(previous: datetime, now: datetime) -> datetime:
    """``now``, unless the clock has not moved past ``previous``: then the next microsecond.

    ``updatedAt`` must change on every change, even two within one clock tick.
    """
    return now if now > previous else previous + timedelta(microseconds=1)

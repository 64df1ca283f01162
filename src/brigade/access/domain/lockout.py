"""Wrong secrets counted, and the lock-out they lead to (docs/design.md §7, §10): one record
for a person's PINs and for a sign-in name's passwords, each under its own policy."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True, slots=True)
class LockOutPolicy:
    """The ``limit``-th wrong secret within ``window`` of the first locks for ``lock``."""

    limit: int
    window: timedelta
    lock: timedelta


# 5 wrong PINs for one staff member from one client address within 5 minutes lock their PIN
# sign-in from that address for 5 minutes (docs/security.md).
PIN_LOCK_OUT = LockOutPolicy(limit=5, window=timedelta(minutes=5), lock=timedelta(minutes=5))
# 10 wrong passwords for one sign-in name within 15 minutes lock it for 15 minutes.
PASSWORD_LOCK_OUT = LockOutPolicy(
    limit=10, window=timedelta(minutes=15), lock=timedelta(minutes=15)
)


@dataclass(frozen=True, slots=True)
class FailedAttempts:
    """Wrong secrets counted for one holder, and their lock, if any."""

    failures: int = 0
    first_failure_at: datetime | None = None
    locked_until: datetime | None = None

    def seconds_locked(self, at: datetime) -> int | None:
        """How long sign-in stays locked (whole seconds, rounded up), or None."""
        if self.locked_until is None or self.locked_until <= at:
            return None
        return math.ceil((self.locked_until - at).total_seconds())

    def after_failure(self, at: datetime, policy: LockOutPolicy) -> FailedAttempts:
        """One more wrong secret at ``at``; the policy's limit within its window locks."""
        first = self.first_failure_at
        if first is None or at - first >= policy.window:
            return FailedAttempts(1, at, None)
        failures = self.failures + 1
        locked_until = at + policy.lock if failures >= policy.limit else None
        return FailedAttempts(failures, first, locked_until)

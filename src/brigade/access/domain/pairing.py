"""Pairing a device by a short code (docs/design.md §23).

A fresh device asks for a code and a claim: the six-digit code is shown on its screen for a
manager to type in the back office; the claim is a long secret only the device keeps, and the
device token it will receive is derived from it. The server stores the claim's digest and the
future token's digest and hint, never either secret, so nothing in the database pairs a device.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from uuid import UUID

from brigade.access.domain.terminals import DEVICE_TOKEN_PREFIX, DeviceKind

CODE_DIGITS = 6
# Long enough to walk from the tablet to the back office, short enough that a code read over a
# shoulder is soon worthless.
CODE_LIFETIME = timedelta(minutes=10)
# An approved code's device polls every 2 s; this leaves room for a tablet that lost the network
# for a moment right at the end of the code's life.
CLAIM_AFTER_APPROVAL = timedelta(minutes=2)
# Expired codes are kept this long, so a late claim hears "expired" rather than "unknown".
KEPT_AFTER_EXPIRY = timedelta(days=1)
CLAIM_PREFIX = "brp_"
_CLAIM_BYTES = 32
# What a person may type between the digits: "482913", "482 913", "482-913".
_SEPARATORS = re.compile(r"[\s\-.]")
_CODE = re.compile(rf"^[0-9]{{{CODE_DIGITS}}}$")


def new_code() -> str:
    """Six random digits (leading zeros kept)."""
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def normalised_code(typed: str) -> str | None:
    """The six digits a person typed, without the spaces or dashes they put between them;
    None if it is not six digits."""
    digits = _SEPARATORS.sub("", typed)
    return digits if _CODE.match(digits) else None


def new_claim() -> str:
    return CLAIM_PREFIX + secrets.token_urlsafe(_CLAIM_BYTES)


def device_token_for(claim: str) -> str:
    """The device token a claim pairs into: derived, so it need not be kept until the claim."""
    derived = hmac.new(claim.encode(), b"brigade device token", hashlib.sha256).digest()
    return DEVICE_TOKEN_PREFIX + base64.urlsafe_b64encode(derived).decode().rstrip("=")


class ClaimState(StrEnum):
    PENDING = "PENDING"
    PAIRED = "PAIRED"
    USED = "USED"
    EXPIRED = "EXPIRED"


@dataclass(frozen=True, slots=True)
class PairingCode:
    """A code as stored: the claim's digest and the future device token's digest and hint."""

    id: UUID
    # None once it ran out and its digits were drawn again for another device.
    code: str | None
    kind: DeviceKind
    claim_digest: str
    token_digest: str
    hint: str
    client_address: str
    created_at: datetime
    expires_at: datetime
    device_id: UUID | None
    approved_at: datetime | None
    claimed_at: datetime | None

    def is_live(self, at: datetime) -> bool:
        """A manager may still approve it (or is told it was approved already)."""
        return at < self.expires_at

    def claim_deadline(self) -> datetime:
        if self.approved_at is None:
            return self.expires_at
        return max(self.expires_at, self.approved_at + CLAIM_AFTER_APPROVAL)

    def claim_state(self, at: datetime) -> ClaimState:
        """What the device's claim answers at ``at``: the token once, after approval."""
        if self.claimed_at is not None:
            return ClaimState.USED
        if at >= self.claim_deadline():
            return ClaimState.EXPIRED
        return ClaimState.PENDING if self.approved_at is None else ClaimState.PAIRED

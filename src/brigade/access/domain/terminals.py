"""Paired devices, staff PINs, PIN sessions, a manager's on-the-spot approval (design.md §10).

A terminal is paired once with a device token; each person then signs in on it with a short
PIN and gets a session token that acts as them. Device, session and approval tokens are
random like staff tokens (only their SHA-256 is stored); a PIN is short, so it is stored
with a slow salted hash (scrypt) and guessing is stopped by a lock-out.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import itertools
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from uuid import UUID

from brigade.access.domain.errors import TrivialPin
from brigade.kit.access import Actor, Principal, Role
from brigade.kit.errors import InvalidInput
from brigade.kit.events import Envelope, EventName


# What access announces (docs/design.md §8).
class AccessEvents(EventName):
    # A device or client address reached its limit of wrong PINs (docs/security.md).
    SECURITY_PIN_FAILURES = "security.pin_failures"


# Distinct prefixes: authentication tells a credential's kind from its first characters.
DEVICE_TOKEN_PREFIX = "brd_"  # noqa: S105 (public markers, not secrets)
SESSION_TOKEN_PREFIX = "brs_"  # noqa: S105
APPROVAL_TOKEN_PREFIX = "bra_"  # noqa: S105

# An approval is for the request the server is about to send, not for later.
APPROVAL_LIFETIME = timedelta(seconds=60)
# Only a manager (or above) can approve what needs a manager.
APPROVER_ROLE = Role.MANAGER

PIN_PATTERN = r"^[0-9]{4,8}$"
_PIN = re.compile(PIN_PATTERN)
# scrypt's cost: about 0.1 s and 16 MiB per check; stored with each hash so it can grow.
_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2**14, 8, 1
_SALT_BYTES = 16
_KEY_BYTES = 32


class DeviceKind(StrEnum):
    TERMINAL = "TERMINAL"
    KITCHEN_DISPLAY = "KITCHEN_DISPLAY"
    # The order-ready board for guests (docs/design.md §20).
    BOARD = "BOARD"


@dataclass(frozen=True, slots=True)
class Device:
    """A paired device as stored: its token's digest and hint, never the token."""

    id: UUID
    name: str
    kind: DeviceKind
    location_id: UUID
    token_digest: str
    hint: str
    created_at: datetime
    revoked_at: datetime | None


_PRINCIPALS = {DeviceKind.TERMINAL: Principal.TERMINAL, DeviceKind.BOARD: Principal.BOARD}


def device_actor(device: Device) -> Actor:
    """What a device token acts as: a kitchen display is the KITCHEN role; a terminal alone
    only signs people in, a board only reads the guests' board (their role is never consulted,
    the permissions that name their kind decide: kit/access.py Needs.devices)."""
    principal = _PRINCIPALS.get(device.kind, Principal.ROLE)
    return Actor(
        name=device.name,
        role=Role.KITCHEN,
        principal=principal,
        device_id=device.id,
        location_id=device.location_id,
    )


@dataclass(frozen=True, slots=True)
class StaffSession:
    id: UUID
    staff_id: UUID
    device_id: UUID
    token_digest: str
    created_at: datetime
    expires_at: datetime
    ended_at: datetime | None


@dataclass(frozen=True, slots=True)
class Approval:
    """A manager's one-shot approval of one action on one resource (``approval_resource``),
    for the credential that asked for it."""

    id: UUID
    token_digest: str
    approver_id: UUID
    requested_by: str
    action: str
    resource: str
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None
    # The most the approved change may come to (approvals.py APPROVED_UP_TO); None: the
    # action moves no money.
    amount_cents: int | None = None


# --- PINs -----------------------------------------------------------------------------------


def check_pin(pin: str) -> str:
    if not _PIN.match(pin):
        raise InvalidInput("pin", "must be 4 to 8 digits")
    if is_trivial_pin(pin):
        raise TrivialPin(
            "pin", "is one anyone would try first (a repeated digit, a run, a pattern or a year)"
        )
    return pin


# A keypad's middle column, the PIN people make of a PIN pad.
_KEYPAD_PATTERNS = frozenset({"2580", "0852", "147258369", "1470", "0741"})


def is_trivial_pin(pin: str) -> bool:
    """A PIN a guesser tries first: one digit repeated, a run with a constant step of at most
    2 either way (1234, 4321, 2468, 97531), a repeated half or pair (1212, 123123), a keypad
    column, or four digits that read as a year from 1900 to 2099."""
    steps = {int(b) - int(a) for a, b in itertools.pairwise(pin)}
    if len(steps) == 1 and abs(steps.pop()) <= 2:
        return True
    half = len(pin) // 2
    if len(pin) % 2 == 0 and pin[:half] == pin[half:]:
        return True
    if len(pin) % 2 == 0 and len(set(pin[0::2])) == 1 and len(set(pin[1::2])) == 1:
        return True
    if len(pin) == 4 and 1900 <= int(pin) <= 2099:
        return True
    return pin in _KEYPAD_PATTERNS


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, dklen=_KEY_BYTES)


def hash_pin(pin: str) -> str:
    """``scrypt$n$r$p$salt$key``: the parameters travel with the hash."""
    salt = secrets.token_bytes(_SALT_BYTES)
    key = _scrypt(pin, salt, _SCRYPT_N, _SCRYPT_R, _SCRYPT_P)
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${_b64(salt)}${_b64(key)}"


def pin_matches(pin: str, stored: str) -> bool:
    _scheme, n, r, p, salt, key = stored.split("$")
    computed = _scrypt(pin, base64.b64decode(salt), int(n), int(r), int(p))
    return hmac.compare_digest(computed, base64.b64decode(key))


@dataclass(frozen=True, slots=True)
class PinHolder:
    """A staff member as PIN sign-in sees them, with their PIN's hash."""

    staff_id: UUID
    name: str
    role: Role
    is_active: bool
    pin_hash: str


@dataclass(frozen=True, slots=True)
class PinSources:
    """Where a PIN is typed: the client address (the person's lock-out is counted per address)
    and the device, if any; wrong PINs are limited per each, whoever they were typed for."""

    address: str
    device_id: UUID | None

    @property
    def lock_source(self) -> str:
        return f"address:{self.address}"[:80]

    def limited(self, per_device: int, per_address: int) -> list[tuple[str, int]]:
        """Each source with its limit of wrong PINs per window."""
        found = [(self.lock_source, per_address)]
        if self.device_id is not None:
            found.insert(0, (f"device:{self.device_id}", per_device))
        return found


@dataclass(frozen=True, slots=True)
class PinFailureAlert:
    """``security.pin_failures``: a device or an address reached its limit of wrong PINs in a
    window; PIN sign-in and approvals from it are refused until ``until``."""

    source: str
    failures: int
    window_start: datetime
    until: datetime


def limit_reached(
    alert: PinFailureAlert, limit: int, *, location_id: UUID | None, device_id: UUID | None
) -> list[Envelope]:
    """``security.pin_failures`` once per source and window: for the wrong PIN that brings
    ``alert.failures`` to the source's ``limit``, none before or after it."""
    if alert.failures != limit:
        return []
    return [
        Envelope(
            AccessEvents.SECURITY_PIN_FAILURES, alert, location_id=location_id, entity_id=device_id
        )
    ]


def window_start(at: datetime, window: timedelta) -> datetime:
    """The start of the fixed window of length ``window`` that ``at`` falls in (since the epoch)."""
    epoch = datetime(1970, 1, 1, tzinfo=at.tzinfo)
    return at - (at - epoch) % window


@dataclass(frozen=True, slots=True)
class DirectoryEntry:
    id: UUID
    name: str
    role: Role

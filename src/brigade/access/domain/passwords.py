"""The back office's sign-in: sign-in names, passwords, the lock-out and web sessions
(docs/design.md §7, "Signing in to the back office").

A password is hashed as a PIN is (terminals.py: scrypt, salted, its cost stored with it). A
web session is a random token, stored as its SHA-256 like every other token; it ends after
``idle`` without a request and at most ``MAX_WEB_SESSION`` after sign-in.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from uuid import UUID

from brigade.access.domain.errors import WeakPassword
from brigade.access.domain.permissions import AccessPermissions
from brigade.access.domain.terminals import hash_pin, pin_matches
from brigade.kit.access import Actor, Principal, Role, allows
from brigade.kit.errors import Forbidden, InvalidInput

WEB_SESSION_PREFIX = "brw_"
SETUP_TOKEN_PREFIX = "bsu_"  # noqa: S105

MIN_PASSWORD_LENGTH = 10
MAX_PASSWORD_LENGTH = 200
MIN_LOGIN_LENGTH = 3
MAX_LOGIN_LENGTH = 60
# An email, or a short name: ASCII letters, digits and . _ - + @ (no spaces, nothing invisible;
# casefolding keeps its length).
LOGIN_PATTERN = r"^[A-Za-z0-9_.+@-]{3,60}$"
_LOGIN = re.compile(LOGIN_PATTERN)

# However active, a back-office session ends a week after sign-in.
MAX_WEB_SESSION = timedelta(days=7)
# One opened with a PIN on a shared terminal ends sooner when left alone.
ON_A_TERMINAL_IDLE = timedelta(minutes=15)
# Its last-seen time is refreshed at most this often, so reads stay reads.
LAST_SEEN_PRECISION = timedelta(minutes=1)

# Only these open a back-office session: the others work on a terminal, with their PIN.
BACK_OFFICE_ROLE = Role.MANAGER


def login_key(login: str) -> str:
    """A sign-in name as stored and compared: case does not matter."""
    return login.strip().casefold()


def check_login(login: str) -> str:
    key = login_key(login)
    if not MIN_LOGIN_LENGTH <= len(key) <= MAX_LOGIN_LENGTH:
        raise InvalidInput("login", f"must be {MIN_LOGIN_LENGTH} to {MAX_LOGIN_LENGTH} characters")
    if not _LOGIN.match(key):
        raise InvalidInput("login", "may hold ASCII letters, digits and . _ - + @ only")
    return key


def check_password(password: str) -> str:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise InvalidInput("password", f"must be at least {MIN_PASSWORD_LENGTH} characters")
    if len(password) > MAX_PASSWORD_LENGTH:
        raise InvalidInput("password", f"must be at most {MAX_PASSWORD_LENGTH} characters")
    if len(set(password)) < 3:
        raise WeakPassword("password", "is one character or two repeated")
    return password


def hash_password(password: str) -> str:
    """The same slow salted hash as a PIN's."""
    return hash_pin(password)


def password_matches(password: str, stored: str) -> bool:
    return pin_matches(password, stored)


@functools.cache
def unknown_login_hash() -> str:
    """Compared against when a sign-in name is unknown, so an answer takes as long either way;
    made on the first such sign-in, not at import (a scrypt each process would pay to start)."""
    return hash_password("an unknown sign-in name")


def can_open_back_office(role: Role) -> bool:
    return role.rank >= BACK_OFFICE_ROLE.rank


@dataclass(frozen=True, slots=True)
class PasswordHolder:
    """A staff member as password sign-in sees them."""

    staff_id: UUID
    name: str
    role: Role
    is_active: bool
    password_hash: str


@dataclass(frozen=True, slots=True)
class WebSession:
    """A back-office session as stored: its token's digest, never the token; ``device_id``:
    the paired terminal it was opened on with a PIN, if it was."""

    id: UUID
    staff_id: UUID
    token_digest: str
    created_at: datetime
    last_seen_at: datetime
    ended_at: datetime | None
    device_id: UUID | None = None

    def expires_at(self, idle: timedelta) -> datetime:
        """When it stops by itself: ``idle`` after its last request (at most 15 minutes on a
        terminal), a week after sign-in."""
        if self.device_id is not None:
            idle = min(idle, ON_A_TERMINAL_IDLE)
        return min(self.last_seen_at + idle, self.created_at + MAX_WEB_SESSION)

    def is_live(self, at: datetime, idle: timedelta) -> bool:
        return self.ended_at is None and at < self.expires_at(idle)

    def due_touch(self, at: datetime) -> bool:
        return at - self.last_seen_at >= LAST_SEEN_PRECISION


def ensure_may_set_password(actor: Actor, staff_id: UUID, role: Role) -> None:
    """Anyone sets their own; a manager sets those of staff below ADMIN; an admin anyone's
    (docs/security.md). A device alone sets none."""
    if actor.principal is Principal.ROLE:
        if actor.staff_id == staff_id or allows(actor.role, AccessPermissions.MANAGE_STAFF):
            return
        if actor.role.rank >= BACK_OFFICE_ROLE.rank and role is not Role.ADMIN:
            return
    raise Forbidden(
        "A manager sets the passwords of staff below ADMIN, an admin anyone's, anyone their "
        f"own; this is {actor.role}."
    )

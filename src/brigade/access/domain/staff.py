"""Staff and their tokens: the records, the commands that create and change them, and the
tokens' making (roles, permissions and the actor are the kit's: kit/access.py)."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, replace
from datetime import datetime
from uuid import UUID

from brigade.access.domain.permissions import AccessPermissions
from brigade.access.domain.scopes import Scope
from brigade.kit.access import Permission, Role
from brigade.kit.changes import UNSET, Change, changed
from brigade.kit.languages import Language


def permission_to_choose_language(actor_staff_id: UUID | None, staff_id: UUID) -> Permission:
    """Anyone chooses their own screens' language; choosing someone else's is staff
    management, as their PIN is."""
    return (
        AccessPermissions.CHOOSE_OWN_LANGUAGE
        if actor_staff_id == staff_id
        else AccessPermissions.MANAGE_STAFF
    )


def permission_to_set_pin(actor_staff_id: UUID | None, staff_id: UUID) -> Permission:
    """Anyone sets their own PIN; setting someone else's is staff management."""
    return (
        AccessPermissions.SET_OWN_PIN
        if actor_staff_id == staff_id
        else AccessPermissions.MANAGE_STAFF
    )


TOKEN_PREFIX = "brg_"  # noqa: S105 (a public marker, not a secret)
TOKEN_BYTES = 32


def new_token(prefix: str = TOKEN_PREFIX) -> str:
    """A bearer token: 32 random bytes, URL-safe, with a prefix that secret scanners can match."""
    return prefix + secrets.token_urlsafe(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """What is stored instead of the token. The token has 256 bits of entropy, so an
    unsalted SHA-256 is enough: nothing to brute-force, and lookup stays one indexed read."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_hint(token: str) -> str:
    """The few characters shown in lists so a person can tell their tokens apart."""
    return token[: len(TOKEN_PREFIX) + 6]


@dataclass(frozen=True, slots=True)
class StaffMember:
    id: UUID
    name: str
    role: Role
    is_active: bool
    created_at: datetime
    updated_at: datetime
    # The back office's sign-in name and whether a password is set (docs/design.md §7).
    login: str | None = None
    has_password: bool = False
    # Their own screens' language; None: their location's (docs/design.md §26).
    language: Language | None = None


@dataclass(frozen=True, slots=True)
class CreateStaff:
    name: str
    role: Role


@dataclass(frozen=True, slots=True)
class StaffChanges:
    """The fields to change; ``UNSET`` ones keep their value."""

    name: Change[str] = UNSET
    role: Change[Role] = UNSET
    is_active: Change[bool] = UNSET
    language: Change[Language | None] = UNSET

    def applied_to(self, member: StaffMember) -> StaffMember:
        """The staff member with these changes; ``updated_at`` is the caller's to move."""
        return replace(
            member,
            name=changed(self.name, member.name),
            role=changed(self.role, member.role),
            is_active=changed(self.is_active, member.is_active),
            language=changed(self.language, member.language),
        )


@dataclass(frozen=True, slots=True)
class ApiToken:
    """A token as stored: its digest and hint, never the token."""

    id: UUID
    staff_id: UUID
    name: str
    token_digest: str
    hint: str
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None
    # Sorted; None: everything its role allows (access/domain/scopes.py Scope).
    scopes: tuple[Scope, ...] | None = None
    # The one location it acts at; None: every location.
    location_id: UUID | None = None


@dataclass(frozen=True, slots=True)
class CreateToken:
    staff_id: UUID
    name: str
    scopes: frozenset[Scope] | None = None
    location_id: UUID | None = None

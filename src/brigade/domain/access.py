"""Who may do what: roles, the permissions each one grants, the acting staff member, tokens,
and the staff and token records with the commands that create and change them.

Roles are ranked; each has everything of the one before (docs/design.md §7). The permission
table below is the whole policy: routes and services only look it up.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType
from uuid import UUID

from brigade.domain.changes import UNSET, Change, changed
from brigade.domain.errors import Conflict, Forbidden, TipNeedsApproval
from brigade.domain.orders import ItemStatus, is_sent


class Role(StrEnum):
    KITCHEN = "KITCHEN"
    SERVER = "SERVER"
    MANAGER = "MANAGER"
    ADMIN = "ADMIN"

    @property
    def rank(self) -> int:
        return _RANKS[self]


_RANKS = {role: rank for rank, role in enumerate(Role)}


class Permission(StrEnum):
    READ = "read"
    SEE_PAYMENT_DETAILS = "see a payment's card, brand and who took it"
    SET_ITEM_STATUS = "set item status"
    MARK_86 = "86 and un-86 products"
    TAKE_ORDERS = "create and change orders, send, take payments, complete"
    VOID_SENT_ITEMS = "void items already sent to the kitchen"
    DISCOUNT = "apply discounts"
    APPROVE_LARGE_TIPS = "take a tip above the approval ratio of its payment"
    CANCEL_SENT_OR_PAID = "cancel an order that was sent or paid"
    EDIT_CATALOGUE = "change products and categories"
    READ_AUDIT = "read the audit log"
    MANAGE_STAFF = "manage staff and tokens"
    MANAGE_WEBHOOKS = "manage webhooks"


REQUIRED_ROLE: Mapping[Permission, Role] = MappingProxyType(
    {
        Permission.READ: Role.KITCHEN,
        # The kitchen has no use for card details (DESIGN §7): it reads payments without them.
        Permission.SEE_PAYMENT_DETAILS: Role.SERVER,
        Permission.SET_ITEM_STATUS: Role.KITCHEN,
        Permission.MARK_86: Role.KITCHEN,
        Permission.TAKE_ORDERS: Role.SERVER,
        Permission.VOID_SENT_ITEMS: Role.MANAGER,
        Permission.DISCOUNT: Role.MANAGER,
        Permission.APPROVE_LARGE_TIPS: Role.MANAGER,
        Permission.CANCEL_SENT_OR_PAID: Role.MANAGER,
        Permission.EDIT_CATALOGUE: Role.MANAGER,
        Permission.READ_AUDIT: Role.MANAGER,
        Permission.MANAGE_STAFF: Role.ADMIN,
        Permission.MANAGE_WEBHOOKS: Role.ADMIN,
    }
)


def allows(role: Role, permission: Permission) -> bool:
    return role.rank >= REQUIRED_ROLE[permission].rank


# Permissions that depend on what the order has been through.


def permission_to_void(status: ItemStatus) -> Permission:
    """A server voids what the kitchen has not seen; once sent, it takes a manager."""
    return Permission.VOID_SENT_ITEMS if is_sent(status) else Permission.TAKE_ORDERS


def permission_to_cancel(*, anything_sent: bool, refund_cents: int) -> Permission:
    """A server may cancel an order nothing of which was sent or paid; past that, a manager."""
    if anything_sent or refund_cents:
        return Permission.CANCEL_SENT_OR_PAID
    return Permission.TAKE_ORDERS


def permission_to_change_item(fields: Iterable[str]) -> Permission:
    """The kitchen moves an item's status; changing its quantity or notes is a server's."""
    if set(fields) <= {"status"}:
        return Permission.SET_ITEM_STATUS
    return Permission.TAKE_ORDERS


def tip_needs_approval(amount_cents: int, tip_cents: int, ratio: Decimal) -> bool:
    """A tip above ``ratio`` x its payment's amount (BRIGADE_TIP_APPROVAL_RATIO) is unusual
    enough, and refunded with the payment on a cancel, that a manager must approve it."""
    return tip_cents > ratio * amount_cents


def check_tip_approval(amount_cents: int, tip_cents: int, ratio: Decimal, actor: Actor) -> bool:
    """Refuse a tip that needs approval from a role that cannot give it (403
    ``tip_needs_approval``). Answers whether it needed approval: those are audited."""
    if not tip_needs_approval(amount_cents, tip_cents, ratio):
        return False
    if not allows(actor.role, Permission.APPROVE_LARGE_TIPS):
        raise TipNeedsApproval(
            f"a tip above {ratio} x the payment's amount needs the "
            f"{REQUIRED_ROLE[Permission.APPROVE_LARGE_TIPS]} role; this token is {actor.role}"
        )
    return True


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is making the request: a staff member through one of their tokens.

    ``staff_id`` is None for the bootstrap admin token and when authentication is off.
    """

    name: str
    role: Role
    staff_id: UUID | None = None
    token_id: UUID | None = None

    def ensure(self, permission: Permission) -> None:
        if not allows(self.role, permission):
            needed = REQUIRED_ROLE[permission]
            raise Forbidden(
                f"{permission.value} needs the {needed} role; this token is {self.role}"
            )

    def ensure_keeps_own_access(self, staff_id: UUID, *, role: Role, is_active: bool) -> None:
        """An admin may not deactivate themself or drop their own ADMIN role: an installation
        must not lock itself out through the API."""
        if self.staff_id == staff_id and (not is_active or role is not Role.ADMIN):
            raise Conflict("You cannot deactivate yourself or take away your own ADMIN role.")

    @property
    def caller_key(self) -> str:
        """Whose idempotency keys these are: the token, or the role for a token-less actor."""
        return str(self.token_id) if self.token_id else f"{self.role}:{self.name}"[:64]


BOOTSTRAP_ADMIN = Actor(name="bootstrap admin (BRIGADE_ADMIN_TOKEN)", role=Role.ADMIN)
AUTH_OFF = Actor(name="anonymous (authentication off)", role=Role.ADMIN)

TOKEN_PREFIX = "brg_"  # noqa: S105 (a public marker, not a secret)
TOKEN_BYTES = 32


def new_token() -> str:
    """A bearer token: 32 random bytes, URL-safe, with a prefix that secret scanners can match."""
    return TOKEN_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)


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

    def applied_to(self, member: StaffMember) -> StaffMember:
        """The staff member with these changes; ``updated_at`` is the caller's to move."""
        return replace(
            member,
            name=changed(self.name, member.name),
            role=changed(self.role, member.role),
            is_active=changed(self.is_active, member.is_active),
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


@dataclass(frozen=True, slots=True)
class CreateToken:
    staff_id: UUID
    name: str


@dataclass(frozen=True, slots=True)
class TokenOwner:
    """A live token's actor, and when it was last used (to refresh that at most once a minute)."""

    actor: Actor
    last_used_at: datetime | None

"""Access as a mechanism every feature uses: roles, what a permission is and who holds it,
the acting staff member or device (``Actor``) with the manager who approved its request, and
the check.

Roles are ranked; each has everything of the one before (docs/design.md §7). Each feature
declares its permissions in its domain with who holds each (``declare_permissions``), and
access its token scopes (``declare_scopes``): this module keeps the registry they fill, and
routes and services only look it up. Which permission an action needs when that depends on the
record's state is the owning feature's rule (an order's: orders/domain/permissions.py). What
a manager's approval may cover is access's (access/domain/approvals.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from types import MappingProxyType
from typing import TypeVar
from uuid import UUID

from brigade.kit import money
from brigade.kit.errors import (
    ApprovalExceeded,
    Conflict,
    Forbidden,
    InsufficientScope,
    OtherLocation,
)


class Role(StrEnum):
    KITCHEN = "KITCHEN"
    SERVER = "SERVER"
    MANAGER = "MANAGER"
    ADMIN = "ADMIN"

    @property
    def rank(self) -> int:
        return _RANKS[self]


_RANKS = {role: rank for rank, role in enumerate(Role)}


class Principal(StrEnum):
    """What kind of credential acts, which decides how its permissions are found."""

    # A staff token, a PIN session, a kitchen display or the bootstrap admin: the role each
    # permission needs.
    ROLE = "role"
    # A paired terminal nobody has signed in on: the permissions that name it, whatever its role.
    TERMINAL = "terminal"
    # A paired guests' board: the permissions that name it, whatever its role.
    BOARD = "board"


class Permission(StrEnum):
    """What a route or a rule needs, in words (they show in the OpenAPI and in refusals). Each
    feature declares its own as a subclass in its domain, each with its ``Needs`` handed to
    ``declare_permissions`` as the module is imported (docs/design.md §2)."""


@dataclass(frozen=True, slots=True)
class Needs:
    """Who holds a permission.

    ``role``: the least role that does (None: no role; the devices named alone). ``devices``:
    the paired devices that hold it alone, whatever their role (a terminal shows the menu and
    the staff picker and signs people in, a board reads itself, the board and its events).
    ``approved_device``: what a terminal or a board alone may do once a manager approved it on
    the spot. ``scopes``: the token scopes that grant it (access's, docs/security.md)."""

    role: Role | None
    devices: frozenset[Principal] = frozenset()
    approved_device: bool = False
    scopes: frozenset[str] = frozenset()


_NEEDS: dict[Permission, Needs] = {}
_REQUIRED: dict[Permission, Role] = {}
# Every declared permission a role grants: the least role that does.
REQUIRED_ROLE: Mapping[Permission, Role] = MappingProxyType(_REQUIRED)
_P = TypeVar("_P", bound=Permission)


def declare_permissions(declared: Mapping[_P, Needs]) -> Mapping[_P, Needs]:
    """Declares who holds each of a feature's permissions; called as the module defining them is
    imported, so every route's description can say who may (``who_may``) as it is declared."""
    for permission, needs in declared.items():
        if _NEEDS.setdefault(permission, needs) != needs:
            raise ValueError(f"{permission!r} is already declared as {_NEEDS[permission]}")
        if needs.role is not None:
            _REQUIRED[permission] = needs.role
    return declared


def needs_of(permission: Permission) -> Needs:
    try:
        return _NEEDS[permission]
    except KeyError:
        raise LookupError(f"{permission!r} is not declared: declare_permissions") from None


def declared_permissions() -> Mapping[Permission, Needs]:
    return MappingProxyType(_NEEDS)


_SCOPES: list[str] = []


def declare_scopes(scopes: Iterable[str]) -> None:
    """The token scopes, in the order a refusal names them (access's ``Scope``)."""
    _SCOPES[:] = list(scopes)


def scopes_granting(permission: Permission) -> list[str]:
    """The scopes that grant ``permission``, in their declared order (none: no scoped token
    may)."""
    granting = needs_of(permission).scopes
    return [scope for scope in _SCOPES if scope in granting]


def every_scope_grants(permission: Permission) -> bool:
    return bool(_SCOPES) and set(_SCOPES) <= needs_of(permission).scopes


def allows(role: Role, permission: Permission) -> bool:
    needed = needs_of(permission).role
    return needed is not None and role.rank >= needed.rank


def who_may(permission: Permission) -> str:
    """Who holds ``permission``, in words (route descriptions, refusals)."""
    needs = needs_of(permission)
    if needs.role is None:
        return "Requires a paired TERMINAL device token"
    needed = f"Requires the {needs.role} role or above"
    devices = [
        kind
        for kind, principal in (("TERMINAL", Principal.TERMINAL), ("BOARD", Principal.BOARD))
        if principal in needs.devices
    ]
    return f"{needed}; a {' or '.join(devices)} device token may too" if devices else needed


@dataclass(frozen=True, slots=True)
class Approver:
    """The manager whose PIN authorised one request of someone else's (docs/design.md §10)."""

    staff_id: UUID
    name: str
    # The most the approved change may come to, in cents; None: the action moves no money.
    up_to_cents: int | None = None


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is making the request: a staff member through one of their tokens or PIN sessions,
    or a paired device.

    ``staff_id`` is None for the bootstrap admin token, devices and when authentication is off.
    """

    name: str
    role: Role
    staff_id: UUID | None = None
    token_id: UUID | None = None
    # Devices and PIN sessions (docs/design.md §10): a session acts at its device's location.
    principal: Principal = Principal.ROLE
    device_id: UUID | None = None
    session_id: UUID | None = None
    location_id: UUID | None = None
    approver: Approver | None = None
    # The back office's cookie session (docs/design.md §7).
    web_session_id: UUID | None = None
    # A scoped staff token's scopes (access's Scope); None: everything its role allows.
    scopes: frozenset[str] | None = None

    def ensure(self, permission: Permission) -> None:
        # First, so that no approval widens a scoped token.
        self._ensure_scoped(permission)
        needs = needs_of(permission)
        if self.approver is not None and needs.approved_device:
            # The approval already took a manager's PIN (apply_approval checks its role).
            return
        if self.principal is Principal.TERMINAL:
            if Principal.TERMINAL not in needs.devices:
                raise Forbidden(
                    f"{permission.value}: a terminal alone may only read the menu, list staff "
                    "and sign them in; sign in with a PIN first"
                )
            return
        if self.principal is Principal.BOARD:
            if Principal.BOARD not in needs.devices:
                raise Forbidden(
                    f"{permission.value}: a guests' board may only read the pickup board and "
                    "follow its events"
                )
            return
        if not allows(self.role, permission):
            raise Forbidden(f"{who_may(permission)} ({permission.value}); this is {self.role}")

    def _ensure_scoped(self, permission: Permission) -> None:
        if self.scopes is None or not self.scopes.isdisjoint(needs_of(permission).scopes):
            return
        granting = scopes_granting(permission)
        allowed_by = (
            f"the scope {' or '.join(granting)} would allow it"
            if granting
            else "no scope allows it: it takes an unscoped token"
        )
        raise InsufficientScope(
            f"{permission.value}: this token's scopes ({', '.join(sorted(self.scopes))}) do not "
            f"cover it; {allowed_by}."
        )

    def ensure_at(self, location_id: UUID | None) -> None:
        """A device and its PIN sessions act only at their own location (docs/security.md):
        another location's orders and events are refused (403 ``other_location``)."""
        if self.location_id is not None and location_id != self.location_id:
            raise OtherLocation(
                f"This device acts at location {self.location_id} only, not at {location_id}."
            )

    def location_scope(self, asked: UUID | None) -> UUID | None:
        """The location a list or stream of this actor's covers: a device's own (asking for
        another is refused), anyone else's choice."""
        if self.location_id is None:
            return asked
        self.ensure_at(asked if asked is not None else self.location_id)
        return self.location_id

    def approved_by(self, approver: Approver, role: Role) -> Actor:
        """This actor, for one request, with the role of the manager who approved it."""
        return dataclasses.replace(self, role=role, approver=approver)

    def ensure_approved_up_to(self, cents: int) -> None:
        """A change made by a manager's approval comes to at most the amount approved
        (403 ``approval_exceeded``); without an approval, the actor's own role decides."""
        approver = self.approver
        if approver is None or approver.up_to_cents is None or cents <= approver.up_to_cents:
            return
        raise ApprovalExceeded(
            f"{approver.name} approved up to {money.from_cents(approver.up_to_cents)}; this "
            f"change comes to {money.from_cents(cents)}: ask for an approval of that."
        )

    def ensure_keeps_own_access(self, staff_id: UUID, *, role: Role, is_active: bool) -> None:
        """An admin may not deactivate themself or drop their own ADMIN role: an installation
        must not lock itself out through the API."""
        if self.staff_id == staff_id and (not is_active or role is not Role.ADMIN):
            raise Conflict("You cannot deactivate yourself or take away your own ADMIN role.")

    @property
    def caller_key(self) -> str:
        """Whose idempotency keys these are: the credential, or the role for a token-less actor."""
        credential = self.token_id or self.session_id or self.web_session_id or self.device_id
        return str(credential) if credential else f"{self.role}:{self.name}"[:64]


BOOTSTRAP_ADMIN = Actor(name="bootstrap admin (BRIGADE_ADMIN_TOKEN)", role=Role.ADMIN)
AUTH_OFF = Actor(name="anonymous (authentication off)", role=Role.ADMIN)


@dataclass(frozen=True, slots=True)
class TokenOwner:
    """A live token's actor, when it was last used (to refresh that at most once a minute), and
    when it stops by itself (a PIN session's expiry; None for what lasts until revoked)."""

    actor: Actor
    last_used_at: datetime | None
    expires_at: datetime | None = None


# Who the service itself acts as, in the audit log and the stock ledger: an automatic 86 when
# the stock runs out, its lifting on a restock.
SYSTEM = Actor(name="system", role=Role.ADMIN)

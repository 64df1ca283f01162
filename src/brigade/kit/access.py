"""Access as a mechanism every feature uses: roles, the permissions each grants, the acting
staff member or device (``Actor``), what a manager's approval may cover, and the check.

Roles are ranked; each has everything of the one before (docs/design.md §7). The permission
table below is the whole policy: routes and services only look it up. Which permission an
action needs when that depends on the record's state is the owning feature's rule (an order's:
orders/domain/permissions.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from types import MappingProxyType
from uuid import UUID

from brigade.kit import money
from brigade.kit.errors import (
    ApprovalExceeded,
    ApprovalInvalid,
    Conflict,
    Forbidden,
    InsufficientScope,
    InvalidInput,
    NotApprovable,
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


class Permission(StrEnum):
    READ = "read"
    # Every credential may ask who it acts as (every scope grants it): an integration checks
    # its token before it starts.
    IDENTIFY_SELF = "read who one's token acts as"
    SEE_PAYMENT_DETAILS = "see a payment's card, brand and who took it"
    SET_ITEM_STATUS = "set item status"
    MARK_86 = "86 and un-86 products"
    TAKE_ORDERS = "create and change orders, send, take payments, complete"
    VOID_SENT_ITEMS = "void items already sent to the kitchen"
    DISCOUNT = "apply discounts"
    APPROVE_LARGE_TIPS = "take a tip above the approval ratio of its payment"
    CANCEL_SENT_OR_PAID = "cancel an order that was sent or paid"
    REFUND = "refund a completed order"
    REOPEN = "reopen a check completed today"
    WAIVE_SERVICE_CHARGES = "take an automatic service charge off an order"
    READ_PAYMENTS = "read payments across orders (settlement, tip-out)"
    EDIT_CATALOGUE = "change products, categories, variants and modifier groups"
    SET_PRICES = "set tax rates and service charges"
    ADJUST_STOCK = "adjust and count stock"
    READ_AUDIT = "read the audit log"
    READ_REPORTS = "read sales reports"
    READ_JOURNAL = "read and verify the journal"
    CLOSE_DAY = "close the business day with a Z report"
    MANAGE_STAFF = "manage staff and tokens"
    MANAGE_WEBHOOKS = "manage webhooks"
    # The dining room (docs/design.md §10).
    READ_MENU = "read the menu"
    READ_STAFF_DIRECTORY = "list who can sign in with a PIN"
    SET_OWN_PIN = "set one's own PIN"
    SIGN_OUT = "end one's own PIN session"
    REQUEST_APPROVAL = "ask a manager to approve an action on the spot"
    MANAGE_DINING_ROOM = "manage tables, devices and printers"
    SET_UP_LOCATIONS = "set up location profiles"
    SIGN_IN_WITH_PIN = "sign staff in with their PIN"
    # The till (docs/design.md §17).
    OPEN_DRAWERS = "open a cash drawer (a server where the location lets servers)"
    MANAGE_DRAWERS = "read cash drawers, pay in, pay out, no sale, count and close them"
    CLOCK_IN = "clock in and out"
    READ_SHIFTS = "read the shifts of the staff"
    READ_CHECKOUT = "read a server's checkout (one's own; a manager's anyone's)"
    READ_OWN_DRAWER = "read the open cash drawer of one's terminal (its amounts: a manager's)"
    # Any screen (docs/design.md §8, §10, §20).
    READ_EVENTS = "read and follow events"
    READ_OWN_DEVICE = "read the device one's token belongs to"
    # Pairing by code (docs/design.md §23): a device revokes itself, which the back office sees.
    UNPAIR_OWN_DEVICE = "unpair the device one acts through (a device alone: a manager's approval)"
    ASK_TO_UNPAIR = "ask a manager to approve unpairing one's own device"
    # The guests' board (docs/design.md §20): order numbers only.
    READ_PICKUP_BOARD = "read the order-ready board for guests"


REQUIRED_ROLE: Mapping[Permission, Role] = MappingProxyType(
    {
        Permission.READ: Role.KITCHEN,
        Permission.IDENTIFY_SELF: Role.KITCHEN,
        # The kitchen has no use for card details (design.md §7): it reads payments without them.
        Permission.SEE_PAYMENT_DETAILS: Role.SERVER,
        Permission.SET_ITEM_STATUS: Role.KITCHEN,
        Permission.MARK_86: Role.KITCHEN,
        Permission.TAKE_ORDERS: Role.SERVER,
        Permission.VOID_SENT_ITEMS: Role.MANAGER,
        Permission.DISCOUNT: Role.MANAGER,
        Permission.APPROVE_LARGE_TIPS: Role.MANAGER,
        Permission.CANCEL_SENT_OR_PAID: Role.MANAGER,
        Permission.REFUND: Role.MANAGER,
        Permission.REOPEN: Role.MANAGER,
        Permission.WAIVE_SERVICE_CHARGES: Role.MANAGER,
        Permission.READ_PAYMENTS: Role.MANAGER,
        Permission.EDIT_CATALOGUE: Role.MANAGER,
        Permission.SET_PRICES: Role.MANAGER,
        Permission.ADJUST_STOCK: Role.MANAGER,
        Permission.READ_AUDIT: Role.MANAGER,
        Permission.READ_REPORTS: Role.MANAGER,
        Permission.READ_JOURNAL: Role.MANAGER,
        Permission.CLOSE_DAY: Role.MANAGER,
        Permission.MANAGE_STAFF: Role.ADMIN,
        Permission.MANAGE_WEBHOOKS: Role.ADMIN,
        Permission.READ_MENU: Role.KITCHEN,
        Permission.READ_STAFF_DIRECTORY: Role.KITCHEN,
        Permission.SET_OWN_PIN: Role.KITCHEN,
        Permission.SIGN_OUT: Role.KITCHEN,
        Permission.REQUEST_APPROVAL: Role.SERVER,
        Permission.MANAGE_DINING_ROOM: Role.MANAGER,
        Permission.SET_UP_LOCATIONS: Role.ADMIN,
        Permission.OPEN_DRAWERS: Role.SERVER,
        Permission.MANAGE_DRAWERS: Role.MANAGER,
        Permission.CLOCK_IN: Role.KITCHEN,
        Permission.READ_SHIFTS: Role.MANAGER,
        Permission.READ_CHECKOUT: Role.SERVER,
        Permission.READ_OWN_DRAWER: Role.SERVER,
        Permission.READ_EVENTS: Role.KITCHEN,
        Permission.READ_OWN_DEVICE: Role.KITCHEN,
        Permission.UNPAIR_OWN_DEVICE: Role.MANAGER,
        Permission.ASK_TO_UNPAIR: Role.KITCHEN,
        Permission.READ_PICKUP_BOARD: Role.MANAGER,
    }
)


class Principal(StrEnum):
    """What kind of credential acts, which decides the table its permissions come from."""

    # A staff token, a PIN session, a kitchen display or the bootstrap admin: REQUIRED_ROLE.
    ROLE = "role"
    # A paired terminal nobody has signed in on: TERMINAL_PERMISSIONS, whatever its role.
    TERMINAL = "terminal"
    # A paired guests' board: BOARD_PERMISSIONS, whatever its role.
    BOARD = "board"


# A terminal alone shows the menu and the staff picker and signs people in, nothing else.
TERMINAL_PERMISSIONS = frozenset(
    {
        Permission.READ_MENU,
        Permission.READ_STAFF_DIRECTORY,
        Permission.SIGN_IN_WITH_PIN,
        Permission.READ_OWN_DEVICE,
        Permission.ASK_TO_UNPAIR,
    }
)
# A guests' board reads its own device, the board and its events' bare notices, nothing else
# (docs/design.md §20).
BOARD_PERMISSIONS = frozenset(
    {
        Permission.READ_OWN_DEVICE,
        Permission.READ_PICKUP_BOARD,
        Permission.READ_EVENTS,
        Permission.ASK_TO_UNPAIR,
    }
)
# What a terminal or a board alone may do once a manager approved it on the spot.
APPROVED_DEVICE_PERMISSIONS = frozenset({Permission.UNPAIR_OWN_DEVICE})
# Granted by no role: signing in with a PIN happens on a paired terminal.
TERMINAL_ONLY = TERMINAL_PERMISSIONS - REQUIRED_ROLE.keys()


class Scope(StrEnum):
    """What a scoped staff token is for (docs/security.md): it may do only what its role allows
    AND one of its scopes grants, never more than its role."""

    ORDERS_READ = "orders:read"
    ORDERS_WRITE = "orders:write"
    PAYMENTS_READ = "payments:read"
    CATALOGUE_READ = "catalogue:read"
    CATALOGUE_WRITE = "catalogue:write"
    REPORTS_READ = "reports:read"
    AUDIT_READ = "audit:read"
    EVENTS_READ = "events:read"
    WEBHOOKS_WRITE = "webhooks:write"


# READ is the everyday read (orders, tables, locations, products, tax rates, the kitchen
# board): both the orders and the catalogue scopes need it. A write scope includes its read.
_ORDERS_READ = frozenset({Permission.READ, Permission.READ_MENU, Permission.SEE_PAYMENT_DETAILS})
_CATALOGUE_READ = frozenset({Permission.READ, Permission.READ_MENU})
_SCOPE_GRANTS: Mapping[Scope, frozenset[Permission]] = MappingProxyType(
    {
        Scope.ORDERS_READ: _ORDERS_READ,
        Scope.ORDERS_WRITE: _ORDERS_READ
        | {
            Permission.TAKE_ORDERS,
            Permission.SET_ITEM_STATUS,
            Permission.VOID_SENT_ITEMS,
            Permission.DISCOUNT,
            Permission.APPROVE_LARGE_TIPS,
            Permission.CANCEL_SENT_OR_PAID,
            Permission.REFUND,
            Permission.REOPEN,
            Permission.WAIVE_SERVICE_CHARGES,
        },
        Scope.PAYMENTS_READ: frozenset({Permission.READ_PAYMENTS, Permission.SEE_PAYMENT_DETAILS}),
        Scope.CATALOGUE_READ: _CATALOGUE_READ,
        Scope.CATALOGUE_WRITE: _CATALOGUE_READ
        | {
            Permission.EDIT_CATALOGUE,
            Permission.SET_PRICES,
            Permission.ADJUST_STOCK,
            Permission.MARK_86,
        },
        # Reports, X and Z reads, the journal, shifts and checkouts; never closing the day.
        Scope.REPORTS_READ: frozenset(
            {
                Permission.READ_REPORTS,
                Permission.READ_JOURNAL,
                Permission.READ_SHIFTS,
                Permission.READ_CHECKOUT,
            }
        ),
        Scope.AUDIT_READ: frozenset({Permission.READ_AUDIT}),
        Scope.EVENTS_READ: frozenset({Permission.READ_EVENTS}),
        Scope.WEBHOOKS_WRITE: frozenset({Permission.MANAGE_WEBHOOKS}),
    }
)
# What every scope grants besides its own.
_EVERY_SCOPE = frozenset({Permission.IDENTIFY_SELF})
SCOPE_PERMISSIONS: Mapping[Scope, frozenset[Permission]] = MappingProxyType(
    {scope: granted | _EVERY_SCOPE for scope, granted in _SCOPE_GRANTS.items()}
)


def scopes_granting(permission: Permission) -> list[Scope]:
    """The scopes that grant ``permission``, in the table's order (none: no scoped token may)."""
    return [scope for scope, granted in SCOPE_PERMISSIONS.items() if permission in granted]


def allows(role: Role, permission: Permission) -> bool:
    needed = REQUIRED_ROLE.get(permission)
    return needed is not None and role.rank >= needed.rank


def who_may(permission: Permission) -> str:
    """Who holds ``permission``, in words (route descriptions, refusals)."""
    if permission in TERMINAL_ONLY:
        return "Requires a paired TERMINAL device token"
    needed = f"Requires the {REQUIRED_ROLE[permission]} role or above"
    devices = [
        kind
        for kind, allowed in (("TERMINAL", TERMINAL_PERMISSIONS), ("BOARD", BOARD_PERMISSIONS))
        if permission in allowed
    ]
    return f"{needed}; a {' or '.join(devices)} device token may too" if devices else needed


class ApprovalAction(StrEnum):
    """What a manager's approval can cover: one of these on one resource, nothing else.

    Staff, tokens, devices, printers, webhooks, the catalogue and its prices, and roles are
    never here: they take the person's own sign-in (docs/security.md)."""

    ITEM_VOID = "item.void"
    ITEM_PARTIAL_VOID = "item.partial_void"
    ORDER_DISCOUNT = "order.discount"
    ORDER_CANCEL = "order.cancel"
    ORDER_REFUND = "order.refund"
    ORDER_REOPEN = "order.reopen"
    PAYMENT_LARGE_TIP = "payment.large_tip"
    PAYMENT_TIP_ADJUST = "payment.tip_adjust"
    SERVICE_CHARGE_WAIVE = "order.service_charge_waive"
    # The till (docs/design.md §17): a server's pay-in, pay-out, no-sale and count at a terminal.
    CASH_DRAWER_MOVEMENT = "cash_drawer.movement"
    CASH_DRAWER_CLOSE = "cash_drawer.close"
    # A device unpairing itself (docs/design.md §23), on that device.
    DEVICE_UNPAIR = "device.unpair"


# The resource each action is approved on: the ids that name it, in order.
APPROVAL_RESOURCE: Mapping[ApprovalAction, tuple[str, ...]] = MappingProxyType(
    {
        ApprovalAction.ITEM_VOID: ("order_id", "item_id"),
        ApprovalAction.ITEM_PARTIAL_VOID: ("order_id", "item_id"),
        ApprovalAction.ORDER_DISCOUNT: ("order_id",),
        ApprovalAction.ORDER_CANCEL: ("order_id",),
        ApprovalAction.ORDER_REFUND: ("order_id",),
        ApprovalAction.ORDER_REOPEN: ("order_id",),
        ApprovalAction.PAYMENT_LARGE_TIP: ("order_id",),
        ApprovalAction.PAYMENT_TIP_ADJUST: ("order_id", "payment_id"),
        ApprovalAction.SERVICE_CHARGE_WAIVE: ("order_id", "service_charge_id"),
        ApprovalAction.CASH_DRAWER_MOVEMENT: ("drawer_id",),
        ApprovalAction.CASH_DRAWER_CLOSE: ("drawer_id",),
        ApprovalAction.DEVICE_UNPAIR: ("device_id",),
    }
)

# The actions that move money: their approval names the most it approves (docs/design.md §10)
# and what it covers: the discount, the refund's amount and tip, the tip, the movement.
APPROVED_UP_TO: Mapping[ApprovalAction, str] = MappingProxyType(
    {
        ApprovalAction.ORDER_DISCOUNT: "the order's discount",
        ApprovalAction.ORDER_REFUND: "the refund, its amount and tip together",
        ApprovalAction.PAYMENT_LARGE_TIP: "the payment's tip",
        ApprovalAction.PAYMENT_TIP_ADJUST: "the payment's new tip",
        ApprovalAction.CASH_DRAWER_MOVEMENT: "the pay-in or pay-out (0 for a no sale)",
    }
)


def approval_ceiling(action: ApprovalAction, amount_cents: int | None) -> int | None:
    """The amount an approval of ``action`` is asked for, checked: required where the action
    moves money (``APPROVED_UP_TO``), refused where it does not (422 ``amount``)."""
    covers = APPROVED_UP_TO.get(action)
    if covers is not None and amount_cents is None:
        raise InvalidInput("amount", f"names the most {action} approves: {covers}")
    if covers is None and amount_cents is not None:
        raise InvalidInput("amount", f"is only for an action that moves money, not {action}")
    return amount_cents


def approvable(action: str) -> ApprovalAction:
    """The action an approval may be asked for, or NotApprovable (403 ``not_approvable``)."""
    try:
        return ApprovalAction(action)
    except ValueError:
        raise NotApprovable(
            f"No approval can cover {action!r}: it takes the person's own sign-in. An approval "
            f"covers one of {', '.join(ApprovalAction)} on one order, cash drawer or device."
        ) from None


def approval_resource(action: ApprovalAction, ids: Mapping[str, object]) -> str:
    """The resource ``action`` is approved on, as stored and compared: ``order_id=…/item_id=…``
    from ``ids`` (a request's path parameters, or the ids an approval was asked for). Ids
    missing or malformed: ApprovalInvalid."""
    parts = []
    for name in APPROVAL_RESOURCE[action]:
        try:
            parts.append(f"{name}={UUID(str(ids[name]))}")
        except (KeyError, ValueError):
            raise ApprovalInvalid(f"An approval for {action} names its {name}.") from None
    return "/".join(parts)


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
    # A scoped staff token's scopes; None: everything its role allows.
    scopes: frozenset[Scope] | None = None

    def ensure(self, permission: Permission) -> None:
        # First, so that no approval widens a scoped token.
        self._ensure_scoped(permission)
        if self.approver is not None and permission in APPROVED_DEVICE_PERMISSIONS:
            # The approval already took a manager's PIN (apply_approval checks its role).
            return
        if self.principal is Principal.TERMINAL:
            if permission not in TERMINAL_PERMISSIONS:
                raise Forbidden(
                    f"{permission.value}: a terminal alone may only read the menu, list staff "
                    "and sign them in; sign in with a PIN first"
                )
            return
        if self.principal is Principal.BOARD:
            if permission not in BOARD_PERMISSIONS:
                raise Forbidden(
                    f"{permission.value}: a guests' board may only read the pickup board and "
                    "follow its events"
                )
            return
        if not allows(self.role, permission):
            raise Forbidden(f"{who_may(permission)} ({permission.value}); this is {self.role}")

    def _ensure_scoped(self, permission: Permission) -> None:
        if self.scopes is None or any(
            permission in SCOPE_PERMISSIONS[scope] for scope in self.scopes
        ):
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

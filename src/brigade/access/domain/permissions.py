"""Access's permissions and who holds each (docs/design.md §7, §10): staff, tokens, the audit
log, PINs and sessions, the paired devices, approvals, and the everyday read."""

from __future__ import annotations

from brigade.access.domain.scopes import Scope
from brigade.kit.access import Needs, Permission, Principal, Role, declare_permissions


class AccessPermissions(Permission):
    # The everyday read (orders, tables, locations, products, tax rates, the kitchen board).
    READ = "read"
    # Every credential may ask who it acts as (every scope grants it): an integration checks
    # its token before it starts.
    IDENTIFY_SELF = "read who one's token acts as"
    READ_AUDIT = "read the audit log"
    MANAGE_STAFF = "manage staff and tokens"
    READ_STAFF_DIRECTORY = "list who can sign in with a PIN"
    SET_OWN_PIN = "set one's own PIN"
    CHOOSE_OWN_LANGUAGE = "choose one's own screens' language"
    SIGN_OUT = "end one's own PIN session"
    REQUEST_APPROVAL = "ask a manager to approve an action on the spot"
    SIGN_IN_WITH_PIN = "sign staff in with their PIN"
    # Any screen (docs/design.md §8, §10, §20).
    READ_OWN_DEVICE = "read the device one's token belongs to"
    # Pairing by code (docs/design.md §23): a device revokes itself, which the back office sees.
    UNPAIR_OWN_DEVICE = "unpair the device one acts through (a device alone: a manager's approval)"
    ASK_TO_UNPAIR = "ask a manager to approve unpairing one's own device"


PERMISSIONS = declare_permissions(
    {
        # Both the orders and the catalogue scopes need the everyday read; a write scope
        # includes its read.
        AccessPermissions.READ: Needs(
            Role.KITCHEN,
            scopes=frozenset(
                {Scope.ORDERS_READ, Scope.ORDERS_WRITE, Scope.CATALOGUE_READ, Scope.CATALOGUE_WRITE}
            ),
        ),
        AccessPermissions.IDENTIFY_SELF: Needs(Role.KITCHEN, scopes=frozenset(Scope)),
        AccessPermissions.READ_AUDIT: Needs(Role.MANAGER, scopes=frozenset({Scope.AUDIT_READ})),
        AccessPermissions.MANAGE_STAFF: Needs(Role.ADMIN),
        AccessPermissions.READ_STAFF_DIRECTORY: Needs(
            Role.KITCHEN, devices=frozenset({Principal.TERMINAL})
        ),
        AccessPermissions.SET_OWN_PIN: Needs(Role.KITCHEN),
        AccessPermissions.CHOOSE_OWN_LANGUAGE: Needs(Role.KITCHEN),
        AccessPermissions.SIGN_OUT: Needs(Role.KITCHEN),
        AccessPermissions.REQUEST_APPROVAL: Needs(Role.SERVER),
        # Granted by no role: signing in with a PIN happens on a paired terminal.
        AccessPermissions.SIGN_IN_WITH_PIN: Needs(None, devices=frozenset({Principal.TERMINAL})),
        AccessPermissions.READ_OWN_DEVICE: Needs(
            Role.KITCHEN, devices=frozenset({Principal.TERMINAL, Principal.BOARD})
        ),
        # A terminal or a board alone, once a manager approved it on the spot.
        AccessPermissions.UNPAIR_OWN_DEVICE: Needs(Role.MANAGER, approved_device=True),
        AccessPermissions.ASK_TO_UNPAIR: Needs(
            Role.KITCHEN, devices=frozenset({Principal.TERMINAL, Principal.BOARD})
        ),
    }
)

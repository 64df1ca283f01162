"""The dining room's permissions and who holds each (docs/design.md §7, §10)."""

from __future__ import annotations

from brigade.kit.access import Needs, Permission, Role, declare_permissions


class DiningPermissions(Permission):
    MANAGE_DINING_ROOM = "manage tables, devices and printers"
    SET_UP_LOCATIONS = "set up location profiles"


PERMISSIONS = declare_permissions(
    {
        DiningPermissions.MANAGE_DINING_ROOM: Needs(Role.MANAGER),
        DiningPermissions.SET_UP_LOCATIONS: Needs(Role.ADMIN),
    }
)

"""Every feature's permissions as the kit's registry holds them once all are declared (each as
its module is imported: the app imports every feature's routes), and what a device or a scope
is granted by them."""

from __future__ import annotations

import brigade.app  # noqa: F401 (every feature's permissions, declared)
from brigade.kit.access import Permission, Principal, declared_permissions

ALL_PERMISSIONS: tuple[Permission, ...] = tuple(declared_permissions())


def held_by(device: Principal) -> frozenset[Permission]:
    """What a paired device of this kind may do alone."""
    return frozenset(p for p, needs in declared_permissions().items() if device in needs.devices)


def granted_by(scope: str) -> frozenset[Permission]:
    """What a token scope grants."""
    return frozenset(p for p, needs in declared_permissions().items() if scope in needs.scopes)

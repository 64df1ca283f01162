"""The catalogue's permissions and who holds each (docs/design.md §7)."""

from __future__ import annotations

from brigade.access.domain.scopes import Scope
from brigade.kit.access import Needs, Permission, Principal, Role, declare_permissions


class CataloguePermissions(Permission):
    MARK_86 = "86 and un-86 products"
    EDIT_CATALOGUE = "change products, categories, variants and modifier groups"
    ADJUST_STOCK = "adjust and count stock"
    READ_MENU = "read the menu"


PERMISSIONS = declare_permissions(
    {
        CataloguePermissions.MARK_86: Needs(
            Role.KITCHEN, scopes=frozenset({Scope.CATALOGUE_WRITE})
        ),
        CataloguePermissions.EDIT_CATALOGUE: Needs(
            Role.MANAGER, scopes=frozenset({Scope.CATALOGUE_WRITE})
        ),
        CataloguePermissions.ADJUST_STOCK: Needs(
            Role.MANAGER, scopes=frozenset({Scope.CATALOGUE_WRITE})
        ),
        CataloguePermissions.READ_MENU: Needs(
            Role.KITCHEN,
            devices=frozenset({Principal.TERMINAL}),
            scopes=frozenset(
                {Scope.ORDERS_READ, Scope.ORDERS_WRITE, Scope.CATALOGUE_READ, Scope.CATALOGUE_WRITE}
            ),
        ),
    }
)

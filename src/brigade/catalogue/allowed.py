"""The permission aliases the catalogue's routes declare, and any other feature's route that
needs one of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.catalogue.domain.permissions import CataloguePermissions
from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed

Marker86 = Annotated[Actor, allowed(CataloguePermissions.MARK_86)]
CatalogueEditor = Annotated[Actor, allowed(CataloguePermissions.EDIT_CATALOGUE)]
StockKeeper = Annotated[Actor, allowed(CataloguePermissions.ADJUST_STOCK)]
# The dining room (docs/design.md §10).
MenuReader = Annotated[Actor, allowed(CataloguePermissions.READ_MENU)]

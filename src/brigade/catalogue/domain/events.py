"""What the catalogue announces (docs/design.md §4, §9): the events of a change to a product,
its stock or a modifier group, as envelopes its repositories write with the change.

Each payload is the record as it is after the change (as it was, for a deletion): the API's
detail of that product or group.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from uuid import UUID

from brigade.catalogue.domain.menu import auto_86_changed
from brigade.catalogue.domain.records import ModifierGroup, Product, fell_low_on_stock
from brigade.kit.events import Envelope, EventName


class CatalogueEvents(EventName):
    PRODUCT_CREATED = "product.created"
    PRODUCT_UPDATED = "product.updated"
    PRODUCT_86D = "product.86d"
    PRODUCT_AVAILABLE = "product.available"
    PRODUCT_DELETED = "product.deleted"
    STOCK_LOW = "stock.low"
    MODIFIER_GROUP_CREATED = "modifier_group.created"
    MODIFIER_GROUP_UPDATED = "modifier_group.updated"
    MODIFIER_GROUP_DELETED = "modifier_group.deleted"


@dataclass(frozen=True, slots=True)
class ProductsChanged:
    """Products whose detail or availability changed (an edit, an 86 or its lifting, by hand
    or by stock), told in the change's transaction: what the channels pass on to their
    platforms (channels/listeners.py)."""

    location_id: UUID | None
    product_ids: tuple[UUID, ...]


def product_event(event_type: CatalogueEvents, product: Product) -> Envelope:
    return Envelope(event_type, product, location_id=product.location_id, entity_id=product.id)


def product_changed(before: Product, after: Product) -> list[Envelope]:
    """What an edit of a product announces: ``product.updated`` when anything but its 86
    flag changed, ``product.86d``/``product.available`` when that flag flipped, and
    ``stock.low`` when its stock fell to its threshold."""
    found: list[CatalogueEvents] = []
    unflagged = replace(before, is_86d=after.is_86d, auto_86d=after.auto_86d)
    if replace(unflagged, updated_at=after.updated_at) != after:
        found.append(CatalogueEvents.PRODUCT_UPDATED)
    if after.is_86d != before.is_86d:
        found.append(
            CatalogueEvents.PRODUCT_86D if after.is_86d else CatalogueEvents.PRODUCT_AVAILABLE
        )
    if fell_low_on_stock(before, after):
        found.append(CatalogueEvents.STOCK_LOW)
    return [product_event(event_type, after) for event_type in found]


def stock_moved(before: Product, after: Product) -> list[Envelope]:
    """What a sale or a return announces: ``stock.low`` on the crossing, an automatic 86 or its
    lifting. Sales move stock too often to announce each as ``product.updated``."""
    found: list[CatalogueEvents] = []
    if fell_low_on_stock(before, after):
        found.append(CatalogueEvents.STOCK_LOW)
    if auto_86_changed(before, after):
        found.append(
            CatalogueEvents.PRODUCT_86D if after.is_86d else CatalogueEvents.PRODUCT_AVAILABLE
        )
    return [product_event(event_type, after) for event_type in found]


def menu_changed(products: Iterable[Product]) -> list[Envelope]:
    """``product.updated`` for products whose detail changed with their menu (a variant, or a
    modifier group they offer), their own row untouched or only its ``updatedAt``."""
    return [product_event(CatalogueEvents.PRODUCT_UPDATED, product) for product in products]


def group_event(event_type: CatalogueEvents, group: ModifierGroup) -> Envelope:
    return Envelope(event_type, group, location_id=group.location_id, entity_id=group.id)

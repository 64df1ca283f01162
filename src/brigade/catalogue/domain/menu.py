"""A deeper menu's rules: stock that 86es itself, variants on an item, modifier groups'
selections, and the commands and records that go with them (docs/design.md §9)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from uuid import UUID

from brigade.catalogue.domain.errors import (
    InsufficientStock,
    ModifierSelectionInvalid,
    ProductUnavailable,
    StockNotTracked,
    VariantRequired,
)
from brigade.catalogue.domain.records import ModifierGroup, Product, ProductVariant
from brigade.kit.access import Actor
from brigade.kit.changes import UNSET, Change, changed
from brigade.kit.errors import Conflict, InvalidInput
from brigade.kit.languages import NO_TRANSLATIONS, Translations
from brigade.kit.money import MAX_QUANTITY

# --- stock ----------------------------------------------------------------------------------


class StockMovementKind(StrEnum):
    SALE = "SALE"
    VOID = "VOID"
    CANCEL = "CANCEL"
    ADJUSTMENT = "ADJUSTMENT"
    COUNT = "COUNT"


@dataclass(frozen=True, slots=True)
class StockMovement:
    """One change of a tracked product's stock: ``change`` (negative: taken) and the ``level``
    it left, who made it (``staff_name`` "system" for none) and why."""

    id: UUID
    product_id: UUID
    location_id: UUID | None
    kind: StockMovementKind
    change: Decimal
    level: Decimal
    reason: str | None
    order_id: UUID | None
    staff_id: UUID | None
    staff_name: str
    at: datetime


@dataclass(frozen=True, slots=True)
class StockReturned:
    """Quantities an order's change gives back to its products' tracked stock (a void, a
    lowered quantity: VOID; a cancellation: CANCEL), put back by the catalogue in the order's
    transaction (catalogue/listeners.py)."""

    actor: Actor
    order_id: UUID
    kind: StockMovementKind
    quantities: Mapping[UUID, Decimal]


@dataclass(frozen=True, slots=True)
class ChangeStock:
    """Exactly one of ``delta`` (added; negative takes) and ``count`` (the level counted)."""

    reason: str
    delta: Decimal | None = None
    count: Decimal | None = None

    def level_after(self, product: Product) -> Decimal:
        if not product.track_inventory:
            raise StockNotTracked(f"{product.name} does not track its stock")
        if self.count is not None:
            return self.count
        level = stock_level(product) + (self.delta or 0)
        if level > MAX_QUANTITY:
            raise Conflict(f"{product.name} would hold more than {MAX_QUANTITY} in stock")
        if level < 0:
            raise InsufficientStock(
                f"{product.name} has {stock_level(product)} in stock: {self.delta} would take "
                "it below zero"
            )
        return level

    @property
    def kind(self) -> StockMovementKind:
        return StockMovementKind.COUNT if self.count is not None else StockMovementKind.ADJUSTMENT


def stock_level(product: Product) -> Decimal:
    """A tracked product's stock; none recorded counts as 0."""
    return product.stock_quantity or Decimal(0)


def at_stock_level(product: Product, level: Decimal) -> Product:
    """The product with ``level`` in stock and the 86 that level calls for: a tracked product
    at 0 is 86'd automatically; above 0 an automatic 86 is lifted, a manual one never."""
    after = replace(product, stock_quantity=level)
    if not product.track_inventory:
        return after
    if level <= 0 and not product.is_86d:
        return replace(after, is_86d=True, auto_86d=True)
    if level > 0 and product.is_86d and product.auto_86d:
        return replace(after, is_86d=False, auto_86d=False)
    return after


def auto_86_changed(before: Product, after: Product) -> bool:
    """Did the stock itself 86 the product, or lift its automatic 86?"""
    return before.is_86d != after.is_86d and (after.auto_86d or before.auto_86d)


# --- variants -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CreateVariant:
    name: str
    price: Decimal
    sku: str | None = None
    barcode: str | None = None

    def variant(self, id_: UUID, product: Product, *, at: datetime) -> ProductVariant:
        return ProductVariant(
            id=id_,
            product_id=product.id,
            location_id=product.location_id,
            name=self.name,
            price=self.price,
            sku=self.sku or None,
            barcode=self.barcode or None,
            is_active=True,
            created_at=at,
            updated_at=at,
        )


@dataclass(frozen=True, slots=True)
class VariantChanges:
    name: Change[str] = UNSET
    price: Change[Decimal] = UNSET
    sku: Change[str | None] = UNSET
    barcode: Change[str | None] = UNSET
    is_active: Change[bool] = UNSET

    def applied_to(self, variant: ProductVariant) -> ProductVariant:
        return replace(
            variant,
            name=changed(self.name, variant.name),
            price=changed(self.price, variant.price),
            sku=changed(self.sku, variant.sku) or None,
            barcode=changed(self.barcode, variant.barcode) or None,
            is_active=changed(self.is_active, variant.is_active),
        )


def variant_for_sale(product: Product, variant_id: UUID | None) -> ProductVariant | None:
    """The variant an item of ``product`` is rung up as: one of its own when it has any."""
    if not product.variants:
        return None
    if variant_id is None:
        names = ", ".join(variant.name for variant in product.variants)
        raise VariantRequired("variantId", f"{product.name} comes as one of: {names}")
    for variant in product.variants:
        if variant.id == variant_id:
            if not variant.is_active:
                raise ProductUnavailable(f"{product.name} ({variant.name}) is not active")
            return variant
    raise InvalidInput("variantId", f"is not a variant of {product.name}")


def sold_as(product: Product, variant: ProductVariant | None) -> Product:
    """The product as an item snapshots it: a variant's price, and its name in brackets."""
    if variant is None:
        return product
    return replace(product, name=f"{product.name} ({variant.name})", price=variant.price)


# --- modifier groups ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ModifierGroupFields:
    """A group as a client writes it (create and update replace it whole)."""

    name: str
    min_selections: int = 0
    max_selections: int | None = None
    option_ids: tuple[UUID, ...] = ()
    location_id: UUID | None = None
    translations: Translations = NO_TRANSLATIONS

    def check(self) -> None:
        if self.max_selections is not None and self.max_selections < max(1, self.min_selections):
            raise InvalidInput("maxSelections", "must be at least max(1, minSelections), or null")
        if len(set(self.option_ids)) != len(self.option_ids):
            raise InvalidInput("options", "an option is listed twice")


def _allowed(group: ModifierGroup) -> str:
    low, high = group.min_selections, group.max_selections
    if high is None:
        return f"at least {low}"
    return f"exactly {low}" if low == high else f"{low} to {high}"


def check_modifier_selection(groups: Sequence[ModifierGroup], chosen: Sequence[UUID]) -> None:
    """``chosen``: the catalogue modifiers picked for one item (a repeat counts again). Each must
    be an option of one of ``groups``, and each group's count must be within its min..max
    (an option in two groups counts in both). No groups: anything goes, as before."""
    if not groups:
        return
    offered = {option.modifier_option_id for group in groups for option in group.options}
    for index, option_id in enumerate(chosen):
        if option_id not in offered:
            names = ", ".join(group.name for group in groups)
            raise ModifierSelectionInvalid(
                f"modifiers.{index}.modifierOptionId",
                f"is an option of none of this product's groups ({names})",
            )
    for group in groups:
        options = {option.modifier_option_id for option in group.options}
        count = sum(1 for option_id in chosen if option_id in options)
        too_few = count < group.min_selections
        too_many = group.max_selections is not None and count > group.max_selections
        if too_few or too_many:
            raise ModifierSelectionInvalid(
                f"modifierGroups.{group.id}",
                f"{group.name}: choose {_allowed(group)} ({count} chosen)",
            )

"""Catalogue records and their rules: products, categories, availability; the commands
that create and change them, and the product list's filter."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from uuid import UUID

from brigade.catalogue.domain.errors import CategoryCycle, ProductUnavailable
from brigade.kit.changes import UNSET, Change, changed
from brigade.kit.errors import InvalidInput
from brigade.kit.languages import NO_TRANSLATIONS, Language, Translations, translated
from brigade.pricing.domain import TaxRate


class ProductType(StrEnum):
    ITEM = "ITEM"
    MODIFIER = "MODIFIER"
    BUNDLE = "BUNDLE"


class Allergen(StrEnum):
    """The 14 allergens a menu in the EU must declare (Regulation (EU) No 1169/2011, Annex II),
    in the Annex's order: gluten-containing cereals, crustaceans, eggs, fish, peanuts, soybeans,
    milk, tree nuts, celery, mustard, sesame, sulphites, lupin, molluscs."""

    GLUTEN = "GLUTEN"
    CRUSTACEANS = "CRUSTACEANS"
    EGGS = "EGGS"
    FISH = "FISH"
    PEANUTS = "PEANUTS"
    SOYBEANS = "SOYBEANS"
    MILK = "MILK"
    NUTS = "NUTS"
    CELERY = "CELERY"
    MUSTARD = "MUSTARD"
    SESAME = "SESAME"
    SULPHITES = "SULPHITES"
    LUPIN = "LUPIN"
    MOLLUSCS = "MOLLUSCS"


_ALLERGENS = {allergen.value: allergen for allergen in Allergen}
_ALLERGEN_ORDER = {allergen: position for position, allergen in enumerate(Allergen)}


def allergens_of(codes: Iterable[str]) -> tuple[Allergen, ...]:
    """The allergens ``codes`` declare, each once, in the Annex's order (``Allergen``'s); an
    unknown code is 422 at ``allergens``."""
    found: set[Allergen] = set()
    for code in codes:
        allergen = _ALLERGENS.get(code)
        if allergen is None:
            raise InvalidInput("allergens", f"{code!r} is none of the 14 allergens")
        found.add(allergen)
    return tuple(sorted(found, key=_ALLERGEN_ORDER.__getitem__))


@dataclass(frozen=True, slots=True)
class ProductVariant:
    """A size or kind of a product with its own price (a large latte); its sku and barcode are
    unique at the location together with the products'."""

    id: UUID
    product_id: UUID
    location_id: UUID | None
    name: str
    price: Decimal
    sku: str | None
    barcode: str | None
    is_active: bool
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class ModifierOption:
    """A ``MODIFIER`` product as a group offers it: its own name, price and availability."""

    modifier_option_id: UUID
    name: str
    price: Decimal
    is_86d: bool
    # The MODIFIER product's names in other languages.
    translations: Translations = NO_TRANSLATIONS


@dataclass(frozen=True, slots=True)
class ModifierGroup:
    """Choices with a rule: between ``min_selections`` and ``max_selections`` (None: no limit)
    of its options on each item of a product that offers the group."""

    id: UUID
    location_id: UUID | None
    name: str
    min_selections: int
    max_selections: int | None
    options: tuple[ModifierOption, ...]
    created_at: datetime
    updated_at: datetime
    # Its name in other languages (docs/design.md §26).
    translations: Translations = NO_TRANSLATIONS


@dataclass(frozen=True, slots=True)
class Product:
    id: UUID
    location_id: UUID | None
    category_id: UUID | None
    name: str
    description: str | None
    sku: str | None
    barcode: str | None
    price: Decimal
    cost: Decimal | None
    tax_rate: Decimal
    image_url: str | None
    is_active: bool
    is_86d: bool
    track_inventory: bool
    stock_quantity: Decimal | None
    low_stock_threshold: int | None
    product_type: ProductType
    created_at: datetime
    updated_at: datetime
    # 86'd because its stock ran out: a restock lifts it (a manual 86 stays until un-86'd).
    auto_86d: bool = False
    # Its menu, loaded for its detail and for ringing it up: live variants, groups in order.
    variants: tuple[ProductVariant, ...] = ()
    modifier_groups: tuple[ModifierGroup, ...] = ()
    # The named tax rate it is taxed at (loaded with it); None: its own ``tax_rate`` number.
    tax: TaxRate | None = None
    # Seconds it takes the kitchen to make (docs/design.md §19); None: not said.
    prep_seconds: int | None = None
    # Its name and description in other languages (docs/design.md §26).
    translations: Translations = NO_TRANSLATIONS
    # Shown on the guests' menu on their phones (docs/design.md §28).
    guest_visible: bool = False
    # The allergens it contains, each once, in the Annex's order (``allergens_of``); (): none
    # declared.
    allergens: tuple[Allergen, ...] = ()

    @property
    def tax_rate_id(self) -> UUID | None:
        return None if self.tax is None else self.tax.id


def with_tax(product: Product, tax: TaxRate | None) -> Product:
    """The product taxed at the named rate ``tax`` (its own ``tax_rate`` follows it), or at its
    own ``tax_rate`` again (None)."""
    if tax is None:
        return replace(product, tax=None)
    return replace(product, tax=tax, tax_rate=tax.rate)


@dataclass(frozen=True, slots=True)
class Category:
    id: UUID
    location_id: UUID
    parent_category_id: UUID | None
    name: str
    description: str | None
    image_url: str | None
    sort_order: int
    is_active: bool
    created_at: datetime
    updated_at: datetime
    # Its name and description in other languages (docs/design.md §26).
    translations: Translations = NO_TRANSLATIONS


def _identifier(value: str | None) -> str | None:
    """An empty sku or barcode is no sku or barcode."""
    return value or None


@dataclass(frozen=True, slots=True)
class CreateProduct:
    name: str
    price: Decimal
    location_id: UUID | None = None
    category_id: UUID | None = None
    description: str | None = None
    sku: str | None = None
    barcode: str | None = None
    cost: Decimal | None = None
    tax_rate: Decimal = Decimal(0)
    image_url: str | None = None
    track_inventory: bool = False
    stock_quantity: Decimal | None = None
    low_stock_threshold: int | None = None
    product_type: ProductType = ProductType.ITEM
    # The modifier groups it offers, in order (the service checks and attaches them).
    modifier_group_ids: tuple[UUID, ...] = ()
    # A named tax rate of its location (the service checks it); it wins over ``tax_rate``.
    tax_rate_id: UUID | None = None
    prep_seconds: int | None = None
    translations: Translations = NO_TRANSLATIONS
    guest_visible: bool = False
    # Allergen codes, in any order, repeated or not: the product keeps each once, in order.
    allergens: tuple[str, ...] = ()

    def product(
        self, id_: UUID, *, location_id: UUID | None, category_id: UUID | None, at: datetime
    ) -> Product:
        """The new product: active, not 86'd, at the location its category settled."""
        return Product(
            id=id_,
            location_id=location_id,
            category_id=category_id,
            name=self.name,
            description=self.description,
            sku=_identifier(self.sku),
            barcode=_identifier(self.barcode),
            price=self.price,
            cost=self.cost,
            tax_rate=self.tax_rate,
            image_url=self.image_url,
            is_active=True,
            is_86d=False,
            track_inventory=self.track_inventory,
            stock_quantity=self.stock_quantity,
            low_stock_threshold=self.low_stock_threshold,
            product_type=self.product_type,
            created_at=at,
            updated_at=at,
            prep_seconds=self.prep_seconds,
            translations=self.translations,
            guest_visible=self.guest_visible,
            allergens=allergens_of(self.allergens),
        )


@dataclass(frozen=True, slots=True)
class ProductChanges:
    """The fields to change; ``UNSET`` ones keep their value, ``None`` clears an optional one."""

    name: Change[str] = UNSET
    price: Change[Decimal] = UNSET
    category_id: Change[UUID | None] = UNSET
    description: Change[str | None] = UNSET
    sku: Change[str | None] = UNSET
    barcode: Change[str | None] = UNSET
    cost: Change[Decimal | None] = UNSET
    tax_rate: Change[Decimal] = UNSET
    image_url: Change[str | None] = UNSET
    is_active: Change[bool] = UNSET
    is_86d: Change[bool] = UNSET
    track_inventory: Change[bool] = UNSET
    stock_quantity: Change[Decimal | None] = UNSET
    low_stock_threshold: Change[int | None] = UNSET
    product_type: Change[ProductType] = UNSET
    # Replaces the groups it offers; the service checks and attaches them.
    modifier_group_ids: Change[tuple[UUID, ...]] = UNSET
    # A named tax rate (the service checks and attaches it); None: its own taxRate again.
    tax_rate_id: Change[UUID | None] = UNSET
    prep_seconds: Change[int | None] = UNSET
    # Replaces every translation (an empty one: none).
    translations: Change[Translations] = UNSET
    guest_visible: Change[bool] = UNSET
    # Replaces the allergens declared (codes, as ``CreateProduct`` takes them; empty: none).
    allergens: Change[tuple[str, ...]] = UNSET

    def applied_to(self, product: Product) -> Product:
        """The product with these changes; ``updated_at`` is the caller's to move."""
        return replace(
            product,
            name=changed(self.name, product.name),
            price=changed(self.price, product.price),
            category_id=changed(self.category_id, product.category_id),
            description=changed(self.description, product.description),
            sku=_identifier(changed(self.sku, product.sku)),
            barcode=_identifier(changed(self.barcode, product.barcode)),
            cost=changed(self.cost, product.cost),
            tax_rate=changed(self.tax_rate, product.tax_rate),
            image_url=changed(self.image_url, product.image_url),
            is_active=changed(self.is_active, product.is_active),
            is_86d=changed(self.is_86d, product.is_86d),
            # An 86 or un-86 by hand is nobody's automatic one: a restock will not lift it.
            auto_86d=product.auto_86d if self.is_86d is UNSET else False,
            track_inventory=changed(self.track_inventory, product.track_inventory),
            stock_quantity=changed(self.stock_quantity, product.stock_quantity),
            low_stock_threshold=changed(self.low_stock_threshold, product.low_stock_threshold),
            product_type=changed(self.product_type, product.product_type),
            prep_seconds=changed(self.prep_seconds, product.prep_seconds),
            translations=changed(self.translations, product.translations),
            guest_visible=changed(self.guest_visible, product.guest_visible),
            allergens=product.allergens
            if self.allergens is UNSET
            else allergens_of(self.allergens),
        )


@dataclass(frozen=True, slots=True)
class ProductFilter:
    """What a product list is narrowed to; an absent (None) filter filters nothing."""

    location_id: UUID | None = None
    category_id: UUID | None = None
    search: str | None = None
    is_active: bool | None = None
    is_86d: bool | None = None
    product_type: ProductType | None = None
    # Tracked, with a threshold, at or under it (False: every other product).
    low_stock: bool | None = None


@dataclass(frozen=True, slots=True)
class CreateCategory:
    """``sort_order`` None: the category goes last."""

    name: str
    location_id: UUID | None = None
    parent_category_id: UUID | None = None
    description: str | None = None
    image_url: str | None = None
    sort_order: int | None = None
    translations: Translations = NO_TRANSLATIONS

    def category(self, id_: UUID, *, location_id: UUID, sort_order: int, at: datetime) -> Category:
        """The new category, active, at the location and position the service settled."""
        return Category(
            id=id_,
            location_id=location_id,
            parent_category_id=self.parent_category_id,
            name=self.name,
            description=self.description,
            image_url=self.image_url,
            sort_order=sort_order,
            is_active=True,
            created_at=at,
            updated_at=at,
            translations=self.translations,
        )


@dataclass(frozen=True, slots=True)
class CategoryChanges:
    """The fields to change; ``UNSET`` ones keep their value, ``None`` clears an optional one."""

    name: Change[str] = UNSET
    parent_category_id: Change[UUID | None] = UNSET
    description: Change[str | None] = UNSET
    image_url: Change[str | None] = UNSET
    sort_order: Change[int] = UNSET
    is_active: Change[bool] = UNSET
    # Replaces every translation (an empty one: none).
    translations: Change[Translations] = UNSET

    def applied_to(self, category: Category) -> Category:
        """The category with these changes; ``updated_at`` is the caller's to move."""
        return replace(
            category,
            name=changed(self.name, category.name),
            parent_category_id=changed(self.parent_category_id, category.parent_category_id),
            description=changed(self.description, category.description),
            image_url=changed(self.image_url, category.image_url),
            sort_order=changed(self.sort_order, category.sort_order),
            is_active=changed(self.is_active, category.is_active),
            translations=changed(self.translations, category.translations),
        )


def option_in(option: ModifierOption, language: Language | None) -> ModifierOption:
    """The option named in ``language`` where its MODIFIER product has a translation."""
    name, _ = translated(option.name, None, option.translations, language)
    return option if name == option.name else replace(option, name=name)


def group_in(group: ModifierGroup, language: Language | None) -> ModifierGroup:
    """The group and its options named in ``language`` where translated; as is for None."""
    if language is None:
        return group
    name, _ = translated(group.name, None, group.translations, language)
    options = tuple(option_in(option, language) for option in group.options)
    return replace(group, name=name, options=options)


def product_in(product: Product, language: Language | None) -> Product:
    """The product, and the groups it offers, named and described in ``language`` where
    translated (docs/design.md §26); as is for None, at no cost to the hot reads."""
    if language is None:
        return product
    name, description = translated(
        product.name, product.description, product.translations, language
    )
    groups = tuple(group_in(group, language) for group in product.modifier_groups)
    return replace(product, name=name, description=description, modifier_groups=groups)


def category_in(category: Category, language: Language | None) -> Category:
    """The category named and described in ``language`` where translated."""
    name, description = translated(
        category.name, category.description, category.translations, language
    )
    return replace(category, name=name, description=description)


def ensure_orderable(product: Product, quantity: Decimal) -> None:
    """A product can be rung up when active, not 86'd, and in stock if its stock is tracked."""
    if not product.is_active:
        raise ProductUnavailable(f"{product.name} is not active")
    if product.is_86d:
        raise ProductUnavailable(f"{product.name} is 86'd (unavailable)")
    if product.track_inventory and (product.stock_quantity or 0) < quantity:
        raise ProductUnavailable(f"{product.name} is out of stock")


def is_low_on_stock(product: Product) -> bool:
    """Tracked, with a low-stock threshold, and at or under it."""
    return (
        product.track_inventory
        and product.low_stock_threshold is not None
        and (product.stock_quantity or 0) <= product.low_stock_threshold
    )


def fell_low_on_stock(before: Product, after: Product) -> bool:
    """The change took the product down to its low-stock threshold: the alert fires once,
    on the crossing, and not again until the stock has been above the threshold."""
    return is_low_on_stock(after) and not is_low_on_stock(before)


def ensure_same_location(
    field: str, what: str, its_location: UUID | None, location: UUID | None
) -> None:
    """What a catalogue entry refers to (a category, a parent, a modifier group or option) must
    be at the entry's own location: ``field`` names the reference, ``what`` the thing."""
    if its_location != location:
        raise InvalidInput(field, f"{what} belongs to another location")


def creates_cycle(
    category_id: UUID, new_parent_id: UUID, parent_of: Mapping[UUID, UUID | None]
) -> bool:
    """Would making ``new_parent_id`` the parent of ``category_id`` close a loop?"""
    seen: set[UUID] = set()
    current: UUID | None = new_parent_id
    while current is not None and current not in seen:
        if current == category_id:
            return True
        seen.add(current)
        current = parent_of.get(current)
    return current is not None


def category_location(from_body: UUID | None, from_query: UUID | None) -> UUID:
    """The location a new category belongs to: the body's or the query's, which must agree."""
    if from_body is not None and from_query is not None and from_body != from_query:
        raise InvalidInput("locationId", "the body and the query name different locations")
    location_id = from_body or from_query
    if location_id is None:
        raise InvalidInput("locationId", "is required, in the body or as a query parameter")
    return location_id


def ensure_parent_allowed(
    category_id: UUID, parent_id: UUID, parent_of: Mapping[UUID, UUID | None]
) -> None:
    """A category may not be its own parent, nor nest itself deeper down its own tree."""
    if parent_id == category_id:
        raise InvalidInput("parentCategoryId", "a category cannot be its own parent")
    if creates_cycle(category_id, parent_id, parent_of):
        raise CategoryCycle(
            f"making {parent_id} the parent of {category_id} would nest the category in itself"
        )


def ensure_one_location(locations: Set[UUID], location_id: UUID | None) -> None:
    """Categories are reordered within one location: ``locationId``'s when it is given."""
    if location_id is not None and locations != {location_id}:
        raise InvalidInput("categoryIds", "every category must belong to locationId")
    if len(locations) > 1:
        raise InvalidInput("categoryIds", "the categories belong to different locations")


def orderable_by_guests(product: Product) -> bool:
    """On the guests' menu: active, shown to guests, not a modifier (chosen within its group).
    An 86'd one is shown, and refused as any sale of it is."""
    return (
        product.is_active
        and product.guest_visible
        and product.product_type is not ProductType.MODIFIER
    )


@dataclass(frozen=True, slots=True)
class GuestMenu:
    """A location's menu as guests' phones show it (docs/design.md §28): its active categories
    in order, and the active products shown to guests, by name, with their live variants and
    their modifier groups."""

    categories: tuple[Category, ...]
    products: tuple[Product, ...]

    def in_language(self, language: Language | None) -> GuestMenu:
        return GuestMenu(
            tuple(category_in(category, language) for category in self.categories),
            tuple(product_in(product, language) for product in self.products),
        )

    def sections(self) -> list[tuple[Category | None, list[Product]]]:
        """Each category with the products shown in it, in the categories' order, leaving out
        those with none; the products of no category (or an inactive one) last, under None."""
        by_category: dict[UUID | None, list[Product]] = {}
        known = {category.id for category in self.categories}
        for product in self.products:
            key = product.category_id if product.category_id in known else None
            by_category.setdefault(key, []).append(product)
        found: list[tuple[Category | None, list[Product]]] = [
            (category, by_category[category.id])
            for category in self.categories
            if category.id in by_category
        ]
        if None in by_category:
            found.append((None, by_category[None]))
        return found

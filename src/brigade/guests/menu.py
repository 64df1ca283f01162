"""The menu guests see and order from (docs/design.md §28): its shapes over HTTP, the guests'
phones' and the restaurant's own ordering page's alike (§29), and a line as either orders it.
No cost, stock, sku or barcode: only what a guest may read."""

from __future__ import annotations

from decimal import Decimal
from typing import Any
from uuid import UUID

from pydantic import Field

from brigade.catalogue.domain.records import Allergen, GuestMenu, Product
from brigade.dining.domain.rooms import Location
from brigade.kit.http.types import Money, RequestModel, ResponseModel, Text, WholeNumber
from brigade.kit.languages import Language
from brigade.orders.domain.commands import AddItem, ModifierChoice


class GuestVariant(ResponseModel):
    id: UUID = Field(description="The variant, to order it by (`variantId`)")
    name: str = Field(description='Its name ("Large")')
    price: Money = Field(description="Its price, as the restaurant shows prices")


class GuestOption(ResponseModel):
    modifier_option_id: UUID = Field(description="The option, to choose it by")
    name: str = Field(description="Its name, in the language asked where translated")
    price: Money = Field(description="What it adds to each item")
    sold_out: bool = Field(description="86'd: it cannot be chosen now")


class GuestModifierGroup(ResponseModel):
    name: str = Field(description="The group's name, in the language asked where translated")
    min_selections: int = Field(description="At least this many of its options on each item")
    max_selections: int | None = Field(description="At most this many; null: no limit")
    options: list[GuestOption] = Field(description="Its options, in order")


class GuestProduct(ResponseModel):
    id: UUID = Field(description="The product, to order it by (`productId`)")
    name: str = Field(description="Its name, in the language asked where translated")
    description: str | None = Field(description="What it is; null: nothing said")
    image_url: str | None = Field(description="Its photo; null: none")
    price: Money = Field(description="Its price, as the restaurant shows prices")
    allergens: list[Allergen] = Field(
        description="The EU's 14 allergens it contains, as codes; empty: none declared"
    )
    sold_out: bool = Field(description="86'd: shown, but it cannot be ordered now")
    variants: list[GuestVariant] = Field(description="Its sizes or kinds; empty: none")
    modifier_groups: list[GuestModifierGroup] = Field(description="Its choices, with their rules")


class GuestSection(ResponseModel):
    name: str | None = Field(
        description="The category, in the language asked where translated; null: the products "
        "of no category"
    )
    description: str | None = Field(description="The category's description; null: none")
    products: list[GuestProduct] = Field(description="Its products shown to guests, by name")


class GuestMenuOut(ResponseModel):
    language: Language = Field(description="The language the names are in where translated")
    currency: str = Field(description="The prices' currency (ISO 4217)")
    sections: list[GuestSection] = Field(description="The menu's categories, in their order")


def _guest_product(product: Product) -> GuestProduct:
    return GuestProduct(
        id=product.id,
        name=product.name,
        description=product.description,
        image_url=product.image_url,
        price=product.price,
        allergens=list(product.allergens),
        sold_out=product.is_86d,
        variants=[
            GuestVariant(id=variant.id, name=variant.name, price=variant.price)
            for variant in product.variants
            if variant.is_active
        ],
        modifier_groups=[
            GuestModifierGroup(
                name=group.name,
                min_selections=group.min_selections,
                max_selections=group.max_selections,
                options=[
                    GuestOption(
                        modifier_option_id=option.modifier_option_id,
                        name=option.name,
                        price=option.price,
                        sold_out=option.is_86d,
                    )
                    for option in group.options
                ],
            )
            for group in product.modifier_groups
        ],
    )


def guest_menu_out(location: Location, menu: GuestMenu, language: Language | None) -> GuestMenuOut:
    """The menu guests see, in ``language`` where translated (None: the restaurant's): also
    the online ordering page's (docs/design.md §29)."""
    shown_in = language or location.language
    sections = menu.in_language(shown_in).sections()
    return GuestMenuOut(
        language=shown_in,
        currency=location.currency,
        sections=[
            GuestSection(
                name=None if category is None else category.name,
                description=None if category is None else category.description,
                products=[_guest_product(product) for product in products],
            )
            for category, products in sections
        ],
    )


RoundQuantity: Any = WholeNumber(1, 99)
GuestNotes: Any = Text(200)


class GuestModifierIn(RequestModel):
    modifier_option_id: UUID = Field(
        description="One of the options the product's modifier groups offer, as the guests' "
        "menu lists them"
    )


class GuestItemIn(RequestModel):
    product_id: UUID = Field(description="A product of the guests' menu")
    variant_id: UUID | None = Field(
        default=None, description="One of the product's variants; null: the product itself"
    )
    quantity: RoundQuantity = Field(description="How many (1-99)")
    modifiers: list[GuestModifierIn] = Field(
        default_factory=list, max_length=20, description="The options chosen, by the groups' rules"
    )
    notes: GuestNotes | None = Field(
        default=None, description='For the kitchen ("no onions"); null: none'
    )

    def command(self) -> AddItem:
        return AddItem(
            product_id=self.product_id,
            quantity=Decimal(self.quantity),
            variant_id=self.variant_id,
            modifiers=tuple(ModifierChoice(m.modifier_option_id) for m in self.modifiers),
            notes=self.notes,
        )

"""A believable demo menu and a floor of 8 tables, loaded through the services: into the
location the first run creates (docs/design.md §22), taxed at the rates it was given, or by
`brigade demo-data` into a demo location it sets up (US rates)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from uuid import UUID

from brigade.catalogue.domain.menu import CreateVariant, ModifierGroupFields
from brigade.catalogue.domain.records import CreateCategory, CreateProduct, ProductType
from brigade.catalogue.service.categories import create_category, list_categories
from brigade.catalogue.service.menu import add_variant, create_group
from brigade.catalogue.service.products import create_product
from brigade.commands import COMMAND_LINE, in_one_transaction
from brigade.dining.service.rooms import (
    create_table,
    get_location,
    list_tables,
    set_location_profile,
)
from brigade.kit.db.engine import UnitOfWork
from brigade.settings import Settings

DEMO_LOCATION = UUID("0196a1b2-de00-7000-8000-00000000de00")
DEMO_LOCATION_NAME = "Demo restaurant"


@dataclass(frozen=True, slots=True)
class DemoTaxes:
    """What the demo's food (soft drinks with it, and the modifiers) and its alcohol are taxed
    at: a named rate of the location when given (its takeout rate with it), else the number."""

    food: Decimal
    alcohol: Decimal
    food_rate_id: UUID | None = None
    alcohol_rate_id: UUID | None = None

    def of(self, kind: str) -> tuple[Decimal, UUID | None]:
        if kind == ALCOHOL:
            return self.alcohol, self.alcohol_rate_id
        return self.food, self.food_rate_id


FOOD = "food"
ALCOHOL = "alcohol"
# `brigade demo-data`'s: a US city's sales tax on food, and on alcohol.
US_TAXES = DemoTaxes(food=Decimal("0.0825"), alcohol=Decimal("0.10"))

# (name, price, cost) per leaf category, under (top-level name, description, what it is).
_MENU: dict[tuple[str, str, str], dict[str, list[tuple[str, str, str]]]] = {
    ("Food", "Served from 11:30 until the kitchen closes", FOOD): {
        "Starters": [
            ("Crispy calamari", "12.50", "3.80"),
            ("Burrata with heirloom tomatoes", "14.00", "4.90"),
            ("Chicken wings (8)", "11.00", "3.20"),
            ("Soup of the day", "7.50", "1.60"),
            ("Garlic bread", "6.00", "0.90"),
        ],
        "Mains": [
            # Not a multiple of 0.05: a check with it shows the cash rounding.
            ("Classic cheeseburger", "16.49", "5.10"),
            ("Steak frites", "28.00", "10.40"),
            ("Grilled salmon", "24.00", "8.70"),
            ("Wild mushroom risotto", "19.00", "4.30"),
            ("Fish and chips", "18.50", "5.60"),
            ("Chicken caesar salad", "15.00", "4.20"),
        ],
        "Desserts": [
            ("Chocolate lava cake", "9.00", "2.10"),
            ("Crème brûlée", "8.50", "1.80"),
            ("Seasonal fruit crumble", "8.00", "1.90"),
            ("Two scoops of gelato", "6.50", "1.40"),
        ],
    },
    ("Drinks", "Ask your server about today's specials", ALCOHOL): {
        "Beer": [
            ("House lager (pint)", "7.00", "1.60"),
            ("IPA (pint)", "8.00", "2.00"),
            ("Stout (pint)", "8.00", "2.10"),
        ],
        "Wine": [
            ("House red (glass)", "10.00", "2.50"),
            ("House white (glass)", "10.00", "2.40"),
            ("Prosecco (glass)", "11.00", "2.80"),
            ("Malbec (bottle)", "42.00", "14.00"),
        ],
        "Cocktails": [
            ("Margarita", "13.00", "2.90"),
            ("Old fashioned", "14.00", "3.30"),
            ("Negroni", "13.50", "3.10"),
            ("Espresso martini", "14.00", "3.20"),
        ],
        "Soft drinks": [
            ("Cola", "3.50", "0.45"),
            ("Sparkling water", "3.00", "0.40"),
            ("Fresh lemonade", "4.50", "0.80"),
            ("Iced tea", "4.00", "0.60"),
            ("Latte", "3.80", "0.70"),
        ],
    },
}

# Soft drinks carry the food rate: only alcohol is taxed at the higher one.
_TAX_OVERRIDES = {"Soft drinks": FOOD}

# The floor: (name, section, seats).
_TABLES = [
    ("1", "Inside", 2),
    ("2", "Inside", 2),
    ("3", "Inside", 4),
    ("4", "Inside", 4),
    ("5", "Inside", 4),
    ("6", "Inside", 6),
    ("7", "Terrace", 4),
    ("8", "Terrace", 4),
]

_MODIFIERS = [
    ("Extra cheese", "1.50", "0.40"),
    ("Bacon", "2.00", "0.60"),
    ("Fried egg", "1.50", "0.30"),
    ("Gluten-free bun", "1.00", "0.35"),
    ("Large", "0.75", "0.20"),
    ("Rare", "0.00", "0.00"),
    ("Medium rare", "0.00", "0.00"),
    ("Medium", "0.00", "0.00"),
    ("Well done", "0.00", "0.00"),
]

# Modifier groups: (min, max, options); and the dishes that offer them.
_GROUPS: dict[str, tuple[int, int, list[str]]] = {
    "Steak temperature": (1, 1, ["Rare", "Medium rare", "Medium", "Well done"]),
    "Burger extras": (0, 3, ["Extra cheese", "Bacon", "Fried egg", "Gluten-free bun"]),
}
_OFFERS = {"Steak frites": ["Steak temperature"], "Classic cheeseburger": ["Burger extras"]}

# A latte comes in three sizes, each its own price.
_VARIANTS = {"Latte": [("Small", "3.80"), ("Medium", "4.40"), ("Large", "4.90")]}

# Dishes the kitchen makes a set number of: (portions in stock, low-stock threshold).
_STOCK = {
    "Grilled salmon": (12, 4),
    "Burrata with heirloom tomatoes": (8, 3),
    "Seasonal fruit crumble": (6, 2),
}


def ean13(number: int) -> str:
    """An EAN-13 in the in-store range (prefix 200) with a valid check digit."""
    body = f"200{number:09d}"
    weighted = sum(int(digit) * (3 if position % 2 else 1) for position, digit in enumerate(body))
    return body + str((10 - weighted % 10) % 10)


class _Loader:
    def __init__(self, uow: UnitOfWork, location_id: UUID, taxes: DemoTaxes) -> None:
        self._uow = uow
        self._location_id = location_id
        self._taxes = taxes
        self.categories = 0
        self.products = 0
        self.modifiers: dict[str, UUID] = {}
        self.groups: dict[str, UUID] = {}

    async def category(self, name: str, description: str | None, parent: UUID | None) -> UUID:
        command = CreateCategory(name, description=description, parent_category_id=parent)
        view = await create_category(self._uow, command, location_id=self._location_id)
        self.categories += 1
        return view.category.id

    async def product(
        self,
        item: tuple[str, str, str],
        *,
        taxed_as: str,
        category_id: UUID | None = None,
        product_type: ProductType = ProductType.ITEM,
    ) -> UUID:
        self.products += 1
        name, price, cost = item
        stock, threshold = _STOCK.get(name, (None, None))
        tax_rate, tax_rate_id = self._taxes.of(taxed_as)
        command = CreateProduct(
            name,
            Decimal(price),
            cost=Decimal(cost),
            sku=f"DEMO-{self.products:03d}",
            barcode=ean13(self.products),
            category_id=category_id,
            tax_rate=tax_rate,
            tax_rate_id=tax_rate_id,
            product_type=product_type,
            track_inventory=stock is not None,
            stock_quantity=None if stock is None else Decimal(stock),
            low_stock_threshold=threshold,
            modifier_group_ids=tuple(self.groups[group] for group in _OFFERS.get(name, ())),
        )
        product = await create_product(self._uow, command, location_id=self._location_id)
        for size, size_price in _VARIANTS.get(name, ()):
            sku = f"{command.sku}-{size[0]}"
            await add_variant(self._uow, product.id, CreateVariant(size, Decimal(size_price), sku))
        return product.id

    async def group(self, name: str, low: int, high: int, options: list[str]) -> None:
        option_ids = tuple(self.modifiers[option] for option in options)
        fields = ModifierGroupFields(name, low, high, option_ids, location_id=self._location_id)
        self.groups[name] = (await create_group(self._uow, fields)).id


async def _floor(uow: UnitOfWork, location_id: UUID) -> int:
    """The demo's tables, at a location that has none yet: how many were made."""
    if (await list_tables(uow, location_id, page=1, limit=1))[1]:
        return 0
    for name, section, seats in _TABLES:
        await create_table(uow, location_id, name, section=section, seats=seats)
    return len(_TABLES)


async def load_demo_menu_into(
    uow: UnitOfWork, location_id: UUID, taxes: DemoTaxes = US_TAXES
) -> str:
    """The demo menu at ``location_id``, in ``uow``, taxed at ``taxes``, and its floor (unless
    the location has tables); a location with categories is left alone."""
    if await list_categories(uow, location_id, include_inactive=True):
        return f"Location {location_id} already has categories; nothing loaded."
    loader = _Loader(uow, location_id, taxes)
    # Modifiers and their groups first: the dishes offer the groups.
    for modifier in _MODIFIERS:
        loader.modifiers[modifier[0]] = await loader.product(
            modifier, taxed_as=FOOD, product_type=ProductType.MODIFIER
        )
    for name, (low, high, options) in _GROUPS.items():
        await loader.group(name, low, high, options)
    for (top_name, description, kind), sections in _MENU.items():
        top = await loader.category(top_name, description, None)
        for section, items in sections.items():
            section_id = await loader.category(section, None, top)
            taxed_as = _TAX_OVERRIDES.get(section, kind)
            for item in items:
                await loader.product(item, category_id=section_id, taxed_as=taxed_as)
    tables = await _floor(uow, location_id)
    return (
        f"Loaded the demo menu at location {location_id}: {loader.categories} categories, "
        f"{loader.products} products ({len(_MODIFIERS)} modifiers), {len(_GROUPS)} modifier "
        f"groups, {sum(map(len, _VARIANTS.values()))} variants, {len(_STOCK)} dishes in stock, "
        f"{tables} tables."
    )


async def _load_at_demo_location(uow: UnitOfWork) -> str:
    # The menu goes to a location that exists: its profile is made first when it has none.
    if (await get_location(uow, DEMO_LOCATION)).name is None:
        await set_location_profile(
            uow,
            COMMAND_LINE,
            DEMO_LOCATION,
            name=DEMO_LOCATION_NAME,
            timezone="UTC",
            currency="USD",
        )
    return await load_demo_menu_into(uow, DEMO_LOCATION)


async def load_demo_menu(settings: Settings) -> str:
    """Load the demo menu in one transaction, once, at the demo location (its profile made if
    missing): a location that has categories is left alone."""
    return await in_one_transaction(settings, _load_at_demo_location)

"""The order aggregate's rules for a new item, with the catalogue's facts handed in (no
database): the variant is the product's own, an ad-hoc modifier brings its name and price,
the product's modifier groups' limits hold, and who may change an item."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import pytest

from brigade.catalogue.domain.errors import (
    ModifierSelectionInvalid,
    ProductUnavailable,
    VariantRequired,
)
from brigade.catalogue.domain.menu import CreateVariant
from brigade.catalogue.domain.records import (
    CreateProduct,
    ModifierGroup,
    ModifierOption,
    Product,
    ProductType,
    ProductVariant,
)
from brigade.kit import errors
from brigade.kit.access import Actor, Role
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.commands import AddItem, ChangeItem, CreateOrder, ModifierChoice
from brigade.orders.domain.errors import OrderClosed
from brigade.orders.domain.records import Modifier
from brigade.orders.domain.states import ItemStatus, OrderType
from orders.unit.test_order_aggregate import LOCATION, SERVER, T0

KITCHEN = Actor(name="Kim", role=Role.KITCHEN, staff_id=uuid.uuid4())


def _product(name: str, price: str, kind: ProductType = ProductType.ITEM, **menu: Any) -> Product:
    """A product as created, with ``menu`` (its variants, its modifier groups)."""
    created = CreateProduct(name, Decimal(price), tax_rate=Decimal("0.1"), product_type=kind)
    product = created.product(uuid.uuid4(), location_id=LOCATION, category_id=None, at=T0)
    return dataclasses.replace(product, **menu)


def _variant(product: Product, name: str, price: str) -> ProductVariant:
    return CreateVariant(name, Decimal(price)).variant(uuid.uuid4(), product, at=T0)


def _group(name: str, options: list[Product], low: int, high: int | None) -> ModifierGroup:
    return ModifierGroup(
        id=uuid.uuid4(),
        location_id=LOCATION,
        name=name,
        min_selections=low,
        max_selections=high,
        options=tuple(ModifierOption(o.id, o.name, o.price, o.is_86d) for o in options),
        created_at=T0,
        updated_at=T0,
    )


def _order() -> Order:
    command = CreateOrder(order_type=OrderType.DINE_IN, location_id=LOCATION)
    order = Order.open(command, order_number=1001, opened_by=SERVER, at=T0)
    return Order(order.header)


LATTE = _product("Latte", "3.50")
LARGE = _variant(LATTE, "Large", "4.20")
DECAF = dataclasses.replace(_variant(LATTE, "Decaf", "3.80"), is_active=False)
LATTE = dataclasses.replace(LATTE, variants=(LARGE, DECAF))
OAT = _product("Oat milk", "0.40", ProductType.MODIFIER)
SOY = _product("Soy milk", "0.30", ProductType.MODIFIER)
SHOT = _product("Extra shot", "0.60", ProductType.MODIFIER)
MILK = _group("Milk", [OAT, SOY], 1, 1)
CATALOGUE: Mapping[uuid.UUID, Product] = {p.id: p for p in (OAT, SOY, SHOT)}


def _add(
    order: Order,
    product: Product,
    *modifiers: ModifierChoice,
    variant_id: uuid.UUID | None = None,
    named_variant: ProductVariant | None = None,
) -> None:
    command = AddItem(product.id, Decimal(2), variant_id=variant_id, modifiers=modifiers)
    order.add_item(command, product=product, named_variant=named_variant, options=CATALOGUE, at=T0)


def _refused(
    error: type[Exception],
    order: Order,
    product: Product,
    *modifiers: ModifierChoice,
    variant_id: uuid.UUID | None = None,
    named_variant: ProductVariant | None = None,
) -> str:
    """Adding is refused with ``error`` and leaves the order as it was; answers the field."""
    before, added = order.header, list(order.changes.added_items)
    with pytest.raises(error) as refused:
        _add(order, product, *modifiers, variant_id=variant_id, named_variant=named_variant)
    assert order.header == before
    assert order.changes.added_items == added
    return getattr(refused.value, "field", "")


# --- variants -------------------------------------------------------------------------------


def test_an_item_of_a_variant_is_sold_as_the_variant_at_its_price() -> None:
    order = _order()
    item = order.add_item(AddItem(LATTE.id, Decimal(2), variant_id=LARGE.id), product=LATTE, at=T0)
    assert (item.name, item.unit_price_cents, item.variant_id) == ("Latte (Large)", 420, LARGE.id)
    assert item.total_cents == 840


def test_a_product_with_variants_needs_one_of_its_own_active_ones() -> None:
    order = _order()
    assert _refused(VariantRequired, order, LATTE) == "variantId"
    other = _variant(_product("Mocha", "4.00"), "Large", "4.90")
    assert _refused(
        errors.InvalidInput, order, LATTE, variant_id=other.id, named_variant=other
    ) == ("variantId")
    assert _refused(ProductUnavailable, order, LATTE, variant_id=DECAF.id) == ""


def test_a_product_without_variants_keeps_an_unknown_id_but_not_another_products_variant() -> None:
    tea = _product("Tea", "2.00")
    order = _order()
    unknown = uuid.uuid4()
    item = order.add_item(AddItem(tea.id, Decimal(1), variant_id=unknown), product=tea, at=T0)
    assert (item.name, item.variant_id, item.unit_price_cents) == ("Tea", unknown, 200)
    assert _refused(errors.InvalidInput, order, tea, variant_id=LARGE.id, named_variant=LARGE) == (
        "variantId"
    )


# --- modifiers ------------------------------------------------------------------------------


def test_a_catalogue_modifier_takes_the_catalogues_name_and_price_an_ad_hoc_one_its_own() -> None:
    order = _order()
    shot = ModifierChoice(SHOT.id, "Cheap shot", Decimal("0.01"))
    sauce = ModifierChoice(uuid.uuid4(), "Hot sauce", Decimal("0.50"))
    command = AddItem(OAT.id, Decimal(2), modifiers=(shot, sauce))
    tea = _product("Tea", "2.00")
    item = order.add_item(
        dataclasses.replace(command, product_id=tea.id), product=tea, options=CATALOGUE, at=T0
    )
    assert item.modifiers == (
        Modifier(SHOT.id, "Extra shot", 60),
        Modifier(sauce.modifier_option_id, "Hot sauce", 50),
    )
    assert item.total_cents == 2 * (200 + 60 + 50)


def test_an_ad_hoc_modifier_needs_a_name_and_a_price() -> None:
    tea, order = _product("Tea", "2.00"), _order()
    no_name = ModifierChoice(uuid.uuid4(), price=Decimal("0.50"))
    no_price = ModifierChoice(uuid.uuid4(), name="Lemon")
    assert _refused(errors.InvalidInput, order, tea, no_name) == "modifiers.0.name"
    shot = ModifierChoice(SHOT.id)
    assert _refused(errors.InvalidInput, order, tea, shot, no_price) == "modifiers.1.price"


def test_a_catalogue_product_that_is_not_a_modifier_counts_as_ad_hoc() -> None:
    tea, order = _product("Tea", "2.00"), _order()
    cake = _product("Cake", "5.00")
    options = {cake.id: cake}
    asked = AddItem(tea.id, Decimal(1), modifiers=(ModifierChoice(cake.id),))
    with pytest.raises(errors.InvalidInput) as refused:
        order.add_item(asked, product=tea, options=options, at=T0)
    assert refused.value.field == "modifiers.0.name"


def test_a_catalogue_modifier_must_be_orderable() -> None:
    tea, order = _product("Tea", "2.00"), _order()
    gone = dataclasses.replace(SHOT, is_86d=True)
    asked = AddItem(tea.id, Decimal(1), modifiers=(ModifierChoice(SHOT.id),))
    with pytest.raises(ProductUnavailable):
        order.add_item(asked, product=tea, options={SHOT.id: gone}, at=T0)


def test_the_products_modifier_groups_limit_what_is_chosen() -> None:
    flat_white = _product("Flat white", "3.20", modifier_groups=(MILK,))
    order = _order()
    assert _refused(ModifierSelectionInvalid, order, flat_white) == f"modifierGroups.{MILK.id}"
    both = (ModifierChoice(OAT.id), ModifierChoice(SOY.id))
    assert _refused(ModifierSelectionInvalid, order, flat_white, *both) == (
        f"modifierGroups.{MILK.id}"
    )
    outside = (ModifierChoice(OAT.id), ModifierChoice(SHOT.id))
    assert _refused(ModifierSelectionInvalid, order, flat_white, *outside) == (
        "modifiers.1.modifierOptionId"
    )
    # An ad-hoc modifier is no group's option: groups count catalogue options only.
    lemon = ModifierChoice(uuid.uuid4(), "Lemon", Decimal("0.10"))
    _add(order, flat_white, ModifierChoice(SOY.id), lemon)
    assert [m.name for m in order.changes.added_items[0].modifiers] == ["Soy milk", "Lemon"]


def test_checks_run_in_order_room_variant_modifiers_then_limits() -> None:
    grouped = dataclasses.replace(LATTE, modifier_groups=(MILK,))
    no_price = ModifierChoice(uuid.uuid4(), name="Lemon")
    order = _order()
    # A bad variant wins over a bad modifier, which wins over the group's limits.
    assert _refused(VariantRequired, order, grouped, no_price) == "variantId"
    assert _refused(errors.InvalidInput, order, grouped, no_price, variant_id=LARGE.id) == (
        "modifiers.0.price"
    )
    lemon = ModifierChoice(uuid.uuid4(), "Lemon", Decimal("0.10"))
    assert _refused(ModifierSelectionInvalid, order, grouped, lemon, variant_id=LARGE.id) == (
        f"modifierGroups.{MILK.id}"
    )
    closed = _order()
    closed.cancel("mistake", actor=SERVER, at=T0)
    with pytest.raises(OrderClosed):
        _add(closed, grouped, no_price)


# --- who may change an item -----------------------------------------------------------------


def test_the_kitchen_moves_an_items_status_and_only_a_server_changes_the_rest() -> None:
    order = _order()
    _add(order, _product("Tea", "2.00"))
    item_id = order.changes.added_items[0].id
    with pytest.raises(errors.Forbidden):
        order.change_item(item_id, ChangeItem(quantity=Decimal(1)), actor=KITCHEN, at=T0)
    with pytest.raises(errors.Forbidden):
        order.change_item(item_id, ChangeItem(notes="no milk"), actor=KITCHEN, at=T0)
    change = order.change_item(
        item_id, ChangeItem(status=ItemStatus.PREPARING), actor=KITCHEN, at=T0
    )
    assert change.after.status is ItemStatus.PREPARING
    change = order.change_item(item_id, ChangeItem(notes="no milk"), actor=SERVER, at=T0)
    assert change.after.notes == "no milk"

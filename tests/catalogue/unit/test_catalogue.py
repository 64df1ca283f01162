"""Catalogue rules without a database: references across locations, a category's location and
parent, category cycles, reordering, whether a product can be ordered, when its stock is low,
the allergens it declares, and which events a change to it announces."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from brigade.catalogue.domain.errors import CategoryCycle, ProductUnavailable
from brigade.catalogue.domain.events import CatalogueEvents, product_changed
from brigade.catalogue.domain.records import (
    Allergen,
    CreateProduct,
    Product,
    ProductChanges,
    ProductType,
    allergens_of,
    category_location,
    creates_cycle,
    ensure_one_location,
    ensure_orderable,
    ensure_parent_allowed,
    ensure_same_location,
    fell_low_on_stock,
    is_low_on_stock,
)
from brigade.kit.errors import InvalidInput

A, B, C, D = (uuid.UUID(int=n) for n in range(1, 5))


def test_a_reference_at_the_same_location_is_accepted() -> None:
    ensure_same_location("categoryId", "the category", A, A)
    ensure_same_location("modifierGroupIds.0", "the group", None, None)


@pytest.mark.parametrize(("its_location", "location"), [(A, B), (A, None), (None, A)])
def test_a_reference_at_another_location_names_its_field_and_thing(
    its_location: uuid.UUID | None, location: uuid.UUID | None
) -> None:
    with pytest.raises(InvalidInput) as refused:
        ensure_same_location("options.2.productId", "Oat milk", its_location, location)
    assert refused.value.field == "options.2.productId"
    assert refused.value.message == "Oat milk belongs to another location"


def test_a_new_category_is_at_the_body_or_the_query_location() -> None:
    assert category_location(A, None) == A
    assert category_location(None, B) == B
    assert category_location(C, C) == C


@pytest.mark.parametrize(
    ("from_body", "from_query", "message"),
    [
        (A, B, "the body and the query name different locations"),
        (None, None, "is required, in the body or as a query parameter"),
    ],
)
def test_a_new_category_needs_one_location(
    from_body: uuid.UUID | None, from_query: uuid.UUID | None, message: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        category_location(from_body, from_query)
    assert (refused.value.field, refused.value.message) == ("locationId", message)


def test_a_category_cannot_be_its_own_parent() -> None:
    with pytest.raises(InvalidInput) as refused:
        ensure_parent_allowed(A, A, {A: None})
    assert refused.value.field == "parentCategoryId"
    assert refused.value.message == "a category cannot be its own parent"


def test_a_parent_below_the_category_is_a_cycle() -> None:
    with pytest.raises(CategoryCycle) as refused:
        ensure_parent_allowed(A, C, {A: None, B: A, C: B})
    assert refused.value.detail == f"making {C} the parent of {A} would nest the category in itself"


def test_a_parent_elsewhere_in_the_tree_is_allowed() -> None:
    ensure_parent_allowed(C, B, {A: None, B: A, C: A})
    ensure_parent_allowed(D, A, {A: None, D: None})


def test_categories_of_one_location_are_reordered() -> None:
    ensure_one_location({A}, A)
    ensure_one_location({A}, None)


@pytest.mark.parametrize(
    ("locations", "location_id", "message"),
    [
        ({A}, B, "every category must belong to locationId"),
        ({A, B}, A, "every category must belong to locationId"),
        ({A, B}, None, "the categories belong to different locations"),
    ],
)
def test_a_reorder_across_locations_is_refused(
    locations: set[uuid.UUID], location_id: uuid.UUID | None, message: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        ensure_one_location(locations, location_id)
    assert (refused.value.field, refused.value.message) == ("categoryIds", message)


def test_a_top_level_parent_makes_no_cycle() -> None:
    assert not creates_cycle(B, A, {A: None, B: None})


def test_a_category_as_its_own_parent_is_a_cycle() -> None:
    assert creates_cycle(A, A, {A: None})


def test_making_a_descendant_the_parent_is_a_cycle() -> None:
    # A > B > C: putting A under C would loop A > B > C > A.
    parent_of = {A: None, B: A, C: B}
    assert creates_cycle(A, C, parent_of)
    assert creates_cycle(A, B, parent_of)


def test_moving_under_a_sibling_branch_makes_no_cycle() -> None:
    # A > B and A > C: moving C under B keeps the tree a tree.
    assert not creates_cycle(C, B, {A: None, B: A, C: A})


def test_moving_a_leaf_under_an_unrelated_deep_chain_makes_no_cycle() -> None:
    assert not creates_cycle(D, C, {A: None, B: A, C: B, D: None})


def test_a_parent_missing_from_the_map_ends_the_walk() -> None:
    assert not creates_cycle(A, B, {A: None})


def test_an_existing_loop_elsewhere_is_reported_rather_than_walked_forever() -> None:
    # B and C already point at each other (corrupt data): attaching A there is refused.
    assert creates_cycle(A, B, {A: None, B: C, C: B})


NOW = datetime(2025, 1, 1, tzinfo=UTC)
BURGER = Product(
    id=A,
    location_id=None,
    category_id=None,
    name="Burger",
    description=None,
    sku=None,
    barcode=None,
    price=Decimal("12.00"),
    cost=None,
    tax_rate=Decimal("0.0825"),
    image_url=None,
    is_active=True,
    is_86d=False,
    track_inventory=False,
    stock_quantity=None,
    low_stock_threshold=None,
    product_type=ProductType.ITEM,
    created_at=NOW,
    updated_at=NOW,
)


def test_an_active_available_untracked_product_is_orderable() -> None:
    ensure_orderable(BURGER, Decimal(100))


def test_a_tracked_product_with_enough_stock_is_orderable() -> None:
    product = dataclasses.replace(BURGER, track_inventory=True, stock_quantity=Decimal("2.5"))
    ensure_orderable(product, Decimal("2.5"))


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"is_active": False}, "not active"),
        ({"is_86d": True}, "86'd"),
        ({"track_inventory": True, "stock_quantity": Decimal(1)}, "out of stock"),
        ({"track_inventory": True, "stock_quantity": None}, "out of stock"),
    ],
)
def test_an_inactive_86d_or_out_of_stock_product_is_unavailable(
    changes: dict[str, Any], reason: str
) -> None:
    product = dataclasses.replace(BURGER, **changes)
    with pytest.raises(ProductUnavailable, match=reason):
        ensure_orderable(product, Decimal(2))


# --- low stock ------------------------------------------------------------------------------

TRACKED = dataclasses.replace(
    BURGER, track_inventory=True, stock_quantity=Decimal(5), low_stock_threshold=3
)


def _with_stock(stock: str | None, **changes: Any) -> Product:
    quantity = None if stock is None else Decimal(stock)
    return dataclasses.replace(TRACKED, stock_quantity=quantity, **changes)


@pytest.mark.parametrize(
    ("product", "low"),
    [
        (_with_stock("5"), False),
        (_with_stock("3.5"), False),
        (_with_stock("3"), True),
        (_with_stock("0"), True),
        (_with_stock(None), True),  # tracked without a count: nothing in stock
        (_with_stock("1", track_inventory=False), False),
        (_with_stock("1", low_stock_threshold=None), False),
    ],
    ids=str,
)
def test_low_means_tracked_with_a_threshold_and_at_or_under_it(product: Product, low: bool) -> None:
    assert is_low_on_stock(product) is low


@pytest.mark.parametrize(
    ("before", "after", "fell"),
    [
        ("5", "4", False),  # still above
        ("5", "3", True),  # down to the threshold
        ("4", "2", True),  # past it
        ("3", "2", False),  # already low: no second alert
        ("2", "3", False),  # risen, still low
        ("2", "4", False),  # risen above: the next fall alerts again
    ],
)
def test_stock_falls_low_once_per_crossing(before: str, after: str, fell: bool) -> None:
    assert fell_low_on_stock(_with_stock(before), _with_stock(after)) is fell


def test_a_raised_threshold_or_newly_tracked_stock_that_is_low_crosses_too() -> None:
    assert fell_low_on_stock(TRACKED, dataclasses.replace(TRACKED, low_stock_threshold=5))
    untracked = dataclasses.replace(TRACKED, track_inventory=False, stock_quantity=Decimal(1))
    assert fell_low_on_stock(untracked, dataclasses.replace(untracked, track_inventory=True))


# --- the allergens a product declares -------------------------------------------------------


def test_the_allergens_come_each_once_in_the_annexs_order() -> None:
    assert allergens_of(["MOLLUSCS", "GLUTEN", "MILK", "GLUTEN", Allergen.EGGS]) == (
        Allergen.GLUTEN,
        Allergen.EGGS,
        Allergen.MILK,
        Allergen.MOLLUSCS,
    )
    assert allergens_of([]) == ()
    assert allergens_of(reversed(Allergen)) == tuple(Allergen)


def test_the_allergens_are_the_eus_fourteen() -> None:
    assert [allergen.value for allergen in Allergen] == [
        "GLUTEN", "CRUSTACEANS", "EGGS", "FISH", "PEANUTS", "SOYBEANS", "MILK", "NUTS", "CELERY",
        "MUSTARD", "SESAME", "SULPHITES", "LUPIN", "MOLLUSCS",
    ]  # fmt: skip


@pytest.mark.parametrize("code", ["TREE_NUTS", "gluten", "", " MILK"])
def test_an_unknown_allergen_is_refused_at_its_field(code: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        allergens_of(["MILK", code])
    assert refused.value.field == "allergens"
    assert refused.value.message == f"{code!r} is none of the 14 allergens"


def test_a_new_or_changed_product_keeps_its_allergens_in_order() -> None:
    created = CreateProduct(name="Pad thai", price=Decimal(12), allergens=("NUTS", "EGGS", "NUTS"))
    product = created.product(A, location_id=A, category_id=None, at=LATER)
    assert (product.allergens, product.guest_visible) == ((Allergen.EGGS, Allergen.NUTS), False)
    shown = ProductChanges(guest_visible=True).applied_to(product)
    assert (shown.allergens, shown.guest_visible) == (product.allergens, True)
    assert ProductChanges(allergens=("FISH", "CELERY")).applied_to(shown).allergens == (
        Allergen.FISH,
        Allergen.CELERY,
    )
    assert ProductChanges(allergens=()).applied_to(shown).allergens == ()


# --- what a product change announces --------------------------------------------------------

LATER = datetime(2025, 1, 2, tzinfo=UTC)


@pytest.mark.parametrize(
    ("changes", "announced"),
    [
        ({"price": Decimal(13)}, [CatalogueEvents.PRODUCT_UPDATED]),
        ({"is_86d": True}, [CatalogueEvents.PRODUCT_86D]),
        (
            {"name": "Big burger", "is_86d": True},
            [CatalogueEvents.PRODUCT_UPDATED, CatalogueEvents.PRODUCT_86D],
        ),
        (
            {"stock_quantity": Decimal(2)},
            [CatalogueEvents.PRODUCT_UPDATED, CatalogueEvents.STOCK_LOW],
        ),
        ({"stock_quantity": Decimal(9)}, [CatalogueEvents.PRODUCT_UPDATED]),
        ({"guest_visible": True}, [CatalogueEvents.PRODUCT_UPDATED]),
        ({"allergens": (Allergen.MILK,)}, [CatalogueEvents.PRODUCT_UPDATED]),
        ({}, []),  # only the time moved
    ],
    ids=str,
)
def test_a_change_announces_its_kinds(
    changes: dict[str, Any], announced: list[CatalogueEvents]
) -> None:
    after = dataclasses.replace(TRACKED, updated_at=LATER, **changes)
    assert [event.type for event in product_changed(TRACKED, after)] == announced


def test_back_from_86_is_available() -> None:
    gone = dataclasses.replace(TRACKED, is_86d=True)
    back = dataclasses.replace(TRACKED, updated_at=LATER)
    assert [event.type for event in product_changed(gone, back)] == [
        CatalogueEvents.PRODUCT_AVAILABLE
    ]

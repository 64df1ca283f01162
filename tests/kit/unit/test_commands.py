"""Typed commands without a database: what a partial change keeps, sets and clears."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from brigade.access.domain.staff import StaffChanges, StaffMember
from brigade.catalogue.domain.records import (
    CategoryChanges,
    CreateCategory,
    CreateProduct,
    Product,
    ProductChanges,
    ProductType,
)
from brigade.kit.access import Role
from brigade.kit.changes import UNSET, changed

AT = datetime(2026, 1, 1, tzinfo=UTC)
ID, CATEGORY, LOCATION = (uuid.UUID(int=n) for n in range(1, 4))


def _product(**fields: Any) -> Product:
    command = CreateProduct(name="Burger", price=Decimal("12.50"), sku="B-1", cost=Decimal(4))
    product = command.product(ID, location_id=LOCATION, category_id=CATEGORY, at=AT)
    return ProductChanges(**fields).applied_to(product)


def test_unset_keeps_the_current_value_and_none_is_a_value() -> None:
    assert changed(UNSET, "kept") == "kept"
    assert changed(None, "cleared") is None
    assert changed("new", "old") == "new"


def test_a_new_product_is_active_available_and_takes_the_defaults() -> None:
    product = _product()
    assert (product.is_active, product.is_86d, product.track_inventory) == (True, False, False)
    assert (product.tax_rate, product.product_type) == (Decimal(0), ProductType.ITEM)
    assert (product.created_at, product.updated_at, product.location_id) == (AT, AT, LOCATION)


def test_an_empty_change_changes_nothing() -> None:
    assert _product() == _product(**{})


def test_a_change_sets_what_it_names_and_keeps_the_rest() -> None:
    product = _product(price=Decimal(14), is_86d=True)
    assert (product.price, product.is_86d) == (Decimal(14), True)
    assert (product.name, product.sku, product.cost) == ("Burger", "B-1", Decimal(4))


def test_null_clears_an_optional_field_and_an_empty_sku_clears_it_too() -> None:
    product = _product(cost=None, category_id=None, barcode="", sku="")
    assert (product.cost, product.category_id, product.barcode, product.sku) == (
        None,
        None,
        None,
        None,
    )


def test_an_empty_sku_on_creation_is_no_sku() -> None:
    command = CreateProduct(name="Fries", price=Decimal(4), sku="", barcode="")
    product = command.product(ID, location_id=None, category_id=None, at=AT)
    assert (product.sku, product.barcode) == (None, None)


def test_category_changes() -> None:
    category = CreateCategory(name="Mains", parent_category_id=CATEGORY).category(
        ID, location_id=LOCATION, sort_order=3, at=AT
    )
    assert (category.is_active, category.sort_order) == (True, 3)
    moved = CategoryChanges(parent_category_id=None, sort_order=0).applied_to(category)
    assert (moved.parent_category_id, moved.sort_order, moved.name) == (None, 0, "Mains")
    assert CategoryChanges().applied_to(category) == category


def test_staff_changes() -> None:
    member = StaffMember(ID, "Ana", Role.SERVER, True, AT, AT)
    promoted = StaffChanges(role=Role.MANAGER).applied_to(member)
    assert (promoted.name, promoted.role, promoted.is_active) == ("Ana", Role.MANAGER, True)
    assert StaffChanges().applied_to(member) == member

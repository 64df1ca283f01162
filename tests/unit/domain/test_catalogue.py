"""Catalogue rules without a database: category cycles and whether a product can be ordered."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from brigade.domain.catalogue import Product, ProductType, creates_cycle, ensure_orderable
from brigade.domain.errors import ProductUnavailable

A, B, C, D = (uuid.UUID(int=n) for n in range(1, 5))


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
    changes: dict[str, object], reason: str
) -> None:
    product = dataclasses.replace(BURGER, **changes)
    with pytest.raises(ProductUnavailable, match=reason):
        ensure_orderable(product, Decimal(2))

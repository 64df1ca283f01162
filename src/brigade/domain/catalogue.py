"""Catalogue records and their rules: products, categories, availability."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from uuid import UUID

from brigade.domain.errors import ProductUnavailable


class ProductType(StrEnum):
    ITEM = "ITEM"
    MODIFIER = "MODIFIER"
    BUNDLE = "BUNDLE"


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


def ensure_orderable(product: Product, quantity: Decimal) -> None:
    """A product can be rung up when active, not 86'd, and in stock if its stock is tracked."""
    if not product.is_active:
        raise ProductUnavailable(f"{product.name} is not active")
    if product.is_86d:
        raise ProductUnavailable(f"{product.name} is 86'd (unavailable)")
    if product.track_inventory and (product.stock_quantity or 0) < quantity:
        raise ProductUnavailable(f"{product.name} is out of stock")


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

"""Product use cases."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from brigade.db.categories import CategoryRepository
from brigade.db.engine import UnitOfWork
from brigade.db.products import ProductFilter, ProductRepository
from brigade.domain.access import Actor
from brigade.domain.audit import AuditAction, AuditedEntity
from brigade.domain.catalogue import Product, ProductType
from brigade.domain.errors import (
    DomainError,
    DuplicateBarcode,
    DuplicateSku,
    InvalidInput,
    NotFound,
)
from brigade.domain.ids import new_id
from brigade.services import audit
from brigade.services.clock import later_than


@dataclass(frozen=True, slots=True)
class BulkFailure:
    id: UUID
    error: DomainError


async def get_product(uow: UnitOfWork, product_id: UUID) -> Product:
    product = await ProductRepository(uow).get(product_id)
    if product is None:
        raise NotFound("product", product_id)
    return product


async def get_product_by_barcode(
    uow: UnitOfWork, barcode: str, location_id: UUID | None
) -> Product:
    product = await ProductRepository(uow).get_by_barcode(barcode, location_id)
    if product is None:
        raise NotFound("product with barcode", barcode)
    return product


async def list_products(
    uow: UnitOfWork, filters: ProductFilter, *, page: int, limit: int
) -> tuple[list[Product], int]:
    return await ProductRepository(uow).list(filters, page=page, limit=limit)


async def _check_category(
    uow: UnitOfWork, category_id: UUID | None, location_id: UUID | None
) -> UUID | None:
    """Validate the product's category; answer the location the product belongs to."""
    if category_id is None:
        return location_id
    category = await CategoryRepository(uow).get(category_id, for_update=True)
    if category is None:
        raise InvalidInput("categoryId", "no such category")
    if location_id is not None and category.location_id != location_id:
        raise InvalidInput("categoryId", "the category belongs to another location")
    return category.location_id


async def _check_identifiers_unique(uow: UnitOfWork, product: Product) -> None:
    repository = ProductRepository(uow)
    if product.sku and await repository.identifier_taken(
        product.location_id, column="sku", value=product.sku, exclude_id=product.id
    ):
        raise DuplicateSku(f"sku {product.sku!r} is already used at this location")
    if product.barcode and await repository.identifier_taken(
        product.location_id, column="barcode", value=product.barcode, exclude_id=product.id
    ):
        raise DuplicateBarcode(f"barcode {product.barcode!r} is already used at this location")


async def create_product(
    uow: UnitOfWork, fields: Mapping[str, Any], *, location_id: UUID | None = None
) -> Product:
    """``fields``: the validated request, snake_case; ``location_id`` from body or query."""
    category_id = fields.get("category_id")
    location = await _check_category(uow, category_id, fields.get("location_id") or location_id)
    now = datetime.now(UTC)
    product = Product(
        id=new_id(),
        location_id=location,
        category_id=category_id,
        name=fields["name"],
        description=fields.get("description"),
        sku=fields.get("sku") or None,
        barcode=fields.get("barcode") or None,
        price=fields["price"],
        cost=fields.get("cost"),
        tax_rate=fields.get("tax_rate") or Decimal(0),
        image_url=fields.get("image_url"),
        is_active=True,
        is_86d=False,
        track_inventory=bool(fields.get("track_inventory", False)),
        stock_quantity=fields.get("stock_quantity"),
        low_stock_threshold=fields.get("low_stock_threshold"),
        product_type=fields.get("product_type") or ProductType.ITEM,
        created_at=now,
        updated_at=now,
    )
    await _check_identifiers_unique(uow, product)
    await ProductRepository(uow).insert(product)
    return product


async def update_product(
    uow: UnitOfWork,
    actor: Actor,
    product_id: UUID,
    changes: Mapping[str, Any],
    *,
    reason: str | None = None,
) -> Product:
    """Apply the fields present in ``changes`` (snake_case); absent fields stay as they are.

    A price change and an 86 or un-86 are written to the audit log.
    """
    repository = ProductRepository(uow)
    current = await repository.get(product_id, for_update=True)
    if current is None:
        raise NotFound("product", product_id)
    changes = dict(changes)
    for identifier in ("sku", "barcode"):
        if identifier in changes and not changes[identifier]:
            changes[identifier] = None  # an empty string clears it
    if "category_id" in changes:
        await _check_category(uow, changes["category_id"], current.location_id)
    product = dataclasses.replace(current, **changes)
    if product == current:
        return current
    product = dataclasses.replace(product, updated_at=later_than(current.updated_at))
    await _check_identifiers_unique(uow, product)
    await repository.save(product)
    await _audit_changes(uow, actor, current, product, reason)
    return product


async def _audit_changes(
    uow: UnitOfWork, actor: Actor, before: Product, after: Product, reason: str | None
) -> None:
    changed: list[tuple[AuditAction, str, Any, Any]] = []
    if after.price != before.price:
        changed.append((AuditAction.PRICE_CHANGED, "price", str(before.price), str(after.price)))
    if after.is_86d != before.is_86d:
        action = AuditAction.PRODUCT_86D if after.is_86d else AuditAction.PRODUCT_UN86D
        changed.append((action, "is86d", before.is_86d, after.is_86d))
    for action, field, old, new in changed:
        await audit.record(
            uow,
            actor,
            action,
            (AuditedEntity.PRODUCT, after.id),
            location_id=after.location_id,
            before={"name": before.name, field: old},
            after={"name": after.name, field: new},
            reason=reason,
        )


async def set_86d(
    uow: UnitOfWork, actor: Actor, product_id: UUID, *, unavailable: bool, reason: str | None
) -> Product:
    """Mark a product 86'd or available again; repeating it changes nothing."""
    return await update_product(uow, actor, product_id, {"is_86d": unavailable}, reason=reason)


async def delete_product(uow: UnitOfWork, product_id: UUID) -> None:
    repository = ProductRepository(uow)
    if await repository.get(product_id, for_update=True) is None:
        raise NotFound("product", product_id)
    await repository.soft_delete(product_id, datetime.now(UTC))


async def bulk_update_products(
    uow: UnitOfWork, actor: Actor, updates: Sequence[tuple[UUID, Mapping[str, Any]]]
) -> tuple[int, list[BulkFailure]]:
    """Apply each update on its own, in a savepoint: one that breaks a rule is reported
    and leaves the others applied."""
    failures: list[BulkFailure] = []
    for product_id, changes in updates:
        try:
            async with uow.savepoint():
                await update_product(uow, actor, product_id, changes)
        except DomainError as error:
            failures.append(BulkFailure(product_id, error))
    return len(updates) - len(failures), failures

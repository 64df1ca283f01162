"""Product use cases."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from brigade.db.categories import CategoryRepository
from brigade.db.engine import UnitOfWork
from brigade.db.products import ProductRepository
from brigade.domain.access import Actor
from brigade.domain.audit import AuditAction, AuditedEntity
from brigade.domain.catalogue import CreateProduct, Product, ProductChanges, ProductFilter
from brigade.domain.changes import UNSET
from brigade.domain.errors import (
    DomainError,
    DuplicateBarcode,
    DuplicateSku,
    InvalidInput,
    NotFound,
)
from brigade.domain.events import EventType
from brigade.domain.ids import new_id
from brigade.services import audit, events
from brigade.services.clock import later_than, now


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
    uow: UnitOfWork, command: CreateProduct, *, location_id: UUID | None = None
) -> Product:
    """``location_id``: the query's, used when the command names none."""
    category_id = command.category_id
    location = await _check_category(uow, category_id, command.location_id or location_id)
    product = command.product(new_id(), location_id=location, category_id=category_id, at=now())
    await _check_identifiers_unique(uow, product)
    await ProductRepository(uow).insert(product)
    events.product_event(uow, EventType.PRODUCT_CREATED, product)
    return product


async def update_product(
    uow: UnitOfWork,
    actor: Actor,
    product_id: UUID,
    changes: ProductChanges,
    *,
    reason: str | None = None,
) -> Product:
    """Apply ``changes``; the fields it leaves out stay as they are.

    A price change and an 86 or un-86 are written to the audit log.
    """
    repository = ProductRepository(uow)
    current = await repository.get(product_id, for_update=True)
    if current is None:
        raise NotFound("product", product_id)
    if changes.category_id is not UNSET:
        await _check_category(uow, changes.category_id, current.location_id)
    product = changes.applied_to(current)
    if product == current:
        return current
    product = dataclasses.replace(product, updated_at=later_than(current.updated_at))
    await _check_identifiers_unique(uow, product)
    await repository.save(product)
    await _audit_changes(uow, actor, current, product, reason)
    events.product_changed(uow, current, product)
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
    changes = ProductChanges(is_86d=unavailable)
    return await update_product(uow, actor, product_id, changes, reason=reason)


async def delete_product(uow: UnitOfWork, product_id: UUID) -> None:
    repository = ProductRepository(uow)
    current = await repository.get(product_id, for_update=True)
    if current is None:
        raise NotFound("product", product_id)
    await repository.soft_delete(product_id, later_than(current.updated_at))
    # Its last state: a deleted product is no longer shown.
    events.product_event(uow, EventType.PRODUCT_DELETED, current)


async def bulk_update_products(
    uow: UnitOfWork, actor: Actor, updates: Sequence[tuple[UUID, ProductChanges]]
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

"""Product use cases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any
from uuid import UUID

from brigade.access.domain.audit import AuditAction
from brigade.catalogue.domain.errors import DuplicateBarcode, DuplicateSku
from brigade.catalogue.domain.menu import at_stock_level, stock_level
from brigade.catalogue.domain.records import (
    CreateProduct,
    GuestMenu,
    ModifierGroup,
    Product,
    ProductChanges,
    ProductFilter,
    ensure_same_location,
    orderable_by_guests,
    with_tax,
)
from brigade.catalogue.repository.categories import CategoryRepository
from brigade.catalogue.repository.menu import MenuRepository
from brigade.catalogue.repository.products import ProductRepository
from brigade.catalogue.service import stock
from brigade.kit.access import Actor
from brigade.kit.changes import UNSET, Change
from brigade.kit.clock import later_than, now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import DomainError, InvalidInput, NotFound
from brigade.kit.ids import new_id
from brigade.pricing import service as pricing


@dataclass(frozen=True, slots=True)
class BulkFailure:
    id: UUID
    error: DomainError


async def _with_menu(uow: UnitOfWork, product: Product) -> Product:
    [loaded] = await MenuRepository(uow).with_menu([product])
    return loaded


async def _locked(uow: UnitOfWork, product_id: UUID) -> Product:
    """The product, locked until the transaction ends, with its menu."""
    product = await ProductRepository(uow).get(product_id, for_update=True)
    if product is None:
        raise NotFound("product", product_id)
    return await _with_menu(uow, product)


async def get_product(uow: UnitOfWork, product_id: UUID) -> Product:
    product = await ProductRepository(uow).get(product_id)
    if product is None:
        raise NotFound("product", product_id)
    return await _with_menu(uow, product)


async def get_product_by_barcode(
    uow: UnitOfWork, barcode: str, location_id: UUID | None
) -> tuple[Product, UUID | None]:
    """The product with the barcode, or the product of the variant with it and that variant."""
    products = ProductRepository(uow)
    product = await products.get_by_barcode(barcode, location_id)
    matched = None
    if product is None:
        variant = await MenuRepository(uow).variant_by_barcode(barcode, location_id)
        if variant is not None:
            product, matched = await products.get(variant.product_id), variant.id
    if product is None:
        raise NotFound("product with barcode", barcode)
    return await _with_menu(uow, product), matched


async def list_products(
    uow: UnitOfWork, filters: ProductFilter, *, page: int, limit: int
) -> tuple[list[Product], int]:
    return await ProductRepository(uow).list(filters, page=page, limit=limit)


async def guest_menu(uow: UnitOfWork, location_id: UUID) -> GuestMenu:
    """The location's menu as guests' phones show it (docs/design.md §28), in three statements
    whatever its size: the products shown to guests, their variants and groups, the categories."""
    marked = await ProductRepository(uow).guest_menu(location_id)
    shown = [product for product in marked if orderable_by_guests(product)]
    products = await MenuRepository(uow).with_menu(shown)
    categories = await CategoryRepository(uow).list(location_id, include_inactive=False)
    return GuestMenu(tuple(categories), tuple(products))


async def products_with_skus(
    uow: UnitOfWork, location_id: UUID, skus: Sequence[str] = ()
) -> list[Product]:
    """The location's live products among ``skus`` (every one that has a sku when none is
    given), by name: what a channel knows them by."""
    return await ProductRepository(uow).with_skus(location_id, skus)


async def on_guest_menu(uow: UnitOfWork, product_ids: Sequence[UUID]) -> set[UUID]:
    """Which of ``product_ids`` guests may order: live, active products shown to them, not
    modifiers (docs/design.md §28)."""
    found = await ProductRepository(uow).get_many(product_ids)
    return {product.id for product in found.values() if orderable_by_guests(product)}


async def _check_category(
    uow: UnitOfWork, category_id: UUID | None, location_id: UUID | None
) -> UUID | None:
    """Validate the product's category; answer the location the product belongs to."""
    if category_id is None:
        return location_id
    category = await CategoryRepository(uow).get(category_id, for_update=True)
    if category is None:
        raise InvalidInput("categoryId", "no such category")
    if location_id is not None:
        ensure_same_location("categoryId", "the category", category.location_id, location_id)
    return category.location_id


async def check_identifiers_unique(
    uow: UnitOfWork,
    location_id: UUID | None,
    sku: str | None,
    barcode: str | None,
    *,
    product_id: UUID | None = None,
    variant_id: UUID | None = None,
) -> None:
    """A sku or barcode is unique at the location among live products and variants together;
    ``product_id``/``variant_id``: the one being written, which may keep its own."""
    products, menu = ProductRepository(uow), MenuRepository(uow)
    for column, value, error in (
        ("sku", sku, DuplicateSku),
        ("barcode", barcode, DuplicateBarcode),
    ):
        if not value:
            continue
        taken = await products.identifier_taken(
            location_id, column=column, value=value, exclude_id=product_id
        ) or await menu.variant_identifier_taken(
            location_id, column=column, value=value, exclude_id=variant_id
        )
        if taken:
            raise error(f"{column} {value!r} is already used at this location")


async def _offered_groups(
    uow: UnitOfWork, group_ids: Sequence[UUID], location_id: UUID | None
) -> tuple[ModifierGroup, ...]:
    """The modifier groups a product offers, in order: each exists at its location, once."""
    if len(set(group_ids)) != len(group_ids):
        raise InvalidInput("modifierGroupIds", "a group is listed twice")
    found = await MenuRepository(uow).get_groups(group_ids)
    for index, group_id in enumerate(group_ids):
        group = found.get(group_id)
        if group is None:
            raise InvalidInput(f"modifierGroupIds.{index}", "no such modifier group")
        ensure_same_location(
            f"modifierGroupIds.{index}", "the group", group.location_id, location_id
        )
    return tuple(found[group_id] for group_id in group_ids)


async def _taxed(uow: UnitOfWork, product: Product, tax_rate_id: Change[UUID | None]) -> Product:
    """The product with the named rate a change gives it: a live rate of its location (422
    otherwise), or none (None). A product that keeps its rate keeps that rate's number."""
    if tax_rate_id is UNSET:
        return product if product.tax is None else with_tax(product, product.tax)
    if tax_rate_id is None:
        return with_tax(product, None)
    if tax_rate_id == product.tax_rate_id and product.tax is not None:
        return with_tax(product, product.tax)
    return with_tax(product, await pricing.live_tax_rate(uow, tax_rate_id, product.location_id))


async def create_product(
    uow: UnitOfWork, command: CreateProduct, *, location_id: UUID | None = None
) -> Product:
    """``location_id``: the query's, used when the command names none."""
    category_id = command.category_id
    location = await _check_category(uow, category_id, command.location_id or location_id)
    product = command.product(new_id(), location_id=location, category_id=category_id, at=now())
    await check_identifiers_unique(uow, location, product.sku, product.barcode)
    groups = await _offered_groups(uow, command.modifier_group_ids, location)
    product = replace(product, modifier_groups=groups)
    if command.tax_rate_id is not None:
        tax = await pricing.live_tax_rate(uow, command.tax_rate_id, location)
        product = with_tax(product, tax)
    await ProductRepository(uow).insert(product)
    await MenuRepository(uow).set_product_groups(product.id, command.modifier_group_ids)
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

    A price change and an 86 or un-86 are written to the audit log; a new stock level goes in
    the stock ledger (a COUNT) and may 86 the product or lift its automatic 86.
    """
    current = await _locked(uow, product_id)
    # The route's boundary checked a path's product; a bulk update names its own, each here.
    actor.ensure_at(current.location_id)
    if changes.category_id is not UNSET:
        await _check_category(uow, changes.category_id, current.location_id)
    product = changes.applied_to(current)
    if changes.modifier_group_ids is not UNSET:
        groups = await _offered_groups(uow, changes.modifier_group_ids, current.location_id)
        product = replace(product, modifier_groups=groups)
    product = await _taxed(uow, product, changes.tax_rate_id)
    if product.stock_quantity != current.stock_quantity:
        product = at_stock_level(product, stock_level(product))
    if product == current:
        return current
    product = replace(product, updated_at=later_than(current.updated_at))
    await check_identifiers_unique(
        uow, product.location_id, product.sku, product.barcode, product_id=product.id
    )
    await ProductRepository(uow).save(product, before=current)
    if changes.modifier_group_ids is not UNSET:
        await MenuRepository(uow).set_product_groups(product.id, changes.modifier_group_ids)
    await stock.record_count(uow, actor, current, product, reason=reason)
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
        await stock.audit_product(
            uow,
            actor,
            action,
            after,
            before={"name": before.name, field: old},
            after={field: new},
            reason=reason,
        )


async def set_86d(
    uow: UnitOfWork, actor: Actor, product_id: UUID, *, unavailable: bool, reason: str | None
) -> Product:
    """Mark a product 86'd or available again; repeating it changes nothing."""
    changes = ProductChanges(is_86d=unavailable)
    return await update_product(uow, actor, product_id, changes, reason=reason)


async def delete_product(uow: UnitOfWork, product_id: UUID) -> None:
    """A soft delete: orders keep their snapshots; as an option it leaves every group."""
    current = await _locked(uow, product_id)
    await ProductRepository(uow).soft_delete(current, later_than(current.updated_at))


async def bulk_update_products(
    uow: UnitOfWork, actor: Actor, updates: Sequence[tuple[UUID, ProductChanges]]
) -> tuple[list[Product], list[BulkFailure]]:
    """Apply each update on its own, in a savepoint: one that breaks a rule is reported
    and leaves the others applied. Answers the products changed, each once as it ends up (in
    the order of their first update), and the failures."""
    changed: dict[UUID, Product] = {}
    failures: list[BulkFailure] = []
    for product_id, changes in updates:
        try:
            async with uow.savepoint():
                product = await update_product(uow, actor, product_id, changes)
        except DomainError as error:
            failures.append(BulkFailure(product_id, error))
        else:
            changed[product_id] = product
    return list(changed.values()), failures


async def set_tax_of_products(
    uow: UnitOfWork,
    actor: Actor,
    location_id: UUID,
    product_ids: Sequence[UUID],
    *,
    tax_rate_id: UUID | None,
    tax_rate: Decimal | None,
) -> list[Product]:
    """Tax every product of ``product_ids`` at the named rate ``tax_rate_id`` or at its own
    ``tax_rate`` (exactly one), all or nothing: every product must be a live one of
    ``location_id`` (422 at ``productIds.N`` otherwise, before anything is written). The
    products are locked in the order of their ids (two bulk edits never wait on each other in
    a circle) and changed as the per-product edit changes them. Answers them as they now are,
    in the request's order."""
    actor.ensure_at(location_id)
    if (tax_rate_id is None) == (tax_rate is None):
        raise InvalidInput("taxRateId", "give exactly one of taxRateId and taxRate")
    if len(set(product_ids)) != len(product_ids):
        raise InvalidInput("productIds", "a product is listed twice")
    if tax_rate_id is not None:
        await pricing.live_tax_rate(uow, tax_rate_id, location_id)
    locked = await ProductRepository(uow).get_many(product_ids, for_update=True)
    for index, product_id in enumerate(product_ids):
        product = locked.get(product_id)
        if product is None:
            raise InvalidInput(f"productIds.{index}", "no such product")
        if product.location_id != location_id:
            raise InvalidInput(f"productIds.{index}", "is a product of another location")
    changes = (
        ProductChanges(tax_rate_id=tax_rate_id)
        if tax_rate is None
        else ProductChanges(tax_rate=tax_rate, tax_rate_id=None)
    )
    return [await update_product(uow, actor, product_id, changes) for product_id in product_ids]


async def products_by_id(uow: UnitOfWork, product_ids: Sequence[UUID]) -> dict[UUID, Product]:
    """The products among ``product_ids`` that exist, by id, in one query."""
    return await ProductRepository(uow).get_many(product_ids)

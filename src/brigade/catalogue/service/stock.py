"""Stock use cases: a sale takes it, a void or a cancellation puts it back, a manager adjusts or
counts it. Every change is a row of the ledger; a level of 0 86es a tracked product
automatically (by "system"), a restock lifts that automatic 86, and a fall to the low-stock
threshold emits one ``stock.low``."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from decimal import Decimal
from typing import Any
from uuid import UUID

from brigade.access.domain.audit import AuditAction, AuditedEntity
from brigade.access.service import audit
from brigade.catalogue.domain.menu import (
    ChangeStock,
    StockMovement,
    StockMovementKind,
    at_stock_level,
    auto_86_changed,
    stock_level,
)
from brigade.catalogue.domain.records import Product, ensure_orderable
from brigade.catalogue.repository.menu import MenuRepository
from brigade.catalogue.repository.products import ProductRepository
from brigade.kit.access import SYSTEM, Actor
from brigade.kit.clock import later_than, now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import NotFound
from brigade.kit.ids import new_id


def _movement(
    product: Product,
    kind: StockMovementKind,
    change: Decimal,
    actor: Actor,
    *,
    order_id: UUID | None = None,
    reason: str | None = None,
) -> StockMovement:
    return StockMovement(
        id=new_id(),
        product_id=product.id,
        location_id=product.location_id,
        kind=kind,
        change=change,
        level=stock_level(product),
        reason=reason,
        order_id=order_id,
        staff_id=actor.staff_id,
        staff_name=actor.name,
        at=now(),
    )


async def _audit_automatic_86(uow: UnitOfWork, before: Product, after: Product) -> None:
    """An 86 the stock made or lifted, by "system", with the level that made it."""
    action = AuditAction.PRODUCT_86D if after.is_86d else AuditAction.PRODUCT_UN86D
    await audit_product(
        uow,
        SYSTEM,
        action,
        after,
        before={"name": before.name, "is86d": before.is_86d},
        after={"is86d": after.is_86d, "stockQuantity": str(stock_level(after))},
        reason="out of stock" if after.is_86d else "back in stock",
    )


async def _save_stock(uow: UnitOfWork, before: Product, after: Product) -> None:
    """Write a sale's or a return's new level (its events with it: catalogue/domain/events.py)
    and audit the automatic 86, or its lifting, that it made."""
    await ProductRepository(uow).save_stock(after, before=before)
    if auto_86_changed(before, after):
        await _audit_automatic_86(uow, before, after)


async def sell(
    uow: UnitOfWork, actor: Actor, product: Product, quantity: Decimal, *, order_id: UUID
) -> Product:
    """Take ``quantity`` of a locked product (its menu loaded) that was checked orderable."""
    if not product.track_inventory:
        return product
    after = at_stock_level(product, stock_level(product) - quantity)
    await _save_stock(uow, product, after)
    sale = _movement(after, StockMovementKind.SALE, -quantity, actor, order_id=order_id)
    await MenuRepository(uow).record_movements([sale])
    return after


async def put_back(
    uow: UnitOfWork,
    actor: Actor,
    returned: Mapping[UUID, Decimal],
    *,
    kind: StockMovementKind,
    order_id: UUID,
) -> None:
    """Return voided or cancelled quantities to their products' tracked stock."""
    if not any(returned.values()):
        return
    products = ProductRepository(uow)
    await products.adjust_stock(returned)
    # Read after the update, which holds their rows: the levels it left.
    current = await products.get_many([pid for pid, quantity in returned.items() if quantity])
    tracked = sorted((p for p in current.values() if p.track_inventory), key=lambda p: p.id)
    await MenuRepository(uow).record_movements(
        [_movement(p, kind, returned[p.id], actor, order_id=order_id) for p in tracked]
    )
    restocked = [p for p in tracked if at_stock_level(p, stock_level(p)) != p]
    for before in await MenuRepository(uow).with_menu(restocked):
        after = at_stock_level(before, stock_level(before))
        await _save_stock(uow, before, after)


async def record_count(
    uow: UnitOfWork, actor: Actor, before: Product, after: Product, *, reason: str | None
) -> None:
    """A product update that set a tracked product's stock: a COUNT in the ledger, and the
    audit entry of the automatic 86 (or its lifting) the new level made."""
    if not after.track_inventory or stock_level(after) == stock_level(before):
        return
    change = stock_level(after) - stock_level(before)
    count = _movement(after, StockMovementKind.COUNT, change, actor, reason=reason)
    await MenuRepository(uow).record_movements([count])
    if auto_86_changed(before, after):
        await _audit_automatic_86(uow, before, after)


async def change_stock(
    uow: UnitOfWork, actor: Actor, product_id: UUID, command: ChangeStock
) -> Product:
    """A manager's adjustment (``delta``) or count: a ledger row with why, an audit entry, and
    the product's events (``product.updated``, an automatic 86 or its lifting, ``stock.low``)."""
    products = ProductRepository(uow)
    found = await products.get(product_id, for_update=True)
    if found is None:
        raise NotFound("product", product_id)
    [current] = await MenuRepository(uow).with_menu([found])
    level = command.level_after(current)
    # A count that finds what the books say changes nothing but still goes in the ledger.
    after = dataclasses.replace(
        at_stock_level(current, level), updated_at=later_than(current.updated_at)
    )
    await products.save(after, before=current)
    change = level - stock_level(current)
    movement = _movement(after, command.kind, change, actor, reason=command.reason)
    await MenuRepository(uow).record_movements([movement])
    action = (
        AuditAction.STOCK_COUNTED
        if command.kind is StockMovementKind.COUNT
        else AuditAction.STOCK_ADJUSTED
    )
    await audit_product(
        uow,
        actor,
        action,
        after,
        before={"name": current.name, "stockQuantity": str(stock_level(current))},
        after={"stockQuantity": str(level), "change": str(change)},
        reason=command.reason,
    )
    if auto_86_changed(current, after):
        await _audit_automatic_86(uow, current, after)
    return after


async def list_movements(
    uow: UnitOfWork, product_id: UUID, *, page: int, limit: int
) -> tuple[list[StockMovement], int]:
    if await ProductRepository(uow).get(product_id) is None:
        raise NotFound("product", product_id)
    return await MenuRepository(uow).movements(product_id, page=page, limit=limit)


async def audit_product(
    uow: UnitOfWork,
    actor: Actor,
    action: AuditAction,
    product: Product,
    *,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    reason: str | None,
) -> None:
    """An entry about ``product`` at its location; ``before``/``after`` also carry its name."""
    await audit.record(
        uow,
        actor,
        action,
        (AuditedEntity.PRODUCT, product.id),
        location_id=product.location_id,
        before=before,
        after={"name": product.name, **after},
        reason=reason,
    )


async def reserve(
    uow: UnitOfWork, actor: Actor, product_id: UUID, quantity: Decimal, *, order_id: UUID
) -> Product | None:
    """Lock the product, check it can be rung up in ``quantity``, take that from tracked stock;
    answer it with its menu (variants, modifier groups).

    None when the product is not (or no longer) in the catalogue.
    """
    found = await ProductRepository(uow).get(product_id, for_update=True)
    if found is None:
        return None
    ensure_orderable(found, quantity)
    [product] = await MenuRepository(uow).with_menu([found])
    return await sell(uow, actor, product, quantity, order_id=order_id)

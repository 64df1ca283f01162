"""What the catalogue does when another feature's change tells it to, and what it answers
when asked, in that change's transaction (docs/design.md §9): subscribed when the app
starts."""

from __future__ import annotations

from collections.abc import Mapping
from uuid import UUID

from brigade.catalogue.domain.menu import StockReturned
from brigade.catalogue.domain.questions import (
    LiveVariant,
    ProductsById,
    ProductWithMenu,
    ReserveStock,
)
from brigade.catalogue.domain.records import Product, ProductVariant
from brigade.catalogue.service import menu, products, stock
from brigade.kit.db.engine import Answerer, DomainEventHandler, UnitOfWork


async def put_back(uow: UnitOfWork, returned: StockReturned) -> None:
    """Voided or cancelled quantities go back into their products' tracked stock."""
    await stock.put_back(
        uow, returned.actor, returned.quantities, kind=returned.kind, order_id=returned.order_id
    )


async def reserve(uow: UnitOfWork, asked: ReserveStock) -> Product | None:
    return await stock.reserve(
        uow, asked.actor, asked.product_id, asked.quantity, order_id=asked.order_id
    )


async def product_with_menu(uow: UnitOfWork, asked: ProductWithMenu) -> Product:
    return await products.get_product(uow, asked.product_id)


async def products_by_id(uow: UnitOfWork, asked: ProductsById) -> Mapping[UUID, Product]:
    return await products.products_by_id(uow, asked.product_ids)


async def live_variant(uow: UnitOfWork, asked: LiveVariant) -> ProductVariant | None:
    return await menu.find_variant(uow, asked.variant_id)


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = ((StockReturned, put_back),)
ANSWERS: tuple[tuple[type, Answerer], ...] = (
    (ReserveStock, reserve),
    (ProductWithMenu, product_with_menu),
    (ProductsById, products_by_id),
    (LiveVariant, live_variant),
)

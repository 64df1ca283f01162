"""Every product query."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, and_, bindparam, func, select, update

from brigade.db.engine import UnitOfWork
from brigade.db.tables import NO_LOCATION, products
from brigade.domain import money
from brigade.domain.catalogue import Product, ProductFilter, ProductType


def search_text(name: str, sku: str | None, barcode: str | None) -> str:
    return "\n".join(part.lower() for part in (name, sku or "", barcode or ""))


def _like_pattern(term: str) -> str:
    escaped = term.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _to_product(row: Row[Any]) -> Product:
    stock = row.stock_quantity_units
    return Product(
        id=row.id,
        location_id=None if row.location_id == NO_LOCATION else row.location_id,
        category_id=row.category_id,
        name=row.name,
        description=row.description,
        sku=row.sku,
        barcode=row.barcode,
        price=money.from_cents(row.price_cents),
        cost=None if row.cost_cents is None else money.from_cents(row.cost_cents),
        tax_rate=money.rate_from_units(row.tax_rate_units),
        image_url=row.image_url,
        is_active=row.is_active,
        is_86d=row.is_86d,
        track_inventory=row.track_inventory,
        stock_quantity=None if stock is None else money.quantity_from_units(stock),
        low_stock_threshold=row.low_stock_threshold,
        product_type=ProductType(row.product_type),
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _to_row(product: Product) -> dict[str, Any]:
    stock = product.stock_quantity
    return {
        "id": product.id,
        "location_id": product.location_id or NO_LOCATION,
        "category_id": product.category_id,
        "name": product.name,
        "search_text": search_text(product.name, product.sku, product.barcode),
        "description": product.description,
        "sku": product.sku,
        "barcode": product.barcode,
        "price_cents": money.to_cents(product.price),
        "cost_cents": None if product.cost is None else money.to_cents(product.cost),
        "tax_rate_units": money.rate_to_units(product.tax_rate),
        "image_url": product.image_url,
        "is_active": product.is_active,
        "is_86d": product.is_86d,
        "track_inventory": product.track_inventory,
        "stock_quantity_units": None if stock is None else money.quantity_to_units(stock),
        "low_stock_threshold": product.low_stock_threshold,
        "product_type": product.product_type.value,
        "created_at": product.created_at,
        "updated_at": product.updated_at,
    }


_LIVE = products.c.deleted_at.is_(None)


# The most read row of all, built once (see db/orders.py).
_PRODUCT = select(products).where(_LIVE, products.c.id == bindparam("product_key"))
_PRODUCT_FOR_UPDATE = _PRODUCT.with_for_update()
# The oldest live product with the barcode (unique per location; the first one across them).
_BY_BARCODE = (
    select(products)
    .where(_LIVE, products.c.barcode == bindparam("barcode_key"))
    .order_by(products.c.created_at)
    .limit(1)
)
_BY_BARCODE_AT = _BY_BARCODE.where(products.c.location_id == bindparam("location_key"))


class ProductRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def get(self, product_id: UUID, *, for_update: bool = False) -> Product | None:
        connection = await self._uow.connection()
        query = _PRODUCT_FOR_UPDATE if for_update else _PRODUCT
        row = (await connection.execute(query, {"product_key": product_id})).first()
        return None if row is None else _to_product(row)

    async def get_many(self, product_ids: Sequence[UUID]) -> dict[UUID, Product]:
        if not product_ids:
            return {}
        connection = await self._uow.connection()
        query = select(products).where(_LIVE, products.c.id.in_(product_ids))
        return {row.id: _to_product(row) for row in await connection.execute(query)}

    async def get_by_barcode(self, barcode: str, location_id: UUID | None) -> Product | None:
        connection = await self._uow.connection()
        if location_id is None:
            found = await connection.execute(_BY_BARCODE, {"barcode_key": barcode})
        else:
            at = {"barcode_key": barcode, "location_key": location_id}
            found = await connection.execute(_BY_BARCODE_AT, at)
        row = found.first()
        return None if row is None else _to_product(row)

    async def list(
        self, filters: ProductFilter, *, page: int, limit: int
    ) -> tuple[list[Product], int]:
        where: list[ColumnElement[bool]] = [_LIVE]
        if filters.location_id is not None:
            where.append(products.c.location_id == filters.location_id)
        if filters.category_id is not None:
            where.append(products.c.category_id == filters.category_id)
        if filters.search:
            where.append(products.c.search_text.like(_like_pattern(filters.search), escape="\\"))
        if filters.is_active is not None:
            where.append(products.c.is_active == filters.is_active)
        if filters.is_86d is not None:
            where.append(products.c.is_86d == filters.is_86d)
        if filters.product_type is not None:
            where.append(products.c.product_type == filters.product_type.value)
        condition = and_(*where)
        connection = await self._uow.connection()
        total = (
            await connection.execute(select(func.count()).select_from(products).where(condition))
        ).scalar_one()
        query = (
            select(products)
            .where(condition)
            .order_by(products.c.name, products.c.id)
            .offset((page - 1) * limit)
            .limit(limit)
        )
        rows = await connection.execute(query)
        return [_to_product(row) for row in rows], total

    async def identifier_taken(
        self,
        location_id: UUID | None,
        *,
        column: str,
        value: str,
        exclude_id: UUID | None = None,
    ) -> bool:
        """Is this sku or barcode already used by another live product at the location?"""
        where = [
            products.c.location_id == (location_id or NO_LOCATION),
            products.c[column] == value,
        ]
        if exclude_id is not None:
            where.append(products.c.id != exclude_id)
        connection = await self._uow.connection()
        taken = await connection.execute(select(products.c.id).where(_LIVE, *where).limit(1))
        return taken.first() is not None

    async def insert(self, product: Product) -> None:
        connection = await self._uow.connection()
        await connection.execute(products.insert().values(_to_row(product)))

    async def save(self, product: Product) -> None:
        row = _to_row(product)
        del row["id"], row["created_at"]
        connection = await self._uow.connection()
        await connection.execute(update(products).where(products.c.id == product.id).values(row))

    async def soft_delete(self, product_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            update(products).where(products.c.id == product_id).values(deleted_at=at, updated_at=at)
        )

    async def count_live_in_categories(self, category_ids: Sequence[UUID]) -> Mapping[UUID, int]:
        if not category_ids:
            return {}
        connection = await self._uow.connection()
        query = (
            select(products.c.category_id, func.count())
            .where(_LIVE, products.c.category_id.in_(category_ids))
            .group_by(products.c.category_id)
        )
        return {row[0]: row[1] for row in await connection.execute(query)}

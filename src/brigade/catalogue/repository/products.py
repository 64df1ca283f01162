"""Every product query."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from functools import cache
from typing import Any
from uuid import UUID

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Integer,
    Row,
    Select,
    String,
    Uuid,
    and_,
    bindparam,
    func,
    not_,
    select,
    update,
)

from brigade.catalogue.domain.events import (
    CatalogueEvents,
    ProductsChanged,
    menu_changed,
    product_changed,
    product_event,
    stock_moved,
)
from brigade.catalogue.domain.records import Product, ProductFilter, ProductType, allergens_of
from brigade.catalogue.tables import products
from brigade.kit import money
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import location_in, location_out, location_reader, row_from_record
from brigade.kit.languages import translations_from_json, translations_json
from brigade.pricing.tables import TAX_RATE_COLUMNS, tax_rate_from, tax_rates


def search_text(name: str, sku: str | None, barcode: str | None) -> str:
    return "\n".join(part.lower() for part in (name, sku or "", barcode or ""))


def _like_pattern(term: str) -> str:
    escaped = term.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


# A product row's columns, in the table's order: every product read selects the whole table
# (the list adds its count after them), so a row unpacks by position.
_COLUMNS = (
    "id", "location_id", "category_id", "name", "search_text", "description", "sku", "barcode",
    "price_cents", "cost_cents", "tax_rate_units", "image_url", "is_active", "is_86d",
    "track_inventory", "stock_quantity_units", "low_stock_threshold", "product_type",
    "created_at", "updated_at", "deleted_at", "auto_86d", "tax_rate_id", "prep_seconds",
    "translations", "guest_visible", "allergens",
)  # fmt: skip
if tuple(products.c.keys()) != _COLUMNS:
    raise RuntimeError(
        "catalogue/repository/products.py: _COLUMNS no longer follows the products table"
    )
_PRODUCT_TYPES = {kind.value: kind for kind in ProductType}
_WIDTH = len(_COLUMNS)
# Every product read: the product's columns, then its named tax rate's (a LEFT JOIN).
_WITH_TAX = products.outerjoin(tax_rates, tax_rates.c.id == products.c.tax_rate_id)


def _select_products(*extra: Any) -> Select[Any]:
    return select(products, *TAX_RATE_COLUMNS, *extra).select_from(_WITH_TAX)


def _to_product(row: Row[Any]) -> Product:
    # By position rather than by name (record_from_row): a list builds twenty of these a
    # request, and reading a row's columns by name cost more than its SELECT.
    (
        id_, location_id, category_id, name, _search_text, description, sku, barcode,
        price_cents, cost_cents, tax_rate_units, image_url, is_active, is_86d,
        track_inventory, stock, low_stock_threshold, product_type,
        created_at, updated_at, _deleted_at, auto_86d,
        _tax_rate_id, prep_seconds, translations, guest_visible, allergens,
    ) = row[:_WIDTH]  # fmt: skip
    # The named rate, joined after the product's columns; its rate is the product's.
    tax = tax_rate_from(row[_WIDTH : _WIDTH + len(TAX_RATE_COLUMNS)])
    return Product(
        id=id_,
        location_id=location_out(location_id),
        category_id=category_id,
        name=name,
        description=description,
        sku=sku,
        barcode=barcode,
        price=money.from_cents(price_cents),
        cost=None if cost_cents is None else money.from_cents(cost_cents),
        tax_rate=money.rate_from_units(tax_rate_units) if tax is None else tax.rate,
        image_url=image_url,
        is_active=is_active,
        is_86d=is_86d,
        track_inventory=track_inventory,
        stock_quantity=None if stock is None else money.quantity_from_units(stock),
        low_stock_threshold=low_stock_threshold,
        product_type=_PRODUCT_TYPES[product_type],
        created_at=created_at,
        updated_at=updated_at,
        auto_86d=auto_86d,
        # Loaded apart, when the product's detail needs them (catalogue/repository/menu.py).
        variants=(),
        modifier_groups=(),
        tax=tax,
        prep_seconds=prep_seconds,
        translations=translations_from_json(translations),
        guest_visible=guest_visible,
        # Written in order, each once: a row without any decodes no JSON (SQL NULL).
        allergens=allergens_of(allergens) if allergens else (),
    )


def _to_row(product: Product) -> dict[str, Any]:
    stock = product.stock_quantity
    return row_from_record(
        product,
        dropped=(
            "price",
            "cost",
            "tax_rate",
            "stock_quantity",
            "variants",
            "modifier_groups",
            "tax",
        ),
        location_id=location_in(product.location_id),
        search_text=search_text(product.name, product.sku, product.barcode),
        price_cents=money.to_cents(product.price),
        cost_cents=None if product.cost is None else money.to_cents(product.cost),
        tax_rate_units=money.rate_to_units(product.tax_rate),
        stock_quantity_units=None if stock is None else money.quantity_to_units(stock),
        product_type=product.product_type.value,
        tax_rate_id=product.tax_rate_id,
        translations=translations_json(product.translations),
        allergens=[allergen.value for allergen in product.allergens] or None,
    )


_LIVE = products.c.deleted_at.is_(None)
# domain.catalogue.is_low_on_stock, in SQL: stock in thousandths, the threshold in units.
_LOW_ON_STOCK = and_(
    products.c.track_inventory.is_(True),
    products.c.low_stock_threshold.is_not(None),
    func.coalesce(products.c.stock_quantity_units, 0)
    <= products.c.low_stock_threshold * money.QUANTITY_SCALE,
)


# The most read row of all, built once (see orders/repository/orders.py).
_PRODUCT = _select_products().where(_LIVE, products.c.id == bindparam("product_key"))
# Of the product's row alone: PostgreSQL locks no row of an outer join's nullable side.
_PRODUCT_FOR_UPDATE = _PRODUCT.with_for_update(of=products)
# The oldest live product with the barcode (unique per location; the first one across them).
_BY_BARCODE = (
    _select_products()
    .where(_LIVE, products.c.barcode == bindparam("barcode_key"))
    .order_by(products.c.created_at)
    .limit(1)
)
_BY_BARCODE_AT = _BY_BARCODE.where(products.c.location_id == bindparam("location_key"))


# The list's statements, built once for each combination of the filters given: which are
# present (in the order of ``ProductRepository.list``'s bound values) and low stock's sense.
_FILTERED = (
    products.c.location_id == bindparam("location_key"),
    products.c.category_id == bindparam("category_key"),
    products.c.search_text.like(bindparam("search_key", type_=String), escape="\\"),
    products.c.is_active == bindparam("active_key"),
    products.c.is_86d == bindparam("unavailable_key"),
    products.c.product_type == bindparam("type_key"),
)


# A location's guests' menu (docs/design.md §28): its live products a manager shows to guests,
# by name; which of them guests may order is the domain's rule (records.py, orderable_by_guests).
GUEST_MENU_LIMIT = 500
_GUEST_MENU = (
    _select_products()
    .where(
        _LIVE,
        products.c.location_id == bindparam("location_key"),
        products.c.guest_visible.is_(True),
    )
    .order_by(products.c.name, products.c.id)
    .limit(GUEST_MENU_LIMIT)
)


@cache
def _list_statements(
    present: tuple[bool, ...], low_stock: bool | None
) -> tuple[Select[int], Select[Any]]:
    """The count of the matching products, and one page of them by name then id, each row
    carrying that count too (``total_rows``): an uncorrelated subquery, run once by either
    database, which counts from the index as the count alone does. (A window over the matches,
    ``count(*) over ()``, read every matching row to count them: a category of 2,500 products
    answered 100 times a second instead of 970.)"""
    where: list[ColumnElement[bool]] = [_LIVE]
    where.extend(clause for clause, given in zip(_FILTERED, present, strict=True) if given)
    if low_stock is not None:
        where.append(_LOW_ON_STOCK if low_stock else not_(_LOW_ON_STOCK))
    counted = select(func.count()).select_from(products).where(*where)
    paged = (
        _select_products(counted.correlate(None).scalar_subquery().label("total_rows"))
        .where(*where)
        .order_by(products.c.name, products.c.id)
        .offset(bindparam("skip", type_=Integer))
        .limit(bindparam("take", type_=Integer))
    )
    return counted, paged


class ProductRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def get(self, product_id: UUID, *, for_update: bool = False) -> Product | None:
        connection = await self._uow.connection()
        query = _PRODUCT_FOR_UPDATE if for_update else _PRODUCT
        row = (await connection.execute(query, {"product_key": product_id})).first()
        return None if row is None else _to_product(row)

    async def get_many(
        self, product_ids: Sequence[UUID], *, for_update: bool = False
    ) -> dict[UUID, Product]:
        """The live products among ``product_ids``; ``for_update``: locked in the order of their
        ids, in one statement (two bulk edits never wait on each other in a circle)."""
        if not product_ids:
            return {}
        connection = await self._uow.connection()
        query = _select_products().where(_LIVE, products.c.id.in_(product_ids))
        if for_update:
            query = query.order_by(products.c.id).with_for_update(of=products)
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

    async def with_skus(self, location_id: UUID, skus: Sequence[str]) -> list[Product]:
        """The live products at the location whose sku is among ``skus`` (a channel's PLUs);
        with no ``skus``: every one that has a sku, by name."""
        connection = await self._uow.connection()
        query = _select_products().where(
            _LIVE, products.c.location_id == location_id, products.c.sku.is_not(None)
        )
        if skus:
            query = query.where(products.c.sku.in_(sorted(set(skus))))
        rows = await connection.execute(query.order_by(products.c.name, products.c.id))
        return [_to_product(row) for row in rows]

    async def guest_menu(self, location_id: UUID) -> list[Product]:
        """The location's products shown to guests (GUEST_MENU_LIMIT at most), by name."""
        connection = await self._uow.connection()
        rows = await connection.execute(_GUEST_MENU, {"location_key": location_id})
        return [_to_product(row) for row in rows]

    async def list(
        self, filters: ProductFilter, *, page: int, limit: int
    ) -> tuple[list[Product], int]:
        search = _like_pattern(filters.search) if filters.search else None
        values = {
            "location_key": filters.location_id,
            "category_key": filters.category_id,
            "search_key": search,
            "active_key": filters.is_active,
            "unavailable_key": filters.is_86d,
            "type_key": None if filters.product_type is None else filters.product_type.value,
        }
        shape = tuple(value is not None for value in values.values())
        counted, paged = _list_statements(shape, filters.low_stock)
        params = {key: value for key, value in values.items() if value is not None}
        connection = await self._uow.connection()
        # The count rides on the page's rows; only a page past the last one, which has no row
        # to carry it, counts apart.
        rows = list(
            await connection.execute(paged, params | {"skip": (page - 1) * limit, "take": limit})
        )
        if rows:
            total: int = rows[0].total_rows
        elif page == 1:
            total = 0
        else:
            total = (await connection.execute(counted, params)).scalar_one()
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
            products.c.location_id == location_in(location_id),
            products.c[column] == value,
        ]
        if exclude_id is not None:
            where.append(products.c.id != exclude_id)
        connection = await self._uow.connection()
        taken = await connection.execute(select(products.c.id).where(_LIVE, *where).limit(1))
        return taken.first() is not None

    async def insert(self, product: Product) -> None:
        """Write a new product and record ``product.created``."""
        connection = await self._uow.connection()
        await connection.execute(products.insert().values(_to_row(product)))
        self._uow.record([product_event(CatalogueEvents.PRODUCT_CREATED, product)])

    async def save(self, product: Product, *, before: Product) -> None:
        """Write an edited product and record what the edit announces (``product_changed``)."""
        row = _to_row(product)
        del row["id"], row["created_at"]
        connection = await self._uow.connection()
        await connection.execute(update(products).where(products.c.id == product.id).values(row))
        announced = product_changed(before, product)
        self._uow.record(announced)
        if announced:
            await self._uow.handle(ProductsChanged(product.location_id, (product.id,)))

    def menu_changed(self, shown: Sequence[Product]) -> None:
        """Record ``product.updated`` for products whose detail changed with their menu (their
        variants or a group they offer, written by the menu's repository)."""
        self._uow.record(menu_changed(shown))

    async def save_stock(self, product: Product, *, before: Product) -> None:
        """Write a locked product's stock level and the 86 it calls for (a sale, a restock), and
        record what the move announces (``stock_moved``)."""
        stock = product.stock_quantity
        connection = await self._uow.connection()
        await connection.execute(
            update(products)
            .where(products.c.id == product.id)
            .values(
                stock_quantity_units=None if stock is None else money.quantity_to_units(stock),
                is_86d=product.is_86d,
                auto_86d=product.auto_86d,
            )
        )
        announced = stock_moved(before, product)
        self._uow.record(announced)
        if before.is_86d != product.is_86d:
            await self._uow.handle(ProductsChanged(product.location_id, (product.id,)))

    async def soft_delete(self, product: Product, at: datetime) -> None:
        """Delete the product and record ``product.deleted`` with its last state (a deleted
        product is no longer shown)."""
        connection = await self._uow.connection()
        await connection.execute(
            update(products).where(products.c.id == product.id).values(deleted_at=at, updated_at=at)
        )
        self._uow.record([product_event(CatalogueEvents.PRODUCT_DELETED, product)])

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

    async def adjust_stock(self, changes: Mapping[UUID, Decimal]) -> None:
        """Add each quantity (negative: take it) to its product's stock, if the stock is tracked.

        One executemany; products in id order, so concurrent transactions lock them in the
        same order and cannot deadlock one another.
        """
        params = [
            {"product": product_id, "delta": money.quantity_to_units(quantity)}
            for product_id, quantity in sorted(changes.items())
            if quantity
        ]
        if not params:
            return
        stock = products.c.stock_quantity_units
        statement = (
            update(products)
            .where(
                products.c.id == bindparam("product", type_=Uuid),
                products.c.track_inventory.is_(True),
            )
            .values(
                stock_quantity_units=func.coalesce(stock, 0) + bindparam("delta", type_=BigInteger)
            )
        )
        connection = await self._uow.connection()
        await connection.execute(statement, params)


# Where a product is, for the location boundary (kit/http/located.py).
product_location = location_reader(products)

"""Every query of the deeper menu: variants, modifier groups and their options, the groups a
product offers, and the stock ledger."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import (
    JSON,
    BigInteger,
    BindParameter,
    Boolean,
    ColumnElement,
    Integer,
    Row,
    String,
    bindparam,
    delete,
    literal_column,
    select,
    union_all,
    update,
)

from brigade.catalogue.domain.events import CatalogueEvents, group_event
from brigade.catalogue.domain.menu import StockMovement, StockMovementKind
from brigade.catalogue.domain.records import ModifierGroup, ModifierOption, Product, ProductVariant
from brigade.catalogue.tables import (
    modifier_group_options,
    modifier_groups,
    product_modifier_groups,
    product_variants,
    products,
    stock_movements,
)
from brigade.kit import money
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import (
    fetch_page,
    location_in,
    location_out,
    location_reader,
    record_from_row,
    row_from_record,
    typed_null,
)
from brigade.kit.languages import translations_from_json, translations_json

_LIVE_VARIANT = product_variants.c.deleted_at.is_(None)

# A product's detail reads these on every product GET and scan: built once, like the hot
# statements of catalogue/repository/products.py and orders/repository/orders.py (building
# them cost more than running them).
_PRODUCT_KEYS: BindParameter[Any] = bindparam("product_keys", expanding=True)


# The products' live variants and the groups they offer, in one read (an add item runs it on
# every item, after the product's lock): a row per variant or group, ``part`` says which, each
# column the other has not null. Variants in id order, groups in the product's order.
_MENU_PARTS_OF = union_all(
    select(
        literal_column("'variant'").label("part"),
        product_variants.c.product_id,
        product_variants.c.id,
        product_variants.c.location_id,
        product_variants.c.name,
        product_variants.c.price_cents,
        product_variants.c.sku,
        product_variants.c.barcode,
        product_variants.c.is_active,
        typed_null(Integer(), "min_selections"),
        typed_null(Integer(), "max_selections"),
        typed_null(Integer(), "position"),
        product_variants.c.created_at,
        product_variants.c.updated_at,
        typed_null(JSON(), "translations"),
    ).where(_LIVE_VARIANT, product_variants.c.product_id.in_(_PRODUCT_KEYS)),
    select(
        literal_column("'group'"),
        product_modifier_groups.c.product_id,
        modifier_groups.c.id,
        modifier_groups.c.location_id,
        modifier_groups.c.name,
        typed_null(BigInteger(), "price_cents"),
        typed_null(String(), "sku"),
        typed_null(String(), "barcode"),
        typed_null(Boolean(), "is_active"),
        modifier_groups.c.min_selections,
        modifier_groups.c.max_selections,
        product_modifier_groups.c.position,
        modifier_groups.c.created_at,
        modifier_groups.c.updated_at,
        modifier_groups.c.translations,
    )
    .join(modifier_groups, modifier_groups.c.id == product_modifier_groups.c.group_id)
    .where(product_modifier_groups.c.product_id.in_(_PRODUCT_KEYS)),
).order_by(
    literal_column("product_id"),
    literal_column("part"),
    literal_column("position"),
    literal_column("id"),
)
_OPTIONS_OF = (
    select(
        modifier_group_options.c.group_id,
        products.c.id,
        products.c.name,
        products.c.price_cents,
        products.c.is_86d,
        products.c.translations,
    )
    .join(products, products.c.id == modifier_group_options.c.product_id)
    .where(
        products.c.deleted_at.is_(None),
        modifier_group_options.c.group_id.in_(bindparam("group_keys", expanding=True)),
    )
    .order_by(modifier_group_options.c.group_id, modifier_group_options.c.position)
)


def _to_variant(row: Row[Any]) -> ProductVariant:
    return record_from_row(
        ProductVariant,
        row,
        location_id=location_out(row.location_id),
        price=money.from_cents(row.price_cents),
    )


def _variant_row(variant: ProductVariant) -> dict[str, Any]:
    return row_from_record(
        variant,
        dropped=("price",),
        location_id=location_in(variant.location_id),
        price_cents=money.to_cents(variant.price),
    )


def _to_group(row: Row[Any], options: tuple[ModifierOption, ...]) -> ModifierGroup:
    return record_from_row(
        ModifierGroup,
        row,
        location_id=location_out(row.location_id),
        options=options,
        translations=translations_from_json(row.translations),
    )


def _to_movement(row: Row[Any]) -> StockMovement:
    return record_from_row(
        StockMovement,
        row,
        location_id=location_out(row.location_id),
        kind=StockMovementKind(row.kind),
        change=money.quantity_from_units(row.change_units),
        level=money.quantity_from_units(row.level_units),
    )


class MenuRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    # --- a product's menu -------------------------------------------------------------------

    async def with_menu(self, found: Sequence[Product]) -> list[Product]:
        """``found`` with their live variants and their modifier groups, in at most two
        statements whatever their number (one when none offers a group)."""
        if not found:
            return []
        keys = {"product_keys": [product.id for product in found]}
        connection = await self._uow.connection()
        variants: dict[UUID, list[ProductVariant]] = defaultdict(list)
        linked = []
        for row in await connection.execute(_MENU_PARTS_OF, keys):
            if row.part == "variant":
                variants[row.product_id].append(_to_variant(row))
            else:
                linked.append(row)
        options = await self._options_of([row.id for row in linked])
        groups: dict[UUID, list[ModifierGroup]] = defaultdict(list)
        for row in linked:
            groups[row.product_id].append(_to_group(row, options.get(row.id, ())))
        return [
            replace(
                product,
                variants=tuple(variants.get(product.id, ())),
                modifier_groups=tuple(groups.get(product.id, ())),
            )
            for product in found
        ]

    async def _options_of(
        self, group_ids: Sequence[UUID]
    ) -> dict[UUID, tuple[ModifierOption, ...]]:
        """Each group's options in order; a deleted option product has left its groups."""
        if not group_ids:
            return {}
        connection = await self._uow.connection()
        found: dict[UUID, list[ModifierOption]] = defaultdict(list)
        for row in await connection.execute(_OPTIONS_OF, {"group_keys": list(set(group_ids))}):
            option = ModifierOption(
                row.id,
                row.name,
                money.from_cents(row.price_cents),
                row.is_86d,
                translations_from_json(row.translations),
            )
            found[row.group_id].append(option)
        return {group_id: tuple(options) for group_id, options in found.items()}

    async def set_product_groups(self, product_id: UUID, group_ids: Sequence[UUID]) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            delete(product_modifier_groups).where(
                product_modifier_groups.c.product_id == product_id
            )
        )
        if group_ids:
            await connection.execute(
                product_modifier_groups.insert(),
                [
                    {"product_id": product_id, "position": position, "group_id": group_id}
                    for position, group_id in enumerate(group_ids)
                ],
            )

    # --- modifier groups --------------------------------------------------------------------

    async def get_groups(
        self, group_ids: Sequence[UUID], *, for_update: bool = False
    ) -> dict[UUID, ModifierGroup]:
        if not group_ids:
            return {}
        query = select(modifier_groups).where(modifier_groups.c.id.in_(set(group_ids)))
        if for_update:
            query = query.with_for_update()
        connection = await self._uow.connection()
        rows = list(await connection.execute(query))
        options = await self._options_of([row.id for row in rows])
        return {row.id: _to_group(row, options.get(row.id, ())) for row in rows}

    async def list_groups(
        self, location_id: UUID | None, *, page: int, limit: int
    ) -> tuple[list[ModifierGroup], int]:
        where: list[ColumnElement[bool]] = []
        if location_id is not None:
            where.append(modifier_groups.c.location_id == location_id)
        connection = await self._uow.connection()
        order = (modifier_groups.c.name, modifier_groups.c.id)
        rows, total = await fetch_page(
            connection, modifier_groups, where, order, page=page, limit=limit
        )
        options = await self._options_of([row.id for row in rows])
        return [_to_group(row, options.get(row.id, ())) for row in rows], total

    async def save_group(self, group: ModifierGroup, *, new: bool) -> None:
        """Insert or replace the group and its options (in their order); record its event."""
        row = row_from_record(
            group,
            dropped=("options",),
            location_id=location_in(group.location_id),
            translations=translations_json(group.translations),
        )
        connection = await self._uow.connection()
        if new:
            await connection.execute(modifier_groups.insert().values(row))
        else:
            del row["id"], row["created_at"]
            await connection.execute(
                update(modifier_groups).where(modifier_groups.c.id == group.id).values(row)
            )
            await connection.execute(
                delete(modifier_group_options).where(modifier_group_options.c.group_id == group.id)
            )
        if group.options:
            await connection.execute(
                modifier_group_options.insert(),
                [
                    {"group_id": group.id, "position": position, "product_id": o.modifier_option_id}
                    for position, o in enumerate(group.options)
                ],
            )
        kind = (
            CatalogueEvents.MODIFIER_GROUP_CREATED
            if new
            else CatalogueEvents.MODIFIER_GROUP_UPDATED
        )
        self._uow.record([group_event(kind, group)])

    async def delete_group(self, group: ModifierGroup) -> None:
        """The group, its options, and its links to deleted products (live ones refuse it); its
        event carries it as it was."""
        group_id = group.id
        connection = await self._uow.connection()
        await connection.execute(
            delete(product_modifier_groups).where(product_modifier_groups.c.group_id == group_id)
        )
        await connection.execute(
            delete(modifier_group_options).where(modifier_group_options.c.group_id == group_id)
        )
        await connection.execute(delete(modifier_groups).where(modifier_groups.c.id == group_id))
        self._uow.record([group_event(CatalogueEvents.MODIFIER_GROUP_DELETED, group)])

    async def products_offering(self, group_id: UUID) -> list[UUID]:
        """The live products that offer the group."""
        query = (
            select(product_modifier_groups.c.product_id)
            .join(products, products.c.id == product_modifier_groups.c.product_id)
            .where(product_modifier_groups.c.group_id == group_id, products.c.deleted_at.is_(None))
            .order_by(product_modifier_groups.c.product_id)
        )
        connection = await self._uow.connection()
        return [row.product_id for row in await connection.execute(query)]

    # --- variants ---------------------------------------------------------------------------

    async def get_variant(self, variant_id: UUID) -> ProductVariant | None:
        connection = await self._uow.connection()
        query = select(product_variants).where(_LIVE_VARIANT, product_variants.c.id == variant_id)
        row = (await connection.execute(query)).first()
        return None if row is None else _to_variant(row)

    async def variant_by_barcode(
        self, barcode: str, location_id: UUID | None
    ) -> ProductVariant | None:
        query = select(product_variants).where(_LIVE_VARIANT, product_variants.c.barcode == barcode)
        if location_id is not None:
            query = query.where(product_variants.c.location_id == location_id)
        connection = await self._uow.connection()
        row = (await connection.execute(query.order_by(product_variants.c.id).limit(1))).first()
        return None if row is None else _to_variant(row)

    async def variant_identifier_taken(
        self, location_id: UUID | None, *, column: str, value: str, exclude_id: UUID | None
    ) -> bool:
        """Is this sku or barcode used by another live variant at the location?"""
        where = [
            _LIVE_VARIANT,
            product_variants.c.location_id == location_in(location_id),
            product_variants.c[column] == value,
        ]
        if exclude_id is not None:
            where.append(product_variants.c.id != exclude_id)
        connection = await self._uow.connection()
        query = select(product_variants.c.id).where(*where).limit(1)
        return (await connection.execute(query)).first() is not None

    async def insert_variant(self, variant: ProductVariant) -> None:
        connection = await self._uow.connection()
        await connection.execute(product_variants.insert().values(_variant_row(variant)))

    async def save_variant(self, variant: ProductVariant) -> None:
        row = _variant_row(variant)
        del row["id"], row["created_at"]
        connection = await self._uow.connection()
        await connection.execute(
            update(product_variants).where(product_variants.c.id == variant.id).values(row)
        )

    async def delete_variant(self, variant_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            update(product_variants)
            .where(product_variants.c.id == variant_id)
            .values(deleted_at=at, updated_at=at)
        )

    # --- the stock ledger -------------------------------------------------------------------

    async def record_movements(self, movements: Sequence[StockMovement]) -> None:
        if not movements:
            return
        rows = [
            row_from_record(
                movement,
                dropped=("change", "level"),
                location_id=location_in(movement.location_id),
                kind=movement.kind.value,
                change_units=money.quantity_to_units(movement.change),
                level_units=money.quantity_to_units(movement.level),
            )
            for movement in movements
        ]
        connection = await self._uow.connection()
        await connection.execute(stock_movements.insert(), rows)

    async def movements(
        self, product_id: UUID, *, page: int, limit: int
    ) -> tuple[list[StockMovement], int]:
        connection = await self._uow.connection()
        newest_first = (stock_movements.c.at.desc(), stock_movements.c.id.desc())
        where = [stock_movements.c.product_id == product_id]
        rows, total = await fetch_page(
            connection, stock_movements, where, newest_first, page=page, limit=limit
        )
        return [_to_movement(row) for row in rows], total


# Where a modifier group is, for the location boundary (kit/http/located.py).
modifier_group_location = location_reader(modifier_groups)

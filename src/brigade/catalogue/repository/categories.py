"""Every category query."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, bindparam, func, select, update

from brigade.catalogue.domain.records import Category
from brigade.catalogue.tables import categories
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import location_reader
from brigade.kit.languages import translations_from_json, translations_json

_LIVE = categories.c.deleted_at.is_(None)


def _to_category(row: Row[Any]) -> Category:
    return Category(
        id=row.id,
        location_id=row.location_id,
        parent_category_id=row.parent_id,
        name=row.name,
        description=row.description,
        image_url=row.image_url,
        sort_order=row.sort_order,
        is_active=row.is_active,
        created_at=row.created_at,
        updated_at=row.updated_at,
        translations=translations_from_json(row.translations),
    )


def _to_row(category: Category) -> dict[str, Any]:
    return {
        "id": category.id,
        "location_id": category.location_id,
        "parent_id": category.parent_category_id,
        "name": category.name,
        "description": category.description,
        "image_url": category.image_url,
        "sort_order": category.sort_order,
        "is_active": category.is_active,
        "created_at": category.created_at,
        "updated_at": category.updated_at,
        "translations": translations_json(category.translations),
    }


class CategoryRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def get(self, category_id: UUID, *, for_update: bool = False) -> Category | None:
        """The live category; ``for_update`` locks its row (PostgreSQL) until the commit."""
        found = await self.get_many([category_id], for_update=for_update)
        return found.get(category_id)

    async def get_many(
        self, category_ids: Sequence[UUID], *, for_update: bool = False
    ) -> dict[UUID, Category]:
        if not category_ids:
            return {}
        query = select(categories).where(_LIVE, categories.c.id.in_(category_ids))
        if for_update:
            query = query.order_by(categories.c.id).with_for_update()
        connection = await self._uow.connection()
        return {row.id: _to_category(row) for row in await connection.execute(query)}

    async def list(self, location_id: UUID | None, *, include_inactive: bool) -> list[Category]:
        """Live categories by sortOrder, then name, then id."""
        where: list[ColumnElement[bool]] = [_LIVE]
        if location_id is not None:
            where.append(categories.c.location_id == location_id)
        if not include_inactive:
            where.append(categories.c.is_active.is_(True))
        query = (
            select(categories)
            .where(*where)
            .order_by(categories.c.sort_order, categories.c.name, categories.c.id)
        )
        connection = await self._uow.connection()
        return [_to_category(row) for row in await connection.execute(query)]

    async def max_sort_order(self, location_id: UUID) -> int | None:
        """The highest sortOrder among the location's live categories; None when it has none."""
        query = select(func.max(categories.c.sort_order)).where(
            _LIVE, categories.c.location_id == location_id
        )
        connection = await self._uow.connection()
        result: int | None = (await connection.execute(query)).scalar_one()
        return result

    async def parent_map(self, location_id: UUID, *, lock: bool = False) -> dict[UUID, UUID | None]:
        """Each live category of the location mapped to its parent, in one query.

        ``lock`` takes the rows (PostgreSQL) so two concurrent re-parentings cannot
        together close a loop that neither would close alone.
        """
        query = select(categories.c.id, categories.c.parent_id).where(
            _LIVE, categories.c.location_id == location_id
        )
        if lock:
            query = query.order_by(categories.c.id).with_for_update()
        connection = await self._uow.connection()
        return {row.id: row.parent_id for row in await connection.execute(query)}

    async def has_live_children(self, category_id: UUID) -> bool:
        query = select(categories.c.id).where(_LIVE, categories.c.parent_id == category_id).limit(1)
        connection = await self._uow.connection()
        return (await connection.execute(query)).first() is not None

    async def insert(self, category: Category) -> None:
        connection = await self._uow.connection()
        await connection.execute(categories.insert().values(_to_row(category)))

    async def save(self, category: Category) -> None:
        row = _to_row(category)
        del row["id"], row["created_at"]
        connection = await self._uow.connection()
        await connection.execute(
            update(categories).where(categories.c.id == category.id).values(row)
        )

    async def set_sort_orders(self, changes: Sequence[tuple[UUID, int, datetime]]) -> None:
        """(id, sortOrder, updatedAt) for each category to move, in one statement."""
        if not changes:
            return
        statement = (
            update(categories)
            .where(categories.c.id == bindparam("target_id"))
            .values(sort_order=bindparam("new_sort_order"), updated_at=bindparam("new_updated_at"))
        )
        connection = await self._uow.connection()
        await connection.execute(
            statement,
            [
                {"target_id": id_, "new_sort_order": order, "new_updated_at": at}
                for id_, order, at in changes
            ],
        )

    async def soft_delete(self, category_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            update(categories)
            .where(categories.c.id == category_id)
            .values(deleted_at=at, updated_at=at)
        )


# Where a category is, for the location boundary (kit/http/located.py).
category_location = location_reader(categories)

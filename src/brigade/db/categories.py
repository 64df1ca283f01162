"""Every category query."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from sqlalchemy import Row, select

from brigade.db.engine import UnitOfWork
from brigade.db.tables import categories
from brigade.domain.catalogue import Category

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
    )


class CategoryRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def get(self, category_id: UUID) -> Category | None:
        connection = await self._uow.connection()
        query = select(categories).where(_LIVE, categories.c.id == category_id)
        row = (await connection.execute(query)).first()
        return None if row is None else _to_category(row)

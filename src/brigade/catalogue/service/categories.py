"""Category use cases: the menu's sections, nested through a parent category."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from uuid import UUID

from brigade.catalogue.domain.errors import CategoryInUse
from brigade.catalogue.domain.records import (
    Category,
    CategoryChanges,
    CreateCategory,
    category_location,
    ensure_one_location,
    ensure_parent_allowed,
    ensure_same_location,
)
from brigade.catalogue.repository.categories import CategoryRepository
from brigade.catalogue.repository.products import ProductRepository
from brigade.kit import clock
from brigade.kit.changes import UNSET
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.ids import new_id


@dataclass(frozen=True, slots=True)
class CategoryView:
    """A category with what its detail shows beyond the record itself."""

    category: Category
    product_count: int


async def list_categories(
    uow: UnitOfWork, location_id: UUID | None, *, include_inactive: bool
) -> list[Category]:
    return await CategoryRepository(uow).list(location_id, include_inactive=include_inactive)


async def _view(uow: UnitOfWork, category: Category) -> CategoryView:
    counts = await ProductRepository(uow).count_live_in_categories([category.id])
    return CategoryView(category, counts.get(category.id, 0))


async def get_category(uow: UnitOfWork, category_id: UUID) -> CategoryView:
    category = await CategoryRepository(uow).get(category_id)
    if category is None:
        raise NotFound("category", category_id)
    return await _view(uow, category)


async def _check_parent(uow: UnitOfWork, parent_id: UUID, location_id: UUID) -> None:
    """The parent must be a live category of the same location.

    Its row is locked so that it cannot be deleted while a child is attached to it.
    """
    parent = await CategoryRepository(uow).get(parent_id, for_update=True)
    if parent is None:
        raise InvalidInput("parentCategoryId", "no such category")
    ensure_same_location("parentCategoryId", "the category", parent.location_id, location_id)


async def create_category(
    uow: UnitOfWork, command: CreateCategory, *, location_id: UUID | None = None
) -> CategoryView:
    """``location_id``: the query's; the command's and the query's must agree if both are given."""
    location = category_location(command.location_id, location_id)
    repository = CategoryRepository(uow)
    parent_id = command.parent_category_id
    if parent_id is not None:
        await _check_parent(uow, parent_id, location)
    sort_order = command.sort_order
    if sort_order is None:
        highest = await repository.max_sort_order(location)
        sort_order = 0 if highest is None else highest + 1
    category = command.category(
        new_id(), location_id=location, sort_order=sort_order, at=clock.now()
    )
    await repository.insert(category)
    return CategoryView(category, product_count=0)


async def _lock_for_reparenting(uow: UnitOfWork, category: Category, parent_id: UUID) -> Category:
    """Check the new parent; answer the category as it is under the lock.

    Every live category of the location is locked (in id order, like every other
    multi-row lock here) before anything else, so two concurrent re-parentings can
    neither close a loop together nor deadlock.
    """
    repository = CategoryRepository(uow)
    parent_of = await repository.parent_map(category.location_id, lock=True)
    locked = await repository.get(category.id)
    if locked is None:
        raise NotFound("category", category.id)
    if parent_id not in parent_of:
        await _check_parent(uow, parent_id, category.location_id)  # says why it is refused
    ensure_parent_allowed(category.id, parent_id, parent_of)
    return locked


async def update_category(
    uow: UnitOfWork, category_id: UUID, changes: CategoryChanges
) -> CategoryView:
    """Apply ``changes``; the fields it leaves out stay as they are."""
    repository = CategoryRepository(uow)
    new_parent = None if changes.parent_category_id is UNSET else changes.parent_category_id
    current = await repository.get(category_id, for_update=new_parent is None)
    if current is None:
        raise NotFound("category", category_id)
    if new_parent is not None:
        current = await _lock_for_reparenting(uow, current, new_parent)
    category = changes.applied_to(current)
    if category != current:
        category = dataclasses.replace(category, updated_at=clock.later_than(current.updated_at))
        await repository.save(category)
    return await _view(uow, category)


async def reorder_categories(
    uow: UnitOfWork, category_ids: Sequence[UUID], location_id: UUID | None
) -> list[Category]:
    """Give each listed category its position as sortOrder: all of them, or none. Answers the
    location's categories after it, inactive ones too, in their order.

    ``category_ids`` holds no duplicates (the request refuses them).
    """
    repository = CategoryRepository(uow)
    found = await repository.get_many(category_ids, for_update=True)
    missing = [str(id_) for id_ in category_ids if id_ not in found]
    if missing:
        raise NotFound("category", ", ".join(missing[:10]))
    locations = {category.location_id for category in found.values()}
    ensure_one_location(locations, location_id)
    moves = [
        (id_, position, clock.later_than(found[id_].updated_at))
        for position, id_ in enumerate(category_ids)
        if found[id_].sort_order != position
    ]
    await repository.set_sort_orders(moves)
    (location,) = locations
    return await repository.list(location, include_inactive=True)


async def delete_category(uow: UnitOfWork, category_id: UUID) -> None:
    """Soft delete; refused while live products or live child categories are in it."""
    repository = CategoryRepository(uow)
    current = await repository.get(category_id, for_update=True)
    if current is None:
        raise NotFound("category", category_id)
    counts = await ProductRepository(uow).count_live_in_categories([category_id])
    if counts.get(category_id, 0):
        raise CategoryInUse(
            f"category {category_id} still holds {counts[category_id]} product(s); "
            "move or delete them first"
        )
    if await repository.has_live_children(category_id):
        raise CategoryInUse(
            f"category {category_id} still has child categories; move or delete them first"
        )
    await repository.soft_delete(category_id, clock.later_than(current.updated_at))

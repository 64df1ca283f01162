"""The guests' board's one use case (docs/design.md §20)."""

from __future__ import annotations

from uuid import UUID

from brigade.kit.access import Actor
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.pickup.domain import PickupBoard, pickup_board, shown_types
from brigade.pickup.repository import PickupRepository


async def get_board(uow: UnitOfWork, actor: Actor, location_id: UUID) -> PickupBoard:
    """The location's board now; a device reads its own location's only (403
    ``other_location``)."""
    actor.ensure_at(location_id)
    repository = PickupRepository(uow)
    types = shown_types(dine_in=await repository.shows_dine_in(location_id))
    at = now()
    return pickup_board(await repository.candidates(location_id, types, at), at)

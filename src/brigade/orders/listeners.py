"""What orders do when another feature's domain event happens, in that change's transaction
(docs/design.md §2): subscribed when the app starts, so the feature that raises an event
imports no orders."""

from __future__ import annotations

from brigade.kit.db.engine import DomainEventHandler, UnitOfWork
from brigade.kitchen.domain import ItemsDone
from brigade.orders import service


async def make_ready(uow: UnitOfWork, done: ItemsDone) -> None:
    """A bump's items become READY on the check they are on, and say so (``item.updated``)."""
    await service.make_ready(uow, done.actor, done.order_id, list(done.item_ids))


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = ((ItemsDone, make_ready),)

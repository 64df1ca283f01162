"""What the till does when another feature's change tells it to, in that change's transaction
(docs/design.md §17): subscribed when the app starts. The till reads no order: an order's
change tells it the cash it took or gave back (``OrderCash``)."""

from __future__ import annotations

from brigade.kit.db.engine import DomainEventHandler, UnitOfWork
from brigade.till import service
from brigade.till.domain import OrderCash


async def post_cash(uow: UnitOfWork, cash: OrderCash) -> None:
    await service.post_cash(uow, cash)


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = ((OrderCash, post_cash),)

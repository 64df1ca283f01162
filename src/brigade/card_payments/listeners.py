"""What the card readers do when an order's change tells them to, in that change's
transaction (docs/design.md §27): a refund that gives back a card checkout's payment sends
that money back to the card; a tab completed another way lets its held card go."""

from __future__ import annotations

from brigade.card_payments import service
from brigade.kit.db.engine import DomainEventHandler, UnitOfWork
from brigade.orders.domain.domain_events import OrderCompleted, PaymentRefunded


async def refund_to_card(uow: UnitOfWork, refunded: PaymentRefunded) -> None:
    await service.refund_to_card(uow, refunded)


async def release_holds(uow: UnitOfWork, completed: OrderCompleted) -> None:
    await service.release_holds_of(uow, completed)


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = (
    (PaymentRefunded, refund_to_card),
    (OrderCompleted, release_holds),
)

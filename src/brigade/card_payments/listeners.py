"""What the card readers do when an order's change tells them to, in that change's
transaction (docs/design.md §27): a refund that gives back a card checkout's payment sends
that money back to the card."""

from __future__ import annotations

from brigade.card_payments import service
from brigade.kit.db.engine import DomainEventHandler, UnitOfWork
from brigade.orders.domain.domain_events import PaymentRefunded


async def refund_to_card(uow: UnitOfWork, refunded: PaymentRefunded) -> None:
    await service.refund_to_card(uow, refunded)


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = ((PaymentRefunded, refund_to_card),)

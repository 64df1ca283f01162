"""What printing does when another feature's change tells it to, and what it answers, in that
change's transaction (docs/design.md §12): subscribed when the app starts. Printing reads no
order: it is given the documents to print (``KitchenDocuments``)."""

from __future__ import annotations

from brigade.kit.db.engine import Answerer, DomainEventHandler, UnitOfWork
from brigade.printing import service
from brigade.printing.domain import KitchenDocuments, PrintJob, QueueReceipt


async def queue_kitchen_documents(uow: UnitOfWork, made: KitchenDocuments) -> None:
    await service.queue_kitchen_documents(uow, made.location_id, made.documents)


async def queue_receipt(uow: UnitOfWork, asked: QueueReceipt) -> PrintJob:
    return await service.queue_receipt(
        uow, asked.printer_id, asked.order_id, asked.location_id, asked.payload
    )


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = (
    (KitchenDocuments, queue_kitchen_documents),
)
ANSWERS: tuple[tuple[type, Answerer], ...] = ((QueueReceipt, queue_receipt),)

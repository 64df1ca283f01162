"""What a check's change tells the other features, handled in its transaction by whoever
listens (docs/design.md §2, "Domain events"): the stock it gives back, the cash it took or
gave back, the kitchen's tickets and their print documents, the journal's entries; what
happened, for any feature that listens; the published events, for the outbox.

Each record is the listening feature's own (its domain's): the till, the journal, printing and
the kitchen read no order, so what they are told is in their words. Orders imports none of
their services; the app subscribes their listeners when it starts.
"""

from __future__ import annotations

from uuid import UUID

from brigade.catalogue.domain.menu import StockMovementKind, StockReturned
from brigade.journal.domain import ToJournal
from brigade.kit.access import Actor
from brigade.kit.events import Published
from brigade.kitchen.domain import TicketRemade, TicketsMade
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.documents import kitchen_document
from brigade.orders.domain.states import OrderStatus, PaymentMethod
from brigade.printing.domain import KitchenDocuments
from brigade.till.domain import MovementType, OrderCash


def told(order: Order, actor: Actor) -> list[object]:
    """What the actions so far tell the other features, in this order: the stock given back,
    the cash moved, the kitchen's tickets, their print jobs, the journal's entries, the
    tickets made again; then what happened in orders' own words (``domain_events.py``), and
    last the published events, for the outbox. What is told is taken: told once."""
    changes, header = order.changes, order.header
    found: list[object] = []
    if any(changes.stock_returned.values()):
        cancelled = header.status is OrderStatus.CANCELLED
        kind = StockMovementKind.CANCEL if cancelled else StockMovementKind.VOID
        found.append(StockReturned(actor, order.id, kind, dict(changes.stock_returned)))
    if header.location_id is not None:
        found += _cash(order, header.location_id, actor)
    if changes.kitchen_tickets:
        tickets = tuple(changes.kitchen_tickets)
        found.append(TicketsMade(tickets))
        if header.location_id is not None:
            documents = tuple(kitchen_document(order, ticket) for ticket in tickets)
            found.append(KitchenDocuments(header.location_id, documents))
    if changes.journal:
        notes = tuple(changes.journal)
        changes.journal.clear()
        found.append(ToJournal(header.location_id, order.id, notes, order.number_receipt))
    found += [TicketRemade(ticket_id) for ticket_id in changes.remade_tickets]
    found += changes.happened
    changes.happened.clear()
    if changes.events:
        found.append(Published(tuple(changes.events)))
        changes.events.clear()
    return found


def _cash(order: Order, location_id: UUID, actor: Actor) -> list[OrderCash]:
    """The cash the actions took or gave back: a cash payment taken, a refund on a cash
    payment (a cancellation's too). Payments a merge hands over moved no cash, and are not in
    these lists."""
    changes = order.changes
    taken = [
        OrderCash(
            actor,
            location_id,
            order.id,
            MovementType.CASH_SALE,
            payment.amount_cents,
            payment.rounding_cents,
            payment.id,
        )
        for payment in changes.added_payments
        if payment.method is PaymentMethod.CASH
    ]
    given_back = [
        OrderCash(
            actor,
            location_id,
            order.id,
            MovementType.CASH_REFUND,
            refund.amount_cents,
            0,
            refund.payment_id,
            refund_id=refund.id,
        )
        for refund in changes.added_refunds
        if refund.method is PaymentMethod.CASH
    ]
    return taken + given_back

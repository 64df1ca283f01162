"""Every feature's event payload shapes, registered where the app (or a command) starts:
the outbox shows each payload as its feature's API does (kit/events.py, docs/design.md §8).

Start-up wiring, like app.py, so the one module besides it that may import the features'
routes (pyproject.toml's contracts): it also puts together ``order.sent``, the one payload
that shows two features' answers (the order's detail and the kitchen's ticket).
"""

from __future__ import annotations

from brigade.access.routes import event_payloads as access
from brigade.catalogue.routes import event_payloads as catalogue
from brigade.kit.events import register_payload_shape
from brigade.kitchen import routes as kitchen
from brigade.orders.domain.aggregate import SentOrder
from brigade.orders.routes import event_payloads as orders
from brigade.orders.schemas import OrderDetail
from brigade.orders.shaping import detail as order_detail
from brigade.pricing.routes import event_payloads as pricing
from brigade.till import routes as till


class SentOrderOut(OrderDetail):
    """``order.sent``: the order detail with the kitchen ticket the send produced."""

    kitchen_ticket: kitchen.TicketOut


def install_event_payloads(*, max_bytes: int) -> None:
    """``max_bytes``: BRIGADE_EVENT_MAX_BYTES, past which an order or a ticket is summarized."""
    orders.install_event_payloads(max_bytes=max_bytes)
    kitchen.install_event_payloads(max_bytes=max_bytes)
    catalogue.install_event_payloads()
    access.install_event_payloads()
    pricing.install_event_payloads()
    till.install_event_payloads()

    def sent_order(sent: SentOrder) -> str:
        detail = order_detail(sent.order, orders.EVENT_READER)
        shown = SentOrderOut(**dict(detail), kitchen_ticket=kitchen.ticket_out(sent.ticket))
        return orders.order_payload(shown, max_bytes)

    register_payload_shape(SentOrder, sent_order)

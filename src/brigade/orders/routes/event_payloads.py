"""How the orders feature's events show their payloads: the order detail (``order.*``), the
item (``item.*``), the payment (``payment.created``), each as the API answers it."""

from __future__ import annotations

from uuid import UUID

from brigade.access.domain.staff import REQUIRED_ROLE, Permission
from brigade.kit.events import register_payload_shape
from brigade.kit.http.event_payloads import bounded
from brigade.kitchen.routes import TicketOut, ticket_out
from brigade.orders.domain.aggregate import Order, SentOrder
from brigade.orders.domain.records import OrderItem, OrderPayment
from brigade.orders.schemas import OrderDetail
from brigade.orders.shaping import detail as order_detail
from brigade.orders.shaping import item_out, payment_detail

# Event data is rendered once, at commit, for every reader of the stream and every webhook:
# as the lowest role that may read it (the kitchen) sees it, so no card details (design.md §7).
EVENT_READER = REQUIRED_ROLE[Permission.READ]

# What a summary keeps of an order: who, which, what state, how much.
_ORDER_SUMMARY = {
    "id",
    "order_number",
    "status",
    "order_type",
    "table_id",
    "table_name",
    "location_id",
    "subtotal",
    "total",
    "balance_due",
    "paid_amount",
    "version",
    "updated_at",
}


class SentOrderOut(OrderDetail):
    """``order.sent``: the order detail with the kitchen ticket the send produced."""

    kitchen_ticket: TicketOut


def _order_href(order_id: UUID) -> str:
    return f"/api/orders/{order_id}"


def install_event_payloads(*, max_bytes: int) -> None:
    """An order's events carry its detail, summarized past ``max_bytes``."""

    def order(order: Order) -> str:
        detail = order_detail(order, EVENT_READER)
        href = _order_href(order.id)
        return bounded(detail, _ORDER_SUMMARY, len(detail.items), href, max_bytes)

    def sent_order(sent: SentOrder) -> str:
        detail = order_detail(sent.order, EVENT_READER)
        shown = SentOrderOut(**dict(detail), kitchen_ticket=ticket_out(sent.ticket))
        href = _order_href(sent.order.id)
        return bounded(shown, _ORDER_SUMMARY, len(detail.items), href, max_bytes)

    register_payload_shape(Order, order)
    register_payload_shape(SentOrder, sent_order)
    register_payload_shape(OrderItem, lambda item: item_out(item).model_dump_json())
    register_payload_shape(
        OrderPayment, lambda payment: payment_detail(payment, EVENT_READER).model_dump_json()
    )

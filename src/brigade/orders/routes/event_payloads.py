"""How the orders feature's events show their payloads: the order detail (``order.*``), the
item (``item.*``), the payment (``payment.created``), each as the API answers it.
``order.sent`` adds the kitchen's ticket to the detail: brigade/event_payloads.py puts the two
features' answers together."""

from __future__ import annotations

from brigade.kit.access import REQUIRED_ROLE, Permission
from brigade.kit.events import register_payload_shape
from brigade.kit.http.event_payloads import bounded
from brigade.orders.domain.aggregate import ItemOfOrder, Order
from brigade.orders.domain.records import OrderPayment
from brigade.orders.schemas import OrderDetail
from brigade.orders.shaping import detail as order_detail
from brigade.orders.shaping import item_event, payment_detail

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
    "customer_name",
    "location_id",
    "subtotal",
    "total",
    "balance_due",
    "paid_amount",
    "version",
    "updated_at",
}


def order_payload(shown: OrderDetail, max_bytes: int) -> str:
    """An order's detail (or a detail with more, as ``order.sent``'s) as its events carry it,
    summarized past ``max_bytes``."""
    href = f"/api/orders/{shown.id}"
    return bounded(shown, _ORDER_SUMMARY, len(shown.items), href, max_bytes)


def install_event_payloads(*, max_bytes: int) -> None:
    """An order's events carry its detail, summarized past ``max_bytes``."""
    register_payload_shape(
        Order, lambda order: order_payload(order_detail(order, EVENT_READER), max_bytes)
    )
    register_payload_shape(
        ItemOfOrder, lambda shown: item_event(shown.order, shown.item_id).model_dump_json()
    )
    register_payload_shape(
        OrderPayment, lambda payment: payment_detail(payment, EVENT_READER).model_dump_json()
    )

"""How the orders feature's events show their payloads: the order detail (``order.*``), the
item (``item.*``), the payment (``payment.created``), each as the API answers it.
``order.sent`` adds the kitchen's ticket to the detail: brigade/event_payloads.py puts the two
features' answers together."""

from __future__ import annotations

from brigade.kit.access import Role
from brigade.kit.events import register_payload_shape, register_payload_shape_by_role
from brigade.kit.http.event_payloads import bounded
from brigade.orders.domain.aggregate import ItemOfOrder, Order
from brigade.orders.domain.records import OrderPayment
from brigade.orders.schemas import OrderDetail
from brigade.orders.shaping import detail as order_detail
from brigade.orders.shaping import item_event, payment_detail

# What a summary keeps of an order: who, which, what state, how much.
_ORDER_SUMMARY = {
    "id",
    "order_number",
    "status",
    "order_type",
    "table_id",
    "table_name",
    "customer_name",
    "pickup_at",
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


def has_payment_details(order: Order) -> bool:
    """Whether ``order``'s detail shows a reader of payment details more than the kitchen (its
    payments' card and who took them, its refunds' who gave them back): told without shaping."""
    return bool(order.payments or order.refunds)


def install_event_payloads(*, max_bytes: int) -> None:
    """An order's events carry its detail, summarized past ``max_bytes``; its payments' card
    details only for a reader who may see them (kit/events.py)."""

    def order_shown(order: Order, viewer: Role) -> str:
        return order_payload(order_detail(order, viewer), max_bytes)

    def payment_shown(payment: OrderPayment, viewer: Role) -> str:
        return payment_detail(payment, viewer).model_dump_json()

    register_payload_shape_by_role(Order, order_shown, has_details=has_payment_details)
    register_payload_shape(
        ItemOfOrder, lambda shown: item_event(shown.order, shown.item_id).model_dump_json()
    )
    # Every payment has some: who took it, a card's brand and last four.
    register_payload_shape_by_role(OrderPayment, payment_shown, has_details=lambda _payment: True)

"""Every feature's event payload shapes, registered where the app (or a command) starts:
the outbox shows each payload as its feature's API does (kit/events.py, docs/design.md §8).

Start-up wiring, like app.py, so the one module besides it that may import the features'
routes (pyproject.toml's contracts): it also puts together ``order.sent``, the one payload
that shows two features' answers (the order's detail and the kitchen's ticket).
"""

from __future__ import annotations

from fastapi import FastAPI
from pydantic import Field

from brigade.access.domain.terminals import AccessEvents
from brigade.access.routes import event_payloads as access
from brigade.card_payments import routes as card_payments
from brigade.card_payments.domain import CardEvents
from brigade.catalogue.domain.events import CatalogueEvents
from brigade.catalogue.routes import event_payloads as catalogue
from brigade.catalogue.routes.modifier_groups import ModifierGroupOut
from brigade.catalogue.routes.products import ProductDetail
from brigade.channels import routes as channels
from brigade.channels.domain import ChannelEvents
from brigade.event_types import EventType
from brigade.events.documented import document_event_webhooks
from brigade.guests import routes as guests
from brigade.guests.domain import GuestEvents
from brigade.kit.access import Role
from brigade.kit.events import register_payload_shape_by_role
from brigade.kit.http.types import ResponseModel
from brigade.kitchen import routes as kitchen
from brigade.kitchen.domain import KitchenEvents
from brigade.orders.domain.aggregate import SentOrder
from brigade.orders.domain.events import OrderEvents
from brigade.orders.routes import event_payloads as orders
from brigade.orders.schemas import ItemEventOut, OrderDetail, PaymentDetail
from brigade.orders.shaping import detail as order_detail
from brigade.pricing.domain import PricingEvents
from brigade.pricing.routes import event_payloads as pricing
from brigade.pricing.routes.service_charges import ServiceChargeOut
from brigade.pricing.routes.tax_rates import TaxRateOut
from brigade.till import routes as till
from brigade.till.domain import TillEvents
from brigade.till.schemas import ShiftOut


class SentOrderOut(OrderDetail):
    """``order.sent``: the order detail with the kitchen ticket the send produced."""

    kitchen_ticket: kitchen.TicketOut = Field(
        description="The kitchen ticket the send (or course fired) made"
    )


# Each event type's data model, and whether past BRIGADE_EVENT_MAX_BYTES it is summarized
# (kit/http/event_payloads.py): what the OpenAPI's webhooks section types (events/documented.py).
_ORDER = (OrderDetail, True)
_SENT = (SentOrderOut, True)
_ITEM = (ItemEventOut, False)
_TICKET = (kitchen.BoardTicketOut, True)
_PRODUCT = (ProductDetail, False)
_GROUP = (ModifierGroupOut, False)
_TAX_RATE = (TaxRateOut, False)
_CHARGE = (ServiceChargeOut, False)
_DRAWER = (till.CashDrawerEventOut, False)
_SHIFT = (ShiftOut, False)
EVENT_DATA: dict[EventType, tuple[type[ResponseModel], bool]] = {
    **dict.fromkeys(
        (
            OrderEvents.ORDER_CREATED,
            OrderEvents.ORDER_UPDATED,
            OrderEvents.ORDER_COMPLETED,
            OrderEvents.ORDER_CANCELLED,
            OrderEvents.ORDER_REOPENED,
            OrderEvents.ORDER_REFUNDED,
            OrderEvents.ORDER_SPLIT,
            OrderEvents.ORDER_ITEMS_MOVED,
            OrderEvents.ORDER_MERGED,
        ),
        _ORDER,
    ),
    **dict.fromkeys((OrderEvents.ORDER_SENT, OrderEvents.ORDER_COURSE_FIRED), _SENT),
    **dict.fromkeys(
        (OrderEvents.ITEM_ADDED, OrderEvents.ITEM_UPDATED, OrderEvents.ITEM_VOIDED), _ITEM
    ),
    OrderEvents.PAYMENT_CREATED: (PaymentDetail, False),
    **dict.fromkeys(
        (
            CatalogueEvents.PRODUCT_CREATED,
            CatalogueEvents.PRODUCT_UPDATED,
            CatalogueEvents.PRODUCT_86D,
            CatalogueEvents.PRODUCT_AVAILABLE,
            CatalogueEvents.PRODUCT_DELETED,
            CatalogueEvents.STOCK_LOW,
        ),
        _PRODUCT,
    ),
    **dict.fromkeys(
        (
            CatalogueEvents.MODIFIER_GROUP_CREATED,
            CatalogueEvents.MODIFIER_GROUP_UPDATED,
            CatalogueEvents.MODIFIER_GROUP_DELETED,
        ),
        _GROUP,
    ),
    **dict.fromkeys(
        (
            PricingEvents.TAX_RATE_CREATED,
            PricingEvents.TAX_RATE_UPDATED,
            PricingEvents.TAX_RATE_DELETED,
        ),
        _TAX_RATE,
    ),
    **dict.fromkeys(
        (
            PricingEvents.SERVICE_CHARGE_CREATED,
            PricingEvents.SERVICE_CHARGE_UPDATED,
            PricingEvents.SERVICE_CHARGE_DELETED,
        ),
        _CHARGE,
    ),
    **dict.fromkeys(
        (
            KitchenEvents.KITCHEN_TICKET_CREATED,
            KitchenEvents.KITCHEN_TICKET_BUMPED,
            KitchenEvents.KITCHEN_TICKET_RECALLED,
            KitchenEvents.KITCHEN_TICKET_STATION_BUMPED,
            KitchenEvents.KITCHEN_TICKET_STATION_RECALLED,
        ),
        _TICKET,
    ),
    KitchenEvents.KITCHEN_STATION_CHANGED: (kitchen.StationChangedOut, False),
    **dict.fromkeys((TillEvents.CASH_DRAWER_OPENED, TillEvents.CASH_DRAWER_CLOSED), _DRAWER),
    **dict.fromkeys((TillEvents.SHIFT_CLOCKED_IN, TillEvents.SHIFT_CLOCKED_OUT), _SHIFT),
    AccessEvents.SECURITY_PIN_FAILURES: (access.PinFailureAlertOut, False),
    **dict.fromkeys(
        (
            CardEvents.CARD_CHECKOUT_STARTED,
            CardEvents.CARD_CHECKOUT_WAITING,
            CardEvents.CARD_CHECKOUT_SUCCEEDED,
            CardEvents.CARD_CHECKOUT_DECLINED,
            CardEvents.CARD_CHECKOUT_CANCELED,
            CardEvents.CARD_CHECKOUT_TIMED_OUT,
            CardEvents.CARD_CHECKOUT_REFUNDED,
            CardEvents.CARD_CHECKOUT_HELD,
            CardEvents.CARD_CHECKOUT_CAPTURING,
            CardEvents.CARD_CHECKOUT_CAPTURED,
            CardEvents.CARD_CHECKOUT_RELEASING,
            CardEvents.CARD_CHECKOUT_RELEASED,
        ),
        (card_payments.CardCheckoutEventOut, False),
    ),
    **dict.fromkeys(
        (
            CardEvents.CARD_REFUND_REQUESTED,
            CardEvents.CARD_REFUND_SUCCEEDED,
            CardEvents.CARD_REFUND_FAILED,
        ),
        (card_payments.CardRefundOut, False),
    ),
    GuestEvents.GUEST_CALLED: (guests.GuestCallOut, False),
    **dict.fromkeys(
        (
            GuestEvents.GUEST_ROUND_PLACED,
            GuestEvents.GUEST_ROUND_CONFIRMED,
            GuestEvents.GUEST_ROUND_DECLINED,
            GuestEvents.GUEST_ROUND_REFUSED,
        ),
        (guests.GuestRoundOut, False),
    ),
    **dict.fromkeys(
        (ChannelEvents.CHANNEL_CREATED, ChannelEvents.CHANNEL_UPDATED), (channels.ChannelOut, False)
    ),
    ChannelEvents.CHANNEL_MENU_CHANGED: (channels.MenuChangeOut, False),
    **dict.fromkeys(
        (
            ChannelEvents.CHANNEL_ORDER_RECEIVED,
            ChannelEvents.CHANNEL_ORDER_ACCEPTED,
            ChannelEvents.CHANNEL_ORDER_PREPARING,
            ChannelEvents.CHANNEL_ORDER_READY,
            ChannelEvents.CHANNEL_ORDER_PICKED_UP,
            ChannelEvents.CHANNEL_ORDER_REFUSED,
            ChannelEvents.CHANNEL_ORDER_CANCELLED,
        ),
        (channels.ChannelOrderOut, False),
    ),
}


def document_events(app: FastAPI) -> None:
    """The OpenAPI's webhooks section: every event type with its data's model."""
    document_event_webhooks(app, EVENT_DATA)


def install_event_payloads(*, max_bytes: int) -> None:
    """``max_bytes``: BRIGADE_EVENT_MAX_BYTES, past which an order or a ticket is summarized."""
    orders.install_event_payloads(max_bytes=max_bytes)
    kitchen.install_event_payloads(max_bytes=max_bytes)
    catalogue.install_event_payloads()
    access.install_event_payloads()
    pricing.install_event_payloads()
    till.install_event_payloads()
    card_payments.install_event_payloads()
    guests.install_event_payloads()
    channels.install_event_payloads()

    def sent_order(sent: SentOrder, viewer: Role) -> str:
        detail = order_detail(sent.order, viewer)
        shown = SentOrderOut(**dict(detail), kitchen_ticket=kitchen.ticket_out(sent.ticket))
        return orders.order_payload(shown, max_bytes)

    register_payload_shape_by_role(
        SentOrder, sent_order, has_details=lambda sent: orders.has_payment_details(sent.order)
    )

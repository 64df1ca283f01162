"""Every event type, from the use case that emits it: perform the action, read what it emitted
with ``GET /api/events?after=<the last id before it>``, and check the type, ids, location
and that ``data`` is what the API answers for the same resource to the same reader: the
kitchen (no payment details) and a server (with them)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

import pytest
from httpx import Response

from brigade.access.domain.terminals import AccessEvents
from brigade.card_payments.domain import CardEvents
from brigade.card_payments.repository import CheckoutRepository
from brigade.card_payments.routes import CardCheckoutEventOut
from brigade.catalogue.domain.events import CatalogueEvents
from brigade.channels.domain import ChannelEvents
from brigade.event_payloads import EVENT_DATA
from brigade.event_types import EventType
from brigade.guests.domain import GuestEvents
from brigade.kit.db.engine import UnitOfWork
from brigade.kitchen.domain import KitchenEvents
from brigade.orders.domain.events import OrderEvents
from brigade.pricing.domain import PricingEvents
from brigade.till.domain import TillEvents
from card_payments.api.card_helpers import (
    checkout,
    listed,
    make_reader,
    order_of,
    poll,
    started,
)
from channels.channel_simulator import an_order, connect
from events.api.event_helpers import all_events
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    in_transaction,
    make_device,
    make_modifier,
    make_modifier_group,
    make_order,
    make_product,
    make_service_charge,
    make_staff_token,
    make_tax_rate,
    sign_in,
)

Json = dict[str, Any]


@dataclass(frozen=True)
class Expected:
    """What the action emits: ``types`` in this order, the checked one about ``entity_id``,
    its data what ``url`` answers (plus ``extra``), or ``data`` when ``url`` no longer can."""

    types: tuple[EventType, ...]
    url: str
    entity_id: str
    order_id: str | None
    location_id: str = LOCATION
    extra: Json = field(default_factory=dict)
    data: Json | None = None


def _last_id(client: AppClient) -> int:
    found = all_events(client)
    return found[-1]["id"] if found else 0


def _ok(response: Response, status: int = 200) -> Json:
    assert response.status_code == status, response.text
    body: Json = response.json()
    return body


def _order_with_item(client: AppClient, **product: Any) -> tuple[Json, Json, str]:
    """An order, a line of two on it, and the line's URL."""
    order = make_order(client)
    made = make_product(client, price=12.5, **product)
    body = {"productId": made["id"], "quantity": 2}
    item = _ok(client.post(f"/api/orders/{order['id']}/items", json=body), 201)
    return order, item, f"/api/orders/{order['id']}/items/{item['id']}"


def _order_event(types: tuple[EventType, ...], order: Json, **extra: Any) -> Expected:
    url = f"/api/orders/{order['id']}"
    return Expected(types, url, order["id"], order["id"], extra=extra)


def _item_event(event_type: EventType, order: Json, item: Json, url: str) -> Expected:
    return Expected((event_type,), url, item["id"], order["id"])


def _product_event(types: tuple[EventType, ...], product: Json, **kwargs: Any) -> Expected:
    url = f"/api/products/{product['id']}"
    return Expected(types, url, product["id"], None, location_id=OTHER_LOCATION, **kwargs)


# --- the actions, one per event type: each answers the last id before it and what it emits --


def order_created(client: AppClient) -> tuple[int, Expected]:
    before = _last_id(client)
    order = make_order(client)
    return before, _order_event((OrderEvents.ORDER_CREATED,), order)


def order_updated_by_a_discount(client: AppClient) -> tuple[int, Expected]:
    order, _, _ = _order_with_item(client)
    before = _last_id(client)
    _ok(client.post(f"/api/orders/{order['id']}/discount", json={"discountAmount": 5}))
    return before, _order_event((OrderEvents.ORDER_UPDATED,), order)


def _sent(
    client: AppClient, order: Json, action: str, event_type: EventType
) -> tuple[int, Expected]:
    """``action`` (a send, a fire) of ``order``: its event carries the kitchen's new ticket."""
    before = _last_id(client)
    sent = _ok(client.post(f"/api/orders/{order['id']}/{action}"))
    ticket = _ok(client.get(f"/api/kitchen/tickets/{sent['kitchenOrderId']}"))
    types = (event_type, KitchenEvents.KITCHEN_TICKET_CREATED)
    return before, _order_event(types, order, kitchenTicket=ticket)


def order_sent(client: AppClient) -> tuple[int, Expected]:
    order, _, _ = _order_with_item(client)
    return _sent(client, order, "send", OrderEvents.ORDER_SENT)


def order_course_fired(client: AppClient) -> tuple[int, Expected]:
    order = make_order(client)
    body = {"productId": make_product(client, price=30)["id"], "quantity": 1, "course": 2}
    _ok(client.post(f"/api/orders/{order['id']}/items", json=body), 201)
    return _sent(client, order, "courses/2/fire", OrderEvents.ORDER_COURSE_FIRED)


def order_completed(client: AppClient) -> tuple[int, Expected]:
    order, _, _ = _order_with_item(client)
    payment = {"amount": 25, "paymentMethod": "CASH"}
    _ok(client.post(f"/api/orders/{order['id']}/payments", json=payment), 201)
    before = _last_id(client)
    _ok(client.post(f"/api/orders/{order['id']}/complete"))
    return before, _order_event((OrderEvents.ORDER_COMPLETED,), order)


def order_reopened(client: AppClient) -> tuple[int, Expected]:
    order, _, _ = _order_with_item(client)
    payment = {"amount": 25, "paymentMethod": "CASH"}
    _ok(client.post(f"/api/orders/{order['id']}/payments", json=payment), 201)
    _ok(client.post(f"/api/orders/{order['id']}/complete"))
    before = _last_id(client)
    _ok(client.post(f"/api/orders/{order['id']}/reopen", json={"reason": "one more round"}))
    return before, _order_event((OrderEvents.ORDER_REOPENED,), order)


def order_cancelled(client: AppClient) -> tuple[int, Expected]:
    order, _, _ = _order_with_item(client)
    before = _last_id(client)
    _ok(client.request("DELETE", f"/api/orders/{order['id']}", json={"reason": "walked out"}))
    return before, _order_event((OrderEvents.ORDER_CANCELLED,), order)


def order_refunded(client: AppClient) -> tuple[int, Expected]:
    order, _, _ = _order_with_item(client)
    payment = {"amount": 25, "paymentMethod": "CARD", "tipAmount": 3}
    _ok(client.post(f"/api/orders/{order['id']}/payments", json=payment), 201)
    _ok(client.post(f"/api/orders/{order['id']}/complete"))
    before = _last_id(client)
    refund = {"amount": 5, "tipAmount": 1, "reason": "cold soup"}
    _ok(client.post(f"/api/orders/{order['id']}/refunds", json=refund), 201)
    return before, _order_event((OrderEvents.ORDER_REFUNDED,), order)


def order_split(client: AppClient) -> tuple[int, Expected]:
    order, item, _ = _order_with_item(client)
    before = _last_id(client)
    body = {"items": [{"itemId": item["id"], "quantity": 1}]}
    _ok(client.post(f"/api/orders/{order['id']}/split", json=body), 201)
    return before, _order_event((OrderEvents.ORDER_SPLIT, OrderEvents.ORDER_CREATED), order)


def order_items_moved(client: AppClient) -> tuple[int, Expected]:
    order, item, _ = _order_with_item(client)
    other = make_order(client)
    before = _last_id(client)
    body = {"itemIds": [item["id"]], "toOrderId": other["id"]}
    _ok(client.post(f"/api/orders/{order['id']}/items/move", json=body))
    types = (OrderEvents.ORDER_ITEMS_MOVED, OrderEvents.ORDER_ITEMS_MOVED)
    return before, _order_event(types, other)


def order_merged(client: AppClient) -> tuple[int, Expected]:
    order, _, _ = _order_with_item(client)
    other, _, _ = _order_with_item(client)
    before = _last_id(client)
    _ok(client.post(f"/api/orders/{order['id']}/merge", json={"orderId": other["id"]}))
    return before, _order_event((OrderEvents.ORDER_CANCELLED, OrderEvents.ORDER_MERGED), order)


def item_added(client: AppClient) -> tuple[int, Expected]:
    order = make_order(client)
    product = make_product(client)
    before = _last_id(client)
    body = {"productId": product["id"], "quantity": 1, "notes": "no ice"}
    item = _ok(client.post(f"/api/orders/{order['id']}/items", json=body), 201)
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    return before, _item_event(OrderEvents.ITEM_ADDED, order, item, url)


def item_updated_by_the_kitchen(client: AppClient) -> tuple[int, Expected]:
    order, item, url = _order_with_item(client)
    _ok(client.post(f"/api/orders/{order['id']}/send"))
    before = _last_id(client)
    _ok(client.put(url, json={"status": "PREPARING", "notes": "well done"}))
    return before, _item_event(OrderEvents.ITEM_UPDATED, order, item, url)


def item_voided(client: AppClient) -> tuple[int, Expected]:
    order, item, url = _order_with_item(client)
    before = _last_id(client)
    _ok(client.request("DELETE", url, json={"reason": "wrong table"}))
    return before, _item_event(OrderEvents.ITEM_VOIDED, order, item, url)


def payment_created(client: AppClient) -> tuple[int, Expected]:
    order, _, _ = _order_with_item(client)
    before = _last_id(client)
    body = {"amount": 10, "paymentMethod": "CARD", "tipAmount": 2, "cardLastFour": "4242"}
    payment = _ok(client.post(f"/api/orders/{order['id']}/payments", json=body), 201)
    url = f"/api/orders/{order['id']}/payments/{payment['id']}"
    return before, Expected((OrderEvents.PAYMENT_CREATED,), url, payment["id"], order["id"])


def product_created(client: AppClient) -> tuple[int, Expected]:
    before = _last_id(client)
    product = make_product(client, locationId=OTHER_LOCATION, sku="TEA-1")
    return before, _product_event((CatalogueEvents.PRODUCT_CREATED,), product)


def product_updated(client: AppClient) -> tuple[int, Expected]:
    product = make_product(client, locationId=OTHER_LOCATION)
    before = _last_id(client)
    _ok(client.put(f"/api/products/{product['id']}", json={"price": 11, "name": "Iced tea"}))
    return before, _product_event((CatalogueEvents.PRODUCT_UPDATED,), product)


def product_86d(client: AppClient) -> tuple[int, Expected]:
    product = make_product(client, locationId=OTHER_LOCATION)
    before = _last_id(client)
    _ok(client.post(f"/api/products/{product['id']}/86", json={"reason": "out of limes"}))
    return before, _product_event((CatalogueEvents.PRODUCT_86D,), product)


def product_available(client: AppClient) -> tuple[int, Expected]:
    product = make_product(client, locationId=OTHER_LOCATION)
    _ok(client.post(f"/api/products/{product['id']}/86"))
    before = _last_id(client)
    _ok(client.delete(f"/api/products/{product['id']}/86"))
    return before, _product_event((CatalogueEvents.PRODUCT_AVAILABLE,), product)


def product_deleted(client: AppClient) -> tuple[int, Expected]:
    product = make_product(client, locationId=OTHER_LOCATION)
    before = _last_id(client)
    # Its data is the product as it was: deleted, it can no longer be read.
    as_it_was = _ok(client.get(f"/api/products/{product['id']}"))
    _ok(client.delete(f"/api/products/{product['id']}"))
    assert client.get(f"/api/products/{product['id']}").status_code == 404
    return before, _product_event((CatalogueEvents.PRODUCT_DELETED,), product, data=as_it_was)


def stock_low(client: AppClient) -> tuple[int, Expected]:
    stock = {"trackInventory": True, "stockQuantity": 5, "lowStockThreshold": 3}
    product = make_product(client, locationId=OTHER_LOCATION, **stock)
    order = make_order(client, locationId=OTHER_LOCATION)
    before = _last_id(client)
    body = {"productId": product["id"], "quantity": 2}
    _ok(client.post(f"/api/orders/{order['id']}/items", json=body), 201)
    # The sale took the stock to its threshold (5 - 2 = 3), as the item went on the order.
    types = (CatalogueEvents.STOCK_LOW, OrderEvents.ITEM_ADDED)
    return before, _product_event(types, product)


def _group_event(types: tuple[EventType, ...], group: Json, **kwargs: Any) -> Expected:
    url = f"/api/modifier-groups/{group['id']}"
    return Expected(types, url, group["id"], None, location_id=OTHER_LOCATION, **kwargs)


def modifier_group_created(client: AppClient) -> tuple[int, Expected]:
    option = make_modifier(client, locationId=OTHER_LOCATION)
    before = _last_id(client)
    group = make_modifier_group(client, [option], locationId=OTHER_LOCATION)
    return before, _group_event((CatalogueEvents.MODIFIER_GROUP_CREATED,), group)


def modifier_group_updated(client: AppClient) -> tuple[int, Expected]:
    group = make_modifier_group(client, locationId=OTHER_LOCATION)
    make_product(client, locationId=OTHER_LOCATION, modifierGroupIds=[group["id"]])
    before = _last_id(client)
    body = {"name": "Sides", "minSelections": 1, "maxSelections": 2, "options": []}
    _ok(client.put(f"/api/modifier-groups/{group['id']}", json=body))
    # The product that offers it shows it: its detail changed too.
    types = (CatalogueEvents.MODIFIER_GROUP_UPDATED, CatalogueEvents.PRODUCT_UPDATED)
    return before, _group_event(types, group)


def modifier_group_deleted(client: AppClient) -> tuple[int, Expected]:
    group = make_modifier_group(client, locationId=OTHER_LOCATION)
    url = f"/api/modifier-groups/{group['id']}"
    as_it_was = _ok(client.get(url))
    before = _last_id(client)
    _ok(client.delete(url))
    return before, _group_event((CatalogueEvents.MODIFIER_GROUP_DELETED,), group, data=as_it_was)


def _priced_event(types: tuple[EventType, ...], url: str, entity: Json, **kwargs: Any) -> Expected:
    return Expected(types, url, entity["id"], None, location_id=OTHER_LOCATION, **kwargs)


def tax_rate_created(client: AppClient) -> tuple[int, Expected]:
    before = _last_id(client)
    rate = make_tax_rate(client, locationId=OTHER_LOCATION)
    url = f"/api/tax-rates/{rate['id']}"
    return before, _priced_event((PricingEvents.TAX_RATE_CREATED,), url, rate)


def tax_rate_updated(client: AppClient) -> tuple[int, Expected]:
    rate = make_tax_rate(client, locationId=OTHER_LOCATION)
    url = f"/api/tax-rates/{rate['id']}"
    before = _last_id(client)
    _ok(client.patch(url, json={"rate": 0.077, "takeoutRate": 0.026}))
    return before, _priced_event((PricingEvents.TAX_RATE_UPDATED,), url, rate)


def tax_rate_deleted(client: AppClient) -> tuple[int, Expected]:
    rate = make_tax_rate(client, locationId=OTHER_LOCATION)
    url = f"/api/tax-rates/{rate['id']}"
    before = _last_id(client)
    _ok(client.delete(url))
    return before, _priced_event((PricingEvents.TAX_RATE_DELETED,), url, rate, data=rate)


def service_charge_created(client: AppClient) -> tuple[int, Expected]:
    before = _last_id(client)
    charge = make_service_charge(client, locationId=OTHER_LOCATION, automatic=True)
    url = f"/api/service-charges/{charge['id']}"
    return before, _priced_event((PricingEvents.SERVICE_CHARGE_CREATED,), url, charge)


def service_charge_updated(client: AppClient) -> tuple[int, Expected]:
    charge = make_service_charge(client, locationId=OTHER_LOCATION)
    url = f"/api/service-charges/{charge['id']}"
    before = _last_id(client)
    _ok(client.patch(url, json={"minGuests": 6, "orderTypes": ["DINE_IN"]}))
    return before, _priced_event((PricingEvents.SERVICE_CHARGE_UPDATED,), url, charge)


def service_charge_deleted(client: AppClient) -> tuple[int, Expected]:
    # Archived: GET by id still answers it, with its archivedAt.
    charge = make_service_charge(client, locationId=OTHER_LOCATION)
    url = f"/api/service-charges/{charge['id']}"
    before = _last_id(client)
    _ok(client.delete(url))
    return before, _priced_event((PricingEvents.SERVICE_CHARGE_DELETED,), url, charge)


def _sent_ticket(client: AppClient) -> tuple[Json, str]:
    order, _, _ = _order_with_item(client)
    sent = _ok(client.post(f"/api/orders/{order['id']}/send"))
    return order, sent["kitchenOrderId"]


def _board(client: AppClient) -> Json:
    return _ok(client.get("/api/kitchen/board", params={"locationId": LOCATION}))


def kitchen_ticket_created(client: AppClient) -> tuple[int, Expected]:
    order, _, _ = _order_with_item(client)
    before = _last_id(client)
    ticket_id = _ok(client.post(f"/api/orders/{order['id']}/send"))["kitchenOrderId"]
    (shown,) = [ticket for ticket in _board(client)["tickets"] if ticket["id"] == ticket_id]
    types = (OrderEvents.ORDER_SENT, KitchenEvents.KITCHEN_TICKET_CREATED)
    return before, Expected(types, "", ticket_id, order["id"], data=shown)


def kitchen_ticket_bumped(client: AppClient) -> tuple[int, Expected]:
    order, ticket_id = _sent_ticket(client)
    before = _last_id(client)
    _ok(client.post(f"/api/kitchen/tickets/{ticket_id}/bump"))
    # Its item became READY first, so the server's check shows it.
    types = (OrderEvents.ITEM_UPDATED, KitchenEvents.KITCHEN_TICKET_BUMPED)
    shown = _board(client)["lastBumped"]
    return before, Expected(types, "", ticket_id, order["id"], data=shown)


def kitchen_ticket_recalled(client: AppClient) -> tuple[int, Expected]:
    order, ticket_id = _sent_ticket(client)
    _ok(client.post(f"/api/kitchen/tickets/{ticket_id}/bump"))
    before = _last_id(client)
    _ok(client.post(f"/api/kitchen/tickets/{ticket_id}/recall"))
    (shown,) = [ticket for ticket in _board(client)["tickets"] if ticket["id"] == ticket_id]
    types = (KitchenEvents.KITCHEN_TICKET_RECALLED,)
    return before, Expected(types, "", ticket_id, order["id"], data=shown)


def kitchen_station_changed(client: AppClient) -> tuple[int, Expected]:
    body = {"locationId": LOCATION, "name": "Line"}
    station = _ok(client.post("/api/kitchen/stations", json=body), 201)
    before = _last_id(client)
    _ok(client.patch(f"/api/kitchen/stations/{station['id']}", json={"name": "Grill"}))
    listed = _ok(client.get("/api/kitchen/stations", params={"locationId": LOCATION}))["data"]
    (shown,) = [found for found in listed if found["id"] == station["id"]]
    types = (KitchenEvents.KITCHEN_STATION_CHANGED,)
    return before, Expected(types, "", station["id"], None, data=shown | {"deleted": False})


def _station_ticket(client: AppClient) -> tuple[Json, str, str]:
    """A sent ticket at a location with one station (every category), and the station's id."""
    body = {"locationId": LOCATION, "name": "Line"}
    station: str = _ok(client.post("/api/kitchen/stations", json=body), 201)["id"]
    order, ticket_id = _sent_ticket(client)
    return order, ticket_id, station


def kitchen_ticket_station_bumped(client: AppClient) -> tuple[int, Expected]:
    order, ticket_id, station = _station_ticket(client)
    # A second station with a part: the first's bump leaves the ticket on the board.
    _ok(client.post("/api/kitchen/stations", json={"locationId": LOCATION, "name": "Pass"}), 201)
    before = _last_id(client)
    _ok(client.post(f"/api/kitchen/tickets/{ticket_id}/bump", params={"stationId": station}))
    types = (OrderEvents.ITEM_UPDATED, KitchenEvents.KITCHEN_TICKET_STATION_BUMPED)
    (shown,) = [ticket for ticket in _board(client)["tickets"] if ticket["id"] == ticket_id]
    return before, Expected(types, "", ticket_id, order["id"], data=shown)


def kitchen_ticket_station_recalled(client: AppClient) -> tuple[int, Expected]:
    order, ticket_id, station = _station_ticket(client)
    url = f"/api/kitchen/tickets/{ticket_id}"
    _ok(client.post(f"{url}/bump", params={"stationId": station}))
    before = _last_id(client)
    _ok(client.post(f"{url}/recall", params={"stationId": station}))
    # Its one part recalled: the ticket, bumped by that part, is back too.
    types = (KitchenEvents.KITCHEN_TICKET_STATION_RECALLED, KitchenEvents.KITCHEN_TICKET_RECALLED)
    (shown,) = [ticket for ticket in _board(client)["tickets"] if ticket["id"] == ticket_id]
    return before, Expected(types, "", ticket_id, order["id"], data=shown)


def security_pin_failures(client: AppClient) -> tuple[int, Expected]:
    terminal = make_device(client)
    before = _last_id(client)
    for _ in range(10):  # BRIGADE_PIN_FAILURES_PER_DEVICE
        assert sign_in(client, terminal["token"], str(uuid.uuid4()), "9051").status_code == 401
    (alert,) = [e for e in all_events(client, after=before) if e["type"] == "security.pin_failures"]
    window = alert["data"]["windowStart"]
    until = datetime.fromisoformat(alert["data"]["until"])
    assert until - datetime.fromisoformat(window) == timedelta(minutes=15)
    shown = {"source": f"device:{terminal['id']}", "failures": 10, "windowStart": window}
    types = (AccessEvents.SECURITY_PIN_FAILURES,)
    data = shown | {"until": alert["data"]["until"]}
    return before, Expected(types, "", terminal["id"], None, data=data)


_DRAWER_EVENT_FIELDS = (
    "id",
    "locationId",
    "deviceId",
    "status",
    "openedAt",
    "openedBy",
    "closedAt",
    "closedBy",
)


def _drawer_event(event_type: EventType, drawer: Json) -> Expected:
    """A drawer's event carries the drawer without its amounts (the kitchen reads events)."""
    shown = {key: drawer[key] for key in _DRAWER_EVENT_FIELDS}
    return Expected((event_type,), "", drawer["id"], None, data=shown)


def cash_drawer_opened(client: AppClient) -> tuple[int, Expected]:
    before = _last_id(client)
    body = {"locationId": LOCATION, "openingFloat": 150}
    drawer = _ok(client.post("/api/cash-drawers", json=body), 201)
    return before, _drawer_event(TillEvents.CASH_DRAWER_OPENED, drawer)


def cash_drawer_closed(client: AppClient) -> tuple[int, Expected]:
    body = {"locationId": LOCATION, "openingFloat": 150}
    drawer = _ok(client.post("/api/cash-drawers", json=body), 201)
    before = _last_id(client)
    url = f"/api/cash-drawers/{drawer['id']}/close"
    closed = _ok(client.post(url, json={"countedAmount": 150}))
    return before, _drawer_event(TillEvents.CASH_DRAWER_CLOSED, closed)


def _clocking(client: AppClient, event_type: EventType, *, out: bool) -> tuple[int, Expected]:
    cook = bearer(make_staff_token(client, "KITCHEN"))
    body = {"locationId": LOCATION}
    before = _last_id(client)
    shift = _ok(client.post("/api/shifts/clock-in", json=body, headers=cook))
    if out:
        before = _last_id(client)
        shift = _ok(client.post("/api/shifts/clock-out", headers=cook))
    return before, Expected((event_type,), "", shift["id"], None, data=shift)


def shift_clocked_in(client: AppClient) -> tuple[int, Expected]:
    return _clocking(client, TillEvents.SHIFT_CLOCKED_IN, out=False)


def shift_clocked_out(client: AppClient) -> tuple[int, Expected]:
    return _clocking(client, TillEvents.SHIFT_CLOCKED_OUT, out=True)


# Card checkouts and refunds to cards (docs/design.md §27): their events carry no card.
_CHECKOUT_EVENT_FIELDS = tuple(CardCheckoutEventOut.model_fields)


def _camel(name: str) -> str:
    first, *rest = name.split("_")
    return first + "".join(part.title() for part in rest)


def _checkout_event(client: AppClient, types: tuple[EventType, ...], made: Json) -> Expected:
    shown = checkout(client, made["id"])
    data = {_camel(name): shown[_camel(name)] for name in _CHECKOUT_EVENT_FIELDS}
    return Expected(types, "", made["id"], made["orderId"], data=data)


def _card_refund_event(client: AppClient, types: tuple[EventType, ...], order: Json) -> Expected:
    [refund] = listed(client.get("/api/card-refunds", params={"orderId": order["id"]}))
    return Expected(types, "", refund["id"], order["id"], data=refund)


def _on_a_manual_reader(client: AppClient, price: float, **body: Any) -> tuple[Json, Json, Json]:
    """An order of one item at ``price``, a checkout of it shown on a MANUAL reader: the
    reader, the order and the checkout."""
    reader = make_reader(client, mode="MANUAL")
    order = order_of(client, price)
    made = started(client, order, reader, price, **body)
    poll(client)
    return reader, order, made


def _tap(client: AppClient, reader: Json, outcome: str) -> None:
    url = f"/api/payment-readers/{reader['id']}/simulate"
    _ok(client.post(url, json={"outcome": outcome}))


def card_checkout_started(client: AppClient) -> tuple[int, Expected]:
    reader, order = make_reader(client), order_of(client, 20)
    before = _last_id(client)
    made = started(client, order, reader, 20)
    return before, _checkout_event(client, (CardEvents.CARD_CHECKOUT_STARTED,), made)


def card_checkout_waiting(client: AppClient) -> tuple[int, Expected]:
    reader, order = make_reader(client, mode="MANUAL"), order_of(client, 20)
    made = started(client, order, reader, 20)
    before = _last_id(client)
    poll(client)
    return before, _checkout_event(client, (CardEvents.CARD_CHECKOUT_WAITING,), made)


def card_checkout_succeeded(client: AppClient) -> tuple[int, Expected]:
    reader, _, made = _on_a_manual_reader(client, 20)
    _tap(client, reader, "APPROVE")
    before = _last_id(client)
    poll(client)
    types = (OrderEvents.PAYMENT_CREATED, CardEvents.CARD_CHECKOUT_SUCCEEDED)
    return before, _checkout_event(client, types, made)


def card_checkout_declined(client: AppClient) -> tuple[int, Expected]:
    reader, _, made = _on_a_manual_reader(client, 20)
    _tap(client, reader, "DECLINE")
    before = _last_id(client)
    poll(client)
    return before, _checkout_event(client, (CardEvents.CARD_CHECKOUT_DECLINED,), made)


def card_checkout_canceled(client: AppClient) -> tuple[int, Expected]:
    _, _, made = _on_a_manual_reader(client, 20)
    _ok(client.post(f"/api/card-checkouts/{made['id']}/cancel"), 202)
    before = _last_id(client)
    poll(client)
    return before, _checkout_event(client, (CardEvents.CARD_CHECKOUT_CANCELED,), made)


def card_checkout_timed_out(client: AppClient) -> tuple[int, Expected]:
    _, _, made = _on_a_manual_reader(client, 20)

    async def due_now(uow: UnitOfWork) -> None:
        repository = CheckoutRepository(uow)
        found = await repository.get(uuid.UUID(made["id"]))
        assert found is not None
        await repository.save(replace(found, expires_at=found.created_at), moved=False)

    in_transaction(client, due_now)
    before = _last_id(client)
    poll(client)
    return before, _checkout_event(client, (CardEvents.CARD_CHECKOUT_TIMED_OUT,), made)


def card_checkout_refunded(client: AppClient) -> tuple[int, Expected]:
    reader, order, made = _on_a_manual_reader(client, 20)
    cash = {"amount": 5, "paymentMethod": "CASH"}
    _ok(client.post(f"/api/orders/{order['id']}/payments", json=cash), 201)
    _tap(client, reader, "APPROVE")
    before = _last_id(client)
    poll(client)
    types = (
        CardEvents.CARD_CHECKOUT_REFUNDED,
        CardEvents.CARD_REFUND_REQUESTED,
        CardEvents.CARD_REFUND_SUCCEEDED,
    )
    return before, _checkout_event(client, types, made)


def _held_on_a_manual_reader(client: AppClient) -> tuple[Json, Json]:
    """A tab of 20.00 whose card a MANUAL reader holds for 50.00: the order and the hold."""
    reader, order = make_reader(client, mode="MANUAL"), order_of(client, 20)
    body = {"readerId": reader["id"], "amount": 50}
    made = _ok(client.post(f"/api/orders/{order['id']}/card-holds", json=body), 202)
    poll(client)
    _tap(client, reader, "APPROVE")
    poll(client)
    return order, made


def card_checkout_held(client: AppClient) -> tuple[int, Expected]:
    reader, order = make_reader(client, mode="MANUAL"), order_of(client, 20)
    body = {"readerId": reader["id"], "amount": 50}
    hold = _ok(client.post(f"/api/orders/{order['id']}/card-holds", json=body), 202)
    poll(client)
    _tap(client, reader, "APPROVE")
    before = _last_id(client)
    poll(client)
    return before, _checkout_event(client, (CardEvents.CARD_CHECKOUT_HELD,), hold)


def card_checkout_capturing(client: AppClient) -> tuple[int, Expected]:
    _, made = _held_on_a_manual_reader(client)
    before = _last_id(client)
    _ok(client.post(f"/api/card-checkouts/{made['id']}/capture", json={"tip": 2}), 202)
    return before, _checkout_event(client, (CardEvents.CARD_CHECKOUT_CAPTURING,), made)


def card_checkout_captured(client: AppClient) -> tuple[int, Expected]:
    _, made = _held_on_a_manual_reader(client)
    _ok(client.post(f"/api/card-checkouts/{made['id']}/capture", json={"tip": 2}), 202)
    before = _last_id(client)
    poll(client)
    types = (OrderEvents.PAYMENT_CREATED, CardEvents.CARD_CHECKOUT_CAPTURED)
    return before, _checkout_event(client, types, made)


def card_checkout_releasing(client: AppClient) -> tuple[int, Expected]:
    _, made = _held_on_a_manual_reader(client)
    before = _last_id(client)
    _ok(client.post(f"/api/card-checkouts/{made['id']}/cancel"), 202)
    return before, _checkout_event(client, (CardEvents.CARD_CHECKOUT_RELEASING,), made)


def card_checkout_released(client: AppClient) -> tuple[int, Expected]:
    _, made = _held_on_a_manual_reader(client)
    _ok(client.post(f"/api/card-checkouts/{made['id']}/cancel"), 202)
    before = _last_id(client)
    poll(client)
    return before, _checkout_event(client, (CardEvents.CARD_CHECKOUT_RELEASED,), made)


def guest_called(client: AppClient) -> tuple[int, Expected]:
    profile = {"name": "Harbour St", "timezone": "UTC", "guestOrdering": "MENU"}
    _ok(client.put(f"/api/locations/{LOCATION}", json=profile))
    table = _ok(client.post("/api/tables", json={"locationId": LOCATION, "name": "T9"}), 201)
    visit = _ok(client.post(f"/api/guest/tables/{table['guestCode']}/visits"), 201)
    before = _last_id(client)
    url = f"/api/guest/visits/{visit['id']}/calls"
    answered = _ok(client.post(url, json={"kind": "BILL"}), 201)
    [call] = [event for event in all_events(client) if event["type"] == "guest.called"]
    data = {
        "id": call["entityId"],
        "locationId": LOCATION,
        "tableId": table["id"],
        "tableName": "T9",
        "orderId": None,
        "kind": "BILL",
        "at": answered["at"],
    }
    return before, Expected((GuestEvents.GUEST_CALLED,), "", call["entityId"], None, data=data)


def _guest_round(client: AppClient, quantity: int = 1) -> tuple[int, Json]:
    """A phone's visit at a table and a round ordered from it: the last event before the
    round, and the round's answer with its ``status``."""
    profile = {"name": "Harbour St", "timezone": "UTC", "guestOrdering": "ORDER"}
    _ok(client.put(f"/api/locations/{LOCATION}", json=profile))
    table = _ok(client.post("/api/tables", json={"locationId": LOCATION, "name": "T9"}), 201)
    visit = _ok(client.post(f"/api/guest/tables/{table['guestCode']}/visits"), 201)
    dish = make_product(client, price=4, guestVisible=True)
    body = {"items": [{"productId": dish["id"], "quantity": quantity}]}
    before = _last_id(client)
    response = client.post(f"/api/guest/visits/{visit['id']}/orders", json=body)
    return before, {"status": response.status_code} | response.json()


def _waiting_round(client: AppClient) -> tuple[int, Json]:
    before, _ = _guest_round(client)
    [waiting] = client.get("/api/guest-rounds", params={"locationId": LOCATION}).json()
    assert isinstance(waiting, dict)
    return before, waiting


def _round_event(types: tuple[EventType, ...], data: Json) -> Expected:
    return Expected(types, "", data["id"], data["orderId"], data=data)


def guest_round_placed(client: AppClient) -> tuple[int, Expected]:
    before, waiting = _waiting_round(client)
    types = (OrderEvents.ORDER_CREATED, OrderEvents.ITEM_ADDED, GuestEvents.GUEST_ROUND_PLACED)
    return before, _round_event(types, waiting)


def guest_round_confirmed(client: AppClient) -> tuple[int, Expected]:
    _, waiting = _waiting_round(client)
    before = _last_id(client)
    confirmed = _ok(client.post(f"/api/guest-rounds/{waiting['id']}/confirm"))
    types = (
        OrderEvents.ORDER_SENT,
        GuestEvents.GUEST_ROUND_CONFIRMED,
        KitchenEvents.KITCHEN_TICKET_CREATED,
    )
    return before, _round_event(types, confirmed)


def guest_round_declined(client: AppClient) -> tuple[int, Expected]:
    _, waiting = _waiting_round(client)
    before = _last_id(client)
    url = f"/api/guest-rounds/{waiting['id']}/decline"
    declined = _ok(client.post(url, json={"reason": "The kitchen has closed"}))
    types = (OrderEvents.ITEM_VOIDED, GuestEvents.GUEST_ROUND_DECLINED)
    return before, _round_event(types, declined)


def guest_round_refused(client: AppClient) -> tuple[int, Expected]:
    before, refused = _guest_round(client, quantity=99)
    assert (refused["status"], refused["code"]) == (422, "round_over_limit"), refused
    [event] = [e for e in all_events(client) if e["type"] == "guest.round_refused"]
    data = event["data"] | {"reason": refused["detail"], "lines": [], "total": 0.0}
    assert (data["status"], data["orderId"], data["tableName"]) == ("REFUSED", None, "T9")
    return before, _round_event((GuestEvents.GUEST_ROUND_REFUSED,), data)


def _card_paid_and_completed(client: AppClient, price: float) -> Json:
    reader, order = make_reader(client), order_of(client, price)
    started(client, order, reader, price)
    poll(client)
    _ok(client.post(f"/api/orders/{order['id']}/complete"))
    return order


def _refund_to_card(client: AppClient, order: Json, amount: float) -> None:
    body = {"amount": amount, "reason": "cold soup"}
    _ok(client.post(f"/api/orders/{order['id']}/refunds", json=body), 201)


def card_refund_requested(client: AppClient) -> tuple[int, Expected]:
    order = _card_paid_and_completed(client, 20)
    before = _last_id(client)
    _refund_to_card(client, order, 5)
    # The order's listeners hear the refund before its own event is recorded.
    types = (CardEvents.CARD_REFUND_REQUESTED, OrderEvents.ORDER_REFUNDED)
    return before, _card_refund_event(client, types, order)


def card_refund_succeeded(client: AppClient) -> tuple[int, Expected]:
    order = _card_paid_and_completed(client, 20)
    _refund_to_card(client, order, 5)
    before = _last_id(client)
    poll(client)
    return before, _card_refund_event(client, (CardEvents.CARD_REFUND_SUCCEEDED,), order)


def card_refund_failed(client: AppClient) -> tuple[int, Expected]:
    order = _card_paid_and_completed(client, 20)
    # The simulator refuses a refund of an amount ending in .01.
    _refund_to_card(client, order, 5.01)
    before = _last_id(client)
    poll(client)
    return before, _card_refund_event(client, (CardEvents.CARD_REFUND_FAILED,), order)


# --- channels (docs/design.md §29) -----------------------------------------------------------


def _channel_event(types: tuple[EventType, ...], data: Json) -> Expected:
    """A channel's event: about the channel (its webhook follows it), its data as a manager
    reads it (a cook may not)."""
    entity: str = data.get("channelId") or data["id"]
    return Expected(types, "", entity, data.get("orderId"), data=data)


def channel_created(client: AppClient) -> tuple[int, Expected]:
    before = _last_id(client)
    made = connect(client).channel
    shown = _ok(client.get(f"/api/channels/{made['id']}"))
    return before, _channel_event((ChannelEvents.CHANNEL_CREATED,), shown)


def channel_updated(client: AppClient) -> tuple[int, Expected]:
    channel = connect(client).channel
    before = _last_id(client)
    paused = _ok(client.post(f"/api/channels/{channel['id']}/pause", json={"minutes": 15}))
    return before, _channel_event((ChannelEvents.CHANNEL_UPDATED,), paused)


def channel_menu_changed(client: AppClient) -> tuple[int, Expected]:
    channel = connect(client).channel
    dish = make_product(client, name="Pho", price=11, sku="PHO-1")
    before = _last_id(client)
    _ok(client.post(f"/api/products/{dish['id']}/86"))
    [entry] = _ok(client.get(f"/api/channels/{channel['id']}/menu"))["entries"]
    data = {"channelId": channel["id"], "entries": [entry]}
    types = (CatalogueEvents.PRODUCT_86D, ChannelEvents.CHANNEL_MENU_CHANGED)
    return before, Expected(types, "", channel["id"], None, data=data)


def _pushed(client: AppClient, *, paid: bool = False) -> tuple[int, Json]:
    """A platform's order of a product of its own PLU, and the last event before the push."""
    make_product(client, name="Pho", price=11, sku="PHO-1")
    platform = connect(client)
    before = _last_id(client)
    return before, _ok(platform.push(an_order(("PHO-1", 1), paid=paid)), 201)


def channel_order_received(client: AppClient) -> tuple[int, Expected]:
    before, pushed = _pushed(client)
    types = (
        OrderEvents.ORDER_CREATED,
        OrderEvents.ITEM_ADDED,
        ChannelEvents.CHANNEL_ORDER_RECEIVED,
    )
    return before, _channel_event(types, pushed)


def _accepted(client: AppClient, *, paid: bool = False) -> tuple[int, Json]:
    _, pushed = _pushed(client, paid=paid)
    before = _last_id(client)
    return before, _ok(client.post(f"/api/channel-orders/{pushed['id']}/accept"))


# The ticket's event is recorded as the transaction ends, after the channel's.
ACCEPTED = (
    OrderEvents.ORDER_SENT,
    ChannelEvents.CHANNEL_ORDER_ACCEPTED,
    ChannelEvents.CHANNEL_ORDER_PREPARING,
    KitchenEvents.KITCHEN_TICKET_CREATED,
)


def channel_order_accepted(client: AppClient) -> tuple[int, Expected]:
    before, accepted = _accepted(client)
    return before, _channel_event(ACCEPTED, accepted)


def channel_order_preparing(client: AppClient) -> tuple[int, Expected]:
    before, accepted = _accepted(client)
    return before, _channel_event(ACCEPTED, accepted)


def channel_order_ready(client: AppClient) -> tuple[int, Expected]:
    _, accepted = _accepted(client)
    tickets = _ok(client.get("/api/kitchen/tickets"))["data"]
    [ticket] = [t for t in tickets if t["orderId"] == accepted["orderId"]]
    before = _last_id(client)
    _ok(client.post(f"/api/kitchen/tickets/{ticket['id']}/bump"))
    ready = _ok(client.get(f"/api/channel-orders/{accepted['id']}"))
    types = (
        OrderEvents.ITEM_UPDATED,
        ChannelEvents.CHANNEL_ORDER_READY,
        KitchenEvents.KITCHEN_TICKET_BUMPED,
    )
    return before, _channel_event(types, ready)


def channel_order_picked_up(client: AppClient) -> tuple[int, Expected]:
    _, accepted = _accepted(client, paid=True)
    before = _last_id(client)
    handed = _ok(client.post(f"/api/channel-orders/{accepted['id']}/picked-up"))
    types = (
        ChannelEvents.CHANNEL_ORDER_PICKED_UP,
        OrderEvents.PAYMENT_CREATED,
        OrderEvents.ORDER_COMPLETED,
    )
    return before, _channel_event(types, handed)


def channel_order_refused(client: AppClient) -> tuple[int, Expected]:
    _, pushed = _pushed(client)
    before = _last_id(client)
    url = f"/api/channel-orders/{pushed['id']}/refuse"
    refused = _ok(client.post(url, json={"reason": "closing"}))
    types = (ChannelEvents.CHANNEL_ORDER_REFUSED, OrderEvents.ORDER_CANCELLED)
    return before, _channel_event(types, refused)


def channel_order_cancelled(client: AppClient) -> tuple[int, Expected]:
    _, accepted = _accepted(client)
    before = _last_id(client)
    cancel = client.request(
        "DELETE", f"/api/orders/{accepted['orderId']}", json={"reason": "courier never came"}
    )
    _ok(cancel)
    cancelled = _ok(client.get(f"/api/channel-orders/{accepted['id']}"))
    types = (ChannelEvents.CHANNEL_ORDER_CANCELLED, OrderEvents.ORDER_CANCELLED)
    return before, _channel_event(types, cancelled)


ACTIONS: dict[EventType, Callable[[Any], tuple[int, Expected]]] = {
    OrderEvents.ORDER_CREATED: order_created,
    OrderEvents.ORDER_UPDATED: order_updated_by_a_discount,
    OrderEvents.ORDER_SENT: order_sent,
    OrderEvents.ORDER_COURSE_FIRED: order_course_fired,
    OrderEvents.ORDER_COMPLETED: order_completed,
    OrderEvents.ORDER_REOPENED: order_reopened,
    OrderEvents.ORDER_CANCELLED: order_cancelled,
    OrderEvents.ORDER_REFUNDED: order_refunded,
    OrderEvents.ORDER_SPLIT: order_split,
    OrderEvents.ORDER_ITEMS_MOVED: order_items_moved,
    OrderEvents.ORDER_MERGED: order_merged,
    OrderEvents.ITEM_ADDED: item_added,
    OrderEvents.ITEM_UPDATED: item_updated_by_the_kitchen,
    OrderEvents.ITEM_VOIDED: item_voided,
    OrderEvents.PAYMENT_CREATED: payment_created,
    CatalogueEvents.PRODUCT_CREATED: product_created,
    CatalogueEvents.PRODUCT_UPDATED: product_updated,
    CatalogueEvents.PRODUCT_86D: product_86d,
    CatalogueEvents.PRODUCT_AVAILABLE: product_available,
    CatalogueEvents.PRODUCT_DELETED: product_deleted,
    CatalogueEvents.STOCK_LOW: stock_low,
    CatalogueEvents.MODIFIER_GROUP_CREATED: modifier_group_created,
    CatalogueEvents.MODIFIER_GROUP_UPDATED: modifier_group_updated,
    CatalogueEvents.MODIFIER_GROUP_DELETED: modifier_group_deleted,
    PricingEvents.TAX_RATE_CREATED: tax_rate_created,
    PricingEvents.TAX_RATE_UPDATED: tax_rate_updated,
    PricingEvents.TAX_RATE_DELETED: tax_rate_deleted,
    PricingEvents.SERVICE_CHARGE_CREATED: service_charge_created,
    PricingEvents.SERVICE_CHARGE_UPDATED: service_charge_updated,
    PricingEvents.SERVICE_CHARGE_DELETED: service_charge_deleted,
    KitchenEvents.KITCHEN_TICKET_CREATED: kitchen_ticket_created,
    KitchenEvents.KITCHEN_TICKET_BUMPED: kitchen_ticket_bumped,
    KitchenEvents.KITCHEN_TICKET_RECALLED: kitchen_ticket_recalled,
    KitchenEvents.KITCHEN_TICKET_STATION_BUMPED: kitchen_ticket_station_bumped,
    KitchenEvents.KITCHEN_TICKET_STATION_RECALLED: kitchen_ticket_station_recalled,
    KitchenEvents.KITCHEN_STATION_CHANGED: kitchen_station_changed,
    AccessEvents.SECURITY_PIN_FAILURES: security_pin_failures,
    TillEvents.CASH_DRAWER_OPENED: cash_drawer_opened,
    TillEvents.CASH_DRAWER_CLOSED: cash_drawer_closed,
    TillEvents.SHIFT_CLOCKED_IN: shift_clocked_in,
    TillEvents.SHIFT_CLOCKED_OUT: shift_clocked_out,
    CardEvents.CARD_CHECKOUT_STARTED: card_checkout_started,
    CardEvents.CARD_CHECKOUT_WAITING: card_checkout_waiting,
    CardEvents.CARD_CHECKOUT_SUCCEEDED: card_checkout_succeeded,
    CardEvents.CARD_CHECKOUT_DECLINED: card_checkout_declined,
    CardEvents.CARD_CHECKOUT_CANCELED: card_checkout_canceled,
    CardEvents.CARD_CHECKOUT_TIMED_OUT: card_checkout_timed_out,
    CardEvents.CARD_CHECKOUT_REFUNDED: card_checkout_refunded,
    CardEvents.CARD_CHECKOUT_HELD: card_checkout_held,
    CardEvents.CARD_CHECKOUT_CAPTURING: card_checkout_capturing,
    CardEvents.CARD_CHECKOUT_CAPTURED: card_checkout_captured,
    CardEvents.CARD_CHECKOUT_RELEASING: card_checkout_releasing,
    CardEvents.CARD_CHECKOUT_RELEASED: card_checkout_released,
    GuestEvents.GUEST_CALLED: guest_called,
    GuestEvents.GUEST_ROUND_PLACED: guest_round_placed,
    GuestEvents.GUEST_ROUND_CONFIRMED: guest_round_confirmed,
    GuestEvents.GUEST_ROUND_DECLINED: guest_round_declined,
    GuestEvents.GUEST_ROUND_REFUSED: guest_round_refused,
    CardEvents.CARD_REFUND_REQUESTED: card_refund_requested,
    CardEvents.CARD_REFUND_SUCCEEDED: card_refund_succeeded,
    CardEvents.CARD_REFUND_FAILED: card_refund_failed,
    ChannelEvents.CHANNEL_CREATED: channel_created,
    ChannelEvents.CHANNEL_UPDATED: channel_updated,
    ChannelEvents.CHANNEL_MENU_CHANGED: channel_menu_changed,
    ChannelEvents.CHANNEL_ORDER_RECEIVED: channel_order_received,
    ChannelEvents.CHANNEL_ORDER_ACCEPTED: channel_order_accepted,
    ChannelEvents.CHANNEL_ORDER_PREPARING: channel_order_preparing,
    ChannelEvents.CHANNEL_ORDER_READY: channel_order_ready,
    ChannelEvents.CHANNEL_ORDER_PICKED_UP: channel_order_picked_up,
    ChannelEvents.CHANNEL_ORDER_REFUSED: channel_order_refused,
    ChannelEvents.CHANNEL_ORDER_CANCELLED: channel_order_cancelled,
}


def test_every_event_type_has_an_action_here() -> None:
    assert set(ACTIONS) == set(EventType)


# Who reads events: the lowest role that may (no payment details), and the lowest that may see
# payment details (kit/events.py).
READERS = ("KITCHEN", "SERVER")


def _reader(client: AppClient, role: str) -> dict[str, str]:
    return bearer(make_staff_token(client, role))


def _as_seen_by(client: AppClient, url: str, reader: dict[str, str]) -> Json:
    return _ok(client.get(url, headers=reader))


ITEM_EVENTS = {OrderEvents.ITEM_ADDED, OrderEvents.ITEM_UPDATED, OrderEvents.ITEM_VOIDED}
# What an item event tells of its order (orders/schemas.py, OrderTotalsOut).
ORDER_TOTALS = (
    "id",
    "orderNumber",
    "status",
    "currency",
    "subtotal",
    "discountAmount",
    "serviceChargeTotal",
    "taxAmount",
    "total",
    "paidAmount",
    "balanceDue",
    "version",
)


def _with_its_order(client: AppClient, item: Json, order_id: str, reader: dict[str, str]) -> Json:
    """An item event's data: the item as the API answers it, its order's number and totals."""
    order = _as_seen_by(client, f"/api/orders/{order_id}", reader)
    totals = {name: order[name] for name in ORDER_TOTALS}
    return item | {"orderNumber": order["orderNumber"], "order": totals}


def _check(event: Json, event_type: EventType, expected: Expected, data: Json) -> None:
    assert event["type"] == event_type
    assert event["entityId"] == expected.entity_id
    assert event["orderId"] == expected.order_id
    assert event["locationId"] == expected.location_id
    assert event["data"] == data
    # The schema the OpenAPI's webhooks section gives this type holds exactly these fields.
    model, _ = EVENT_DATA[event_type]
    shown = model.model_validate(event["data"]).model_dump(mode="json", by_alias=True)
    assert set(shown) == set(event["data"]), event_type


@pytest.mark.parametrize("event_type", list(ACTIONS), ids=str)
def test_the_use_case_emits_its_event_with_the_resource_as_the_api_shows_it(
    client: AppClient, event_type: EventType
) -> None:
    before, expected = ACTIONS[event_type](client)
    for role in READERS:
        reader = _reader(client, role)
        emitted = all_events(client, reader, after=before)
        assert [event["type"] for event in emitted] == list(expected.types)
        # A move tells both checks: the one checked is the expected entity's.
        [event] = [
            event
            for event in emitted
            if event["type"] == event_type and event["entityId"] == expected.entity_id
        ]
        data = (
            expected.data
            if expected.data is not None
            else _as_seen_by(client, expected.url, reader)
        )
        if event_type in ITEM_EVENTS:
            assert expected.order_id is not None
            data = _with_its_order(client, data, expected.order_id, reader)
        _check(event, event_type, expected, data | expected.extra)


def test_a_transfer_is_an_order_update(client: AppClient) -> None:
    order = make_order(client)
    before = _last_id(client)
    body = {"tableId": "5b1f9a53-8d61-4f0e-9a43-2f1e7a0c9d11"}
    _ok(client.post(f"/api/orders/{order['id']}/transfer", json=body))
    cook = _reader(client, "KITCHEN")
    [event] = all_events(client, cook, after=before)
    expected = _order_event((OrderEvents.ORDER_UPDATED,), order)
    order_now = _as_seen_by(client, f"/api/orders/{order['id']}", cook)
    _check(event, OrderEvents.ORDER_UPDATED, expected, order_now)
    assert event["data"]["tableId"] == body["tableId"]


def test_a_quantity_change_updates_the_item_and_the_order_it_totals(client: AppClient) -> None:
    order, item, url = _order_with_item(client)
    before = _last_id(client)
    _ok(client.put(url, json={"quantity": 3}))
    cook = _reader(client, "KITCHEN")
    item_event, order_event = all_events(client, cook, after=before)
    _check(
        item_event,
        OrderEvents.ITEM_UPDATED,
        _item_event(OrderEvents.ITEM_UPDATED, order, item, url),
        _with_its_order(client, _as_seen_by(client, url, cook), order["id"], cook),
    )
    order_now = _as_seen_by(client, f"/api/orders/{order['id']}", cook)
    _check(order_event, OrderEvents.ORDER_UPDATED, _order_event((), order), order_now)
    assert order_event["data"]["subtotal"] == 37.5


def test_a_change_that_changes_nothing_emits_nothing(client: AppClient) -> None:
    _, item, url = _order_with_item(client)
    product = make_product(client)
    _ok(client.post(f"/api/products/{product['id']}/86"))
    before = _last_id(client)
    _ok(client.put(url, json={"quantity": item["quantity"]}))
    _ok(client.post(f"/api/products/{product['id']}/86"))
    _ok(client.put(f"/api/products/{product['id']}", json={"price": product["price"]}))
    assert all_events(client, after=before) == []


def test_a_put_that_86s_and_renames_is_an_update_and_an_86(client: AppClient) -> None:
    product = make_product(client)
    before = _last_id(client)
    _ok(client.put(f"/api/products/{product['id']}", json={"name": "Gone", "is86d": True}))
    emitted = all_events(client, after=before)
    assert [event["type"] for event in emitted] == ["product.updated", "product.86d"]
    answer = _ok(client.get(f"/api/products/{product['id']}"))
    assert [event["data"] for event in emitted] == [answer, answer]


def test_a_refused_action_emits_nothing(client: AppClient) -> None:
    order, _, url = _order_with_item(client)
    product = make_product(client)
    _ok(client.post(f"/api/products/{product['id']}/86"))
    before = _last_id(client)
    order_url = f"/api/orders/{order['id']}"
    refused = [
        (client.post(f"{order_url}/complete"), 409),  # balance due
        (client.post(f"{order_url}/items", json={"productId": product["id"], "quantity": 1}), 409),
        (client.post(f"{order_url}/payments", json={"amount": 999, "paymentMethod": "CASH"}), 409),
        (client.post(f"{order_url}/discount", json={"discountAmount": 26}), 409),
        (client.put(url, json={"status": "VOIDED"}), 422),
        (client.request("DELETE", url, json={"reason": ""}), 422),
        (client.request("DELETE", order_url, json={}), 422),
        (client.put(f"/api/products/{product['id']}", json={"price": -1}), 422),
    ]
    assert [response.status_code for response, _ in refused] == [s for _, s in refused]
    _ok(client.post(f"{order_url}/send"))
    sent_before = _last_id(client)
    assert client.post(f"{order_url}/send").status_code == 409  # nothing to send
    assert client.put(url, json={"status": "PENDING"}).status_code == 409  # backwards
    assert all_events(client, after=sent_before) == []
    assert [event["type"] for event in all_events(client, after=before)] == [
        "order.sent",
        "kitchen_ticket.created",
    ]


def test_a_bulk_update_emits_only_for_the_updates_it_applied(client: AppClient) -> None:
    first = make_product(client, sku="A-1")
    second = make_product(client, sku="B-1")
    before = _last_id(client)
    updates = [
        {"id": first["id"], "data": {"price": 4}},
        {"id": second["id"], "data": {"sku": "A-1"}},  # taken: refused, the others stand
        {"id": second["id"], "data": {"is86d": True}},
    ]
    answer = _ok(client.post("/api/products/bulk-update", json={"updates": updates}))
    assert (answer["updated"], answer["failed"]) == (2, 1)
    emitted = all_events(client, after=before)
    assert [(e["type"], e["entityId"]) for e in emitted] == [
        ("product.updated", first["id"]),
        ("product.86d", second["id"]),
    ]
    assert emitted[0]["data"] == _ok(client.get(f"/api/products/{first['id']}"))
    assert emitted[1]["data"] == _ok(client.get(f"/api/products/{second['id']}"))


def test_stock_low_fires_once_per_crossing_of_the_threshold(client: AppClient) -> None:
    stock = {"trackInventory": True, "stockQuantity": 6, "lowStockThreshold": 3}
    product = make_product(client, **stock)
    order = make_order(client)
    product_url = f"/api/products/{product['id']}"

    def sell(quantity: int) -> Json:
        body = {"productId": product["id"], "quantity": quantity}
        return _ok(client.post(f"/api/orders/{order['id']}/items", json=body), 201)

    def stock_events(before: int) -> list[Json]:
        return [e for e in all_events(client, after=before) if e["type"] == "stock.low"]

    before = _last_id(client)
    sell(2)  # 4: above the threshold
    assert stock_events(before) == []
    crossing = _last_id(client)
    line = sell(1)  # 3: down to it
    [low] = stock_events(crossing)
    assert low["data"] == _ok(client.get(product_url))
    assert low["data"]["stockQuantity"] == 3
    assert (low["entityId"], low["orderId"], low["locationId"]) == (product["id"], None, LOCATION)
    still_low = _last_id(client)
    sell(1)  # 2: still under, no second alert
    assert stock_events(still_low) == []
    # Restocked above the threshold, then a raised quantity takes it down again: once more.
    _ok(client.put(product_url, json={"stockQuantity": 10}))
    restocked = _last_id(client)
    line_url = f"/api/orders/{order['id']}/items/{line['id']}"
    _ok(client.put(line_url, json={"quantity": 8}))  # 10 - 7 = 3
    emitted = all_events(client, after=restocked)
    assert [e["type"] for e in emitted] == ["stock.low", "item.updated", "order.updated"]
    assert emitted[0]["data"]["stockQuantity"] == 3

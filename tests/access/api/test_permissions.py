"""Every endpoint, every role: 2xx when the role allows it, 403 when it does not, 401 without
a token. The table below is written from docs/design.md §7, independently of the code's own
table."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from brigade.app import create_app
from brigade.settings import Settings
from card_payments.api.card_helpers import poll
from channels.channel_simulator import an_order, connect
from factories import (
    LOCATION,
    PASSWORD,
    AppClient,
    bearer,
    make_category,
    make_device,
    make_modifier,
    make_modifier_group,
    make_order,
    make_product,
    make_service_charge,
    make_staff_token,
    make_staff_with_pin,
    make_tax_rate,
)

pytestmark = pytest.mark.once(
    "who may call a route is decided before any SQL; features test their writes on both databases"
)

ROLES = ("KITCHEN", "SERVER", "MANAGER", "ADMIN")
_serial = itertools.count(1)


@dataclass(frozen=True)
class Call:
    method: str
    url: str
    json: Any = None


def _order_with_item(
    client: AppClient, *, sent: bool = False
) -> tuple[dict[str, Any], dict[str, Any]]:
    order = make_order(client)
    product = make_product(client, price=10)
    body = {"productId": product["id"], "quantity": 1}
    item = client.post(f"/api/orders/{order['id']}/items", json=body).json()
    if sent:
        assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    return order, item


def _paid_order(client: AppClient) -> dict[str, Any]:
    order, _item = _order_with_item(client)
    payment = {"amount": 10, "paymentMethod": "CASH"}
    assert client.post(f"/api/orders/{order['id']}/payments", json=payment).status_code == 201
    return order


def _completed_order(client: AppClient) -> str:
    order = _paid_order(client)
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    order_id: str = order["id"]
    return order_id


def _refund(client: AppClient) -> str:
    order_id = _completed_order(client)
    body = {"amount": 1, "reason": "cold"}
    refund: str = client.post(f"/api/orders/{order_id}/refunds", json=body).json()["id"]
    return f"/api/orders/{order_id}/refunds/{refund}"


def _charge_on_an_order(client: AppClient) -> str:
    order = make_order(client)
    url = f"/api/orders/{order['id']}/service-charges"
    charge = make_service_charge(client)
    assert client.post(url, json={"serviceChargeId": charge["id"]}).status_code == 200
    return f"{url}/{charge['id']}"


def _ticket(client: AppClient) -> str:
    order, _item = _order_with_item(client)
    ticket: str = client.post(f"/api/orders/{order['id']}/send").json()["kitchenOrderId"]
    return ticket


def _payment(client: AppClient) -> str:
    order, _item = _order_with_item(client)
    body = {"amount": 5, "paymentMethod": "CARD"}
    payment: str = client.post(f"/api/orders/{order['id']}/payments", json=body).json()["id"]
    return f"/api/orders/{order['id']}/payments/{payment}"


def _sign_in() -> dict[str, str]:
    return {"pin": "4826", "login": f"bo{next(_serial)}", "password": PASSWORD}


def _staff(client: AppClient) -> str:
    member: str = client.post("/api/staff", json={"name": "Ana", "role": "SERVER"}).json()["id"]
    return member


def _token(client: AppClient) -> str:
    body = {"staffId": _staff(client), "name": "Bar terminal"}
    token: str = client.post("/api/tokens", json=body).json()["id"]
    return token


def _webhook(client: AppClient) -> str:
    body = {"url": "https://93.184.215.14/hooks", "types": ["order.created"]}
    webhook: str = client.post("/api/webhooks", json=body).json()["id"]
    return webhook


def _webhook_ping(client: AppClient, *, skipped: bool = False) -> tuple[str, str]:
    """A webhook and its pending test ping (or skipped: one to re-send)."""
    webhook = _webhook(client)
    ping: str = client.post(f"/api/webhooks/{webhook}/test").json()["id"]
    if skipped:
        client.post(f"/api/webhooks/{webhook}/deliveries/{ping}/skip")
    return webhook, ping


def _table(client: AppClient) -> str:
    body = {"locationId": LOCATION, "name": f"Table {next(_serial)}"}
    table: str = client.post("/api/tables", json=body).json()["id"]
    return f"/api/tables/{table}"


def _pairing_code(client: AppClient) -> str:
    asked = client.post("/api/pairing-codes", json={"kind": "TERMINAL"})
    assert asked.status_code == 201, asked.text
    code: str = asked.json()["code"]
    return code


def _printer(client: AppClient, kind: str = "KITCHEN") -> str:
    body = {"name": "Pass", "locationId": LOCATION, "host": "10.0.0.9", "kind": kind}
    printer: str = client.post("/api/printers", json=body).json()["id"]
    return f"/api/printers/{printer}"


def _station(client: AppClient) -> str:
    body = {"locationId": LOCATION, "name": f"Station {next(_serial)}"}
    station: str = client.post("/api/kitchen/stations", json=body).json()["id"]
    return station


def _new_drawer() -> dict[str, Any]:
    """A drawer at LOCATION on a device of its own: one open drawer per device."""
    return {"locationId": LOCATION, "deviceId": str(uuid.uuid4()), "openingFloat": 100}


def _drawer(client: AppClient) -> str:
    body = _new_drawer()
    drawer: str = client.post("/api/cash-drawers", json=body).json()["id"]
    return f"/api/cash-drawers/{drawer}"


def _closed_day(client: AppClient) -> int:
    """The number of a new Z at the location (forced past any open check)."""
    body = {"locationId": LOCATION, "force": True, "reason": "closing for the test"}
    number: int = client.post("/api/reports/z", json=body).json()["number"]
    return number


def _item_url(client: AppClient, *, sent: bool = False) -> str:
    order, item = _order_with_item(client, sent=sent)
    return f"/api/orders/{order['id']}/items/{item['id']}"


def _split(client: AppClient) -> Call:
    order, item = _order_with_item(client)
    body = {"items": [{"itemId": item["id"]}]}
    return Call("POST", f"/api/orders/{order['id']}/split", body)


def _move(client: AppClient) -> Call:
    order, item = _order_with_item(client)
    body = {"itemIds": [item["id"]], "toOrderId": make_order(client)["id"]}
    return Call("POST", f"/api/orders/{order['id']}/items/move", body)


_VARIANT = {"name": "Large", "price": 4.5}


def _variant_url(client: AppClient) -> str:
    product = make_product(client)
    url = f"/api/products/{product['id']}/variants"
    variant: str = client.post(url, json=_VARIANT).json()["id"]
    return f"{url}/{variant}"


def _tracked(client: AppClient) -> str:
    product = make_product(client, trackInventory=True, stockQuantity=3)
    return f"/api/products/{product['id']}"


def _modifier(client: AppClient) -> str:
    modifier: str = make_modifier(client)["id"]
    return modifier


def _reader(client: TestClient, mode: str = "AUTOMATIC") -> str:
    body = {"locationId": LOCATION, "provider": "simulator", "name": "Reader", "mode": mode}
    reader: str = client.post("/api/payment-readers", json=body).json()["id"]
    return reader


def _card_checkout(client: TestClient, mode: str = "AUTOMATIC") -> tuple[str, str, str]:
    """A checkout of an order's 10.00 on a new reader: the order's, the reader's and its ids."""
    order, _item = _order_with_item(client)
    reader = _reader(client, mode)
    body = {"readerId": reader, "amount": 10}
    made = client.post(f"/api/orders/{order['id']}/card-checkouts", json=body).json()
    return order["id"], reader, made["id"]


def _shown_on_a_manual_reader(client: TestClient) -> str:
    """A MANUAL reader showing a checkout (the poller's round put it there)."""
    _order, reader, _checkout = _card_checkout(client, "MANUAL")
    assert isinstance(client, AppClient)
    poll(client)
    return reader


def _start_card_checkout(client: TestClient) -> Call:
    order, _item = _order_with_item(client)
    body = {"readerId": _reader(client), "amount": 10}
    return Call("POST", f"/api/orders/{order['id']}/card-checkouts", body)


def _start_card_hold(client: TestClient) -> Call:
    order, _item = _order_with_item(client)
    body = {"readerId": _reader(client), "amount": 30}
    return Call("POST", f"/api/orders/{order['id']}/card-holds", body)


def _waiting_guest_round(client: TestClient) -> str:
    """A round guests ordered from a phone at a table, waiting for a server."""
    profile = {"name": "Harbour St", "timezone": "UTC", "guestOrdering": "ORDER"}
    assert client.put(f"/api/locations/{LOCATION}", json=profile).status_code == 200
    body = {"locationId": LOCATION, "name": f"Table {next(_serial)}"}
    table = client.post("/api/tables", json=body).json()
    visit = client.post(f"/api/guest/tables/{table['guestCode']}/visits").json()["id"]
    dish = make_product(client, locationId=LOCATION, guestVisible=True)
    item = {"productId": dish["id"], "quantity": 1}
    placed = client.post(f"/api/guest/visits/{visit}/orders", json={"items": [item]})
    assert placed.status_code == 201, placed.text
    waiting = client.get("/api/guest-rounds", params={"locationId": LOCATION}).json()
    [round_id] = [str(found["id"]) for found in waiting if found["tableId"] == table["id"]]
    return round_id


def _channel(client: AppClient) -> str:
    channel: str = connect(client).channel["id"]
    return channel


def _channel_order(client: AppClient, *, paid: bool = False, accepted: bool = False) -> str:
    """A platform's order, NEW (or accepted), of a product of its own PLU."""
    plu = f"PLU-{next(_serial)}"
    make_product(client, sku=plu, locationId=LOCATION)
    pushed = connect(client).push(an_order((plu, 1), paid=paid))
    assert pushed.status_code == 201, pushed.text
    incoming: str = pushed.json()["id"]
    if accepted:
        assert client.post(f"/api/channel-orders/{incoming}/accept").status_code == 200
    return incoming


def _held_card(client: TestClient) -> str:
    """A card held for a tab of 10.00 (the poller's round authorised it)."""
    call = _start_card_hold(client)
    made: str = client.post(call.url, json=call.json).json()["id"]
    assert isinstance(client, AppClient)
    poll(client)
    return made


def _default_reader(client: TestClient) -> str:
    return f"/api/payment-readers/{_reader(client)}/default-for/{make_device(client)['id']}"


Scenario = Callable[[TestClient], Call]

# (method, route) -> (the lowest role allowed, a request that role makes successfully)
ENDPOINTS: dict[tuple[str, str], tuple[str, Scenario]] = {
    # catalogue: everyone reads, the kitchen 86es, managers edit
    ("GET", "/api/products"): ("KITCHEN", lambda c: Call("GET", "/api/products")),
    ("GET", "/api/products/barcode/{barcode}"): (
        "KITCHEN",
        lambda c: Call(
            "GET",
            f"/api/products/barcode/{make_product(c, barcode=f'B{next(_serial)}')['barcode']}",
        ),
    ),
    ("GET", "/api/products/{productId}"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/products/{make_product(c)['id']}"),
    ),
    ("POST", "/api/products"): (
        "MANAGER",
        lambda c: Call(
            "POST", "/api/products", {"name": "Tea", "price": 3, "locationId": LOCATION}
        ),
    ),
    ("PUT", "/api/products/{productId}"): (
        "MANAGER",
        lambda c: Call("PUT", f"/api/products/{make_product(c)['id']}", {"price": 12}),
    ),
    ("POST", "/api/products/bulk-update"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            "/api/products/bulk-update",
            {"updates": [{"id": make_product(c)["id"], "data": {"price": 11}}]},
        ),
    ),
    ("POST", "/api/products/bulk-tax"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            "/api/products/bulk-tax",
            {"locationId": LOCATION, "productIds": [make_product(c)["id"]], "taxRate": 0.1},
        ),
    ),
    ("POST", "/api/products/{productId}/86"): (
        "KITCHEN",
        lambda c: Call("POST", f"/api/products/{make_product(c)['id']}/86"),
    ),
    ("DELETE", "/api/products/{productId}/86"): (
        "KITCHEN",
        lambda c: Call("DELETE", f"/api/products/{make_product(c)['id']}/86"),
    ),
    ("DELETE", "/api/products/{productId}"): (
        "MANAGER",
        lambda c: Call("DELETE", f"/api/products/{make_product(c)['id']}"),
    ),
    ("POST", "/api/products/{productId}/variants"): (
        "MANAGER",
        lambda c: Call("POST", f"/api/products/{make_product(c)['id']}/variants", _VARIANT),
    ),
    ("PUT", "/api/products/{productId}/variants/{variantId}"): (
        "MANAGER",
        lambda c: Call("PUT", _variant_url(c), {"price": 5}),
    ),
    ("DELETE", "/api/products/{productId}/variants/{variantId}"): (
        "MANAGER",
        lambda c: Call("DELETE", _variant_url(c)),
    ),
    ("POST", "/api/products/{productId}/stock"): (
        "MANAGER",
        lambda c: Call("POST", f"{_tracked(c)}/stock", {"delta": 5, "reason": "delivery"}),
    ),
    ("GET", "/api/products/{productId}/stock-movements"): (
        "KITCHEN",
        lambda c: Call("GET", f"{_tracked(c)}/stock-movements"),
    ),
    ("GET", "/api/modifier-groups"): ("KITCHEN", lambda c: Call("GET", "/api/modifier-groups")),
    ("GET", "/api/modifier-groups/{groupId}"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/modifier-groups/{make_modifier_group(c)['id']}"),
    ),
    ("POST", "/api/modifier-groups"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            "/api/modifier-groups",
            {"name": "Sides", "locationId": LOCATION, "options": [{"productId": _modifier(c)}]},
        ),
    ),
    ("PUT", "/api/modifier-groups/{groupId}"): (
        "MANAGER",
        lambda c: Call(
            "PUT", f"/api/modifier-groups/{make_modifier_group(c)['id']}", {"name": "Sauces"}
        ),
    ),
    ("DELETE", "/api/modifier-groups/{groupId}"): (
        "MANAGER",
        lambda c: Call("DELETE", f"/api/modifier-groups/{make_modifier_group(c)['id']}"),
    ),
    ("GET", "/api/categories"): ("KITCHEN", lambda c: Call("GET", "/api/categories")),
    ("GET", "/api/categories/{categoryId}"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/categories/{make_category(c)['id']}"),
    ),
    ("POST", "/api/categories"): (
        "MANAGER",
        lambda c: Call("POST", "/api/categories", {"name": "Wine", "locationId": LOCATION}),
    ),
    ("PUT", "/api/categories/reorder"): (
        "MANAGER",
        lambda c: Call(
            "PUT",
            "/api/categories/reorder",
            {"categoryIds": [make_category(c)["id"]], "locationId": LOCATION},
        ),
    ),
    ("PUT", "/api/categories/{categoryId}"): (
        "MANAGER",
        lambda c: Call("PUT", f"/api/categories/{make_category(c)['id']}", {"name": "Beer"}),
    ),
    ("DELETE", "/api/categories/{categoryId}"): (
        "MANAGER",
        lambda c: Call("DELETE", f"/api/categories/{make_category(c)['id']}"),
    ),
    # pricing: everyone reads tax rates and service charges, managers set them
    ("GET", "/api/tax-rates"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/tax-rates?locationId={LOCATION}"),
    ),
    ("POST", "/api/tax-rates"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            "/api/tax-rates",
            {"locationId": LOCATION, "name": f"VAT {next(_serial)}", "rate": 0.081},
        ),
    ),
    ("GET", "/api/tax-rates/{taxRateId}"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/tax-rates/{make_tax_rate(c)['id']}"),
    ),
    ("PATCH", "/api/tax-rates/{taxRateId}"): (
        "MANAGER",
        lambda c: Call("PATCH", f"/api/tax-rates/{make_tax_rate(c)['id']}", {"rate": 0.077}),
    ),
    ("DELETE", "/api/tax-rates/{taxRateId}"): (
        "MANAGER",
        lambda c: Call("DELETE", f"/api/tax-rates/{make_tax_rate(c)['id']}"),
    ),
    ("GET", "/api/service-charges"): ("KITCHEN", lambda c: Call("GET", "/api/service-charges")),
    ("POST", "/api/service-charges"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            "/api/service-charges",
            {"locationId": LOCATION, "name": f"Service {next(_serial)}", "amount": 5},
        ),
    ),
    ("GET", "/api/service-charges/{serviceChargeId}"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/service-charges/{make_service_charge(c)['id']}"),
    ),
    ("PATCH", "/api/service-charges/{serviceChargeId}"): (
        "MANAGER",
        lambda c: Call(
            "PATCH", f"/api/service-charges/{make_service_charge(c)['id']}", {"minGuests": 6}
        ),
    ),
    ("DELETE", "/api/service-charges/{serviceChargeId}"): (
        "MANAGER",
        lambda c: Call("DELETE", f"/api/service-charges/{make_service_charge(c)['id']}"),
    ),
    # the kitchen's screen
    ("GET", "/api/kitchen/tickets"): ("KITCHEN", lambda c: Call("GET", "/api/kitchen/tickets")),
    ("GET", "/api/kitchen/tickets/{ticketId}"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/kitchen/tickets/{_ticket(c)}"),
    ),
    ("GET", "/api/kitchen/board"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/kitchen/board?locationId={LOCATION}"),
    ),
    # the guests' board (a BOARD device too: tests/pickup/api)
    ("GET", "/api/pickup-board"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/pickup-board?locationId={LOCATION}"),
    ),
    ("POST", "/api/kitchen/tickets/{ticketId}/bump"): (
        "KITCHEN",
        lambda c: Call("POST", f"/api/kitchen/tickets/{_ticket(c)}/bump"),
    ),
    ("POST", "/api/kitchen/tickets/{ticketId}/recall"): (
        "KITCHEN",
        lambda c: Call("POST", f"/api/kitchen/tickets/{_ticket(c)}/recall"),
    ),
    # the kitchen's stations: a manager's to set up; a display reads its own
    ("GET", "/api/kitchen/stations"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/kitchen/stations?locationId={LOCATION}"),
    ),
    ("POST", "/api/kitchen/stations"): (
        "MANAGER",
        lambda c: Call("POST", "/api/kitchen/stations", {"locationId": LOCATION, "name": "Grill"}),
    ),
    ("GET", "/api/kitchen/stations/mine"): (
        "KITCHEN",
        lambda c: Call("GET", "/api/kitchen/stations/mine"),
    ),
    ("PATCH", "/api/kitchen/stations/{stationId}"): (
        "MANAGER",
        lambda c: Call("PATCH", f"/api/kitchen/stations/{_station(c)}", {"name": "Bar"}),
    ),
    ("DELETE", "/api/kitchen/stations/{stationId}"): (
        "MANAGER",
        lambda c: Call("DELETE", f"/api/kitchen/stations/{_station(c)}"),
    ),
    ("PUT", "/api/devices/{deviceId}/station"): (
        "MANAGER",
        lambda c: Call(
            "PUT",
            f"/api/devices/{make_device(c, 'KITCHEN_DISPLAY')['id']}/station",
            {"stationId": _station(c)},
        ),
    ),
    # orders: servers take them; managers discount, and cancel what was sent or paid
    ("GET", "/api/orders"): ("KITCHEN", lambda c: Call("GET", "/api/orders")),
    ("POST", "/api/orders"): (
        "SERVER",
        lambda c: Call("POST", "/api/orders", {"orderType": "TAKEOUT", "locationId": LOCATION}),
    ),
    ("GET", "/api/orders/{orderId}"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/orders/{make_order(c)['id']}"),
    ),
    ("PATCH", "/api/orders/{orderId}"): (
        "SERVER",
        lambda c: Call("PATCH", f"/api/orders/{make_order(c)['id']}", {"customerName": "Sam"}),
    ),
    ("POST", "/api/orders/{orderId}/discount"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            f"/api/orders/{_order_with_item(c)[0]['id']}/discount",
            {"discountAmount": 2, "reason": "birthday"},
        ),
    ),
    ("POST", "/api/orders/{orderId}/service-charges"): (
        "SERVER",
        lambda c: Call(
            "POST",
            f"/api/orders/{make_order(c)['id']}/service-charges",
            {"serviceChargeId": make_service_charge(c)["id"]},
        ),
    ),
    # A charge a server put on; the location's automatic one takes a MANAGER (the order
    # decides, as for voiding a sent item: tests/orders/api/test_money_terms.py).
    ("DELETE", "/api/orders/{orderId}/service-charges/{serviceChargeId}"): (
        "SERVER",
        lambda c: Call("DELETE", _charge_on_an_order(c)),
    ),
    ("POST", "/api/orders/{orderId}/transfer"): (
        "SERVER",
        lambda c: Call(
            "POST", f"/api/orders/{make_order(c)['id']}/transfer", {"tableId": str(uuid.uuid4())}
        ),
    ),
    ("POST", "/api/orders/{orderId}/complete"): (
        "SERVER",
        lambda c: Call("POST", f"/api/orders/{_paid_order(c)['id']}/complete"),
    ),
    ("DELETE", "/api/orders/{orderId}"): (
        "SERVER",
        lambda c: Call("DELETE", f"/api/orders/{make_order(c)['id']}", {"reason": "mistake"}),
    ),
    ("POST", "/api/orders/{orderId}/items"): (
        "SERVER",
        lambda c: Call(
            "POST",
            f"/api/orders/{make_order(c)['id']}/items",
            {"productId": make_product(c)["id"], "quantity": 1},
        ),
    ),
    ("GET", "/api/orders/{orderId}/items"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/orders/{_order_with_item(c)[0]['id']}/items"),
    ),
    ("GET", "/api/orders/{orderId}/items/{itemId}"): (
        "KITCHEN",
        lambda c: Call("GET", _item_url(c)),
    ),
    ("PUT", "/api/orders/{orderId}/items/{itemId}"): (
        "KITCHEN",
        lambda c: Call("PUT", _item_url(c, sent=True), {"status": "PREPARING"}),
    ),
    ("DELETE", "/api/orders/{orderId}/items/{itemId}"): (
        "SERVER",
        lambda c: Call("DELETE", _item_url(c), {"reason": "wrong table"}),
    ),
    ("POST", "/api/orders/{orderId}/split"): ("SERVER", lambda c: _split(c)),
    ("POST", "/api/orders/{orderId}/items/{itemId}/share"): (
        "SERVER",
        lambda c: Call("POST", f"{_item_url(c, sent=True)}/share", {"parts": 2}),
    ),
    ("POST", "/api/orders/{orderId}/items/move"): ("SERVER", lambda c: _move(c)),
    ("POST", "/api/orders/{orderId}/merge"): (
        "SERVER",
        lambda c: Call(
            "POST",
            f"/api/orders/{_order_with_item(c)[0]['id']}/merge",
            {"orderId": _order_with_item(c)[0]["id"]},
        ),
    ),
    ("POST", "/api/orders/{orderId}/send"): (
        "SERVER",
        lambda c: Call("POST", f"/api/orders/{_order_with_item(c)[0]['id']}/send"),
    ),
    ("POST", "/api/orders/{orderId}/courses/{course}/fire"): (
        "SERVER",
        lambda c: Call("POST", f"/api/orders/{_order_with_item(c)[0]['id']}/courses/1/fire"),
    ),
    ("POST", "/api/orders/{orderId}/payments"): (
        "SERVER",
        lambda c: Call(
            "POST",
            f"/api/orders/{_order_with_item(c)[0]['id']}/payments",
            {"amount": 4, "paymentMethod": "CASH"},
        ),
    ),
    ("GET", "/api/orders/{orderId}/payments"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/orders/{_paid_order(c)['id']}/payments"),
    ),
    ("GET", "/api/orders/{orderId}/payments/{paymentId}"): (
        "KITCHEN",
        lambda c: Call("GET", _payment(c)),
    ),
    ("PATCH", "/api/orders/{orderId}/payments/{paymentId}"): (
        "SERVER",
        lambda c: Call("PATCH", _payment(c), {"tipAmount": 1}),
    ),
    # after the sale: managers refund and read payments across orders for settlement
    ("POST", "/api/orders/{orderId}/refunds"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            f"/api/orders/{_completed_order(c)}/refunds",
            {"amount": 1, "reason": "cold"},
        ),
    ),
    ("POST", "/api/orders/{orderId}/reopen"): (
        "MANAGER",
        lambda c: Call(
            "POST", f"/api/orders/{_completed_order(c)}/reopen", {"reason": "one more dessert"}
        ),
    ),
    ("GET", "/api/orders/{orderId}/refunds"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/orders/{_completed_order(c)}/refunds"),
    ),
    ("GET", "/api/orders/{orderId}/refunds/{refundId}"): (
        "KITCHEN",
        lambda c: Call("GET", _refund(c)),
    ),
    ("GET", "/api/payments"): ("MANAGER", lambda c: Call("GET", "/api/payments")),
    # whoever enters tips lists what awaits one
    ("GET", "/api/payments/awaiting-tip"): (
        "SERVER",
        lambda c: Call("GET", "/api/payments/awaiting-tip"),
    ),
    # managers read the audit log; admins manage staff and tokens
    ("GET", "/api/audit"): ("MANAGER", lambda c: Call("GET", "/api/audit")),
    ("GET", "/api/reports/sales"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/reports/sales?locationId={LOCATION}&from=2026-11-20"),
    ),
    # managers read the journal, the X, the Zs, and close the day (docs/design.md §18)
    ("GET", "/api/journal"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/journal?locationId={LOCATION}"),
    ),
    ("GET", "/api/journal/verify"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/journal/verify?locationId={LOCATION}"),
    ),
    ("GET", "/api/reports/x"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/reports/x?locationId={LOCATION}"),
    ),
    ("POST", "/api/reports/z"): (
        "MANAGER",
        lambda c: Call(
            "POST", "/api/reports/z", {"locationId": LOCATION, "force": True, "reason": "test"}
        ),
    ),
    ("GET", "/api/reports/z"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/reports/z?locationId={LOCATION}"),
    ),
    ("GET", "/api/reports/z/{number}"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/reports/z/{_closed_day(c)}?locationId={LOCATION}"),
    ),
    ("POST", "/api/reports/z/{number}/print"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            f"/api/reports/z/{_closed_day(c)}/print?locationId={LOCATION}",
            {"printerId": _printer(c, "RECEIPT").rsplit("/", 1)[1]},
        ),
    ),
    ("GET", "/api/staff"): ("ADMIN", lambda c: Call("GET", "/api/staff")),
    ("POST", "/api/staff"): (
        "ADMIN",
        # With a PIN and a password: the same role as the person alone (docs/security.md).
        lambda c: Call("POST", "/api/staff", {"name": "Bo", "role": "KITCHEN"} | _sign_in()),
    ),
    ("GET", "/api/staff/{staffId}"): ("ADMIN", lambda c: Call("GET", f"/api/staff/{_staff(c)}")),
    ("PATCH", "/api/staff/{staffId}"): (
        "ADMIN",
        lambda c: Call("PATCH", f"/api/staff/{_staff(c)}", {"role": "MANAGER"} | _sign_in()),
    ),
    ("GET", "/api/tokens"): ("ADMIN", lambda c: Call("GET", "/api/tokens")),
    ("POST", "/api/tokens"): (
        "ADMIN",
        lambda c: Call("POST", "/api/tokens", {"staffId": _staff(c), "name": "Patio"}),
    ),
    ("DELETE", "/api/tokens/{tokenId}"): (
        "ADMIN",
        lambda c: Call("DELETE", f"/api/tokens/{_token(c)}"),
    ),
    # events: everyone reads them; webhooks are the admin's
    ("GET", "/api/events"): ("KITCHEN", lambda c: Call("GET", "/api/events")),
    ("GET", "/api/events/latest"): ("KITCHEN", lambda c: Call("GET", "/api/events/latest")),
    ("GET", "/api/events/stream"): ("KITCHEN", lambda c: Call("GET", "/api/events/stream")),
    ("POST", "/api/events/stream-tickets"): (
        "KITCHEN",
        lambda c: Call("POST", "/api/events/stream-tickets"),
    ),
    ("GET", "/api/webhooks"): ("ADMIN", lambda c: Call("GET", "/api/webhooks")),
    ("POST", "/api/webhooks"): (
        "ADMIN",
        lambda c: Call(
            "POST", "/api/webhooks", {"url": "https://93.184.215.14/x", "types": ["item.added"]}
        ),
    ),
    ("GET", "/api/webhooks/{webhookId}"): (
        "ADMIN",
        lambda c: Call("GET", f"/api/webhooks/{_webhook(c)}"),
    ),
    ("DELETE", "/api/webhooks/{webhookId}"): (
        "ADMIN",
        lambda c: Call("DELETE", f"/api/webhooks/{_webhook(c)}"),
    ),
    ("GET", "/api/webhooks/{webhookId}/deliveries"): (
        "ADMIN",
        lambda c: Call("GET", f"/api/webhooks/{_webhook(c)}/deliveries"),
    ),
    ("PATCH", "/api/webhooks/{webhookId}"): (
        "ADMIN",
        lambda c: Call("PATCH", f"/api/webhooks/{_webhook(c)}", {"enabled": False}),
    ),
    ("POST", "/api/webhooks/{webhookId}/rotate-secret"): (
        "ADMIN",
        lambda c: Call("POST", f"/api/webhooks/{_webhook(c)}/rotate-secret"),
    ),
    ("POST", "/api/webhooks/{webhookId}/test"): (
        "ADMIN",
        lambda c: Call("POST", f"/api/webhooks/{_webhook(c)}/test"),
    ),
    ("GET", "/api/webhooks/{webhookId}/deliveries/{deliveryId}"): (
        "ADMIN",
        lambda c: Call("GET", "/api/webhooks/{}/deliveries/{}".format(*_webhook_ping(c))),
    ),
    ("POST", "/api/webhooks/{webhookId}/deliveries/{deliveryId}/resend"): (
        "ADMIN",
        lambda c: Call(
            "POST", "/api/webhooks/{}/deliveries/{}/resend".format(*_webhook_ping(c, skipped=True))
        ),
    ),
    ("POST", "/api/webhooks/{webhookId}/deliveries/{deliveryId}/skip"): (
        "ADMIN",
        lambda c: Call("POST", "/api/webhooks/{}/deliveries/{}/skip".format(*_webhook_ping(c))),
    ),
    # the dining room: everyone reads the floor, managers set it up and pair devices, admins
    # set up locations; a manager's PIN approves on the spot what a server may not do alone
    ("GET", "/api/locations"): ("KITCHEN", lambda c: Call("GET", "/api/locations")),
    ("GET", "/api/locations/{locationId}"): (
        "KITCHEN",
        lambda c: Call("GET", f"/api/locations/{LOCATION}"),
    ),
    ("PUT", "/api/locations/{locationId}"): (
        "ADMIN",
        lambda c: Call(
            "PUT", f"/api/locations/{LOCATION}", {"name": "Downtown", "timezone": "Europe/Paris"}
        ),
    ),
    ("GET", "/api/tables"): ("KITCHEN", lambda c: Call("GET", "/api/tables")),
    ("POST", "/api/tables"): (
        "MANAGER",
        lambda c: Call(
            "POST", "/api/tables", {"locationId": LOCATION, "name": f"Table {next(_serial)}"}
        ),
    ),
    ("GET", "/api/tables/{tableId}"): ("KITCHEN", lambda c: Call("GET", _table(c))),
    ("PUT", "/api/tables/{tableId}"): ("MANAGER", lambda c: Call("PUT", _table(c), {"seats": 4})),
    ("DELETE", "/api/tables/{tableId}"): ("MANAGER", lambda c: Call("DELETE", _table(c))),
    ("POST", "/api/tables/{tableId}/guest-code"): (
        "MANAGER",
        lambda c: Call("POST", f"{_table(c)}/guest-code"),
    ),
    ("GET", "/api/tables/{tableId}/qr.svg"): (
        "MANAGER",
        lambda c: Call("GET", f"{_table(c)}/qr.svg"),
    ),
    ("GET", "/api/devices"): ("MANAGER", lambda c: Call("GET", "/api/devices")),
    ("POST", "/api/devices"): (
        "MANAGER",
        lambda c: Call(
            "POST", "/api/devices", {"name": "Bar", "kind": "TERMINAL", "locationId": LOCATION}
        ),
    ),
    ("DELETE", "/api/devices/{deviceId}"): (
        "MANAGER",
        lambda c: Call("DELETE", f"/api/devices/{make_device(c)['id']}"),
    ),
    ("POST", "/api/pairing-codes/approve"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            "/api/pairing-codes/approve",
            {"code": _pairing_code(c), "locationId": LOCATION, "name": "Bar"},
        ),
    ),
    # printers are a manager's; a receipt shows payments, so not the kitchen's
    ("GET", "/api/printers"): ("MANAGER", lambda c: Call("GET", "/api/printers")),
    ("POST", "/api/printers"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            "/api/printers",
            {"name": "Grill", "locationId": LOCATION, "host": "10.0.0.8", "kind": "KITCHEN"},
        ),
    ),
    # a terminal prints receipts: its server reads the receipt printers' names, not hosts
    ("GET", "/api/printers/receipt"): (
        "SERVER",
        lambda c: Call("GET", f"/api/printers/receipt?locationId={LOCATION}"),
    ),
    ("GET", "/api/printers/{printerId}"): ("MANAGER", lambda c: Call("GET", _printer(c))),
    ("PATCH", "/api/printers/{printerId}"): (
        "MANAGER",
        lambda c: Call("PATCH", _printer(c), {"port": 515}),
    ),
    ("DELETE", "/api/printers/{printerId}"): ("MANAGER", lambda c: Call("DELETE", _printer(c))),
    ("GET", "/api/printers/{printerId}/jobs"): (
        "MANAGER",
        lambda c: Call("GET", f"{_printer(c)}/jobs"),
    ),
    ("GET", "/api/orders/{orderId}/receipt"): (
        "SERVER",
        lambda c: Call("GET", f"/api/orders/{_paid_order(c)['id']}/receipt"),
    ),
    ("POST", "/api/orders/{orderId}/receipt/print"): (
        "SERVER",
        lambda c: Call(
            "POST",
            f"/api/orders/{_paid_order(c)['id']}/receipt/print",
            {"printerId": _printer(c, "RECEIPT").rsplit("/", 1)[1]},
        ),
    ),
    ("GET", "/api/staff/directory"): ("KITCHEN", lambda c: Call("GET", "/api/staff/directory")),
    ("GET", "/api/staff/me"): ("KITCHEN", lambda c: Call("GET", "/api/staff/me")),
    ("POST", "/api/approvals"): (
        "SERVER",
        lambda c: Call(
            "POST",
            "/api/approvals",
            {
                "staffId": make_staff_with_pin(c, "MANAGER", "5173")["id"],
                "pin": "5173",
                "action": "order.discount",
                "amount": 5,
                "resource": {"orderId": make_order(c)["id"]},
            },
        ),
    ),
    # the till (docs/design.md §17): a server opens a drawer, a manager runs it
    ("POST", "/api/cash-drawers"): (
        "SERVER",
        lambda c: Call("POST", "/api/cash-drawers", _new_drawer()),
    ),
    ("GET", "/api/cash-drawers"): ("MANAGER", lambda c: Call("GET", "/api/cash-drawers")),
    ("GET", "/api/cash-drawers/{drawerId}"): ("MANAGER", lambda c: Call("GET", _drawer(c))),
    ("POST", "/api/cash-drawers/{drawerId}/movements"): (
        "MANAGER",
        lambda c: Call(
            "POST", f"{_drawer(c)}/movements", {"type": "PAY_IN", "amount": 5, "reason": "coins"}
        ),
    ),
    ("POST", "/api/cash-drawers/{drawerId}/close"): (
        "MANAGER",
        lambda c: Call("POST", f"{_drawer(c)}/close", {"countedAmount": 100}),
    ),
    ("POST", "/api/shifts/clock-in"): (
        "KITCHEN",
        lambda c: Call("POST", "/api/shifts/clock-in", {"locationId": LOCATION}),
    ),
    ("GET", "/api/shifts"): ("MANAGER", lambda c: Call("GET", "/api/shifts")),
    # card readers (docs/design.md §27): a manager pairs them, servers and terminals read
    # them, whoever takes a payment on the order starts and cancels a checkout
    ("POST", "/api/payment-readers"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            "/api/payment-readers",
            {"locationId": LOCATION, "provider": "simulator", "name": "Bar"},
        ),
    ),
    ("GET", "/api/payment-readers"): ("SERVER", lambda c: Call("GET", "/api/payment-readers")),
    ("GET", "/api/payment-readers/{readerId}"): (
        "SERVER",
        lambda c: Call("GET", f"/api/payment-readers/{_reader(c)}"),
    ),
    ("DELETE", "/api/payment-readers/{readerId}"): (
        "MANAGER",
        lambda c: Call("DELETE", f"/api/payment-readers/{_reader(c)}"),
    ),
    ("PUT", "/api/payment-readers/{readerId}/default-for/{deviceId}"): (
        "MANAGER",
        lambda c: Call("PUT", _default_reader(c)),
    ),
    ("DELETE", "/api/payment-readers/{readerId}/default-for/{deviceId}"): (
        "MANAGER",
        lambda c: Call("DELETE", _default_reader(c)),
    ),
    ("POST", "/api/payment-readers/{readerId}/simulate"): (
        "MANAGER",
        lambda c: Call(
            "POST",
            f"/api/payment-readers/{_shown_on_a_manual_reader(c)}/simulate",
            {"outcome": "APPROVE"},
        ),
    ),
    ("POST", "/api/orders/{orderId}/card-checkouts"): (
        "SERVER",
        _start_card_checkout,
    ),
    ("GET", "/api/orders/{orderId}/card-checkouts"): (
        "SERVER",
        lambda c: Call("GET", f"/api/orders/{_card_checkout(c)[0]}/card-checkouts"),
    ),
    ("GET", "/api/card-checkouts/{checkoutId}"): (
        "SERVER",
        lambda c: Call("GET", f"/api/card-checkouts/{_card_checkout(c)[2]}"),
    ),
    ("POST", "/api/card-checkouts/{checkoutId}/cancel"): (
        "SERVER",
        lambda c: Call("POST", f"/api/card-checkouts/{_card_checkout(c)[2]}/cancel"),
    ),
    ("GET", "/api/guest-rounds"): (
        "SERVER",
        lambda c: Call("GET", f"/api/guest-rounds?locationId={LOCATION}"),
    ),
    ("POST", "/api/guest-rounds/{roundId}/confirm"): (
        "SERVER",
        lambda c: Call("POST", f"/api/guest-rounds/{_waiting_guest_round(c)}/confirm"),
    ),
    ("POST", "/api/guest-rounds/{roundId}/decline"): (
        "SERVER",
        lambda c: Call(
            "POST", f"/api/guest-rounds/{_waiting_guest_round(c)}/decline", {"reason": "no"}
        ),
    ),
    # channels (docs/design.md §29): a manager sets them up, whoever takes orders answers
    # their orders and pauses them
    ("POST", "/api/channels"): (
        "MANAGER",
        lambda c: Call(
            "POST", "/api/channels", {"locationId": LOCATION, "kind": "INBOUND", "name": "Uber"}
        ),
    ),
    ("GET", "/api/channels"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/channels?locationId={LOCATION}"),
    ),
    ("GET", "/api/channels/{channelId}"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/channels/{_channel(c)}"),
    ),
    ("GET", "/api/channels/{channelId}/menu"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/channels/{_channel(c)}/menu"),
    ),
    ("POST", "/api/channels/{channelId}/pause"): (
        "SERVER",
        lambda c: Call("POST", f"/api/channels/{_channel(c)}/pause", {"minutes": 5}),
    ),
    ("GET", "/api/channel-orders"): (
        "SERVER",
        lambda c: Call("GET", f"/api/channel-orders?locationId={LOCATION}"),
    ),
    ("GET", "/api/channel-orders/{incomingId}"): (
        "SERVER",
        lambda c: Call("GET", f"/api/channel-orders/{_channel_order(c)}"),
    ),
    ("POST", "/api/channel-orders/{incomingId}/accept"): (
        "SERVER",
        lambda c: Call("POST", f"/api/channel-orders/{_channel_order(c)}/accept"),
    ),
    ("POST", "/api/channel-orders/{incomingId}/refuse"): (
        "SERVER",
        lambda c: Call("POST", f"/api/channel-orders/{_channel_order(c)}/refuse", {"reason": "x"}),
    ),
    ("POST", "/api/channel-orders/{incomingId}/picked-up"): (
        "SERVER",
        lambda c: Call(
            "POST",
            f"/api/channel-orders/{_channel_order(c, paid=True, accepted=True)}/picked-up",
        ),
    ),
    ("POST", "/api/orders/{orderId}/card-holds"): ("SERVER", _start_card_hold),
    ("POST", "/api/card-checkouts/{checkoutId}/capture"): (
        "SERVER",
        lambda c: Call("POST", f"/api/card-checkouts/{_held_card(c)}/capture", {"tip": 1}),
    ),
    ("GET", "/api/card-refunds"): (
        "MANAGER",
        lambda c: Call("GET", f"/api/card-refunds?orderId={_card_checkout(c)[0]}"),
    ),
}
# The first run's credential is its setup token, a sign-in's the password (test_passwords.py,
# test_back_office_sessions.py, test_first_run_setup_api.py); a fresh device asks for a pairing
# code and claims its token with no credential.
PUBLIC = {
    ("GET", "/health"),
    ("GET", "/api/setup"),
    ("POST", "/api/setup"),
    ("POST", "/api/auth/sign-in"),
    ("POST", "/api/pairing-codes"),
    ("POST", "/api/pairing-codes/claim"),
    # Stripe's webhooks: their signature, not a credential (test_stripe_checkouts.py).
    ("POST", "/api/card-providers/stripe-terminal/webhook"),
    # Guests' phones: a table's code, then their visit's id (tests/guests/api).
    ("POST", "/api/guest/tables/{guestCode}/visits"),
    ("GET", "/api/guest/visits/{visitId}"),
    ("POST", "/api/guest/visits/{visitId}/calls"),
    ("POST", "/api/guest/visits/{visitId}/orders"),
    ("GET", "/api/guest/visits/{visitId}/menu"),
    ("POST", "/api/guest/visits/{visitId}/payments"),
    ("GET", "/api/guest/visits/{visitId}/payments/{paymentId}"),
    ("POST", "/api/guest/visits/{visitId}/payments/{paymentId}/cancel"),
    ("POST", "/api/guest/visits/{visitId}/payments/{paymentId}/simulate"),
    # A platform's orders: the channel's signature (tests/channels/api).
    ("POST", "/api/channels/{channelId}/orders"),
    # The restaurant's own ordering page: anyone orders; an order's id is its key.
    ("GET", "/api/order-pages/{slug}"),
    ("POST", "/api/order-pages/{slug}/orders"),
    ("GET", "/api/order-pages/{slug}/orders/{incomingId}"),
}
# Where who the caller is matters beyond their role (tests/access/api, tests/dining/api):
# signing in is a terminal's; one sets one's own PIN and ends one's own session.
BEYOND_ROLES = {
    # a staff token belongs to no device: 404 whatever its role
    ("GET", "/api/devices/current"): "a TERMINAL or BOARD device token may too",
    # a device unpairs itself: a manager's own session on it, or a manager's approval
    ("POST", "/api/devices/current/unpair"): "Requires the MANAGER role",
    ("POST", "/api/sessions"): "Requires a paired TERMINAL device token",
    # a manager's PIN on a terminal opens the back office (test_back_office_pin_sign_in.py)
    ("POST", "/api/auth/pin-sign-in"): "Requires a paired TERMINAL device token",
    ("PUT", "/api/staff/{staffId}/pin"): "Requires the KITCHEN role",
    # one chooses one's own language, an ADMIN anyone's (test_staff_language.py)
    ("PUT", "/api/staff/{staffId}/language"): "Requires the KITCHEN role",
    ("DELETE", "/api/sessions/current"): "Requires the KITCHEN role",
    # one sets one's own password, a manager those below ADMIN; one ends one's own session
    ("PUT", "/api/staff/{staffId}/password"): "Requires the KITCHEN role",
    ("POST", "/api/auth/sign-out"): "Requires the KITCHEN role",
    # one clocks oneself out and reads one's own shift (tests/till/api/test_shifts.py)
    ("POST", "/api/shifts/clock-out"): "Requires the KITCHEN role",
    ("GET", "/api/shifts/current"): "Requires the KITCHEN role",
    # a server reads their own checkout, a manager anyone's (test_server_checkout.py)
    ("GET", "/api/staff/{staffId}/checkout"): "Requires the SERVER role",
    # a terminal's drawer: a staff token is on no terminal (test_drawer_at_the_terminal.py)
    ("GET", "/api/cash-drawers/current"): "Requires the SERVER role",
}


def _send(client: AppClient, call: Call, headers: dict[str, str]) -> Any:
    return client.request(call.method, call.url, json=call.json, headers=headers)


def test_the_table_names_every_operation_and_each_declares_the_bearer_scheme(
    settings: Settings,
) -> None:
    spec = create_app(settings).openapi()
    operations = {
        (method.upper(), path): operation
        for path, item in spec["paths"].items()
        for method, operation in item.items()
    }
    assert set(operations) == set(ENDPOINTS) | PUBLIC | set(BEYOND_ROLES)
    scheme = spec["components"]["securitySchemes"]["staffToken"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    for key, operation in operations.items():
        if key in PUBLIC:
            assert "security" not in operation
            continue
        assert operation["security"] == [{"staffToken": []}], key
        assert {"401", "403", "429"} <= set(operation["responses"]), key
        if key in BEYOND_ROLES:
            assert BEYOND_ROLES[key] in operation["description"], key
            continue
        assert f"Requires the {ENDPOINTS[key][0]} role" in operation["description"], key


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("endpoint", list(ENDPOINTS), ids=" ".join)
def test_each_role_is_allowed_or_refused_as_designed(
    client: AppClient, endpoint: tuple[str, str], role: str
) -> None:
    lowest, scenario = ENDPOINTS[endpoint]
    token = make_staff_token(client, role)
    call = scenario(client)
    response = _send(client, call, bearer(token))
    if ROLES.index(role) >= ROLES.index(lowest):
        assert 200 <= response.status_code < 300, response.text
    else:
        assert response.status_code == 403, response.text
        body = response.json()
        assert body["code"] == "forbidden"
        assert lowest in body["detail"]


@pytest.mark.parametrize("endpoint", list(ENDPOINTS), ids=" ".join)
def test_no_token_or_a_wrong_one_is_401(client: AppClient, endpoint: tuple[str, str]) -> None:
    _lowest, scenario = ENDPOINTS[endpoint]
    call = scenario(client)
    for headers in ({"Authorization": ""}, bearer("brg_not-a-token"), {"Authorization": "Basic x"}):
        response = _send(client, call, headers)
        assert response.status_code == 401, response.text
        assert response.json()["code"] == "unauthorized"
        assert response.headers["www-authenticate"].startswith("Bearer")


def test_health_needs_no_token(client: AppClient) -> None:
    assert client.get("/health", headers={"Authorization": ""}).status_code == 200

"""Helpers shared by the card readers' API tests (this module holds no tests): a simulator
reader, an order to charge, a checkout started, and the poller's rounds driven by hand (the
tests run with BRIGADE_CARD_POLLING=off and the simulator answering at once)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from factories import LOCATION, AppClient, make_product
from orders.api.order_helpers import add_item

Json = dict[str, Any]


def ok(response: Any, status: int = 200) -> Json:
    assert response.status_code == status, response.text
    body: Json = response.json()
    return body


def listed(response: Any) -> list[Json]:
    assert response.status_code == 200, response.text
    found: list[Json] = response.json()
    return found


def make_reader(client: AppClient, headers: Any = None, **overrides: Any) -> Json:
    body = {"locationId": LOCATION, "provider": "simulator", "name": "Bar reader"} | overrides
    return ok(client.post("/api/payment-readers", json=body, headers=headers), 201)


def order_of(client: AppClient, price: float, headers: Any = None) -> Json:
    """A takeout order of one item at ``price``."""
    opening = {"orderType": "TAKEOUT", "locationId": LOCATION}
    order = ok(client.post("/api/orders", json=opening, headers=headers), 201)
    add_item(client, order, make_product(client, price=price))
    return order


def start(
    client: AppClient, order: Json, reader: Json, amount: float, headers: Any = None, **body: Any
) -> Any:
    sent = {"readerId": reader["id"], "amount": amount} | body
    return client.post(f"/api/orders/{order['id']}/card-checkouts", json=sent, headers=headers)


def started(client: AppClient, order: Json, reader: Json, amount: float, **body: Any) -> Json:
    return ok(start(client, order, reader, amount, **body), 202)


def poll(client: AppClient) -> None:
    """One round of the poller, waited for."""
    client.portal.call(client.app.state.card_poller.round)


def report(client: AppClient, checkout_id: str) -> None:
    """ "Report this checkout now", as a provider's webhook would have it."""

    async def now() -> None:
        await client.app.state.card_poller.report_now(UUID(checkout_id))

    client.portal.call(now)


def checkout(client: AppClient, checkout_id: str) -> Json:
    return ok(client.get(f"/api/card-checkouts/{checkout_id}"))


def order_now(client: AppClient, order: Json) -> Json:
    return ok(client.get(f"/api/orders/{order['id']}"))

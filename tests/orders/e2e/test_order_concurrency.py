"""Terminals racing on one order against a 2-worker server: no overpay, no double complete,
no duplicate order number."""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from brigade.orders.domain.aggregate import MAX_ITEMS_PER_ORDER
from factories import ADMIN, LOCATION


async def _race(
    server: str, count: int, send: Callable[[httpx.AsyncClient], Awaitable[httpx.Response]]
) -> list[httpx.Response]:
    """``count`` requests at once, each on its own connection."""
    limits = httpx.Limits(max_connections=count, max_keepalive_connections=0)
    async with httpx.AsyncClient(headers=ADMIN, base_url=server, timeout=30, limits=limits) as http:
        return list(await asyncio.gather(*(send(http) for _ in range(count))))


def _order_of_100(server: str) -> dict[str, Any]:
    with httpx.Client(headers=ADMIN, base_url=server, timeout=10) as http:
        product = http.post(
            "/api/products", json={"name": "Tasting menu", "price": 100, "locationId": LOCATION}
        ).json()
        order = http.post("/api/orders", json={"orderType": "DINE_IN", "locationId": LOCATION})
        body = {"productId": product["id"], "quantity": 1}
        added = http.post(f"/api/orders/{order.json()['id']}/items", json=body)
        assert added.status_code == 201, added.text
        return dict(order.json())


def test_ten_simultaneous_payments_of_30_on_100_never_overpay(server: str) -> None:
    order = _order_of_100(server)
    url = f"/api/orders/{order['id']}"

    async def pay(http: httpx.AsyncClient) -> httpx.Response:
        return await http.post(f"{url}/payments", json={"amount": 30, "paymentMethod": "CARD"})

    responses = asyncio.run(_race(server, 10, pay))
    assert Counter(r.status_code for r in responses) == {201: 3, 409: 7}
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"overpayment"}
    detail = httpx.get(f"{server}{url}", headers=ADMIN).json()
    assert (detail["paidAmount"], detail["balanceDue"]) == (90, 10)
    assert len(detail["payments"]) == 3
    assert detail["version"] == 2 + 3


def test_eight_simultaneous_adds_to_an_order_two_short_of_full_add_two(server: str) -> None:
    order = _order_of_100(server)
    url = f"/api/orders/{order['id']}/items"
    body = {"productId": order_product(server, order), "quantity": 1}
    with httpx.Client(headers=ADMIN, base_url=server, timeout=10) as http:
        for _ in range(MAX_ITEMS_PER_ORDER - 3):
            assert http.post(url, json=body).status_code == 201

    async def add(http: httpx.AsyncClient) -> httpx.Response:
        return await http.post(url, json=body)

    responses = asyncio.run(_race(server, 8, add))
    assert Counter(r.status_code for r in responses) == {201: 2, 409: 6}
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"too_many_items"}
    detail = httpx.get(f"{server}/api/orders/{order['id']}", headers=ADMIN).json()
    assert len(detail["items"]) == MAX_ITEMS_PER_ORDER


def order_product(server: str, order: dict[str, Any]) -> str:
    """The product of the order's one item."""
    detail = httpx.get(f"{server}/api/orders/{order['id']}", headers=ADMIN).json()
    return str(detail["items"][0]["productId"])


def test_24_simultaneous_creations_get_24_consecutive_numbers(server: str) -> None:
    location = str(uuid.uuid4())

    async def create(http: httpx.AsyncClient) -> httpx.Response:
        return await http.post("/api/orders", json={"orderType": "TAKEOUT", "locationId": location})

    responses = asyncio.run(_race(server, 24, create))
    assert [r.status_code for r in responses] == [201] * 24, [r.text for r in responses]
    numbers = sorted(int(r.json()["orderNumber"].removeprefix("#")) for r in responses)
    assert numbers == list(range(1001, 1025))


def test_eight_simultaneous_completes_complete_once(server: str) -> None:
    order = _order_of_100(server)
    url = f"/api/orders/{order['id']}"
    paid = httpx.post(
        f"{server}{url}/payments", json={"amount": 100, "paymentMethod": "CASH"}, headers=ADMIN
    )
    assert paid.status_code == 201, paid.text

    async def complete(http: httpx.AsyncClient) -> httpx.Response:
        return await http.post(f"{url}/complete")

    before = httpx.get(f"{server}/api/events/latest", headers=ADMIN).json()["lastId"]
    responses = asyncio.run(_race(server, 8, complete))
    # One completes it; the others find it completed and answer when (docs/design.md §5).
    assert [r.status_code for r in responses] == [200] * 8, [r.text for r in responses]
    detail = httpx.get(f"{server}{url}", headers=ADMIN).json()
    assert detail["status"] == "COMPLETED"
    assert {r.json()["completedAt"] for r in responses} == {detail["completedAt"]}
    events = httpx.get(
        f"{server}/api/events", params={"after": before, "limit": 200}, headers=ADMIN
    ).json()["data"]
    completed = [
        e for e in events if e["orderId"] == order["id"] and e["type"] == "order.completed"
    ]
    assert len(completed) == 1


def test_twenty_concurrent_retries_with_one_key_charge_once(server: str) -> None:
    order = _order_of_100(server)
    url = f"/api/orders/{order['id']}"
    body = {"amount": 40, "paymentMethod": "CARD", "tipAmount": 5, "cardLastFour": "4242"}

    async def retry(http: httpx.AsyncClient) -> httpx.Response:
        return await http.post(
            f"{url}/payments", json=body, headers={"Idempotency-Key": "terminal-7-payment-1"}
        )

    responses = asyncio.run(_race(server, 20, retry))
    statuses = Counter(r.status_code for r in responses)
    assert set(statuses) <= {201, 409}, statuses
    charged = [r for r in responses if r.status_code == 201]
    assert len({r.json()["id"] for r in charged}) == 1, "every 201 is the same payment"
    assert sum(1 for r in charged if "idempotent-replayed" not in r.headers) == 1
    busy = [r for r in responses if r.status_code == 409]
    assert {r.json()["code"] for r in busy} <= {"idempotency_key_in_use"}
    detail = httpx.get(f"{server}{url}", headers=ADMIN).json()
    assert len(detail["payments"]) == 1
    assert (detail["paidAmount"], detail["balanceDue"], detail["tipTotal"]) == (40, 60, 5)

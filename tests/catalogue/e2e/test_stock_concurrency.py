"""Terminals selling the last portions at once against a 2-worker server: exactly as many
sales as portions succeed, the stock never goes below zero, and the product 86es itself."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import httpx

from factories import ADMIN, LOCATION
from orders.e2e.test_order_concurrency import _race


def _orders_and_product(server: str, orders: int, stock: int) -> tuple[list[str], dict[str, Any]]:
    with httpx.Client(headers=ADMIN, base_url=server, timeout=10) as http:
        body = {
            "name": "Sea bass",
            "price": 24,
            "locationId": LOCATION,
            "trackInventory": True,
            "stockQuantity": stock,
        }
        product = http.post("/api/products", json=body).json()
        ids = [
            http.post("/api/orders", json={"orderType": "DINE_IN", "locationId": LOCATION}).json()[
                "id"
            ]
            for _ in range(orders)
        ]
        return ids, dict(product)


def test_eight_terminals_selling_the_last_two_portions_sell_exactly_two(server: str) -> None:
    orders, product = _orders_and_product(server, 8, 2)
    pending = iter(orders)

    async def sell(http: httpx.AsyncClient) -> httpx.Response:
        body = {"productId": product["id"], "quantity": 1}
        return await http.post(f"/api/orders/{next(pending)}/items", json=body)

    responses = asyncio.run(_race(server, 8, sell))
    assert Counter(r.status_code for r in responses) == {201: 2, 409: 6}, [
        r.text for r in responses
    ]
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"product_unavailable"}
    with httpx.Client(headers=ADMIN, base_url=server, timeout=10) as http:
        detail = http.get(f"/api/products/{product['id']}").json()
        ledger = http.get(f"/api/products/{product['id']}/stock-movements").json()
    assert (detail["stockQuantity"], detail["is86d"]) == (0, True)
    assert [(m["kind"], m["level"]) for m in ledger["data"]] == [("SALE", 0), ("SALE", 1)]

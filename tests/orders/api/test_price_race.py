"""No order takes a stale price (docs/design.md §24): items added while the price changes,
with the product read (and kept ready) all along, each take the price the product had when
the item committed. The event log orders the commits: each item's
``item.added`` carries the price of the last ``product.updated`` before it."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import httpx

from factories import ADMIN, LOCATION, AppClient, make_order, make_product

PRICES = [10 + step / 4 for step in range(1, 9)]
ITEMS = 48


async def _race(app: Any, order_id: str, product_id: str) -> None:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://x", headers=ADMIN) as http:

        async def add() -> None:
            body = {"productId": product_id, "quantity": 1}
            answer = await http.post(f"/api/orders/{order_id}/items", json=body)
            assert answer.status_code == 201, answer.text

        async def change(price: float) -> None:
            answer = await http.put(f"/api/products/{product_id}", json={"price": price})
            assert answer.status_code == 200, answer.text

        async def read() -> None:
            answer = await http.get(f"/api/products/{product_id}")
            assert answer.status_code == 200, answer.text

        adds = [add() for _ in range(ITEMS)]
        changes = [change(price) for price in PRICES]
        reads = [read() for _ in range(ITEMS)]
        # Interleaved: a change every few items, a read beside each.
        work = [
            step
            for batch in itertools.zip_longest(adds, reads, changes[: len(adds)])
            for step in batch
            if step is not None
        ]
        await asyncio.gather(*work)


def test_each_item_takes_the_price_at_its_commit(client: AppClient) -> None:
    product = make_product(client, price=10)
    order = make_order(client)
    client.portal.call(_race, client.app, order["id"], product["id"])
    params = {"types": "product.updated,item.added", "locationId": LOCATION, "limit": 500}
    events = client.get("/api/events", params=params).json()["data"]
    price = 10.0
    taken = []
    for event in events:
        if event["type"] == "product.updated":
            price = event["data"]["price"]
        else:
            assert event["data"]["unitPrice"] == price, event
            taken.append(price)
    assert len(taken) == ITEMS
    assert price in PRICES
    # The race was one: items took more than one price.
    assert len(set(taken)) > 1
    items = client.get(f"/api/orders/{order['id']}").json()["items"]
    assert sorted(item["unitPrice"] for item in items) == sorted(taken)

"""Bulk re-taxes racing over the same products against a 2-worker server, each naming them in
another order: every one succeeds (the products are locked in the order of their ids, so no
two wait on each other in a circle) and the products end at one request's rate, all of them."""

from __future__ import annotations

import asyncio
import itertools

import httpx

from factories import ADMIN, LOCATION
from orders.e2e.test_order_concurrency import _race

RACERS = 6


def test_bulk_re_taxes_in_opposite_orders_never_deadlock(server: str) -> None:
    with httpx.Client(headers=ADMIN, base_url=server, timeout=10) as http:
        ids = [
            http.post(
                "/api/products",
                json={"name": f"Wine {n}", "price": 9, "taxRate": 0.0825, "locationId": LOCATION},
            ).json()["id"]
            for n in range(12)
        ]
    rates = itertools.cycle([0.2, 0.1])
    orders = itertools.cycle([ids, ids[::-1]])

    async def re_tax(http: httpx.AsyncClient) -> httpx.Response:
        body = {"locationId": LOCATION, "productIds": next(orders), "taxRate": next(rates)}
        return await http.post("/api/products/bulk-tax", json=body)

    responses = asyncio.run(_race(server, RACERS, re_tax))
    assert [r.status_code for r in responses] == [200] * RACERS, [r.text for r in responses]
    with httpx.Client(headers=ADMIN, base_url=server, timeout=10) as http:
        taxed = {http.get(f"/api/products/{id_}").json()["taxRate"] for id_ in ids}
    # One request's rate on every product: none was half applied over another.
    assert taxed in ({0.2}, {0.1})

"""A real server killed with SIGKILL mid-load loses no acknowledged write."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy.engine import make_url

from factories import ADMIN, LOCATION
from server import ServerProcess

TERMINALS = 8


class Acknowledged:
    """Every write the server answered with a 2xx."""

    def __init__(self) -> None:
        self.orders: set[str] = set()
        self.items: dict[str, set[str]] = {}
        self.payments: dict[str, set[str]] = {}


async def _terminal(base_url: str, product_id: str, seen: Acknowledged, stop_at: float) -> None:
    async with httpx.AsyncClient(headers=ADMIN, base_url=base_url, timeout=5) as http:
        try:
            while time.monotonic() < stop_at:
                order = await http.post(
                    "/api/orders", json={"orderType": "TAKEOUT", "locationId": LOCATION}
                )
                if order.status_code != 201:
                    continue
                order_id = order.json()["id"]
                seen.orders.add(order_id)
                item = await http.post(
                    f"/api/orders/{order_id}/items", json={"productId": product_id, "quantity": 2}
                )
                if item.status_code == 201:
                    seen.items.setdefault(order_id, set()).add(item.json()["id"])
                payment = await http.post(
                    f"/api/orders/{order_id}/payments",
                    json={"amount": 5, "paymentMethod": "CASH", "tipAmount": 1},
                )
                if payment.status_code == 201:
                    seen.payments.setdefault(order_id, set()).add(payment.json()["id"])
        except httpx.TransportError:
            return  # the server is gone: what was acknowledged is what counts


async def _load_then_crash(server: ServerProcess, product_id: str) -> Acknowledged:
    seen = Acknowledged()
    stop_at = time.monotonic() + 30
    terminals = [
        asyncio.create_task(_terminal(server.base_url, product_id, seen, stop_at))
        for _ in range(TERMINALS)
    ]
    # Crash mid-load: once enough orders were acknowledged (a busy machine takes longer), and
    # at least 2 s in, so writes are in flight at every stage of an order.
    await asyncio.sleep(2.0)
    for _ in range(100):
        if len(seen.orders) >= 10:
            break
        await asyncio.sleep(0.2)
    server.crash()
    await asyncio.gather(*terminals)
    return seen


@pytest.mark.e2e
@pytest.mark.parametrize("fresh_server", [2], indirect=True, ids=["2-workers"])
def test_sigkill_mid_load_loses_no_acknowledged_write(fresh_server: ServerProcess) -> None:
    server = fresh_server
    product = httpx.post(
        f"{server.base_url}/api/products",
        headers=ADMIN,
        json={"name": "Soup", "price": 4.5, "taxRate": 0.1, "locationId": LOCATION},
    ).json()
    seen = asyncio.run(_load_then_crash(server, product["id"]))
    assert len(seen.orders) >= 10, "the load ran before the crash"

    server.start()
    with httpx.Client(headers=ADMIN, base_url=server.base_url, timeout=10) as http:
        for order_id in seen.orders:
            response = http.get(f"/api/orders/{order_id}")
            assert response.status_code == 200, f"acknowledged order {order_id} lost"
            order = response.json()
            assert seen.items.get(order_id, set()) <= {item["id"] for item in order["items"]}
            payment_ids = {payment["id"] for payment in order["payments"]}
            assert seen.payments.get(order_id, set()) <= payment_ids
            _assert_consistent(order)
    server.stop()
    url = make_url(server.database_url)
    if url.get_backend_name() == "sqlite":
        assert url.database is not None
        with sqlite3.connect(url.database) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def _assert_consistent(order: dict[str, Any]) -> None:
    live = [item for item in order["items"] if item["status"] != "VOIDED"]
    subtotal = sum(Decimal(str(item["total"])) for item in live)
    assert Decimal(str(order["subtotal"])) == subtotal
    total = subtotal - Decimal(str(order["discountAmount"])) + Decimal(str(order["taxAmount"]))
    assert Decimal(str(order["total"])) == total
    paid = sum(Decimal(str(p["amount"])) for p in order["payments"] if p["status"] == "COMPLETED")
    assert Decimal(str(order["paidAmount"])) == paid
    assert Decimal(str(order["balanceDue"])) == total - paid
    assert Decimal(str(order["balanceDue"])) >= 0

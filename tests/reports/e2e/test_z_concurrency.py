"""Z reports racing against a 2-worker server: 20 locations closing at once each get Z 1,
and Zs racing on one location get 1, 2, 3... with no gap, their journal whole."""

from __future__ import annotations

import asyncio
import uuid

import httpx

from factories import ADMIN


async def _zs(server: str, locations: list[str]) -> list[httpx.Response]:
    """A Z for each of ``locations``, all at once, each on its own connection."""
    limits = httpx.Limits(max_connections=len(locations), max_keepalive_connections=0)
    async with httpx.AsyncClient(headers=ADMIN, base_url=server, timeout=60, limits=limits) as http:
        return list(
            await asyncio.gather(
                *(http.post("/api/reports/z", json={"locationId": where}) for where in locations)
            )
        )


def test_twenty_locations_closing_at_once_each_get_z_one(server: str) -> None:
    locations = [str(uuid.uuid4()) for _ in range(20)]
    responses = asyncio.run(_zs(server, locations))
    assert [r.status_code for r in responses] == [201] * 20, [r.text for r in responses]
    assert [(r.json()["number"], r.json()["journalSequence"]) for r in responses] == [(1, 1)] * 20


def test_zs_racing_on_one_location_are_numbered_without_a_gap(server: str) -> None:
    location = str(uuid.uuid4())
    for _ in range(2):  # twice: the second round numbers on from the first
        responses = asyncio.run(_zs(server, [location] * 10))
        assert [r.status_code for r in responses] == [201] * 10, [r.text for r in responses]
    with httpx.Client(headers=ADMIN, base_url=server, timeout=30) as http:
        params: dict[str, str | int] = {"locationId": location, "limit": 100}
        listed = http.get("/api/reports/z", params=params).json()
        assert [z["number"] for z in listed["data"]] == list(range(20, 0, -1))
        assert sorted(z["journalSequence"] for z in listed["data"]) == list(range(1, 21))
        entries = http.get("/api/journal", params={"locationId": location, "limit": 100}).json()
        assert [(e["sequence"], e["content"]["number"]) for e in entries] == [
            (n, n) for n in range(1, 21)
        ]
        verified = http.get("/api/journal/verify", params={"locationId": location}).json()
        assert verified == {"ok": True, "entries": 20, "firstBrokenSequence": None}


def test_sales_racing_on_one_location_chain_without_a_gap(server: str) -> None:
    """Ten orders settled at once at one location, after its first sale (the location's head
    exists, so on PostgreSQL each sale claims, hashes and writes its entry in one statement):
    ten consecutive receipt numbers, and a journal that verifies."""
    location = str(uuid.uuid4())
    with httpx.Client(headers=ADMIN, base_url=server, timeout=30) as http:
        product = http.post("/api/products", json={"name": "Soup", "price": 7.5}).json()

        def sent_order() -> str:
            order = http.post("/api/orders", json={"orderType": "TAKEOUT", "locationId": location})
            url = f"/api/orders/{order.json()['id']}"
            http.post(f"{url}/items", json={"productId": product["id"], "quantity": 1})
            assert http.post(f"{url}/send").status_code == 200
            return url

        first = sent_order()
        paid = http.post(f"{first}/payments", json={"paymentMethod": "CASH", "amount": 7.5})
        assert paid.status_code == 201, paid.text
        racing = [sent_order() for _ in range(10)]

    async def settle_all() -> list[httpx.Response]:
        limits = httpx.Limits(max_connections=10, max_keepalive_connections=0)
        async with httpx.AsyncClient(
            headers=ADMIN, base_url=server, timeout=60, limits=limits
        ) as http:
            body = {"paymentMethod": "CARD", "amount": 7.5}
            return list(
                await asyncio.gather(*(http.post(f"{u}/payments", json=body) for u in racing))
            )

    responses = asyncio.run(settle_all())
    assert [r.status_code for r in responses] == [201] * 10, [r.text for r in responses]
    with httpx.Client(headers=ADMIN, base_url=server, timeout=30) as http:
        receipts = sorted(http.get(u).json()["receiptNumber"] for u in [first, *racing])
        assert receipts == list(range(1, 12))
        verified = http.get("/api/journal/verify", params={"locationId": location}).json()
        assert verified == {"ok": True, "entries": 11, "firstBrokenSequence": None}

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

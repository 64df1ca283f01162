"""Migration 0028 adds pairing codes: a database from before keeps its paired devices, their
tokens still work, and a new device pairs by code beside them (docs/design.md §23)."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.access.domain.staff import token_digest, token_hint
from brigade.access.tables import devices
from brigade.app import create_app
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import throwaway_database

DEVICE = uuid.uuid4()
TOKEN = "brd_" + "k" * 43
AT = datetime(2026, 11, 20, 21, 15, tzinfo=UTC)


async def _pair_a_terminal_as_0027_did(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                devices.insert().values(
                    id=DEVICE,
                    name="Bar terminal",
                    kind="TERMINAL",
                    location_id=uuid.UUID(LOCATION),
                    token_digest=token_digest(TOKEN),
                    hint=token_hint(TOKEN),
                    created_at=AT,
                    revoked_at=None,
                )
            )
    finally:
        await engine.dispose()


def test_a_terminal_paired_before_keeps_working_beside_one_paired_by_code(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0027") as url:
        asyncio.run(_pair_a_terminal_as_0027_did(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            current = client.get("/api/devices/current", headers=bearer(TOKEN))
            assert (current.status_code, current.json()["id"]) == (200, str(DEVICE))
            # A device is made only at a location that was made.
            profile = {"name": "Harbour St", "timezone": "Europe/London"}
            assert client.put(f"/api/locations/{LOCATION}", json=profile).status_code == 200
            asked = client.post("/api/pairing-codes", json={"kind": "BOARD"}).json()
            body = {"code": asked["code"], "locationId": LOCATION, "name": "Pass board"}
            assert client.post("/api/pairing-codes/approve", json=body).status_code == 201
            claimed = client.post("/api/pairing-codes/claim", json={"claim": asked["claim"]})
            assert claimed.json()["status"] == "PAIRED"
            listed = client.get("/api/devices").json()["data"]
            assert [device["name"] for device in listed] == ["Bar terminal", "Pass board"]

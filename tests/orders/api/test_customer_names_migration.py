"""Migration 0018 adds the customer's name: an order from before keeps everything it had and
has no name, and it can be given one once migrated."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.app import create_app
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.orders.tables import orders
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import throwaway_database

ORDER = uuid.uuid4()
AT = datetime(2026, 11, 20, 21, 15, tzinfo=UTC)
# An open bar tab with 12.00 on it, as 0017 wrote it: no name column yet.
BAR_TAB = {
    "id": ORDER,
    "location_id": uuid.UUID(LOCATION),
    "order_number": 1001,
    "status": "OPEN",
    "order_type": "BAR_TAB",
    "opened_by_name": "Ana",
    "version": 4,
    "created_at": AT,
    "updated_at": AT,
    "taxes": [],
    "service_charges": [],
    "subtotal_cents": 1200,
    "total_cents": 1200,
    **dict.fromkeys(("discount_cents", "tax_cents", "paid_cents", "tip_cents"), 0),
}


async def _insert_a_bar_tab_as_0017_wrote_it(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(orders.insert().values(BAR_TAB))
    finally:
        await engine.dispose()


def test_an_order_from_before_has_no_name_and_takes_one_after(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0017") as url:
        asyncio.run(_insert_a_bar_tab_as_0017_wrote_it(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            before = client.get(f"/api/orders/{ORDER}").json()
            named = client.patch(f"/api/orders/{ORDER}", json={"customerName": "Sam"})
            listed = client.get("/api/orders").json()["data"]
    assert (before["customerName"], before["version"], before["total"]) == (None, 4, 12)
    assert before["openedBy"] == {"staffId": None, "name": "Ana"}
    assert named.status_code == 200, named.text
    assert (named.json()["customerName"], named.json()["version"]) == ("Sam", 5)
    assert [(o["id"], o["customerName"]) for o in listed] == [(str(ORDER), "Sam")]

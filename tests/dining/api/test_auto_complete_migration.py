"""Migration 0021 gives every location ``autoComplete``: one from before keeps its profile,
has it on, and its paid checks complete by themselves once migrated."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.app import create_app
from brigade.dining.tables import locations
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.settings import Settings
from factories import ADMIN_TOKEN, bearer, make_order, make_product
from orders.api.order_helpers import add_item, order_detail, pay
from throwaway_db import throwaway_database

LOCATION = uuid.uuid4()
AT = datetime(2026, 11, 20, 21, 15, tzinfo=UTC)
# A Swiss location's profile as 0018 wrote it: no auto_complete column yet.
ZURICH = {
    "id": LOCATION,
    "name": "Zurich",
    "timezone": "Europe/Zurich",
    "currency": "CHF",
    "created_at": AT,
    "updated_at": AT,
    "tax_mode": "INCLUSIVE",
    "cash_rounding_cents": 5,
}


async def _insert_a_location_as_0018_wrote_it(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(locations.insert().values(ZURICH))
    finally:
        await engine.dispose()


def test_a_location_from_before_auto_completes_its_paid_checks(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0018") as url:
        asyncio.run(_insert_a_location_as_0018_wrote_it(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            profile = client.get(f"/api/locations/{LOCATION}").json()
            order = make_order(client, locationId=str(LOCATION))
            add_item(client, order, make_product(client, price=4, locationId=str(LOCATION)))
            assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
            assert pay(client, order, 4, paymentMethod="CARD").status_code == 201
            status = order_detail(client, order)["status"]
    assert (profile["name"], profile["taxMode"], profile["cashRounding"]) == (
        "Zurich",
        "INCLUSIVE",
        0.05,
    )
    assert profile["autoComplete"] is True
    assert status == "COMPLETED"

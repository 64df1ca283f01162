"""Migration 0020 adds what a merge and a split keep: an order from before has no
``mergedInto`` and no tax adjustments, keeps its totals, and can be split and merged once
migrated."""

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
from brigade.orders.tables import order_items, orders
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import throwaway_database

ORDER, OTHER, BURGER, FRIES = (uuid.uuid4() for _ in range(4))
AT = datetime(2026, 11, 20, 21, 15, tzinfo=UTC)


def _order(order_id: uuid.UUID, number: int, subtotal: int) -> dict[str, object]:
    """An open check as 0018 wrote it: no merged_into, no tax_adjustments yet."""
    return {
        "id": order_id,
        "location_id": uuid.UUID(LOCATION),
        "order_number": number,
        "status": "OPEN",
        "order_type": "DINE_IN",
        "version": 3,
        "created_at": AT,
        "updated_at": AT,
        "taxes": [],
        "service_charges": [],
        "subtotal_cents": subtotal,
        "total_cents": subtotal,
        **dict.fromkeys(("discount_cents", "tax_cents", "paid_cents", "tip_cents"), 0),
    }


def _item(item_id: uuid.UUID, order_id: uuid.UUID, cents: int) -> dict[str, object]:
    return {
        "id": item_id,
        "order_id": order_id,
        "product_id": uuid.uuid4(),
        "name": "Burger",
        "quantity_units": 1000,
        "unit_price_cents": cents,
        "tax_rate_units": 0,
        "modifiers": [],
        "total_cents": cents,
        "status": "SENT",
        "created_at": AT,
        "updated_at": AT,
    }


async def _insert_two_checks_as_0018_wrote_them(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                orders.insert(), [_order(ORDER, 1001, 1200), _order(OTHER, 1002, 450)]
            )
            await connection.execute(
                order_items.insert(), [_item(BURGER, ORDER, 1200), _item(FRIES, OTHER, 450)]
            )
    finally:
        await engine.dispose()


def test_orders_from_before_are_not_merged_and_merge_once_migrated(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0018") as url:
        asyncio.run(_insert_two_checks_as_0018_wrote_them(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            before = client.get(f"/api/orders/{ORDER}").json()
            merged = client.post(f"/api/orders/{ORDER}/merge", json={"orderId": str(OTHER)})
            other = client.get(f"/api/orders/{OTHER}").json()
    assert (before["mergedInto"], before["version"], before["total"]) == (None, 3, 12)
    assert merged.status_code == 200, merged.text
    kept = merged.json()["orders"][0]
    assert kept["total"] == 16.5
    assert {i["id"] for i in kept["items"]} == {str(BURGER), str(FRIES)}
    assert (other["status"], other["mergedInto"], other["total"]) == ("CANCELLED", str(ORDER), 0)

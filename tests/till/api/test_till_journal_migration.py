"""Migrations 0023 (the till) and 0024 (the journal) on a database with orders: a location
lets its servers open drawers, a check completed before has no receipt number and no entry,
and the first sale after migrating is the journal's entry 1, its cash in the drawer."""

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

DONE, OPEN = uuid.uuid4(), uuid.uuid4()
AT = datetime(2026, 11, 25, 20, 30, tzinfo=UTC)


def _order(order_id: uuid.UUID, number: int, status: str, paid: int) -> dict[str, object]:
    """A check of 12.00 as 0022 wrote it: no receipt number yet."""
    return {
        "id": order_id,
        "location_id": uuid.UUID(LOCATION),
        "order_number": number,
        "status": status,
        "order_type": "DINE_IN",
        "version": 2,
        "created_at": AT,
        "updated_at": AT,
        "completed_at": AT if status == "COMPLETED" else None,
        "taxes": [],
        "service_charges": [],
        "fired_courses": [],
        "subtotal_cents": 1200,
        "total_cents": 1200,
        "paid_cents": paid,
        **dict.fromkeys(("discount_cents", "tax_cents", "tip_cents"), 0),
    }


def _item(order_id: uuid.UUID) -> dict[str, object]:
    return {
        "id": uuid.uuid4(),
        "order_id": order_id,
        "product_id": uuid.uuid4(),
        "name": "Burger",
        "quantity_units": 1000,
        "unit_price_cents": 1200,
        "tax_rate_units": 0,
        "modifiers": [],
        "total_cents": 1200,
        "status": "SENT",
        "created_at": AT,
        "updated_at": AT,
    }


async def _insert_checks_as_0022_wrote_them(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                orders.insert(),
                [_order(DONE, 1001, "COMPLETED", 1200), _order(OPEN, 1002, "OPEN", 0)],
            )
            await connection.execute(order_items.insert(), [_item(DONE), _item(OPEN)])
    finally:
        await engine.dispose()


def test_orders_from_before_keep_no_receipt_and_the_first_sale_after_is_entry_one(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0022") as url:
        asyncio.run(_insert_checks_as_0022_wrote_them(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            place = {"name": "Quay", "timezone": "UTC"}
            location = client.put(f"/api/locations/{LOCATION}", json=place).json()
            done = client.get(f"/api/orders/{DONE}").json()
            body = {"locationId": LOCATION, "openingFloat": 100}
            drawer = client.post("/api/cash-drawers", json=body).json()
            cash = {"amount": 12, "paymentMethod": "CASH"}
            paid = client.post(f"/api/orders/{OPEN}/payments", json=cash)
            sold = client.get(f"/api/orders/{OPEN}").json()
            counted = client.get(f"/api/cash-drawers/{drawer['id']}").json()
            verified = client.get("/api/journal/verify", params={"locationId": LOCATION}).json()
    assert location["serversOpenDrawers"] is True
    assert (done["status"], done["receiptNumber"]) == ("COMPLETED", None)
    assert paid.status_code == 201, paid.text
    assert (sold["status"], sold["receiptNumber"]) == ("COMPLETED", 1)
    assert counted["expectedAmount"] == 112.0
    assert verified == {"ok": True, "entries": 1, "firstBrokenSequence": None}

"""Migration 0005 adds who completed, cancelled and sent: a database from before keeps its
orders and tickets, which show nobody there."""

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
from brigade.kitchen.tables import kitchen_tickets
from brigade.orders.tables import orders
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import throwaway_database

ORDER = uuid.uuid4()
TICKET = uuid.uuid4()
AT = datetime(2026, 11, 1, 19, 30, tzinfo=UTC)


async def _insert_rows_as_0004_wrote_them(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                orders.insert().values(
                    id=ORDER,
                    location_id=uuid.UUID(LOCATION),
                    order_number=1001,
                    status="COMPLETED",
                    order_type="TAKEOUT",
                    discount_cents=0,
                    subtotal_cents=0,
                    tax_cents=0,
                    total_cents=0,
                    paid_cents=0,
                    tip_cents=0,
                    version=3,
                    created_at=AT,
                    updated_at=AT,
                    completed_at=AT,
                    opened_by_name="Ana",
                )
            )
            await connection.execute(
                kitchen_tickets.insert().values(
                    id=TICKET,
                    order_id=ORDER,
                    location_id=uuid.UUID(LOCATION),
                    order_number=1001,
                    items=[],
                    created_at=AT,
                )
            )
    finally:
        await engine.dispose()


def test_orders_and_tickets_from_before_migrate_with_nobody_recorded(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0004") as url:
        asyncio.run(_insert_rows_as_0004_wrote_them(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            order = client.get(f"/api/orders/{ORDER}").json()
            ticket = client.get(f"/api/kitchen/tickets/{TICKET}").json()
    assert (order["status"], order["version"], order["openedBy"]) == (
        "COMPLETED",
        3,
        {"staffId": None, "name": "Ana"},
    )
    assert (order["completedBy"], order["cancelledBy"]) == (None, None)
    assert (ticket["orderId"], ticket["sentBy"]) == (str(ORDER), None)

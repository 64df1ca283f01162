"""Migration 0034 counts each order's payments on its row: a write reads an order's payments
only when its row counts some, so a check part paid before the migration still knows what it
was paid once migrated."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Insert, select
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.app import create_app
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.orders.tables import order_items, orders, payments
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import execute_on, throwaway_database

PART_PAID, UNPAID = uuid.uuid4(), uuid.uuid4()
AT = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)


def _order(order_id: uuid.UUID, number: int, paid_cents: int) -> dict[str, Any]:
    """An open check of one 12.00 dish, as 0033 wrote it."""
    return {
        "id": order_id,
        "location_id": uuid.UUID(LOCATION),
        "order_number": number,
        "status": "OPEN",
        "order_type": "TAKEOUT",
        "fired_courses": [],
        "discount_cents": 0,
        "subtotal_cents": 1200,
        "tax_cents": 0,
        "total_cents": 1200,
        "paid_cents": paid_cents,
        "tip_cents": 0,
        "taxes": [],
        "service_charges": [],
        "version": 2,
        "created_at": AT,
        "updated_at": AT,
    }


def _rows_as_0033_wrote_them() -> list[Insert]:
    """Two open checks of one 12.00 dish; the first paid 5.00 of it in two payments."""
    dish = {
        "product_id": uuid.uuid4(),
        "name": "Risotto",
        "quantity_units": 1000,
        "unit_price_cents": 1200,
        "tax_rate_units": 0,
        "modifiers": [],
        "total_cents": 1200,
        "status": "SENT",
        "created_at": AT,
        "updated_at": AT,
    }
    payment = {"order_id": PART_PAID, "tip_cents": 0, "method": "CARD", "processed_at": AT}
    return [
        orders.insert().values([_order(PART_PAID, 1001, 500), _order(UNPAID, 1002, 0)]),
        order_items.insert().values(
            [dish | {"id": uuid.uuid4(), "order_id": key} for key in (PART_PAID, UNPAID)]
        ),
        payments.insert().values(
            [
                payment | {"id": uuid.uuid4(), "amount_cents": 300, "status": "COMPLETED"},
                payment | {"id": uuid.uuid4(), "amount_cents": 200, "status": "COMPLETED"},
            ]
        ),
    ]


async def _counts(url: str) -> dict[uuid.UUID, int]:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(select(orders.c.id, orders.c.payment_count))
            return {row.id: row.payment_count for row in rows}
    finally:
        await engine.dispose()


def test_orders_paid_before_count_their_payments_and_take_the_rest(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0033") as url:
        execute_on(url, *_rows_as_0033_wrote_them())
        upgrade(url)
        assert asyncio.run(_counts(url)) == {PART_PAID: 2, UNPAID: 0}
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            # 7.00 left: more would be refused as an overpayment, had the write read no payments.
            over = client.post(
                f"/api/orders/{PART_PAID}/payments", json={"amount": 7.5, "paymentMethod": "CARD"}
            )
            rest = client.post(
                f"/api/orders/{PART_PAID}/payments", json={"amount": 7, "paymentMethod": "CARD"}
            )
            paid = client.get(f"/api/orders/{PART_PAID}").json()
        assert over.status_code == 409, over.text
        assert rest.status_code == 201, rest.text
        assert (paid["status"], len(paid["payments"]), paid["balanceDue"]) == ("COMPLETED", 3, 0)
        assert asyncio.run(_counts(url))[PART_PAID] == 3

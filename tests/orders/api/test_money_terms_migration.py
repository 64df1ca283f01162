"""Migration 0016 on orders from before it: they keep their money, count in their location's
currency, tax on top of prices, and show their tax per rate, adding up to their stored tax
(rounded once for the order, the rule they were made under)."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.app import create_app
from brigade.dining.tables import locations
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.orders.tables import order_items, orders, payments
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import throwaway_database

ORDER = uuid.uuid4()
AT = datetime(2026, 11, 1, 19, 30, tzinfo=UTC)


def _item(cents: int, rate_units: int, added: int, status: str = "SERVED") -> dict[str, Any]:
    return {
        "id": uuid.uuid4(),
        "order_id": ORDER,
        "product_id": uuid.uuid4(),
        "name": "Dish",
        "quantity_units": 1000,
        "unit_price_cents": cents,
        "tax_rate_units": rate_units,
        "modifiers": [],
        "total_cents": cents,
        "status": status,
        "created_at": AT + timedelta(seconds=added),
        "updated_at": AT,
    }


async def _insert_an_order_as_0015_wrote_it(url: str) -> None:
    # 10.00 at 8.25 % and 5.00 at 20 % (and a voided 3.00), 1.50 off: shares 1.00 and 0.50;
    # tax (9.00 x 0.0825 + 4.50 x 0.2) = 0.7425 + 0.90 = 1.6425 → 1.64, rounded once.
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                locations.insert().values(
                    id=uuid.UUID(LOCATION),
                    name="Zurich",
                    timezone="Europe/Zurich",
                    currency="CHF",
                    created_at=AT,
                    updated_at=AT,
                )
            )
            await connection.execute(
                orders.insert().values(
                    id=ORDER,
                    location_id=uuid.UUID(LOCATION),
                    order_number=1001,
                    status="COMPLETED",
                    order_type="DINE_IN",
                    discount_cents=150,
                    subtotal_cents=1500,
                    tax_cents=164,
                    total_cents=1514,
                    paid_cents=1514,
                    tip_cents=0,
                    version=6,
                    created_at=AT,
                    updated_at=AT,
                    completed_at=AT,
                )
            )
            await connection.execute(
                order_items.insert(),
                [_item(1000, 82_500, 1), _item(500, 200_000, 2), _item(300, 200_000, 3, "VOIDED")],
            )
            await connection.execute(
                payments.insert().values(
                    id=uuid.uuid4(),
                    order_id=ORDER,
                    amount_cents=1514,
                    tip_cents=0,
                    method="CASH",
                    status="COMPLETED",
                    processed_at=AT,
                )
            )
    finally:
        await engine.dispose()


def test_orders_from_before_keep_their_money_and_show_their_tax_per_rate(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0015_pricing") as url:
        asyncio.run(_insert_an_order_as_0015_wrote_it(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            detail = client.get(f"/api/orders/{ORDER}").json()
    assert (detail["currency"], detail["taxMode"]) == ("CHF", "EXCLUSIVE")
    assert (detail["taxAmount"], detail["total"], detail["balanceDue"]) == (1.64, 15.14, 0)
    # The stored 1.64 over the rates by their exact tax (0.7425 : 0.90): 0.74 and 0.90.
    assert [(t["name"], t["netAmount"], t["taxAmount"]) for t in detail["taxes"]] == [
        ("8.25%", 9, 0.74),
        ("20%", 4.5, 0.9),
    ]
    assert (detail["serviceCharges"], detail["roundingAdjustment"]) == ([], 0)
    assert detail["payments"][0]["roundingAdjustment"] == 0
    assert [item["taxAmount"] for item in detail["items"]] == [0.74, 0.9, 0]

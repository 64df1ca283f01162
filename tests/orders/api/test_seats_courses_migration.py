"""Migration 0019 adds seats and courses: an item from before is course 1 with no seat, an
order that sent anything has course 1 fired (its later sends go on as before), and one that
sent nothing fires it with its first send."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

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

AT = datetime(2026, 11, 20, 21, 15, tzinfo=UTC)
SENT, DRAFT = uuid.uuid4(), uuid.uuid4()


def _order(order_id: uuid.UUID, number: int, status: str) -> dict[str, Any]:
    """An order with one 12.00 item on it, as 0018 wrote it: no courses yet."""
    return {
        "id": order_id,
        "location_id": uuid.UUID(LOCATION),
        "order_number": number,
        "status": status,
        "order_type": "DINE_IN",
        "version": 3,
        "created_at": AT,
        "updated_at": AT,
        "taxes": [],
        "service_charges": [],
        "subtotal_cents": 1200,
        "total_cents": 1200,
        **dict.fromkeys(("discount_cents", "tax_cents", "paid_cents", "tip_cents"), 0),
    }


def _item(order_id: uuid.UUID, status: str, ticket: uuid.UUID | None) -> dict[str, Any]:
    return {
        "id": uuid.uuid4(),
        "order_id": order_id,
        "product_id": uuid.uuid4(),
        "name": "Steak",
        "quantity_units": 1000,
        "unit_price_cents": 1200,
        "tax_rate_units": 0,
        "modifiers": [],
        "total_cents": 1200,
        "status": status,
        "kitchen_ticket_id": ticket,
        "created_at": AT,
        "updated_at": AT,
    }


async def _insert_as_0018_wrote_them(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                orders.insert(), [_order(SENT, 1001, "OPEN"), _order(DRAFT, 1002, "DRAFT")]
            )
            await connection.execute(
                order_items.insert(),
                [_item(SENT, "SENT", uuid.uuid4()), _item(DRAFT, "PENDING", None)],
            )
    finally:
        await engine.dispose()


def test_items_from_before_are_course_one_and_a_sent_order_has_it_fired(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0018") as url:
        asyncio.run(_insert_as_0018_wrote_them(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            sent = client.get(f"/api/orders/{SENT}").json()
            draft = client.get(f"/api/orders/{DRAFT}").json()
            sending = client.post(f"/api/orders/{DRAFT}/send")
            after = client.get(f"/api/orders/{DRAFT}").json()
    assert (sent["firedCourses"], sent["version"], sent["total"]) == ([1], 3, 12)
    assert [(i["seat"], i["course"], i["status"]) for i in sent["items"]] == [(None, 1, "SENT")]
    assert (draft["firedCourses"], draft["items"][0]["course"]) == ([], 1)
    assert sending.status_code == 200, sending.text
    assert (after["firedCourses"], after["items"][0]["status"]) == ([1], "SENT")

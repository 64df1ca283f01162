"""Migration 0009 keeps the refunds cancellations made before it (payments marked REFUNDED) as
refund records: read like any refund, by order and across orders."""

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
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.orders.tables import orders, payments
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import throwaway_database

CANCELLED = uuid.uuid4()
COMPLETED = uuid.uuid4()
REFUNDED_PAYMENT = uuid.uuid4()
KEPT_PAYMENT = uuid.uuid4()
AT = datetime(2026, 11, 1, 19, 30, tzinfo=UTC)
LATER = AT + timedelta(hours=1)


def _order(order_id: uuid.UUID, number: int, status: str, **closed: object) -> dict[str, Any]:
    return {
        "id": order_id,
        "location_id": uuid.UUID(LOCATION),
        "order_number": number,
        "status": status,
        "order_type": "TAKEOUT",
        "discount_cents": 0,
        "subtotal_cents": 1500,
        "tax_cents": 0,
        "total_cents": 1500,
        "paid_cents": 0 if status == "CANCELLED" else 1500,
        "tip_cents": 0,
        "version": 4,
        "created_at": AT,
        "updated_at": LATER,
        "completed_at": None,
        "cancelled_at": None,
        "cancel_reason": None,
        "cancelled_by_name": None,
    } | closed


def _payment(payment_id: uuid.UUID, order_id: uuid.UUID, status: str) -> dict[str, Any]:
    return {
        "id": payment_id,
        "order_id": order_id,
        "amount_cents": 1500,
        "tip_cents": 200,
        "method": "CARD",
        "status": status,
        "processed_at": AT,
        "refunded_at": LATER if status == "REFUNDED" else None,
    }


async def _insert_rows_as_0008_wrote_them(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                orders.insert(),
                [
                    _order(
                        CANCELLED,
                        1001,
                        "CANCELLED",
                        cancelled_at=LATER,
                        cancel_reason="kitchen fire",
                        cancelled_by_name="Mia",
                    ),
                    _order(COMPLETED, 1002, "COMPLETED", completed_at=LATER),
                ],
            )
            await connection.execute(
                payments.insert(),
                [
                    _payment(REFUNDED_PAYMENT, CANCELLED, "REFUNDED"),
                    _payment(KEPT_PAYMENT, COMPLETED, "COMPLETED"),
                ],
            )
    finally:
        await engine.dispose()


def test_a_cancellations_refunded_payments_become_refund_records(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0008") as url:
        asyncio.run(_insert_rows_as_0008_wrote_them(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            cancelled = client.get(f"/api/orders/{CANCELLED}/refunds").json()
            completed = client.get(f"/api/orders/{COMPLETED}").json()
            settled = client.get("/api/payments").json()["data"]
    assert cancelled == [
        {
            "id": str(REFUNDED_PAYMENT),
            "orderId": str(CANCELLED),
            "paymentId": str(REFUNDED_PAYMENT),
            "amount": 15,
            "tipAmount": 2,
            "currency": "USD",
            "paymentMethod": "CARD",
            "method": "CARD",
            "reason": "kitchen fire",
            "items": [],
            "refundedBy": {"staffId": None, "name": "Mia"},
            "createdAt": "2026-11-01T20:30:00Z",
        }
    ]
    assert completed["refunds"] == []
    by_id = {p["id"]: (p["refundedAmount"], p["refundedTip"]) for p in settled}
    assert by_id == {str(REFUNDED_PAYMENT): (15, 2), str(KEPT_PAYMENT): (0, 0)}

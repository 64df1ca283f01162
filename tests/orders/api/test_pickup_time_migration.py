"""Migration 0049 adds the order's pickup time: an order from before keeps everything it had
and has none; a takeout opened once migrated takes one."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from brigade.app import create_app
from brigade.kit.db.migrate import upgrade
from brigade.orders.tables import order_counters, orders
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import execute_on, throwaway_database

ORDER = uuid.uuid4()
AT = datetime(2026, 12, 6, 18, 5, tzinfo=UTC)
# An open takeout with 12.00 on it, as 0048 wrote it: no pickup time column yet.
TAKEOUT = {
    "id": ORDER,
    "fired_courses": [1],
    "location_id": uuid.UUID(LOCATION),
    "taxes": [],
    "order_number": 1001,
    "service_charges": [],
    "status": "OPEN",
    **dict.fromkeys(("created_at", "updated_at"), AT),
    "order_type": "TAKEOUT",
    **dict.fromkeys(("subtotal_cents", "total_cents"), 1200),
    "customer_name": "Kim",
    **dict.fromkeys(("discount_cents", "tax_cents", "paid_cents", "tip_cents"), 0),
    "opened_by_name": "Ana",
    "version": 3,
}


def test_an_order_from_before_has_no_pickup_time_and_a_new_takeout_takes_one(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0048_channels") as url:
        execute_on(
            url,
            orders.insert().values(TAKEOUT),
            order_counters.insert().values(location_id=uuid.UUID(LOCATION), last_number=1001),
        )
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            before = client.get(f"/api/orders/{ORDER}").json()
            body = {"orderType": "TAKEOUT", "locationId": LOCATION, "pickupAt": "2026-12-07T18:30Z"}
            made = client.post("/api/orders", json=body)
            listed = client.get("/api/orders").json()["data"]
    assert (before["pickupAt"], before["customerName"], before["version"]) == (None, "Kim", 3)
    assert before["total"] == 12
    assert made.status_code == 201, made.text
    assert made.json()["pickupAt"] == "2026-12-07T18:30:00Z"
    assert {o["id"]: o["pickupAt"] for o in listed} == {
        str(ORDER): None,
        made.json()["id"]: "2026-12-07T18:30:00Z",
    }

"""Migration 0032 keeps events as they were written: one from before (a payment shown as the
kitchen sees it) reads the same to an ADMIN once migrated, while a payment taken after it
shows the ADMIN its card details."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from pathlib import Path

import orjson
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import String, Text, Uuid, column, table

from brigade.app import create_app
from brigade.kit.db.migrate import upgrade
from brigade.kit.db.types import UTCDateTime
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer, make_card_paid_order
from throwaway_db import execute_on, throwaway_database

PAYMENT = uuid.uuid4()
# The events table as 0030 left it.
EVENTS_0030 = table(
    "events",
    column("type", String),
    column("at", UTCDateTime()),
    column("location_id", Uuid),
    column("entity_id", Uuid),
    column("data", Text),
)
# A payment.created as 0030 wrote it: its card details null, for every reader.
OLD_DATA = {
    "id": str(PAYMENT),
    "amount": 20.0,
    "cardLastFour": None,
    "cardBrand": None,
    "takenBy": None,
}

OLD_EVENT = EVENTS_0030.insert().values(
    type="payment.created",
    at=datetime(2026, 11, 26, 21, 15, tzinfo=UTC),
    location_id=uuid.UUID(LOCATION),
    entity_id=PAYMENT,
    data=orjson.dumps(OLD_DATA).decode(),
)


def test_events_from_before_keep_their_data_and_new_ones_show_an_admin_card_details(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0030") as url:
        execute_on(url, OLD_EVENT)
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            [old] = client.get("/api/events").json()["data"]
            make_card_paid_order(client)
            params = {"types": "payment.created", "after": old["id"]}
            [new] = client.get("/api/events", params=params).json()["data"]
    assert old["data"] == OLD_DATA
    assert new["data"]["cardLastFour"] == "4242"

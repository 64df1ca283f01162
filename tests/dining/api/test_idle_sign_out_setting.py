"""A location's idleSignOutSeconds (docs/design.md §10): 180 by default, 30 to 3600 or null
(never), replaced with the rest of the profile, audited; migration 0022 gives every existing
location the 3 minutes its terminals had."""

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
from brigade.dining.tables import locations
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, AppClient, bearer, make_staff_token
from orders.api.order_helpers import problem
from throwaway_db import throwaway_database

PROFILE = {"name": "Harbour", "timezone": "Europe/Lisbon", "currency": "EUR"}
URL = f"/api/locations/{LOCATION}"


def test_idle_sign_out_defaults_to_three_minutes(client: AppClient) -> None:
    assert client.get(URL).json()["idleSignOutSeconds"] == 180
    assert client.put(URL, json=PROFILE).json()["idleSignOutSeconds"] == 180


@pytest.mark.parametrize("seconds", [30, 600, 3600, None])
def test_idle_sign_out_round_trips_and_is_audited(client: AppClient, seconds: int | None) -> None:
    saved = client.put(URL, json=PROFILE | {"idleSignOutSeconds": seconds})
    assert saved.status_code == 200, saved.text
    assert saved.json()["idleSignOutSeconds"] == seconds
    assert client.get(URL).json() == saved.json()
    audit = client.get("/api/audit", params={"action": "location.profile_set"}).json()
    assert audit["data"][0]["after"]["idleSignOutSeconds"] == seconds
    # A PUT replaces the whole profile: left out, it is the default again.
    assert client.put(URL, json=PROFILE).json()["idleSignOutSeconds"] == 180


@pytest.mark.parametrize("bad", [0, 29, 3601, 60.5, "60", -1])
def test_a_bad_idle_sign_out_is_422_and_changes_nothing(client: AppClient, bad: Any) -> None:
    client.put(URL, json=PROFILE | {"idleSignOutSeconds": 600})
    response = client.put(URL, json=PROFILE | {"name": "Other", "idleSignOutSeconds": bad})
    assert problem(response, 422, "validation_failed")["errors"][0]["field"] == "idleSignOutSeconds"
    assert (client.get(URL).json()["name"], client.get(URL).json()["idleSignOutSeconds"]) == (
        "Harbour",
        600,
    )


def test_a_manager_reads_it_and_may_not_change_it(client: AppClient) -> None:
    manager = make_staff_token(client, "MANAGER")
    client.put(URL, json=PROFILE | {"idleSignOutSeconds": 90})
    assert client.get(URL, headers=bearer(manager)).json()["idleSignOutSeconds"] == 90
    refused = client.put(URL, json=PROFILE | {"idleSignOutSeconds": None}, headers=bearer(manager))
    problem(refused, 403, "forbidden")


AT = datetime(2026, 11, 20, 21, 15, tzinfo=UTC)


async def _insert_a_location_as_0018_left_it(url: str) -> None:
    engine = create_async_engine(async_url(url))
    row = {"id": uuid.UUID(LOCATION), **PROFILE, "created_at": AT, "updated_at": AT}
    try:
        async with engine.begin() as connection:
            await connection.execute(locations.insert().values(row))
    finally:
        await engine.dispose()


def test_a_location_from_before_keeps_three_minutes_and_takes_a_new_setting(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0018") as url:
        asyncio.run(_insert_a_location_as_0018_left_it(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            before = client.get(URL).json()
            changed = client.put(URL, json=PROFILE | {"idleSignOutSeconds": None})
    assert (before["name"], before["idleSignOutSeconds"]) == ("Harbour", 180)
    assert changed.status_code == 200, changed.text
    assert changed.json()["idleSignOutSeconds"] is None

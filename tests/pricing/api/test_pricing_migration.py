"""Migration 0015_pricing on a populated database from the revision before it: products keep
their own taxRate and name no rate, locations tax on top of prices without cash rounding, and
both take a named rate and the new settings at once."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.app import create_app
from brigade.catalogue.tables import products
from brigade.dining.tables import locations
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import alembic_config, upgrade
from brigade.settings import Settings
from catalogue.api.catalogue_helpers import product_row
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import throwaway_database

SOUP = uuid.uuid4()
AT = datetime(2026, 11, 1, 19, 30, tzinfo=UTC)


def _revision_before_pricing() -> str:
    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    before = script.get_revision("0015_pricing").down_revision
    assert isinstance(before, str)
    return before


async def _insert_rows_as_before(url: str) -> None:
    # Only the columns from before: the insert names no column the migration adds.
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                products.insert().values(
                    product_row(SOUP, "Soup", AT, price_cents=800, tax_rate_units=81_000)
                )
            )
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
    finally:
        await engine.dispose()


def test_products_and_locations_from_before_migrate_with_their_defaults(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    before = _revision_before_pricing()
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, before) as url:
        asyncio.run(_insert_rows_as_before(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            soup = client.get(f"/api/products/{SOUP}")
            assert soup.status_code == 200, soup.text
            assert (soup.json()["taxRate"], soup.json()["taxRateId"]) == (0.081, None)
            location = client.get(f"/api/locations/{LOCATION}").json()
            assert (location["name"], location["currency"]) == ("Zurich", "CHF")
            assert (location["taxMode"], location["cashRounding"]) == ("EXCLUSIVE", None)
            rate = client.post(
                "/api/tax-rates", json={"locationId": LOCATION, "name": "VAT", "rate": 0.026}
            ).json()
            named = client.put(f"/api/products/{SOUP}", json={"taxRateId": rate["id"]})
            assert (named.json()["taxRate"], named.json()["taxRateId"]) == (0.026, rate["id"])

"""Migration 0040 brings languages (docs/design.md §26): a location from before keeps its
profile and speaks English, its staff follow it, and its menu has no translations but reads,
translates and prints as before."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.access.tables import staff
from brigade.app import create_app
from brigade.catalogue.tables import categories, products
from brigade.dining.tables import locations
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.settings import Settings
from factories import ADMIN_TOKEN, bearer
from throwaway_db import throwaway_database

LOCATION, MEMBER, STARTERS, SOUP = (uuid.uuid4() for _ in range(4))
AT = datetime(2026, 11, 29, 21, 15, tzinfo=UTC)


async def _insert_as_0039_wrote_them(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                locations.insert().values(
                    id=LOCATION, name="Munich", timezone="Europe/Berlin", currency="EUR",
                    created_at=AT, updated_at=AT,
                )
            )  # fmt: skip
            await connection.execute(
                staff.insert().values(
                    id=MEMBER, name="Ann", role="SERVER", is_active=True, created_at=AT,
                    updated_at=AT,
                )
            )  # fmt: skip
            await connection.execute(
                categories.insert().values(
                    id=STARTERS, location_id=LOCATION, name="Starters", sort_order=0,
                    is_active=True, created_at=AT, updated_at=AT,
                )
            )  # fmt: skip
            await connection.execute(
                products.insert().values(
                    id=SOUP, location_id=LOCATION, category_id=STARTERS, name="Soup",
                    search_text="soup", price_cents=450, tax_rate_units=0, is_active=True,
                    is_86d=False, track_inventory=False, product_type="ITEM", created_at=AT,
                    updated_at=AT,
                )
            )  # fmt: skip
    finally:
        await engine.dispose()


def test_a_database_from_before_languages_migrates_with_its_data(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0039") as url:
        asyncio.run(_insert_as_0039_wrote_them(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            profile = client.get(f"/api/locations/{LOCATION}").json()
            member = client.get(f"/api/staff/{MEMBER}").json()
            soup = client.get(f"/api/products/{SOUP}", params={"language": "de"}).json()
            category = client.get(f"/api/categories/{STARTERS}").json()
            translated = client.put(
                f"/api/products/{SOUP}", json={"translations": {"de": {"name": "Suppe"}}}
            )
            german = client.get(f"/api/products/{SOUP}", params={"language": "de"}).json()
    assert (profile["name"], profile["currency"], profile["language"]) == ("Munich", "EUR", "en")
    assert (member["name"], member["language"]) == ("Ann", None)
    assert (soup["name"], soup["price"], soup["translations"]) == ("Soup", 4.5, {})
    assert (category["name"], category["translations"]) == ("Starters", {})
    assert translated.status_code == 200, translated.text
    assert german["name"] == "Suppe"

"""Migration 0046 on a database 0045 wrote: every product from before keeps its fields, is off
the guests' menu and declares no allergens (SQL NULL), and takes both at once."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from brigade.app import create_app
from brigade.catalogue.tables import products
from brigade.kit.db.migrate import upgrade
from brigade.settings import Settings
from catalogue.api.catalogue_helpers import product_row
from factories import ADMIN_TOKEN, bearer
from throwaway_db import connected, throwaway_database

SOUP = uuid.uuid4()
AT = datetime(2026, 12, 4, 19, 0, tzinfo=UTC)


async def _as_0045_wrote_it(url: str) -> None:
    async with connected(url) as connection:
        row = product_row(SOUP, "Soup", AT, price_cents=650, prep_seconds=240)
        await connection.execute(products.insert().values(row))


async def _stored(url: str) -> tuple[bool, bool]:
    """Whether the soup is visible to guests, and whether its allergens are SQL NULL."""
    async with connected(url) as connection:
        row = (
            await connection.execute(
                select(products.c.guest_visible, products.c.allergens.is_(None).label("none"))
            )
        ).one()
        return row.guest_visible, row.none


def test_products_from_before_are_off_the_guests_menu_without_allergens(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0045") as url:
        asyncio.run(_as_0045_wrote_it(url))
        upgrade(url)
        stored = asyncio.run(_stored(url))
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            before = client.get(f"/api/products/{SOUP}").json()
            body = {"guestVisible": True, "allergens": ["CELERY", "MILK"]}
            after = client.put(f"/api/products/{SOUP}", json=body).json()
    assert stored == (False, True)
    assert (before["name"], before["price"], before["prepSeconds"]) == ("Soup", 6.5, 240)
    assert (before["guestVisible"], before["allergens"]) == (False, [])
    assert (after["guestVisible"], after["allergens"]) == (True, ["MILK", "CELERY"])

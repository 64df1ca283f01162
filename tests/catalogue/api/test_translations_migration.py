"""Migration 0041: a menu row 0040 wrote without translations (JSON's null, as text) holds SQL
NULL after it; one with translations keeps them, and both read as before."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import JSON, Column, MetaData, Table, Uuid, select

from brigade.app import create_app
from brigade.catalogue.tables import categories
from brigade.kit.db.migrate import upgrade
from brigade.settings import Settings
from factories import ADMIN_TOKEN, LOCATION, bearer
from throwaway_db import connected, throwaway_database

AT = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)
PLAIN, TRANSLATED = uuid.uuid4(), uuid.uuid4()
GERMAN = {"de": {"name": "Getränke", "description": None}}
# The column as 0040 declared it: a Python None written as JSON's null.
_AS_0040 = Table(
    "categories",
    MetaData(),
    Column("id", Uuid, primary_key=True),
    Column("translations", JSON),
)


def _row(key: uuid.UUID, name: str) -> dict[str, object]:
    return {
        "id": key,
        "location_id": uuid.UUID(LOCATION),
        "name": name,
        "sort_order": 0,
        "is_active": True,
        "created_at": AT,
        "updated_at": AT,
    }


async def _as_0040_wrote_them(url: str) -> None:
    async with connected(url) as connection:
        await connection.execute(
            categories.insert(), [_row(PLAIN, "Drinks"), _row(TRANSLATED, "Drinks too")]
        )
        for key, translations in ((PLAIN, None), (TRANSLATED, GERMAN)):
            await connection.execute(
                _AS_0040.update().where(_AS_0040.c.id == key).values(translations=translations)
            )


async def _stored(url: str) -> dict[uuid.UUID, tuple[bool, object]]:
    """Each row's translations: whether SQL NULL, and as read."""
    async with connected(url) as connection:
        rows = await connection.execute(
            select(
                categories.c.id,
                categories.c.translations.is_(None).label("null"),
                categories.c.translations,
            )
        )
        return {row.id: (row.null, row.translations) for row in rows}


def test_rows_without_translations_hold_null_and_read_as_before(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0040") as url:
        asyncio.run(_as_0040_wrote_them(url))
        upgrade(url)
        stored = asyncio.run(_stored(url))
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            plain = client.get(f"/api/categories/{PLAIN}").json()
            translated = client.get(f"/api/categories/{TRANSLATED}", params={"language": "de"})
    assert stored == {PLAIN: (True, None), TRANSLATED: (False, GERMAN)}
    assert (plain["name"], plain["translations"]) == ("Drinks", {})
    assert translated.json()["name"] == "Getränke"

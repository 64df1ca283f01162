"""Migration 0027 gives staff a sign-in name and a password: staff from before keep their
tokens, have neither until one is set, and can then sign in to the back office."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.access.domain.staff import new_token, token_digest, token_hint
from brigade.access.tables import api_tokens, staff
from brigade.app import create_app
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import upgrade
from brigade.settings import Settings
from factories import ADMIN_TOKEN, NO_BEARER, PASSWORD, bearer
from throwaway_db import throwaway_database

MANAGER = uuid.uuid4()
AT = datetime(2026, 11, 26, 18, 0, tzinfo=UTC)
TOKEN = new_token()


async def _insert_a_manager_as_0026_wrote_it(url: str) -> None:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            await connection.execute(
                staff.insert().values(
                    id=MANAGER,
                    name="Marta",
                    role="MANAGER",
                    is_active=True,
                    created_at=AT,
                    updated_at=AT,
                )
            )
            await connection.execute(
                api_tokens.insert().values(
                    id=uuid.uuid4(),
                    staff_id=MANAGER,
                    name="Marta",
                    token_digest=token_digest(TOKEN),
                    hint=token_hint(TOKEN),
                    created_at=AT,
                )
            )
    finally:
        await engine.dispose()


def test_staff_from_before_keep_their_token_and_can_be_given_a_password(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path, "0026") as url:
        asyncio.run(_insert_a_manager_as_0026_wrote_it(url))
        upgrade(url)
        app = create_app(Settings(database_url=url, admin_token=ADMIN_TOKEN))
        with TestClient(app, headers=bearer(ADMIN_TOKEN)) as client:
            before = client.get(f"/api/staff/{MANAGER}").json()
            me = client.get("/api/staff/me", headers=bearer(TOKEN)).json()
            body = {"login": "marta", "password": PASSWORD}
            set_answer = client.put(f"/api/staff/{MANAGER}/password", json=body)
            signed_in = client.post("/api/auth/sign-in", json=body, headers=NO_BEARER)
    assert (before["name"], before["login"], before["hasPassword"]) == ("Marta", None, False)
    assert me["staffId"] == str(MANAGER)
    assert set_answer.status_code == 200, set_answer.text
    assert signed_in.status_code == 200, signed_in.text

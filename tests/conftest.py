"""Shared fixtures: a throwaway database per test run, migrated with Alembic.

`pytest` runs on SQLite; `pytest --db-url postgresql://postgres@127.0.0.1:5432/postgres`
creates a fresh PostgreSQL database from that server, and drops it afterwards.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from brigade.app import create_app
from brigade.db.tables import metadata
from brigade.settings import Settings
from factories import ADMIN_TOKEN, bearer
from throwaway_db import throwaway_database


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--db-url",
        default="sqlite",
        help="'sqlite' (default) or a PostgreSQL server URL to create test databases on",
    )


@pytest.fixture(scope="session")
def database_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    option = request.config.getoption("--db-url")
    with throwaway_database(option, tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture(scope="session")
def dialect(database_url: str) -> str:
    return make_url(database_url).get_backend_name()


@pytest.fixture
def settings(database_url: str) -> Settings:
    # Event streams end on their own after a moment: a test client reads a body to its end.
    # Print jobs are queued but never sent in-process: a test connects to nothing (the print
    # outbox is driven by hand, or by a real server in tests/e2e, towards 127.0.0.1 only).
    return Settings(
        database_url=database_url,
        admin_token=ADMIN_TOKEN,
        event_stream_max_seconds=0.3,
        printing="off",
    )


async def _empty_all_tables(app: object) -> None:
    async with app.state.database.unit_of_work(write=True) as uow:  # type: ignore[attr-defined]
        connection = await uow.connection()
        for table in reversed(metadata.sorted_tables):
            await connection.execute(table.delete())


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    """The app, called as the bootstrap admin; `as_role` gives a token of any other role."""
    app = create_app(settings)
    headers = bearer(ADMIN_TOKEN)
    with TestClient(app, raise_server_exceptions=False, headers=headers) as test_client:
        try:
            yield test_client
        finally:
            test_client.portal.call(_empty_all_tables, app)


@pytest.fixture(scope="session")
def project_root() -> Path:
    return Path(__file__).resolve().parent.parent


@pytest.fixture
def within_one_minute() -> None:
    """Start at least 15 s before the next minute: failed authentications are counted per
    calendar minute, and a test that crossed into the next one would start a new count."""
    second = datetime.now(UTC).second
    if second >= 45:
        time.sleep(60.5 - second)

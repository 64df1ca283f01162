"""Shared fixtures: a throwaway database per test run, migrated with Alembic.

`pytest` runs on SQLite; `pytest --db-url postgresql://postgres@127.0.0.1:5432/postgres`
creates a fresh PostgreSQL database from that server, and drops it afterwards.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING
from uuid import UUID

import pytest
from fastapi import FastAPI
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection

from brigade.access.domain import terminals
from brigade.app import create_app
from brigade.dining.tables import locations
from brigade.schema import metadata
from brigade.settings import Settings
from factories import (
    ADMIN_TOKEN,
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    room_in_this_minute,
)
from running_once import RUNS_ONCE, WHERE_ONCE, relative, runs_once_table
from throwaway_db import (
    DELETE_ALL,
    EMPTYING_ATTEMPTS,
    EMPTYING_PAUSE,
    drop_templates,
    emptying_raced,
    throwaway_database,
)

if TYPE_CHECKING:
    from example_recorder import ExampleRecorder

# The examples' recorder (`make examples`): its fixture, and nothing when not recording. The real
# servers of every feature's e2e tests (server_fixtures.py): `server`, `fresh_server`.
pytest_plugins = ["example_recorder", "server_fixtures"]

# Apps kept per worker: a module that overrides `settings` gets its own, built once.
KEPT_APPS = 8
# scrypt's N for PINs set in-process (production's is 2**14, tests/access/unit checks it).
QUICK_SCRYPT_N = 2**10


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--db-url",
        default="sqlite",
        help="'sqlite' (default) or a PostgreSQL server URL to create test databases on",
    )


# What runs in the SQLite pass only: nothing in it differs by database. Everything else runs on
# both. Tests are by feature, then by kind (tests/<feature>/{unit,api,e2e}/); a directory here is
# matched at any depth, so every feature's unit/ is once. A module can say so itself with
# `pytestmark = pytest.mark.once("why")`.
ONCE_UNDER = {
    "unit": "no database",
    "bench": "no database, or SQLite whatever --db-url says (the quick rush)",
    "browser": "the screens in a browser: the server's SQL runs on both in */api and */e2e",
}


# The slowest first, in this order (--durations on a busy machine: the fuzz runs take 1 to 3 min,
# the books' nights over the API 3 to 4);
# a worker that drew one late would run on alone after the other had finished.
# A file by its path, a directory by its name at any depth.
SLOW_FIRST = (
    "kit/e2e/test_fuzz_over_http.py",
    "kit/api/test_fuzz_openapi.py",
    "orders/api/test_books_over_the_api.py",
    "e2e",
    "browser",
    "bench",
)


def _slowness(item: pytest.Item) -> int:
    return next((n for n, slow in enumerate(SLOW_FIRST) if _under(item, slow)), len(SLOW_FIRST))


def _under(item: pytest.Item, file_or_directory: str) -> bool:
    path = relative(item)
    return str(path) == file_or_directory or file_or_directory in path.parent.parts


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("both_databases") or item.get_closest_marker("once"):
            continue
        for directory, reason in ONCE_UNDER.items():
            if _under(item, directory):
                item.add_marker(pytest.mark.once(reason))
                item.stash[WHERE_ONCE] = directory + "/"
    if os.environ.get("BRIGADE_WRITE_RUNS_ONCE"):
        RUNS_ONCE.write_text(runs_once_table(items))
    items.sort(key=_slowness)
    if config.getoption("--db-url") != "sqlite":
        once = [item for item in items if item.get_closest_marker("once")]
        if once:
            config.hook.pytest_deselected(items=once)
            items[:] = [item for item in items if not item.get_closest_marker("once")]


def pytest_sessionfinish(session: pytest.Session) -> None:
    drop_templates()


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
    # outbox is driven by hand, or by a real server in tests/printing/e2e, towards 127.0.0.1 only).
    return Settings(
        database_url=database_url,
        admin_token=ADMIN_TOKEN,
        event_stream_max_seconds=0.3,
        printing="off",
        # Card readers: the simulator answers at once, and the tests drive the poller by hand.
        card_simulator_seconds=0,
        card_polling="off",
        guest_payments_provider="simulator",
    )


# The factories' LOCATION and OTHER_LOCATION exist (a profile, with the defaults a location
# without one answers) in every test: a device is paired only at a location that was made
# (docs/design.md §10). Written straight into the table, so no audit entry tells of them.
TEST_LOCATIONS = ((LOCATION, "Test location"), (OTHER_LOCATION, "Other test location"))


async def _make_test_locations(connection: AsyncConnection) -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    await connection.execute(
        locations.insert(),
        [
            {"id": UUID(location_id), "name": name, "timezone": "UTC", "currency": "USD"}
            | {"created_at": at, "updated_at": at}
            for location_id, name in TEST_LOCATIONS
        ],
    )


async def _empty_all_tables(app: object) -> None:
    """Every table emptied, then the test locations made again; tried again when PostgreSQL
    ends it in a race with the app's background lanes or a late request (throwaway_db.py)."""
    for attempt in range(1, EMPTYING_ATTEMPTS + 1):
        try:
            await _empty_once(app)
            return
        except Exception as error:
            if not emptying_raced(error) or attempt == EMPTYING_ATTEMPTS:
                raise
            await asyncio.sleep(EMPTYING_PAUSE * attempt)


async def _empty_once(app: object) -> None:
    async with app.state.database.unit_of_work(write=True) as uow:  # type: ignore[attr-defined]
        connection = await uow.connection()
        if connection.dialect.name == "postgresql":
            raw = await connection.get_raw_connection()
            await raw.driver_connection.execute(DELETE_ALL)
        else:
            for table in reversed(metadata.sorted_tables):
                await connection.execute(table.delete())
        await _make_test_locations(connection)


@pytest.fixture(scope="session")
def _apps() -> dict[str, FastAPI]:
    """The apps this worker made, by their settings: building one's routes costs ~0.2 s, more
    than most tests; each test still starts it (its lifespan) afresh."""
    return {}


def _app_for(settings: Settings, apps: dict[str, FastAPI]) -> FastAPI:
    key = settings.model_dump_json()
    if key not in apps:
        if len(apps) >= KEPT_APPS:
            del apps[next(iter(apps))]
        apps[key] = create_app(settings)
    return apps[key]


@pytest.fixture(scope="session")
def _databases_set_up() -> set[str]:
    """The databases this worker gave their test locations (once each, then after each test)."""
    return set()


@pytest.fixture
def client(
    settings: Settings,
    _apps: dict[str, FastAPI],
    _databases_set_up: set[str],
    example_recorder: ExampleRecorder | None,
) -> Iterator[AppClient]:
    """The app, called as the bootstrap admin; `as_role` gives a token of any other role."""
    app = _app_for(settings, _apps)
    headers = bearer(ADMIN_TOKEN)
    with (
        pytest.MonkeyPatch.context() as patch,
        AppClient(app, raise_server_exceptions=False, headers=headers) as test_client,
    ):
        if settings.database_url not in _databases_set_up:
            test_client.portal.call(_empty_all_tables, app)
            _databases_set_up.add(settings.database_url)
        # In-process PINs hash at a lower scrypt cost (stored with each hash, so checks follow
        # it): ~0.1 s a PIN was most of the dining tests' time. tests/access/unit proves
        # production's, and the servers of the e2e tests run it.
        patch.setattr(terminals, "_SCRYPT_N", QUICK_SCRYPT_N)
        if example_recorder is not None:
            example_recorder.follow(test_client)
        try:
            yield test_client
        finally:
            test_client.portal.call(_empty_all_tables, app)


@pytest.fixture(scope="session")
def project_root() -> Path:
    return Path(__file__).resolve().parent.parent


@pytest.fixture
def within_one_minute() -> None:
    """Start with at least 15 s left in the minute (``room_in_this_minute``)."""
    room_in_this_minute()

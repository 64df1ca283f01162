"""Fixtures: a real `brigade serve` process over HTTP, on its own throwaway database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from server import ServerProcess
from throwaway_db import throwaway_database


@pytest.fixture(scope="session")
def server_database_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Its own database: the in-process tests empty theirs after every test."""
    option = request.config.getoption("--db-url")
    with throwaway_database(option, tmp_path_factory.mktemp("e2e")) as url:
        yield url


@pytest.fixture
def fresh_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    """A started server on a database of its own, for tests that stop or kill it."""
    option = request.config.getoption("--db-url")
    with throwaway_database(option, tmp_path) as url:
        process = ServerProcess(url, tmp_path / "server.log", workers=request.param)
        process.start()
        try:
            yield process
        finally:
            process.stop()


@pytest.fixture(scope="session")
def server(server_database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    process = ServerProcess(server_database_url, tmp_path_factory.mktemp("log") / "server.log")
    process.start()
    try:
        yield process.base_url
    finally:
        process.stop()

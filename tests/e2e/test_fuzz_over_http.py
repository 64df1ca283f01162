"""The outside-in fuzz run: schemathesis over HTTP against a real `brigade serve` (two workers),
with all its checks, as the admin, on a small budget: no 5xx, every answer as documented."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from schemathesis.generation.modes import GenerationMode

from e2e.server import ServerProcess
from factories import ADMIN_TOKEN
from fuzzing import (
    configure,
    every_operation_conforms,
    extreme_numbers_are_a_4xx,
    stateful_sequences_conform,
)
from throwaway_db import throwaway_database

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def http_schema(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator:
    directory = tmp_path_factory.mktemp("fuzz-over-http")
    with throwaway_database(request.config.getoption("--db-url"), directory) as url:
        environment = {
            "BRIGADE_ADMIN_TOKEN": ADMIN_TOKEN,
            # Schemathesis' ignored-auth check sends many bad tokens on purpose: no 429 for it.
            "BRIGADE_AUTH_FAILURES_PER_MINUTE": "1000000",
            # Fuzzed printers name hosts anywhere: their jobs are queued, never sent.
            "BRIGADE_PRINTING": "off",
            # Event streams end on their own after a moment, so the fuzzer reads them whole
            # (as in-process): an hour-long one held each example for seconds.
            "BRIGADE_EVENT_STREAM_MAX_SECONDS": "0.1",
        }
        server = ServerProcess(url, directory / "server.log", environment=environment)
        server.start()
        try:
            schema = configure(schemathesis.openapi.from_url(f"{server.base_url}/openapi.json"))
            schema.database_url = url  # the stateful run empties it before each sequence
            yield schema
        finally:
            server.stop()
        assert "unhandled error" not in server.log_path.read_text()


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_every_operation_conforms_over_http(http_schema, mode) -> None:
    every_operation_conforms(http_schema, mode, max_examples=12)


def test_numbers_of_any_magnitude_are_a_4xx_over_http(http_schema) -> None:
    extreme_numbers_are_a_4xx(http_schema, max_examples=4)


def test_stateful_sequences_conform_over_http(http_schema) -> None:
    stateful_sequences_conform(http_schema, http_schema.database_url, max_examples=15, steps=6)

"""The outside-in fuzz run: schemathesis over HTTP against a real `brigade serve` (two workers),
with all its checks, as the admin, on a small budget: no 5xx, every answer as documented."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import pytest
import schemathesis
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.schemas import OpenApiSchema

from factories import ADMIN_TOKEN
from fuzzing import (
    SOAK_EXAMPLES,
    configure,
    every_operation_conforms,
    extreme_numbers_are_a_4xx,
    stateful_sequences_conform,
)
from server import ServerProcess
from throwaway_db import throwaway_database

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.once(
        "the server's HTTP: tests/kit/api/test_fuzz_openapi.py fuzzes on both databases"
    ),
]


class ServedSchema(NamedTuple):
    """A running server's schema, and its database: the stateful run empties it before each
    sequence."""

    schema: OpenApiSchema
    database_url: str


@pytest.fixture(scope="module")
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServedSchema]:
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
            yield ServedSchema(schema, url)
        finally:
            server.stop()
        assert "unhandled error" not in server.log_path.read_text()


# Refused input and huge numbers are the app's to refuse, the same code in-process
# (tests/api/test_fuzz_openapi.py, every run): over HTTP they are `make soak`'s. What only a
# real server adds (its HTTP, its workers, its middleware in order) every valid request shows.
SOAK_ONLY = pytest.mark.skipif(
    not SOAK_EXAMPLES, reason="make soak: the app's refusals are fuzzed in-process every run"
)


@pytest.mark.parametrize(
    "mode", [GenerationMode.POSITIVE, pytest.param(GenerationMode.NEGATIVE, marks=SOAK_ONLY)]
)
def test_every_operation_conforms_over_http(served: ServedSchema, mode: GenerationMode) -> None:
    every_operation_conforms(served.schema, mode, max_examples=4)


@SOAK_ONLY
def test_numbers_of_any_magnitude_are_a_4xx_over_http(served: ServedSchema) -> None:
    extreme_numbers_are_a_4xx(served.schema, max_examples=2)


def test_stateful_sequences_conform_over_http(served: ServedSchema) -> None:
    stateful_sequences_conform(served.schema, served.database_url, max_examples=6, steps=6)

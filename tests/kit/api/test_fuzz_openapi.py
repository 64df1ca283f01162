"""Schemathesis against the app's own OpenAPI, in-process: no 5xx, every answer as documented."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.schemas import OpenApiSchema

from brigade.app import create_app
from brigade.settings import Settings
from factories import ADMIN_TOKEN
from fuzzing import (
    configure,
    every_operation_conforms,
    extreme_numbers_are_a_4xx,
    stateful_sequences_conform,
)
from throwaway_db import throwaway_database


@pytest.fixture(scope="module")
def fuzz_app(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[FastAPI]:
    option = request.config.getoption("--db-url")
    with throwaway_database(option, tmp_path_factory.mktemp("fuzz")) as url:
        # Schemathesis' ignored-auth check sends many bad tokens on purpose: no 429 for it.
        limitless: dict[str, Any] = {"auth_failures_per_minute": 1_000_000}
        # Event streams end on their own after a moment, so the fuzzer reads them whole.
        brief: dict[str, Any] = {"event_stream_max_seconds": 0.1}
        # Fuzzed printers name hosts anywhere: their jobs are queued, never sent from a test.
        offline: dict[str, Any] = {"printing": "off"}
        settings = Settings(
            database_url=url, admin_token=ADMIN_TOKEN, **limitless, **brief, **offline
        )
        yield create_app(settings)


@pytest.fixture(scope="module")
def api_schema(fuzz_app: FastAPI) -> OpenApiSchema:
    return configure(schemathesis.openapi.from_asgi("/openapi.json", fuzz_app))


def test_numbers_of_any_magnitude_are_a_4xx_everywhere(api_schema: OpenApiSchema) -> None:
    extreme_numbers_are_a_4xx(api_schema, max_examples=10)


# Examples of each operation in CI (`make soak` plays 100): the negative run mutates one part of
# a request each time and is refused before any SQL, so fewer cover its cases.
EXAMPLES = {GenerationMode.POSITIVE: 10, GenerationMode.NEGATIVE: 5}


# Input the schema refuses is refused by validation before any SQL: the negative run is the
# same on both databases; valid input (the longest strings, the largest numbers) reaches SQL.
@pytest.mark.parametrize(
    "mode",
    [
        GenerationMode.POSITIVE,
        pytest.param(
            GenerationMode.NEGATIVE,
            marks=pytest.mark.once("what the schema refuses never reaches the database"),
        ),
    ],
)
def test_every_operation_conforms(api_schema: OpenApiSchema, mode: GenerationMode) -> None:
    every_operation_conforms(api_schema, mode, max_examples=EXAMPLES[mode])


def test_stateful_sequences_conform(api_schema: OpenApiSchema, fuzz_app: FastAPI) -> None:
    database_url = fuzz_app.state.settings.database_url
    stateful_sequences_conform(api_schema, database_url, max_examples=15, steps=6)

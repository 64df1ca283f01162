"""The OpenAPI's examples, taken from real answers of the in-process tests (`make examples`).

With ``BRIGADE_RECORD_EXAMPLES`` set to a folder, every request a test makes through the
``client`` fixture is matched to its operation, and each worker keeps, per operation, the
smallest successful answer of each media type (with the request that got it) and the smallest
problem of each code. At the end, each worker writes what it kept to that folder, and the
controller merges the workers' files into ``src/brigade/api_examples.json`` (an operation no
test reached this time keeps its earlier examples). ``tests/kit/unit/test_api_examples.py`` holds
the file to the document: an example for every operation, each valid against its schema.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute, iter_route_contexts
from starlette.routing import Match

from brigade.kit.http.openapi import operation_id
from factories import AppClient

ENVIRONMENT = "BRIGADE_RECORD_EXAMPLES"
EXAMPLES = Path(__file__).resolve().parent.parent / "src" / "brigade" / "api_examples.json"
# An example shows the shape: a list keeps its first few entries, a text its beginning.
LIST_ENTRIES = 2
TEXT_CHARACTERS = 1500
PROBLEM_JSON = "application/problem+json"

Examples = dict[str, dict[str, Any]]


def recording() -> Path | None:
    folder = os.environ.get(ENVIRONMENT)
    return Path(folder) if folder else None


def _operation(app: FastAPI, method: str, path: str) -> str | None:
    scope = {"type": "http", "method": method, "path": path, "root_path": ""}
    for context in iter_route_contexts(app.routes):
        declared = context.original_route
        if isinstance(declared, APIRoute) and declared.include_in_schema:
            match, _ = context.route.matches(scope)
            if match is Match.FULL:
                return operation_id(declared)
    return None


def _shortened(value: Any) -> Any:
    if isinstance(value, list):
        return [_shortened(entry) for entry in value[:LIST_ENTRIES]]
    if isinstance(value, dict):
        return {key: _shortened(entry) for key, entry in value.items()}
    return value


def _has_an_empty_list(value: Any) -> bool:
    """A list answer with nothing in it shows less than one with an entry."""
    if isinstance(value, list):
        return not value
    if isinstance(value, dict):
        return any(isinstance(entry, list) and not entry for entry in value.values())
    return False


def _body(response: httpx.Response, media_type: str) -> Any:
    if media_type.endswith("json"):
        return response.json()
    return response.text[:TEXT_CHARACTERS]


def _request_body(request: httpx.Request) -> Any:
    if not request.content or "json" not in request.headers.get("content-type", ""):
        return None
    try:
        return json.loads(request.content)
    except ValueError:
        return None


class ExampleRecorder:
    """What one worker kept: operation id → its examples, each with a score (lower is better)."""

    def __init__(self) -> None:
        self.kept: dict[str, dict[str, Any]] = {}

    def record(self, app: FastAPI, response: httpx.Response) -> None:
        request = response.request
        operation = _operation(app, request.method, request.url.path)
        media_type = response.headers.get("content-type", "").split(";")[0].strip()
        # A 405 is the path's answer to a method it has no operation for.
        if operation is None or not media_type or response.status_code in (405, 500):
            return
        try:
            body = _body(response, media_type)
        except ValueError:
            return
        kept = self.kept.setdefault(operation, {"answers": {}, "problems": {}})
        size = len(json.dumps(body, default=str))
        if response.status_code < 300:
            score = [response.status_code, _has_an_empty_list(body), size]
            earlier = kept["answers"].get(media_type)
            if earlier is None or score < earlier["score"]:
                kept["answers"][media_type] = {
                    "score": score,
                    "status": response.status_code,
                    "request": _request_body(request),
                    "body": _shortened(body),
                }
        elif media_type == PROBLEM_JSON and isinstance(body, dict) and "code" in body:
            earlier = kept["problems"].get(body["code"])
            if earlier is None or size < earlier["score"]:
                kept["problems"][body["code"]] = {
                    "score": size,
                    "status": response.status_code,
                    "body": body,
                }

    def follow(self, test_client: AppClient) -> None:
        """Every answer the test gets through ``test_client``, offered to ``record``."""
        send = test_client.request

        def request(*args: Any, **kwargs: Any) -> httpx.Response:
            response: httpx.Response = send(*args, **kwargs)
            self.record(test_client.app, response)
            return response

        test_client.request = request  # type: ignore[method-assign]

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(self.kept))


def merge(folder: Path) -> None:
    """The workers' files into ``EXAMPLES``: per operation, per media type and per code, the
    best any worker kept; an operation nobody reached keeps what the file had."""
    best: dict[str, dict[str, Any]] = {}
    for worker_file in sorted(folder.glob("*.json")):
        for operation, kept in json.loads(worker_file.read_text()).items():
            into = best.setdefault(operation, {"answers": {}, "problems": {}})
            for part in ("answers", "problems"):
                for key, example in kept[part].items():
                    if key not in into[part] or example["score"] < into[part][key]["score"]:
                        into[part][key] = example
    examples: Examples = json.loads(EXAMPLES.read_text()) if EXAMPLES.exists() else {}
    for operation, kept in best.items():
        examples[operation] = {
            part: {key: _without_score(example) for key, example in sorted(kept[part].items())}
            for part in ("answers", "problems")
        }
    EXAMPLES.write_text(json.dumps(dict(sorted(examples.items())), indent=1) + "\n")


def _without_score(example: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in example.items() if key != "score"}


def pytest_sessionfinish(session: pytest.Session) -> None:
    folder = recording()
    # The controller (or a run without workers), once every worker has written its file.
    if folder is not None and not hasattr(session.config, "workerinput") and folder.exists():
        merge(folder)


@pytest.fixture(scope="session")
def example_recorder(request: pytest.FixtureRequest) -> Iterator[ExampleRecorder | None]:
    folder = recording()
    if folder is None:
        yield None
        return
    recorder = ExampleRecorder()
    yield recorder
    folder.mkdir(parents=True, exist_ok=True)
    worker = getattr(request.config, "workerinput", {}).get("workerid", "main")
    recorder.write(folder / f"{worker}.json")

"""The OpenAPI's examples (src/brigade/api_examples.json, recorded by `make examples` from real
answers of the in-process tests) hold to the document: every operation shows a successful
answer, every example is valid against the schema it illustrates, and every problem recorded
names a code its operation declares. A change to an answer's shape fails here until the
examples are recorded again."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest

from brigade.api_examples import api_examples
from brigade.app import create_app
from brigade.settings import Settings

PROBLEM_JSON = "application/problem+json"
METHODS = ("get", "put", "post", "delete", "patch")


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    spec: dict[str, Any] = create_app(Settings()).openapi()
    return spec


def _operations(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for path, item in document["paths"].items():
        for method in METHODS:
            if method in item:
                yield f"{method.upper()} {path}", item[method]


def _errors(document: dict[str, Any], schema: dict[str, Any], example: Any) -> list[str]:
    """Why ``example`` is not valid against ``schema`` (whose refs point into ``document``)."""
    validator = jsonschema_rs.Draft202012Validator(
        schema | {"components": document["components"]}, validate_formats=True
    )
    return [f"{error.instance_path}: {error.message}" for error in validator.iter_errors(example)]


def test_every_operation_shows_a_successful_answer(document: dict[str, Any]) -> None:
    without = [
        name
        for name, operation in _operations(document)
        if not any(
            "example" in content
            for status, response in operation["responses"].items()
            if status.startswith("2")
            for content in response.get("content", {}).values()
        )
    ]
    assert not without, f"no example (run `make examples`): {without}"


def test_every_example_is_valid_against_its_schema(document: dict[str, Any]) -> None:
    invalid = []
    for name, operation in _operations(document):
        shown = [
            (f"{status} {media_type}", content)
            for status, response in operation["responses"].items()
            for media_type, content in response.get("content", {}).items()
        ]
        shown += [
            (f"request {media_type}", content)
            for media_type, content in operation.get("requestBody", {}).get("content", {}).items()
        ]
        for where, content in shown:
            examples = [content["example"]] if "example" in content else []
            examples += [example["value"] for example in content.get("examples", {}).values()]
            for example in examples:
                if isinstance(example, str) and not where.endswith("json"):
                    continue  # a text answer's schema is a string: nothing more to check
                invalid += [
                    f"{name} {where} {error}"
                    for error in _errors(document, content["schema"], example)
                ]
    assert not invalid, "\n".join(invalid)


def test_every_recorded_problem_is_a_code_its_operation_declares(
    document: dict[str, Any],
) -> None:
    operations = {operation["operationId"]: operation for _, operation in _operations(document)}
    undeclared = []
    for operation_id, recorded in api_examples().items():
        for code, problem in recorded["problems"].items():
            response = operations[operation_id]["responses"].get(str(problem["status"]), {})
            if f"`{code}`" not in response.get("description", ""):
                undeclared.append(f"{operation_id}: {problem['status']} {code}")
    assert not undeclared, f"answered but not declared: {undeclared}"


def test_examples_are_kept_only_for_operations_that_exist(document: dict[str, Any]) -> None:
    operation_ids = {operation["operationId"] for _, operation in _operations(document)}
    stale = sorted(set(api_examples()) - operation_ids)
    assert not stale, f"examples of operations gone (run `make examples`): {stale}"


def test_an_error_answer_lists_its_codes_as_an_enum(document: dict[str, Any]) -> None:
    add_payment = next(
        operation["responses"]
        for _, operation in _operations(document)
        if operation["operationId"] == "addPayment"
    )
    schema = add_payment["409"]["content"][PROBLEM_JSON]["schema"]
    narrowed = schema["properties"]["code"]["enum"]
    assert {"order_closed", "overpayment", "idempotency_key_in_use"} <= set(narrowed)
    assert _errors(
        document,
        schema,
        {
            "type": "about:blank",
            "title": "Conflict",
            "status": 409,
            "detail": "x",
            "code": "not_found",
        },
    )

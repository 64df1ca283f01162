"""Every parameter of the OpenAPI (path, query, header) is described and named by one scheme
(the API guide, "Naming"): camelCase, a window of time `from`/`to`, and an old name only as a
deprecated alias next to its new one."""

from __future__ import annotations

import re
from typing import Any

import pytest

from brigade.app import create_app
from brigade.settings import Settings

pytestmark = pytest.mark.once("reads the app's OpenAPI document: no database")

METHODS = ("get", "put", "post", "delete", "patch")
CAMEL_CASE = re.compile(r"^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$")
# The names an instant or a date may go by, each one meaning (the API guide, "Naming"): a
# window, changed at or after, created strictly after, one business day.
TIME_NAMES = {"from", "to", "updatedSince", "createdAfter", "date"}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    spec: dict[str, Any] = create_app(Settings()).openapi()
    return spec


def parameters(document: dict[str, Any]) -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """(where, parameter, the operation's parameters) for every parameter of every operation."""
    found = []
    for path, item in document["paths"].items():
        for method in METHODS:
            if method in item:
                declared = item[method].get("parameters", [])
                found += [(f"{method.upper()} {path}", p, declared) for p in declared]
    return found


def _schemas(parameter: dict[str, Any]) -> list[dict[str, Any]]:
    schema = parameter.get("schema", {})
    return [schema, *schema.get("anyOf", []), *schema.get("items", {}).get("anyOf", [])]


def _is_time(parameter: dict[str, Any]) -> bool:
    return any(s.get("format") in {"date", "date-time"} for s in _schemas(parameter))


def test_every_parameter_is_described(document: dict[str, Any]) -> None:
    undescribed = [
        f"{where}: {p['in']} {p['name']}"
        for where, p, _ in parameters(document)
        if not p.get("description", "").strip()
    ]
    assert len(parameters(document)) > 300
    assert not undescribed, "parameters without a description:\n" + "\n".join(undescribed)


def test_every_path_and_query_parameter_is_camel_case(document: dict[str, Any]) -> None:
    misnamed = [
        f"{where}: {p['in']} {p['name']}"
        for where, p, _ in parameters(document)
        if p["in"] in {"path", "query"} and not p.get("deprecated")
        if not CAMEL_CASE.match(p["name"])
    ]
    assert not misnamed, "not camelCase:\n" + "\n".join(misnamed)


def test_an_instant_or_a_date_goes_by_one_name_per_meaning(document: dict[str, Any]) -> None:
    times = {(where, p["name"]) for where, p, _ in parameters(document) if _is_time(p)}
    current = {
        (where, p["name"])
        for where, p, _ in parameters(document)
        if _is_time(p) and not p.get("deprecated")
    }
    assert {name for _, name in current} <= TIME_NAMES, sorted(current)
    # A window is both ends, where either is taken.
    for where, name in current:
        if name in {"from", "to"}:
            assert {(where, "from"), (where, "to")} <= times, where
    assert ("GET /api/orders", "from") in current
    assert ("GET /api/kitchen/tickets", "createdAfter") in current


def test_a_deprecated_name_stands_beside_the_name_it_was_renamed_to(
    document: dict[str, Any],
) -> None:
    deprecated = [
        (where, p, declared) for where, p, declared in parameters(document) if p.get("deprecated")
    ]
    assert {(where, p["name"]) for where, p, _ in deprecated} == {
        ("GET /api/orders", "startDate"),
        ("GET /api/orders", "endDate"),
        ("GET /api/kitchen/tickets", "since"),
    }
    for where, p, declared in deprecated:
        named = re.search(r"`(\w+)`", p["description"])
        assert named, (where, p["name"])
        assert named.group(1) in {
            other["name"] for other in declared if not other.get("deprecated")
        }
        assert p["description"].startswith("Deprecated"), (where, p["name"])


def test_list_filters_are_repeated_parameters(document: dict[str, Any]) -> None:
    for where, p, _ in parameters(document):
        if p["name"] in {"types", "status"} and where in {
            "GET /api/orders",
            "GET /api/events",
            "GET /api/events/stream",
        }:
            array = [s for s in _schemas(p) if s.get("type") == "array"]
            assert array, (where, p["name"])


# Signing out ends the session: nothing is left to represent (docs/decisions.md).
NOTHING_TO_REPRESENT = {"POST /api/auth/sign-out"}


def test_every_action_answering_an_outcome_can_answer_its_resource(
    document: dict[str, Any],
) -> None:
    """An action that answers `{success, …}` (or a bulk outcome) rather than its resource
    takes `Prefer: return=representation` (the API guide, "Actions")."""
    schemas = document["components"]["schemas"]
    outcomes = []
    for path, item in document["paths"].items():
        for method in ("post", "put", "patch"):
            operation = item.get(method)
            if operation is None:
                continue
            answers = [
                response["content"]["application/json"]["schema"].get("$ref", "")
                for status, response in operation["responses"].items()
                if status.startswith("2") and "application/json" in response.get("content", {})
            ]
            names = [ref.rsplit("/", 1)[-1] for ref in answers]
            properties = {p for name in names if name for p in schemas[name].get("properties", {})}
            where = f"{method.upper()} {path}"
            if (
                "success" in properties or "failed" in properties
            ) and where not in NOTHING_TO_REPRESENT:
                outcomes.append(where)
                prefer = [p for p in operation.get("parameters", []) if p["name"] == "Prefer"]
                assert prefer, f"{where} answers an outcome but takes no Prefer"
                assert prefer[0]["description"].startswith("`return=representation`"), where
    assert {"PUT /api/categories/reorder", "POST /api/products/bulk-update"} <= set(outcomes)
    assert "POST /api/orders/{orderId}/send" in outcomes


def test_the_guide_writes_the_scheme_down(document: dict[str, Any]) -> None:
    guide = document["info"]["description"]
    for section in ("## Naming", "## Actions"):
        assert section in guide
    for name in ("from", "to", "updatedSince", "createdAfter", "after", "startDate", "since"):
        assert f"`{name}`" in guide, name

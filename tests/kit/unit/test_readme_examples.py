"""The README's example URLs ask only what the API takes: every query parameter exists on its
route, and a value of an enum is one of its members (`status=SENT` was a 422: SENT is an event,
not an order status)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from brigade.app import create_app
from brigade.settings import Settings

# /api/... then ?name=value&...: up to a space, a quote, a backtick or a closing bracket.
EXAMPLE = re.compile(r"(/api/[A-Za-z0-9_/{}$.-]*)\?([^\s\"'`)]+)")
# What stands for a value the reader fills in: nothing, $VARIABLE, ... or one capital (L).
PLACEHOLDER = re.compile(r"|\$\w+|\.\.\.|[A-Z]")


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    document: dict[str, Any] = create_app(Settings()).openapi()
    return document


def _examples(project_root: Path) -> list[tuple[str, str]]:
    text = (project_root / "README.md").read_text()
    return [(found.group(1), found.group(2)) for found in EXAMPLE.finditer(text)]


def _template(spec: dict[str, Any], path: str) -> str:
    """The OpenAPI path ``path`` is one of (a {parameter} matches any segment)."""
    segments = path.rstrip("/").split("/")
    for template in spec["paths"]:
        parts = template.split("/")
        if len(parts) == len(segments) and all(
            part == segment or part.startswith("{")
            for part, segment in zip(parts, segments, strict=True)
        ):
            return str(template)
    raise AssertionError(f"README: no route {path}")


def _members(spec: dict[str, Any], schema: dict[str, Any]) -> set[str] | None:
    """An enum's members, through $ref, anyOf and an array's items; None: not an enum."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return _members(spec, spec["components"]["schemas"][name])
    if "enum" in schema:
        return {str(member) for member in schema["enum"]}
    for part in [*schema.get("anyOf", []), *([schema["items"]] if "items" in schema else [])]:
        found = _members(spec, part)
        if found is not None:
            return found
    return None


def test_the_readme_has_examples_to_check(project_root: Path) -> None:
    examples = dict(_examples(project_root))
    assert examples["/api/orders"] == "status=DRAFT&status=OPEN"
    assert len(examples) >= 5


def test_every_readme_example_asks_what_its_route_takes(
    spec: dict[str, Any], project_root: Path
) -> None:
    for path, query in _examples(project_root):
        template = _template(spec, path)
        parameters = {
            parameter["name"]: parameter["schema"]
            for parameter in spec["paths"][template]["get"].get("parameters", [])
            if parameter["in"] == "query"
        }
        for pair in query.split("&"):
            name, _, value = pair.partition("=")
            assert name in parameters, f"README: GET {path} takes no {name!r}"
            members = _members(spec, parameters[name])
            if members is not None and not PLACEHOLDER.fullmatch(value):
                assert value in members, f"README: {name}={value} is none of {sorted(members)}"

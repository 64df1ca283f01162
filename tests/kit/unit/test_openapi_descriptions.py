"""Every property of every schema in the OpenAPI says what it is (docs/decisions.md, "Every
property described"): a client generator turns these descriptions into its documentation."""

from __future__ import annotations

from typing import Any

import pytest

from brigade.app import create_app
from brigade.settings import Settings


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    document: dict[str, Any] = create_app(Settings()).openapi()
    return document


def test_the_document_lets_a_reference_carry_a_description(spec: dict[str, Any]) -> None:
    # OpenAPI 3.1 schemas are JSON Schema 2020-12, where `$ref` may have siblings: a property
    # that is a reference (an enum, a nested object) carries its own description beside it.
    # Under 3.0 the sibling would be ignored, and the test below would check nothing real.
    assert spec["openapi"].startswith("3.1.")


def test_every_property_of_every_schema_is_described(spec: dict[str, Any]) -> None:
    schemas: dict[str, Any] = spec["components"]["schemas"]
    undescribed = [
        f"{schema_name}.{property_name}"
        for schema_name, schema in schemas.items()
        for property_name, prop in schema.get("properties", {}).items()
        if not str(prop.get("description", "")).strip()
    ]
    assert not undescribed, f"{len(undescribed)} properties without a description:\n" + "\n".join(
        undescribed
    )

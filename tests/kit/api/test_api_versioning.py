"""An API integrators build on for years: every answer names the API version, and operation
ids are pinned (a renamed endpoint function would rename every generated client's method).
tests/kit/api/operation_ids.txt is the list; changing it is changing the contract: say so in
CHANGELOG.md."""

from __future__ import annotations

from pathlib import Path

from brigade.app import create_app
from brigade.kit.http.api_version import API_VERSION
from brigade.settings import Settings
from factories import AppClient

PINNED = Path(__file__).with_name("operation_ids.txt")
CHANGELOG = Path(__file__).parents[3] / "CHANGELOG.md"


def _operation_ids(document: dict[str, object]) -> list[str]:
    lines = []
    for path, item in document["paths"].items():  # type: ignore[attr-defined]
        for method, operation in item.items():
            if isinstance(operation, dict) and "operationId" in operation:
                lines.append(f"{operation['operationId']} {method.upper()} {path}")
    for name, item in document["webhooks"].items():  # type: ignore[attr-defined]
        lines.append(f"{item['post']['operationId']} WEBHOOK {name}")
    return sorted(lines)


def test_operation_ids_are_the_pinned_ones(settings: Settings) -> None:
    found = _operation_ids(create_app(settings).openapi())
    pinned = PINNED.read_text().split("\n")
    assert [line for line in pinned if line] == found, (
        "operation ids changed: a client's method names are part of the contract; update "
        f"{PINNED.name} and CHANGELOG.md together"
    )


def test_every_answer_names_the_api_version(client: AppClient) -> None:
    for answer in (
        client.get("/api/orders"),
        client.get("/api/orders/not-an-id"),
        client.get("/health"),
        client.post("/api/orders", content=b"{"),
    ):
        assert answer.headers["brigade-version"] == API_VERSION, answer.request.url


def test_the_version_is_in_the_changelog_and_the_guide(settings: Settings) -> None:
    assert f"## {API_VERSION}" in CHANGELOG.read_text()
    info = create_app(settings).openapi()["info"]
    for section in ("Authentication", "Errors", "Retries", "Paging", "Money", "Webhooks"):
        assert section.lower() in info["description"].lower(), section
    assert "Brigade-Signature" in info["description"]

"""A device is paired only at a location that was made (a profile, docs/design.md §10): a
made-up id is 422 on `locationId` and nothing is made, from the API and from the CLI."""

from __future__ import annotations

import uuid

import pytest
from typer.testing import CliRunner

from brigade.cli import cli
from brigade.settings import Settings
from factories import LOCATION, AppClient

PROFILE = {"name": "Harbour", "timezone": "Europe/Lisbon", "currency": "EUR"}


def test_a_device_for_an_unknown_location_is_422_and_nothing_is_made(client: AppClient) -> None:
    made_up = str(uuid.uuid4())
    body = {"name": "Bar tablet", "kind": "TERMINAL", "locationId": made_up}
    response = client.post("/api/devices", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "validation_failed"
    assert response.json()["errors"] == [{"field": "locationId", "message": "no such location"}]
    assert client.get("/api/devices").json()["total"] == 0
    assert client.get("/api/audit", params={"action": "device.paired"}).json()["total"] == 0

    assert client.put(f"/api/locations/{made_up}", json=PROFILE).status_code == 200
    assert client.post("/api/devices", json=body).status_code == 201


def test_the_cli_refuses_a_made_up_location_in_words(
    client: AppClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRIGADE_DATABASE_URL", settings.database_url)
    made_up = str(uuid.uuid4())
    command = ["device", "create", "--kind", "TERMINAL", "--name", "Patio", "--location"]
    refused = CliRunner().invoke(cli, [*command, made_up])
    assert refused.exit_code == 2
    assert f"no such location: {made_up}" in refused.output
    assert client.get("/api/devices").json()["total"] == 0
    assert CliRunner().invoke(cli, [*command, LOCATION]).exit_code == 0

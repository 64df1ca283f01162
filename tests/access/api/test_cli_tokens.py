"""`brigade token create --staff-id`: a token for a person who exists, no second person made;
an unknown or inactive person is refused in words (exit code 2)."""

from __future__ import annotations

import re
import uuid

import pytest
from typer.testing import CliRunner

from brigade.cli import cli
from brigade.settings import Settings
from factories import AppClient, bearer


@pytest.fixture
def on_the_test_database(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIGADE_DATABASE_URL", settings.database_url)


def _staff_named(client: AppClient, name: str) -> list[dict[str, object]]:
    return [member for member in client.get("/api/staff").json()["data"] if member["name"] == name]


@pytest.mark.usefixtures("on_the_test_database")
def test_a_token_for_an_existing_person_makes_no_second_person(client: AppClient) -> None:
    marco = client.post("/api/staff", json={"name": "Marco", "role": "MANAGER"}).json()
    result = CliRunner().invoke(
        cli, ["token", "create", "--staff-id", marco["id"], "--name", "Laptop"]
    )
    assert result.exit_code == 0, result.output
    token = result.output.strip()
    assert re.fullmatch(r"brg_[A-Za-z0-9_-]{43}", token)
    assert client.get("/api/staff/me", headers=bearer(token)).json()["staffId"] == marco["id"]
    assert len(_staff_named(client, "Marco")) == 1
    tokens = client.get("/api/tokens", params={"staffId": marco["id"]}).json()["data"]
    assert [entry["name"] for entry in tokens] == ["Laptop"]


@pytest.mark.usefixtures("on_the_test_database")
def test_an_unknown_or_inactive_person_is_refused_in_words(client: AppClient) -> None:
    unknown = str(uuid.uuid4())
    refused = CliRunner().invoke(cli, ["token", "create", "--staff-id", unknown, "--name", "X"])
    assert refused.exit_code == 2
    assert f"no active staff member has the id {unknown}" in refused.output

    gone = client.post("/api/staff", json={"name": "Gone", "role": "SERVER"}).json()
    client.patch(f"/api/staff/{gone['id']}", json={"isActive": False})
    refused = CliRunner().invoke(cli, ["token", "create", "--staff-id", gone["id"], "--name", "X"])
    assert refused.exit_code == 2
    assert client.get("/api/tokens", params={"staffId": gone["id"]}).json()["total"] == 0


@pytest.mark.usefixtures("on_the_test_database")
def test_role_and_name_still_make_a_new_person(client: AppClient) -> None:
    result = CliRunner().invoke(cli, ["token", "create", "--role", "SERVER", "--name", "Ana"])
    assert result.exit_code == 0, result.output
    assert [member["role"] for member in _staff_named(client, "Ana")] == ["SERVER"]
    both = CliRunner().invoke(
        cli, ["token", "create", "--role", "SERVER", "--staff-id", str(uuid.uuid4()), "--name", "X"]
    )
    assert both.exit_code == 2


@pytest.mark.usefixtures("on_the_test_database")
def test_scopes_make_a_scoped_token(client: AppClient) -> None:
    scopes = ["--scope", "reports:read", "--scope", "payments:read"]
    result = CliRunner().invoke(
        cli, ["token", "create", "--role", "MANAGER", "--name", "Exporter", *scopes]
    )
    assert result.exit_code == 0, result.output
    token = result.output.strip()
    [exporter] = _staff_named(client, "Exporter")
    [listed] = client.get("/api/tokens", params={"staffId": exporter["id"]}).json()["data"]
    assert listed["scopes"] == ["payments:read", "reports:read"]
    assert client.get("/api/payments", headers=bearer(token)).status_code == 200
    refused = client.get("/api/orders", headers=bearer(token))
    assert refused.json()["code"] == "insufficient_scope"
    unknown = CliRunner().invoke(
        cli, ["token", "create", "--role", "MANAGER", "--name", "X", "--scope", "orders:delete"]
    )
    assert unknown.exit_code == 2
    assert _staff_named(client, "X") == []

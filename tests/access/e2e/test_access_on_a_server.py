"""Access on a real server: the first admin token, the CLI, the failed-auth limit shared by
workers, a revocation reaching every worker's token cache, and auth off."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from factories import ADMIN, ADMIN_TOKEN, bearer, room_in_this_minute
from server import ServerProcess
from throwaway_db import throwaway_database

pytestmark = pytest.mark.e2e
BOOTSTRAP = re.compile(r"shown only this once:\s+(brg_[A-Za-z0-9_-]{43})\s")


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with throwaway_database(request.config.getoption("--db-url"), tmp_path) as url:
        yield url


def _serve(
    database_url: str, tmp_path: Path, *, workers: int = 1, **environment: str
) -> ServerProcess:
    """A server with these settings; one worker unless the test is about several (each worker
    imports the app: seconds of CPU a start)."""
    server = ServerProcess(
        database_url, tmp_path / "server.log", workers=workers, environment=environment
    )
    server.start()
    return server


def test_serve_prints_a_first_admin_token_once(database_url: str, tmp_path: Path) -> None:
    server = _serve(database_url, tmp_path)
    try:
        tokens = BOOTSTRAP.findall(server.log_path.read_text())
        assert len(tokens) == 1
        admin = bearer(tokens[0])
        staff = httpx.post(
            f"{server.base_url}/api/staff", json={"name": "Ana", "role": "KITCHEN"}, headers=admin
        )
        assert staff.status_code == 201, staff.text
        assert httpx.get(f"{server.base_url}/api/staff").status_code == 401
    finally:
        server.stop()
    again = _serve(database_url, tmp_path)
    again.stop()
    assert len(BOOTSTRAP.findall(server.log_path.read_text())) == 1


def test_the_cli_creates_a_staff_token_with_its_role(
    database_url: str, server_for_cli: ServerProcess
) -> None:
    created = subprocess.run(
        [sys.executable, "-m", "brigade", "token", "create", "--role", "SERVER", "--name", "Bar"],
        env=os.environ | {"BRIGADE_DATABASE_URL": database_url},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    token = created.stdout.strip()
    assert re.fullmatch(r"brg_[A-Za-z0-9_-]{43}", token)
    with httpx.Client(base_url=server_for_cli.base_url, headers=bearer(token)) as http:
        order = http.post("/api/orders", json={"orderType": "BAR_TAB"})
        assert order.status_code == 201, order.text
        assert order.json()["openedBy"]["name"] == "Bar"
        discount = http.post(
            f"/api/orders/{order.json()['id']}/discount", json={"discountAmount": 0}
        )
        assert discount.status_code == 403


@pytest.fixture
def server_for_cli(database_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    server = _serve(database_url, tmp_path, BRIGADE_ADMIN_TOKEN="x" * 40)
    yield server
    server.stop()


def test_the_failed_auth_limit_holds_across_workers(server: str, within_one_minute: None) -> None:
    statuses = []
    for _ in range(24):
        # A new connection each time, so the attempts spread over both workers.
        with httpx.Client(base_url=server) as http:
            statuses.append(http.get("/api/orders", headers=bearer("brg_guess")).status_code)
    assert statuses[:20] == [401] * 20
    assert statuses[20:] == [429] * 4


def _guesses(server: ServerProcess, forwarded_for: list[str]) -> list[int]:
    """One wrong token per address claimed in X-Forwarded-For, each on a new connection."""
    statuses = []
    for address in forwarded_for:
        with httpx.Client(base_url=server.base_url) as http:
            headers = bearer("brg_guess") | {"X-Forwarded-For": address}
            statuses.append(http.get("/api/orders", headers=headers).status_code)
    return statuses


# Which address a request comes from is the HTTP server's (uvicorn's proxy headers); the
# limit's count in the database runs on both in the test across workers above.
HTTP_ALONE = pytest.mark.once("the client's address is the HTTP server's, whatever the database")


@HTTP_ALONE
def test_a_rotating_x_forwarded_for_does_not_dodge_the_limit(
    database_url: str, tmp_path: Path
) -> None:
    server = _serve(database_url, tmp_path)
    try:
        room_in_this_minute()  # after the server's start, which can take seconds
        statuses = _guesses(server, [f"203.0.113.{n}" for n in range(25)])
    finally:
        server.stop()
    assert statuses == [401] * 20 + [429] * 5


@HTTP_ALONE
def test_x_forwarded_for_is_believed_only_from_a_named_proxy(
    database_url: str, tmp_path: Path
) -> None:
    server = _serve(database_url, tmp_path, BRIGADE_FORWARDED_ALLOW_IPS="127.0.0.1")
    try:
        room_in_this_minute()  # after the server's start, which can take seconds
        rotating = _guesses(server, [f"203.0.113.{n}" for n in range(25)])
        one_client = _guesses(server, ["198.51.100.7"] * 21)
    finally:
        server.stop()
    assert rotating == [401] * 25
    assert one_client == [401] * 20 + [429]


def test_a_revocation_reaches_every_workers_token_cache_within_its_bound(
    database_url: str, tmp_path: Path
) -> None:
    bound = 1.0
    server = _serve(
        database_url,
        tmp_path,
        workers=2,
        BRIGADE_ADMIN_TOKEN=ADMIN_TOKEN,
        BRIGADE_TOKEN_CACHE_SECONDS=str(bound),
    )
    try:
        with httpx.Client(base_url=server.base_url, headers=ADMIN) as admin:
            member = admin.post("/api/staff", json={"name": "Ana", "role": "SERVER"}).json()
            body = {"staffId": member["id"], "name": "Bar"}
            token = admin.post("/api/tokens", json=body).json()

            def statuses() -> list[int]:
                # A new connection each time, so the requests spread over both workers.
                found = []
                for _ in range(10):
                    with httpx.Client(base_url=server.base_url) as http:
                        me = http.get("/api/staff/me", headers=bearer(token["token"]))
                        found.append(me.status_code)
                return found

            assert statuses() == [200] * 10  # kept by whichever workers answered
            assert admin.delete(f"/api/tokens/{token['id']}").status_code == 200
            time.sleep(bound + 0.1)
            assert statuses() == [401] * 10
    finally:
        server.stop()


@pytest.mark.once("authentication off is a setting read at start, whatever the database")
def test_auth_off_is_announced_and_open(database_url: str, tmp_path: Path) -> None:
    server = _serve(database_url, tmp_path, BRIGADE_AUTH="off")
    try:
        assert httpx.get(f"{server.base_url}/api/staff").status_code == 200
    finally:
        server.stop()
    assert "AUTHENTICATION IS OFF" in server.log_path.read_text()

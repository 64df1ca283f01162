"""`Request-Id` on a real server: each access log line ends with the id its answer carried, with
one worker and with several (each worker sets up uvicorn's logging for itself)."""

from __future__ import annotations

import httpx
import pytest

from server import ServerProcess

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.once("the server's HTTP handling, the same whatever the database"),
]


@pytest.mark.parametrize("fresh_server", [1, 2], indirect=True)
def test_the_access_log_names_each_answers_request_id(fresh_server: ServerProcess) -> None:
    server = fresh_server
    kept = httpx.get(f"{server.base_url}/health", headers={"Request-Id": "e2e-kept-1"}, timeout=5)
    assert kept.headers["request-id"] == "e2e-kept-1"
    made = httpx.get(f"{server.base_url}/api/no/such/route", timeout=5)
    assert made.status_code == 404
    new_id = made.headers["request-id"]
    # Stopped first: the log is written through a buffer, whole once the workers have exited.
    server.stop()
    log = server.log_path.read_text()
    assert '"GET /health HTTP/1.1" 200 OK request_id=e2e-kept-1' in log
    assert f'"GET /api/no/such/route HTTP/1.1" 404 Not Found request_id={new_id}' in log

"""SIGTERM lets a request that is already running finish before the server exits, and ends
open event streams at once (uvicorn would wait for them up to its graceful timeout)."""

from __future__ import annotations

import signal
import threading
import time

import httpx
import pytest

from e2e.event_stream import StreamReader
from e2e.server import ServerProcess
from factories import ADMIN, LOCATION


@pytest.mark.e2e
@pytest.mark.parametrize("fresh_server", [1], indirect=True, ids=["1-worker"])
def test_sigterm_lets_in_flight_requests_finish(fresh_server: ServerProcess) -> None:
    server = fresh_server
    product = httpx.post(
        f"{server.base_url}/api/products",
        headers=ADMIN,
        json={"name": "Tea", "price": 3, "locationId": LOCATION},
    ).json()
    updates = [{"id": product["id"], "data": {"price": n % 50 + 1}} for n in range(500)]
    answers: list[tuple[httpx.Response, float]] = []

    def bulk_update() -> None:
        response = httpx.post(
            f"{server.base_url}/api/products/bulk-update",
            headers=ADMIN,
            json={"updates": updates},
            timeout=60,
        )
        answers.append((response, time.monotonic()))

    stream = StreamReader(server.base_url)
    bulk = threading.Thread(target=bulk_update)
    bulk.start()
    time.sleep(0.15)  # the bulk update is being worked on
    signalled_at = time.monotonic()
    exit_code = server.stop(signal.SIGTERM)
    bulk.join(timeout=60)
    assert answers, "the in-flight request got an answer"
    response, answered_at = answers[0]
    assert answered_at > signalled_at, "the request was still running when SIGTERM came"
    assert response.status_code == 200
    assert response.json()["updated"] == 500
    # uvicorn finishes in-flight work, then exits re-raising the signal it was sent.
    assert exit_code in (0, -signal.SIGTERM)
    assert stream.ended.wait(5), "the open stream ended (with a hint to reconnect)"
    assert time.monotonic() - signalled_at < 20, "and did not hold the shutdown"
    assert "retry: 1000" in stream.lines

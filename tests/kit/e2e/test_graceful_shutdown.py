"""SIGTERM lets a request that is already running finish before the server exits, and ends
open event streams at once (uvicorn would wait for them up to its graceful timeout)."""

from __future__ import annotations

import json
import signal
import socket
import time
from typing import BinaryIO

import httpx
import orjson
import pytest

from event_stream import StreamReader
from factories import ADMIN, LOCATION
from server import ServerProcess


def _read_answer(answer: BinaryIO) -> httpx.Response:
    """One HTTP/1.1 answer with a Content-Length, read off ``answer``."""
    status = int(answer.readline().split()[1])
    headers: dict[str, str] = {}
    while line := answer.readline().strip():
        name, _, value = line.decode().partition(":")
        headers[name.lower()] = value.strip()
    return httpx.Response(status, content=answer.read(int(headers["content-length"])))


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
    body = json.dumps({"updates": updates}).encode()

    stream = StreamReader(server.base_url)
    # The bulk update is in flight for certain once the server asks for its body (100
    # Continue): a fixed sleep was too short on a starved machine. Its body goes after SIGTERM.
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as connection:
        head = (
            "POST /api/products/bulk-update HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{server.port}\r\n"
            f"Authorization: {ADMIN['Authorization']}\r\n"
            "Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n"
            "Expect: 100-continue\r\n\r\n"
        )
        connection.sendall(head.encode())
        answer = connection.makefile("rb")
        assert answer.readline().startswith(b"HTTP/1.1 100"), "the server asked for the body"
        answer.readline()  # the blank line that ends the interim answer
        server.signal(signal.SIGTERM)
        signalled_at = time.monotonic()
        connection.sendall(body)
        response = _read_answer(answer)
    exit_code = server.wait()
    assert response.status_code == 200
    assert orjson.loads(response.content)["updated"] == 500
    # uvicorn finishes in-flight work, then exits re-raising the signal it was sent.
    assert exit_code in (0, -signal.SIGTERM)
    assert stream.ended.wait(5), "the open stream ended (with a hint to reconnect)"
    assert time.monotonic() - signalled_at < 20, "and did not hold the shutdown"
    assert "retry: 1000" in stream.lines

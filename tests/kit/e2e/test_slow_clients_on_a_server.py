"""Slow and endless requests on a real server (uvicorn has no header or body timeout of its own:
1,000 slow connections were held 60 s, issue 51): a head must arrive within
BRIGADE_HEADER_TIMEOUT_SECONDS and hold at most 64 KiB, a body within
BRIGADE_BODY_TIMEOUT_SECONDS of its head; else 408 (431) and the connection closes."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from factories import ADMIN_TOKEN
from server import ServerProcess, serving_with

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.once("the server's HTTP handling, the same whatever the database"),
]

HEADER_TIMEOUT = 1.0
BODY_TIMEOUT = 2.0
# A loaded machine answers late; a server without the limits never closes at all.
SLACK = 6.0


@pytest.fixture(scope="module")
def slow_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    environment = {
        "BRIGADE_ADMIN_TOKEN": ADMIN_TOKEN,
        "BRIGADE_HEADER_TIMEOUT_SECONDS": str(HEADER_TIMEOUT),
        "BRIGADE_BODY_TIMEOUT_SECONDS": str(BODY_TIMEOUT),
    }
    folder = tmp_path_factory.mktemp("slow")
    with serving_with(request.config.getoption("--db-url"), folder, environment) as process:
        yield process


def _connect(server: ServerProcess) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", server.port))
    connection.settimeout(HEADER_TIMEOUT + BODY_TIMEOUT + SLACK)
    return connection


def _until_closed(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes (a socket timeout if it never does)."""
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return received


def _trickled_until_cut_off(connection: socket.socket, lines: list[bytes]) -> bool:
    """Whether the server closed the connection before every line was sent, 0.2 s apart."""
    for line in lines:
        try:
            connection.sendall(line)
        except OSError:
            return True
        time.sleep(0.2)
    return False


def _refusal(answer: bytes, status: str) -> dict[str, object]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    assert lines[0].startswith(f"HTTP/1.1 {status}"), answer[:200]
    headers = dict(line.split(": ", 1) for line in lines[1:])
    assert headers["content-type"] == "application/problem+json"
    assert headers["connection"] == "close"
    assert headers["x-frame-options"] == "DENY"
    assert "content-security-policy" in headers
    problem: dict[str, object] = json.loads(body)
    return problem


def test_half_a_request_line_is_answered_408_and_closed(slow_server: ServerProcess) -> None:
    with _connect(slow_server) as connection:
        started = time.monotonic()
        connection.sendall(b"GET /api/ord")
        answer = _until_closed(connection)
        waited = time.monotonic() - started
    assert _refusal(answer, "408")["code"] == "request_timeout"
    assert HEADER_TIMEOUT * 0.8 <= waited < HEADER_TIMEOUT + SLACK


def test_a_connection_that_sends_nothing_is_closed(slow_server: ServerProcess) -> None:
    with _connect(slow_server) as connection:
        assert _refusal(_until_closed(connection), "408")["code"] == "request_timeout"


def test_headers_trickled_in_are_cut_off_at_the_timeout(slow_server: ServerProcess) -> None:
    with _connect(slow_server) as connection:
        started = time.monotonic()
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        # A header line every 0.2 s (each would have stopped a keep-alive timer), for 20 s.
        cut_off = _trickled_until_cut_off(connection, [b"X-Slow-%d: 1\r\n" % n for n in range(100)])
        waited = time.monotonic() - started
    assert cut_off
    assert waited < HEADER_TIMEOUT + SLACK


def test_a_body_slower_than_allowed_is_refused_and_changes_nothing(
    slow_server: ServerProcess,
) -> None:
    body = json.dumps({"name": "Slow tea", "price": 2}).encode()
    with _connect(slow_server) as connection:
        connection.sendall(
            b"POST /api/products HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
            b"authorization: Bearer " + ADMIN_TOKEN.encode() + b"\r\n"
            b"content-length: %d\r\n\r\n" % len(body) + body[:5]
        )
        started = time.monotonic()
        connection.settimeout(0.3)
        answer = b""
        # The rest a byte every 0.3 s, more slowly than the body may take, until answered.
        for byte in body[5:]:
            try:
                connection.sendall(bytes([byte]))
                answer = connection.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                pass
            break
        connection.settimeout(SLACK)
        with contextlib.suppress(OSError):
            answer += _until_closed(connection)
        waited = time.monotonic() - started
    assert _refusal(answer, "408")["code"] == "request_timeout"
    assert BODY_TIMEOUT * 0.8 <= waited < BODY_TIMEOUT + SLACK
    products = httpx.get(
        f"{slow_server.base_url}/api/products",
        headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
        timeout=10,
    ).json()
    assert all(product["name"] != "Slow tea" for product in products["data"])
    # The app heard the client leave: no error of its own to log.
    assert "Traceback" not in slow_server.log_path.read_text()


def test_a_head_over_64_kib_is_431(slow_server: ServerProcess) -> None:
    with _connect(slow_server) as connection:
        connection.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70_000)
        answer = _until_closed(connection)
    assert _refusal(answer, "431")["code"] == "request_header_fields_too_large"


def test_prompt_requests_on_one_connection_are_unaffected(slow_server: ServerProcess) -> None:
    """Requests on a kept-alive connection, a pause between them, a body in two parts in time:
    none is cut off."""
    headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    with httpx.Client(base_url=slow_server.base_url, headers=headers, timeout=10) as client:
        assert client.get("/health").status_code == 200
        time.sleep(HEADER_TIMEOUT * 1.5)
        assert client.get("/health").status_code == 200

        def two_parts() -> Iterator[bytes]:
            yield b'{"name": "Prompt tea",'
            time.sleep(BODY_TIMEOUT / 4)
            yield b' "price": 2}'

        created = client.post(
            "/api/products", content=two_parts(), headers={"content-type": "application/json"}
        )
        assert created.status_code == 201, created.text

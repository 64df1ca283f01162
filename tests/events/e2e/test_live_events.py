"""Live events on real servers: a stream sees what another server process commits within a
second, concurrent writers leave a log a reader pages through without gap or repeat, and
SIGTERM ends open streams at once (with a retry hint) instead of holding the shutdown."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from event_stream import StreamReader
from factories import ADMIN, LOCATION
from server import ServerProcess
from throwaway_db import throwaway_database

ORDER = {"orderType": "TAKEOUT", "locationId": LOCATION}


@pytest.fixture
def two_servers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Two `brigade serve` processes (one worker each) on one database: two hosts."""
    option = request.config.getoption("--db-url")
    with throwaway_database(option, tmp_path) as url:
        servers = [ServerProcess(url, tmp_path / f"server{n}.log", workers=1) for n in (1, 2)]
        try:
            for server in servers:
                server.start()
            yield servers
        finally:
            for server in servers:
                server.stop()


@pytest.mark.e2e
def test_an_order_made_on_one_server_reaches_a_stream_on_the_other_within_a_second(
    two_servers: list[ServerProcess],
) -> None:
    first, second = two_servers
    reader = StreamReader(second.base_url)
    for attempt in range(5):
        made_at = time.monotonic()
        order = httpx.post(f"{first.base_url}/api/orders", json=ORDER, headers=ADMIN).json()
        [*_, event] = reader.wait_for(attempt + 1, timeout=5)
        arrived_at = reader.events[-1][0]
        assert event["type"] == "order.created"
        assert event["data"]["id"] == order["id"]
        assert arrived_at - made_at < 1.0, f"took {arrived_at - made_at:.2f} s"


@pytest.mark.e2e
def test_concurrent_writers_leave_a_log_read_without_gaps_or_repeats(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Many connections create orders at once on a 3-worker server (PostgreSQL: their ids
    come from one sequence); a reader pages with `after` all along and a stream follows.
    Both must see every committed event once, in id order."""
    option = request.config.getoption("--db-url")
    with throwaway_database(option, tmp_path) as url:
        server = ServerProcess(url, tmp_path / "server.log", workers=3)
        server.start()
        try:
            _hammer_while_reading(server.base_url)
        finally:
            server.stop()


def _hammer_while_reading(base_url: str) -> None:
    writers, per_writer = 12, 25
    stream = StreamReader(base_url, after=0)
    created: list[str] = []
    paged: list[dict[str, Any]] = []
    writing = threading.Event()
    writing.set()

    def page_all_along() -> None:
        after = 0
        with httpx.Client(base_url=base_url, headers=ADMIN, timeout=30) as http:
            while True:
                still_writing = writing.is_set()
                page = http.get("/api/events", params={"after": after, "limit": 7}).json()
                paged.extend(page["data"])
                after = page["lastId"]
                if not page["data"] and not still_writing:
                    return

    def write(_: int) -> list[str]:
        with httpx.Client(base_url=base_url, headers=ADMIN, timeout=30) as http:
            ids = []
            for _n in range(per_writer):
                response = http.post("/api/orders", json=ORDER)
                assert response.status_code == 201, response.text
                ids.append(response.json()["id"])
            return ids

    reader = threading.Thread(target=page_all_along)
    reader.start()
    with ThreadPoolExecutor(writers) as pool:
        for ids in pool.map(write, range(writers)):
            created += ids
    writing.clear()
    reader.join(timeout=60)

    paged_ids = [event["id"] for event in paged]
    assert paged_ids == sorted(set(paged_ids)), "in order, no repeats"
    assert sorted(event["entityId"] for event in paged) == sorted(created), "no gaps"
    streamed = stream.wait_for(len(created), timeout=10)
    assert [event["id"] for event in streamed] == paged_ids


@pytest.mark.e2e
@pytest.mark.parametrize("fresh_server", [1, 2], indirect=True, ids=["1-worker", "2-workers"])
def test_sigterm_ends_open_streams_at_once_with_a_retry_hint(fresh_server: ServerProcess) -> None:
    server = fresh_server
    readers = [StreamReader(server.base_url) for _ in range(3)]
    signalled_at = time.monotonic()
    exit_code = server.stop(signal.SIGTERM)
    stopped_in = time.monotonic() - signalled_at
    assert exit_code in (0, -signal.SIGTERM)
    assert stopped_in < 5, f"shutdown took {stopped_in:.1f} s with streams open"
    for reader in readers:
        assert reader.ended.wait(5)
        assert "retry: 1000" in reader.lines

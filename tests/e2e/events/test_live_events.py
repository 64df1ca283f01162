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

import httpx
import orjson
import pytest

from conftest import ServerProcess
from factories import ADMIN, LOCATION
from throwaway_db import throwaway_database

ORDER = {"orderType": "TAKEOUT", "locationId": LOCATION}


class StreamReader:
    """Reads a server's event stream in a thread, noting when each event arrived."""

    def __init__(self, base_url: str, *, after: int | None = None) -> None:
        self.events: list[tuple[float, dict]] = []
        self.lines: list[str] = []
        self.ended = threading.Event()
        self.connected = threading.Event()
        params = {} if after is None else {"after": after}
        self._thread = threading.Thread(target=self._read, args=(base_url, params), daemon=True)
        self._thread.start()
        assert self.connected.wait(10), "the stream did not open"

    def _read(self, base_url: str, params: dict) -> None:
        try:
            with httpx.stream(
                "GET", f"{base_url}/api/events/stream", params=params, headers=ADMIN, timeout=60
            ) as response:
                assert response.status_code == 200
                for line in response.iter_lines():
                    self.lines.append(line)
                    if line == ": connected":
                        self.connected.set()
                    if line.startswith("data: "):
                        self.events.append((time.monotonic(), orjson.loads(line[6:])))
        except httpx.TransportError:
            pass
        finally:
            self.connected.set()
            self.ended.set()

    def wait_for(self, count: int, timeout: float) -> list[dict]:
        deadline = time.monotonic() + timeout
        while len(self.events) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return [event for _, event in self.events]


def _last_id(base_url: str) -> int:
    last = 0
    while True:
        page = httpx.get(
            f"{base_url}/api/events", params={"after": last, "limit": 500}, headers=ADMIN
        ).json()
        if not page["data"]:
            return last
        last = page["lastId"]


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
def test_an_order_made_on_one_server_reaches_a_stream_on_the_other_within_a_second(two_servers):
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
def test_concurrent_writers_leave_a_log_read_without_gaps_or_repeats(tmp_path, request):
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
    paged: list[dict] = []
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
def test_sigterm_ends_open_streams_at_once_and_lets_in_flight_requests_finish(fresh_server):
    server = fresh_server
    product = httpx.post(
        f"{server.base_url}/api/products",
        headers=ADMIN,
        json={"name": "Tea", "price": 3, "locationId": LOCATION},
    ).json()
    readers = [StreamReader(server.base_url) for _ in range(3)]
    updates = [{"id": product["id"], "data": {"price": n % 50 + 1}} for n in range(500)]
    answers: list[httpx.Response] = []

    def bulk_update() -> None:
        answers.append(
            httpx.post(
                f"{server.base_url}/api/products/bulk-update",
                headers=ADMIN,
                json={"updates": updates},
                timeout=60,
            )
        )

    bulk = threading.Thread(target=bulk_update)
    bulk.start()
    time.sleep(0.15)  # the bulk update is being worked on
    signalled_at = time.monotonic()
    exit_code = server.stop(signal.SIGTERM)
    stopped_in = time.monotonic() - signalled_at
    bulk.join(timeout=60)
    assert exit_code in (0, -signal.SIGTERM)
    assert stopped_in < 10, f"shutdown took {stopped_in:.1f} s with streams open"
    assert answers[0].status_code == 200
    assert answers[0].json()["updated"] == 500
    for reader in readers:
        assert reader.ended.wait(5)
        assert "retry: 1000" in reader.lines

"""A worker's memory while one stream follows 200 changes of the heaviest legal order: not a
timed test, a measurement to read. ``python bench/heavy_events.py``.

The probe's order (500 items, each with 20 modifiers of 100 characters and 500 characters of
notes) on a fresh SQLite file behind a real one-worker server; one event stream stays open
while ``CHANGES`` quantity changes each emit ``item.updated`` and ``order.updated``. Prints
the server's resident memory before and after, the database's growth per change, the largest
event the stream carried and the size of one ``GET /api/events?limit=500`` page.

The same script measures another checkout's server: ``PYTHONPATH=/other/src python
bench/heavy_events.py`` (the server process inherits the path).
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent / "tests")]

from factories import ADMIN_TOKEN, LOCATION  # noqa: E402
from server import ServerProcess  # noqa: E402
from throwaway_db import throwaway_database  # noqa: E402

ITEMS = 500
MODIFIERS = 20
CHANGES = 200
# The stream beats every 15 s: a read that waits longer means the server is gone.
STREAM_TIMEOUT = httpx.Timeout(10, read=60)
AD_HOC = "0196a1b2-0000-7000-8000-0000000000aa"
_EVENT_ID = re.compile(rb"^id: \d+$", re.MULTILINE)


def _rss_mb(root_pid: int) -> float:
    """Resident memory of the server: its process and every worker under it."""
    pids = [root_pid]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            # pid (command) state ppid ...: the command may hold spaces and parentheses.
            if int(stat[stat.rindex(")") + 2 :].split()[1]) == root_pid:
                pids.append(int(entry))
    total_kb = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total_kb += int(line.split()[1])
    return total_kb / 1024


class Follower(threading.Thread):
    """One open stream, read to the end and thrown away: what a kitchen screen does."""

    def __init__(self, base_url: str) -> None:
        super().__init__(daemon=True)
        self.base_url = base_url
        self.received = 0
        self.largest = 0
        self.connected = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
        with (
            httpx.Client(base_url=self.base_url, headers=headers, timeout=STREAM_TIMEOUT) as client,
            client.stream("GET", "/api/events/stream") as response,
        ):
            pending = b""
            for chunk in response.iter_raw():
                self.connected.set()
                pending += chunk
                *messages, pending = pending.split(b"\n\n")
                for message in messages:
                    self.largest = max(self.largest, len(message))
                    self.received += len(_EVENT_ID.findall(message))
                if self.stop.is_set():
                    return


def _ok(response: httpx.Response, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def measure() -> dict[str, float]:
    with (
        tempfile.TemporaryDirectory(prefix="brigade-heavy-events-") as work,
        throwaway_database("sqlite", Path(work)) as url,
    ):
        server = ServerProcess(url, Path(work) / "server.log", workers=1)
        server.start()
        try:
            return _run(server, Path(work) / "brigade.db")
        finally:
            server.stop()


def _run(server: ServerProcess, database: Path) -> dict[str, float]:
    assert server.process is not None
    headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    client = httpx.Client(base_url=server.base_url, headers=headers, timeout=120)
    product = _ok(
        client.post("/api/products", json={"name": "Burger", "price": 10, "locationId": LOCATION}),
        201,
    )
    order = _ok(
        client.post("/api/orders", json={"orderType": "TAKEOUT", "locationId": LOCATION}), 201
    )
    modifiers = [
        {"modifierOptionId": AD_HOC, "name": f"{n:03d}" + "m" * 97, "price": 0}
        for n in range(MODIFIERS)
    ]
    line = {"productId": product["id"], "quantity": 1, "modifiers": modifiers, "notes": "n" * 500}
    items = [
        _ok(client.post(f"/api/orders/{order['id']}/items", json=line), 201) for _ in range(ITEMS)
    ]
    follower = Follower(server.base_url)
    follower.start()
    follower.connected.wait(10)
    time.sleep(1)
    rss_before = _rss_mb(server.process.pid)
    size_before = database.stat().st_size
    for change in range(CHANGES):
        item = items[change % len(items)]
        url = f"/api/orders/{order['id']}/items/{item['id']}"
        _ok(client.put(url, json={"quantity": 2 + change % 5}))
    # Each change (a new quantity on a line not changed before) is item.updated and
    # order.updated.
    expected = 2 * CHANGES
    deadline = time.monotonic() + 300
    while follower.received < expected and time.monotonic() < deadline:
        time.sleep(0.1)
    rss_after = _rss_mb(server.process.pid)
    size_after = database.stat().st_size
    page = client.get("/api/events", params={"after": 0, "limit": 500})
    follower.stop.set()
    client.close()
    return {
        "rss_before_mb": rss_before,
        "rss_after_mb": rss_after,
        "db_growth_per_change_kb": (size_after - size_before) / CHANGES / 1024,
        "largest_stream_message_kb": follower.largest / 1024,
        "page_of_500_kb": len(page.content) / 1024,
        "events_streamed": float(follower.received),
    }


def main() -> None:
    figures = measure()
    for name, value in figures.items():
        print(f"{name:28} {value:10.1f}")


if __name__ == "__main__":
    main()

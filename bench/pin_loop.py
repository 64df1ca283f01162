"""Order creation while a terminal loops correct PIN sign-ins: the probe's "scrypt inside the
write transaction" (77 orders/s, p50 8 ms alone; 1.8/s, p50 ~600 ms beside the loop on SQLite).
Not a timed test, a measurement to read:

    python bench/pin_loop.py [--db-url URL] [--seconds 10] [--pin-loops 2]

Starts `brigade serve` (one worker) on a fresh database, makes a SERVER with a PIN and a
terminal, then creates orders one after the other for ``--seconds``: alone, then beside
``--pin-loops`` threads each signing the SERVER in again and again with the right PIN. Prints
orders/s and the median and 95th percentile of an order's creation, and the sign-ins made.
To measure another checkout, put its ``src`` first: ``PYTHONPATH=/other/src python ...``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent / "tests")]

from factories import ADMIN_TOKEN, LOCATION  # noqa: E402
from server import ServerProcess  # noqa: E402
from throwaway_db import throwaway_database  # noqa: E402

PIN = "4826"


def _setup(base_url: str) -> tuple[str, str]:
    """A SERVER with a PIN and a paired terminal: the SERVER's id and the terminal's token."""
    with httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {ADMIN_TOKEN}"}) as c:
        member = c.post("/api/staff", json={"name": "Sam", "role": "SERVER"}).json()
        assert c.put(f"/api/staff/{member['id']}/pin", json={"pin": PIN}).status_code == 200
        made = {"name": "Bench", "timezone": "UTC", "currency": "USD"}
        c.put(f"/api/locations/{LOCATION}", json=made).raise_for_status()
        device = {"name": "Bar", "kind": "TERMINAL", "locationId": LOCATION}
        terminal = c.post("/api/devices", json=device).json()["token"]
    return member["id"], terminal


def _create_orders(base_url: str, seconds: float) -> list[float]:
    """Each order's creation time (s), one after the other, for ``seconds``."""
    took: list[float] = []
    headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    with httpx.Client(base_url=base_url, headers=headers, timeout=30) as client:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            began = time.perf_counter()
            response = client.post("/api/orders", json={"orderType": "TAKEOUT"})
            took.append(time.perf_counter() - began)
            assert response.status_code == 201, response.text
    return took


def _sign_in_loop(base_url: str, staff_id: str, terminal: str, stop: threading.Event) -> int:
    made = 0
    headers = {"Authorization": f"Bearer {terminal}"}
    with httpx.Client(base_url=base_url, headers=headers, timeout=30) as client:
        while not stop.is_set():
            response = client.post("/api/sessions", json={"staffId": staff_id, "pin": PIN})
            assert response.status_code == 201, response.text
            made += 1
    return made


def _report(label: str, took: list[float], seconds: float, sign_ins: int | None) -> None:
    p50 = statistics.median(took) * 1000
    p95 = statistics.quantiles(took, n=20)[-1] * 1000 if len(took) >= 20 else float("nan")
    extra = "" if sign_ins is None else f", {sign_ins / seconds:.1f} sign-ins/s beside"
    print(
        f"{label:<22} {len(took) / seconds:7.1f} orders/s  p50 {p50:7.1f} ms  p95 {p95:7.1f} ms"
        f"{extra}"
    )


def measure(database_url: str, seconds: float, pin_loops: int) -> None:
    with tempfile.TemporaryDirectory() as work:
        server = ServerProcess(database_url, Path(work) / "server.log", workers=1)
        server.start()
        try:
            staff_id, terminal = _setup(server.base_url)
            _create_orders(server.base_url, 1)  # warm up
            _report("orders alone", _create_orders(server.base_url, seconds), seconds, None)
            stop = threading.Event()
            counts: list[int] = []
            loops = [
                threading.Thread(
                    target=lambda: counts.append(
                        _sign_in_loop(server.base_url, staff_id, terminal, stop)
                    )
                )
                for _ in range(pin_loops)
            ]
            for loop in loops:
                loop.start()
            time.sleep(0.5)
            took = _create_orders(server.base_url, seconds)
            stop.set()
            for loop in loops:
                loop.join()
            _report(f"beside {pin_loops} PIN loop(s)", took, seconds, sum(counts))
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db-url", default="sqlite", help="a PostgreSQL URL, or sqlite (a file)")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--pin-loops", type=int, default=2)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as folder,
        throwaway_database(args.db_url, Path(folder)) as url,
    ):
        import brigade

        print(f"brigade from {Path(brigade.__file__).parent}, {url.split(':', 1)[0]}")
        measure(url, args.seconds, args.pin_loops)


if __name__ == "__main__":
    main()

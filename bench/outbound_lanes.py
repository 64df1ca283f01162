"""Do slow receivers hold up the others? Not a timed test, a measurement to read:
``python bench/outbound_lanes.py``.

Two figures on a real one-worker server (fresh SQLite file, receivers on 127.0.0.1):

- webhooks: a receiver answering in ``SLOW_ANSWER_SECONDS`` beside a healthy one, both taking
  ``order.created``; ``ORDERS`` orders one a second; the healthy receiver's latency from the
  order's answer to the delivery's arrival (median and worst);
- printers: ``JAMMED_TICKETS`` kitchen tickets queued on a jammed printer, then a receipt on a
  healthy one; the time from the receipt's request to its printing.

Another checkout's server: ``PYTHONPATH=/other/src python bench/outbound_lanes.py``.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent / "tests")]

from factories import ADMIN_TOKEN, LOCATION  # noqa: E402
from printers import FakePrinter, JammedPrinter  # noqa: E402
from receivers import Receiver  # noqa: E402
from server import ServerProcess  # noqa: E402
from throwaway_db import throwaway_database  # noqa: E402

SLOW_ANSWER_SECONDS = 8
ORDERS = 5
JAMMED_TICKETS = 200
GIVE_UP_SECONDS = 120
ENVIRONMENT = {
    "BRIGADE_ADMIN_TOKEN": ADMIN_TOKEN,
    "BRIGADE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1",
    "BRIGADE_PRINTER_ALLOW_HOSTS": "127.0.0.1",
    "BRIGADE_WEBHOOK_POLL_SECONDS": "0.1",
}


def _ok(response: httpx.Response, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _webhooks(client: httpx.Client) -> dict[str, float]:
    slow, healthy = Receiver(answer_after=SLOW_ANSWER_SECONDS), Receiver()
    try:
        for receiver in (slow, healthy):
            body = {"url": receiver.url, "types": ["order.created"]}
            _ok(client.post("/api/webhooks", json=body), 201)
        latencies = []
        for count in range(1, ORDERS + 1):
            _ok(
                client.post("/api/orders", json={"orderType": "TAKEOUT", "locationId": LOCATION}),
                201,
            )
            created = time.monotonic()
            healthy.wait_for(count, timeout=GIVE_UP_SECONDS)
            latencies.append(time.monotonic() - created)
            time.sleep(max(0.0, 1 - latencies[-1]))
        return {
            "webhook_healthy_median_s": statistics.median(latencies),
            "webhook_healthy_worst_s": max(latencies),
        }
    finally:
        slow.close()
        healthy.close()


def _printers(client: httpx.Client) -> dict[str, float]:
    with JammedPrinter() as jammed, FakePrinter() as till:
        till.switch_on()
        for name, kind, port in (("Line", "KITCHEN", jammed.port), ("Till", "RECEIPT", till.port)):
            body = {"name": name, "locationId": LOCATION, "host": "127.0.0.1", "port": port}
            _ok(client.post("/api/printers", json=body | {"kind": kind}), 201)
        product = _ok(
            client.post("/api/products", json={"name": "Soup", "price": 4, "locationId": LOCATION}),
            201,
        )
        order = _ok(
            client.post("/api/orders", json={"orderType": "TAKEOUT", "locationId": LOCATION}), 201
        )
        line = {"productId": product["id"], "quantity": 1}
        for _ in range(JAMMED_TICKETS):
            _ok(client.post(f"/api/orders/{order['id']}/items", json=line), 201)
            _ok(client.post(f"/api/orders/{order['id']}/send"))
        asked = time.monotonic()
        receipt = {"printerId": _till_id(client)}
        _ok(client.post(f"/api/orders/{order['id']}/receipt/print", json=receipt), 202)
        try:
            till.wait_for(1, timeout=GIVE_UP_SECONDS)
        except AssertionError:
            return {"receipt_beside_jammed_s": float("inf")}
        return {"receipt_beside_jammed_s": time.monotonic() - asked}


def _till_id(client: httpx.Client) -> str:
    found = _ok(client.get("/api/printers/receipt", params={"locationId": LOCATION}))["data"]
    till: str = found[0]["id"]
    return till


def measure() -> dict[str, float]:
    figures: dict[str, float] = {}
    for part in (_webhooks, _printers):
        with (
            tempfile.TemporaryDirectory(prefix="brigade-lanes-") as work,
            throwaway_database("sqlite", Path(work)) as url,
        ):
            server = ServerProcess(
                url, Path(work) / "server.log", workers=1, environment=ENVIRONMENT
            )
            server.start()
            headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
            try:
                with httpx.Client(base_url=server.base_url, headers=headers, timeout=60) as client:
                    figures |= part(client)
            finally:
                server.stop()
    return figures


def main() -> None:
    for name, value in measure().items():
        print(f"{name:28} {value:8.2f}")


if __name__ == "__main__":
    main()

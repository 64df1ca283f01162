"""What kitchen printing adds to a send: the median time of ``POST /api/orders/{id}/send`` (3
items) in process, with no printer at the location and with two KITCHEN printers (a grill
station and an expo printer). Jobs are queued, not sent (``BRIGADE_PRINTING=off``): this is the
send's own cost. Not a timed test, a measurement to read::

    python bench/print_cost.py                    # SQLite, in a fresh file
    python bench/print_cost.py --database-url postgresql://postgres@127.0.0.1:5432/<empty db>
    python bench/print_cost.py --printers 0       # also runs on a revision without printers
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, event

from brigade.app import create_app
from brigade.kit.db.migrate import upgrade
from brigade.settings import Settings

TOKEN = "print-cost-bench-token-0123456789abcdef"  # noqa: S105 (a throwaway database's)
LOCATION = "0196a1b2-0000-7000-8000-000000000001"
ROUNDS = 200
# SQL statements executed, by every engine: what a send costs the database, without the noise
# of a shared machine's timings.
_statements = [0]


@event.listens_for(Engine, "before_cursor_execute")
def _count(*_: Any) -> None:
    _statements[0] += 1


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _add_printers(client: TestClient, category_id: str) -> None:
    for name, categories in (("Grill", [category_id]), ("Expo", [])):
        body = {"name": name, "locationId": LOCATION, "host": "10.0.0.9", "kind": "KITCHEN"}
        _ok(client.post("/api/printers", json=body | {"categoryIds": categories}), 201)


def _send_times(client: TestClient, products: list[dict[str, Any]]) -> list[tuple[float, int]]:
    """Each send's time and SQL statements."""
    times = []
    for _ in range(ROUNDS):
        order = _ok(
            client.post("/api/orders", json={"orderType": "DINE_IN", "locationId": LOCATION}), 201
        )
        for product in products:
            body = {"productId": product["id"], "quantity": 1}
            _ok(client.post(f"/api/orders/{order['id']}/items", json=body), 201)
        started, before = time.perf_counter(), _statements[0]
        _ok(client.post(f"/api/orders/{order['id']}/send"))
        times.append((time.perf_counter() - started, _statements[0] - before))
    return times


def measure(database_url: str, printers: int) -> list[tuple[float, int]]:
    upgrade(database_url)
    settings = Settings(database_url=database_url, admin_token=TOKEN, printing="off")
    with TestClient(create_app(settings), headers={"Authorization": f"Bearer {TOKEN}"}) as client:
        grill = _ok(
            client.post("/api/categories", json={"name": "Grill", "locationId": LOCATION}), 201
        )
        products = [
            _ok(client.post("/api/products", json=body), 201)
            for body in (
                {"name": "Steak", "price": 20, "locationId": LOCATION, "categoryId": grill["id"]},
                {"name": "Fries", "price": 4, "locationId": LOCATION},
                {"name": "Salad", "price": 7, "locationId": LOCATION},
            )
        ]
        if printers:
            _add_printers(client, grill["id"])
        _send_times(client, products[:1])  # warm-up
        return _send_times(client, products)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("::")[0])
    parser.add_argument("--database-url", help="an empty database (default: a fresh SQLite file)")
    parser.add_argument("--printers", type=int, choices=(0, 2), default=2)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        url = arguments.database_url or f"sqlite:///{Path(directory) / 'print-cost.db'}"
        times = measure(url, arguments.printers)
    ms = sorted(seconds * 1000 for seconds, _count in times)
    statements = statistics.median(count for _seconds, count in times)
    print(
        f"{arguments.printers} kitchen printers: send median {statistics.median(ms):.2f} ms, "
        f"p90 {ms[int(len(ms) * 0.9)]:.2f} ms over {len(ms)} sends, {statements:g} SQL statements"
    )


if __name__ == "__main__":
    main()

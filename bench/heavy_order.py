"""How long one write holds SQLite's writer on a heavy order, against a small one (issue 11,
item 7): not a timed test, a measurement to read. ``python bench/heavy_order.py``.

A small order (3 items) and a heavy one (500 items, each with the most modifiers an item takes)
on a fresh SQLite file; each kind of write runs ``ROUNDS`` times on each order, in process,
and the writer's hold time (lock taken to lock released, less the commit) is measured around
the unit of work itself. Prints the medians, their ratio, and the size of each order's GET.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from brigade.app import create_app
from brigade.kit.db import engine
from brigade.kit.db.migrate import upgrade
from brigade.orders.domain.aggregate import MAX_ITEMS_PER_ORDER
from brigade.settings import Settings

TOKEN = "heavy-order-bench-token-0123456789abcdef"  # noqa: S105 (a throwaway database's)
ROUNDS = 25
LOCATION = "0196a1b2-0000-7000-8000-000000000001"


@contextmanager
def _writer_hold_times() -> Iterator[list[float]]:
    """Record how long each write unit of work holds the writer lock, less its commit: the
    commit's fsync is the same for any order and, on a shared machine, the noisiest part."""
    sqlite_uow, connection = engine._SqliteUnitOfWork, engine._InLoopConnection
    open_, closed, commit = sqlite_uow._open, sqlite_uow._closed, connection.commit
    started: dict[int, float] = {}
    committing: list[float] = []
    holds: list[float] = []

    async def timed_open(self: Any) -> Any:
        opened = await open_(self)
        if self._writer is not None:
            started[id(self)] = time.perf_counter()
            committing.clear()
        return opened

    async def timed_commit(self: Any) -> None:
        began = time.perf_counter()
        await commit(self)
        committing.append(time.perf_counter() - began)

    async def timed_closed(self: Any) -> None:
        began = started.pop(id(self), None)
        if began is not None:
            holds.append(time.perf_counter() - began - sum(committing))
        await closed(self)

    sqlite_uow._open, sqlite_uow._closed = timed_open, timed_closed  # type: ignore[method-assign]
    connection.commit = timed_commit  # type: ignore[method-assign]
    try:
        yield holds
    finally:
        sqlite_uow._open, sqlite_uow._closed = open_, closed  # type: ignore[method-assign]
        connection.commit = commit  # type: ignore[method-assign]


def _ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _order(
    client: TestClient, product: dict[str, Any], items: int, modifiers: int
) -> dict[str, Any]:
    order = _ok(client.post("/api/orders", json={"orderType": "DINE_IN"}), 201)
    extras = [
        {"modifierOptionId": str(uuid.uuid4()), "name": f"Extra {n} " + "x" * 40, "price": 0.5}
        for n in range(modifiers)
    ]
    for n in range(items):
        body = {"productId": product["id"], "quantity": 1, "modifiers": extras, "notes": f"#{n}"}
        _ok(client.post(f"/api/orders/{order['id']}/items", json=body), 201)
    return order


def _median_hold_ms(holds: list[float], write: Callable[[int], None]) -> float:
    holds.clear()
    for round_ in range(ROUNDS):
        write(round_)
    return statistics.median(holds) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'heavy.db'}"
        upgrade(url)
        settings = Settings(database_url=url, admin_token=TOKEN)
        headers = {"Authorization": f"Bearer {TOKEN}"}
        with TestClient(create_app(settings), headers=headers) as client:
            body = {"name": "Burger", "price": 10, "locationId": LOCATION}
            product = _ok(client.post("/api/products", json=body), 201)
            extra = {"productId": product["id"], "quantity": 1}
            small = _order(client, product, 3, 2)
            heavy = _order(client, product, MAX_ITEMS_PER_ORDER, 20)
            rows = []
            with _writer_hold_times() as holds:
                for name, order in (("small (3 items)", small), ("heavy (500 x 20)", heavy)):
                    url = f"/api/orders/{order['id']}"
                    item = _ok(client.get(url))["items"][-1]["id"]
                    size = len(client.get(url).content)

                    def notes(n: int, url: str = url, item: str = item) -> None:
                        _ok(client.put(f"{url}/items/{item}", json={"notes": f"round {n}"}))

                    def pay(n: int, url: str = url) -> None:
                        body = {"amount": 0.01, "paymentMethod": "CASH"}
                        _ok(client.post(f"{url}/payments", json=body), 201)

                    def add(n: int, url: str = url, full: bool = order is heavy) -> None:
                        response = client.post(f"{url}/items", json=extra)
                        assert response.status_code == (409 if full else 201), response.text

                    rows.append(
                        (
                            name,
                            _median_hold_ms(holds, notes),
                            _median_hold_ms(holds, pay),
                            _median_hold_ms(holds, add),
                            size,
                        )
                    )
    print("| order | change notes | pay | add (heavy: refused 409) | GET bytes |")
    print("|---|---|---|---|---|")
    for name, *cells, size in rows:
        print(f"| {name} | " + " | ".join(f"{ms:.2f} ms" for ms in cells) + f" | {size:,} |")
    ratios = [heavy / small for small, heavy in zip(rows[0][1:4], rows[1][1:4], strict=True)]
    print("heavy / small: " + ", ".join(f"{ratio:.1f}x" for ratio in ratios))
    sys.exit(0)


if __name__ == "__main__":
    main()

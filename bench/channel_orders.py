"""What channels cost the server (docs/design.md §29): the worker's own CPU a request,
measured as bench/cpu_per_request.py measures it, for a delivery platform's signed order of
three lines pushed in (made on an unsent check, NEW) and for the ordering page's public read
(the guests' menu of the seeded location's 60 bench dishes, and its 16 pickup slots).

    PYTHONPATH=bench:tests:src .venv/bin/python bench/channel_orders.py [--database postgresql]
"""

from __future__ import annotations

import itertools
import secrets
import tempfile
import uuid
from pathlib import Path

import httpx
import orjson
import run
from cpu_per_request import _timed, run_and_report

from brigade.demo import DEMO_LOCATION
from channels.channel_simulator import sign
from throwaway_db import throwaway_database

ROUNDS = 8
PAGE_READS = 1_600  # over the rounds
WARMUP = 50
ORDERS = 192  # platforms' orders, over the rounds
DISHES = 60
PAGE = "GET /api/order-pages/{slug} (60 dishes, 16 slots)"
PUSH = "POST /api/channels/{channelId}/orders (3 lines, signed)"


def _menu_with_plus(http: httpx.Client) -> list[str]:
    """The first DISHES bench dishes shown to guests, each with a PLU (its sku): their PLUs."""
    query: dict[str, str | int] = {
        "limit": 100,
        "search": "bench dish",
        "locationId": str(DEMO_LOCATION),
    }
    dishes = http.get("/api/products", params=query).json()["data"][:DISHES]
    plus = []
    for n, dish in enumerate(dishes):
        plu = f"BENCH-{n}"
        change = {"guestVisible": True, "sku": plu}
        http.put(f"/api/products/{dish['id']}", json=change).raise_for_status()
        plus.append(plu)
    return plus


def _channel(http: httpx.Client, **fields: object) -> dict[str, str]:
    body = {"locationId": str(DEMO_LOCATION), "name": "Bench"} | fields
    made: dict[str, str] = http.post("/api/channels", json=body).raise_for_status().json()
    return made


def measure(database: str, work: Path) -> dict[str, list[float]]:
    option = "sqlite" if database == "sqlite" else run.PG_SERVER
    plan = run.FULL
    spent: dict[str, list[float]] = {PAGE: [], PUSH: []}
    admin = secrets.token_urlsafe(32)
    with (
        throwaway_database(option, Path(tempfile.mkdtemp(dir=work)), "0001") as url,
        run._prepared_server(
            url, 1, plan, products=plan.products, orders=plan.orders, admin=admin
        ) as (base, _, pid),
        httpx.Client(base_url=base, headers={"Authorization": f"Bearer {admin}"}) as http,
        httpx.Client(base_url=base) as public,
    ):
        plus = itertools.cycle(_menu_with_plus(http))
        inbound = _channel(http, kind="INBOUND")
        _channel(http, kind="WEB", slug="bench")
        page = "/api/order-pages/bench"
        for _ in range(WARMUP):
            public.get(page).raise_for_status()
        shown = sum(len(s["products"]) for s in public.get(page).json()["menu"]["sections"])
        assert shown == DISHES, f"{shown} dishes on the page"
        orders = f"/api/channels/{inbound['id']}/orders"

        def read_page() -> int:
            for _ in range(PAGE_READS // ROUNDS):
                public.get(page).raise_for_status()
            return PAGE_READS // ROUNDS

        def push() -> int:
            for _ in range(ORDERS // ROUNDS):
                order = {
                    "channelOrderId": f"bench-{uuid.uuid4().hex}",
                    "orderType": "DELIVERY",
                    "customerName": "Ana",
                    "items": [{"plu": next(plus), "quantity": 1} for _ in range(3)],
                }
                body = orjson.dumps(order)
                answer = public.post(orders, content=body, headers=sign(inbound["secret"], body))
                answer.raise_for_status()
            return ORDERS // ROUNDS

        for round_ in range(1 + ROUNDS):
            page_figure, push_figure = _timed(pid, read_page), _timed(pid, push)
            if round_:  # the first round, uncounted, warms the worker
                spent[PAGE].append(page_figure)
                spent[PUSH].append(push_figure)
    return spent


def main() -> None:
    run_and_report(__doc__, "brigade-channels-", ROUNDS, measure)


if __name__ == "__main__":
    main()

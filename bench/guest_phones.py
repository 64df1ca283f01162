"""What guests' phones cost the server (docs/design.md §28): the worker's own CPU a request,
measured as bench/cpu_per_request.py measures it, for the guests' menu read and for a round of
three items sent to the kitchen at once, on the seeded location with its 60 bench dishes on the
guests' menu (and their modifier groups). Each round of the rounds' figure orders at tables of
its own, each from a new visit (the visits, untimed).

    .venv/bin/python bench/guest_phones.py [--database postgresql]
"""

from __future__ import annotations

import itertools
import secrets
import tempfile
from pathlib import Path
from typing import Any

import httpx
import run
from cpu_per_request import _timed, run_and_report

from brigade.demo import DEMO_LOCATION
from throwaway_db import throwaway_database

ROUNDS = 8
MENU_READS = 1_600  # over the rounds
WARMUP = 50
ORDERS = 192  # guests' rounds, over the rounds
DISHES = 60
MENU = "GET /api/guest/visits/{visit_id}/menu (60 dishes)"
ORDER = "POST /api/guest/visits/{visit_id}/orders (3 items, sent at once)"


def _open_to_guests(http: httpx.Client) -> list[str]:
    """The location takes rounds from phones, sent at once; its first DISHES bench dishes are on
    the guests' menu. Answers those dishes' ids."""
    path = f"/api/locations/{DEMO_LOCATION}"
    profile = {
        k: v for k, v in http.get(path).json().items() if k not in ("id", "createdAt", "updatedAt")
    }
    profile |= {"guestOrdering": "ORDER", "guestOrdersNeedConfirm": False}
    http.put(path, json=profile).raise_for_status()
    query: dict[str, str | int] = {
        "limit": 100,
        "search": "bench dish",
        "locationId": str(DEMO_LOCATION),
    }
    dishes = [dish["id"] for dish in http.get("/api/products", params=query).json()["data"]]
    for dish in dishes[:DISHES]:
        http.put(f"/api/products/{dish}", json={"guestVisible": True}).raise_for_status()
    return dishes[:DISHES]


def _visit(http: httpx.Client, guest: httpx.Client) -> str:
    """A phone's visit at a new table."""
    table = {"locationId": str(DEMO_LOCATION), "name": f"Bench {secrets.token_hex(4)}"}
    code = http.post("/api/tables", json=table).raise_for_status().json()["guestCode"]
    visit: str = guest.post(f"/api/guest/tables/{code}/visits").raise_for_status().json()["id"]
    return visit


def measure(database: str, work: Path) -> dict[str, list[float]]:
    option = "sqlite" if database == "sqlite" else run.PG_SERVER
    plan = run.FULL
    spent: dict[str, list[float]] = {MENU: [], ORDER: []}
    admin = secrets.token_urlsafe(32)  # a location's profile is an ADMIN's
    with (
        throwaway_database(option, Path(tempfile.mkdtemp(dir=work)), "0001") as url,
        run._prepared_server(
            url, 1, plan, products=plan.products, orders=plan.orders, admin=admin
        ) as (
            base,
            _,
            pid,
        ),
        httpx.Client(base_url=base, headers={"Authorization": f"Bearer {admin}"}) as http,
        httpx.Client(base_url=base) as guest,
    ):
        dishes = itertools.cycle(_open_to_guests(http))
        reader = _visit(http, guest)
        menu = f"/api/guest/visits/{reader}/menu"
        for _ in range(WARMUP):
            guest.get(menu).raise_for_status()
        shown = sum(len(section["products"]) for section in guest.get(menu).json()["sections"])
        assert shown == DISHES, f"{shown} dishes on the guests' menu"

        def read_menu() -> int:
            for _ in range(MENU_READS // ROUNDS):
                guest.get(menu).raise_for_status()
            return MENU_READS // ROUNDS

        for round_ in range(1 + ROUNDS):
            visits = [_visit(http, guest) for _ in range(ORDERS // ROUNDS)]

            def order(visits: list[str] = visits) -> int:
                for visit in visits:
                    items: list[dict[str, Any]] = [
                        {"productId": next(dishes), "quantity": 1} for _ in range(3)
                    ]
                    answer = guest.post(f"/api/guest/visits/{visit}/orders", json={"items": items})
                    answer.raise_for_status()
                return len(visits)

            menu_figure, order_figure = _timed(pid, read_menu), _timed(pid, order)
            if round_:  # the first round, uncounted, warms the worker
                spent[MENU].append(menu_figure)
                spent[ORDER].append(order_figure)
    return spent


def main() -> None:
    run_and_report(__doc__, "brigade-guests-", ROUNDS, measure)


if __name__ == "__main__":
    main()

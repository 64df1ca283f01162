"""What one worker spends on a read: the server's own CPU time (user + system, from /proc)
over a few thousand keep-alive requests in a row from one client, divided by the requests.
Unlike requests per second, the figure barely moves with the load generator or with what else
the machine is doing, so a change to the request path can be judged on a shared machine.
Prints a markdown table; `--baseline REV` measures that revision too, in the same run, the two
servers taking turns.

    .venv/bin/python bench/cpu_per_request.py
    .venv/bin/python bench/cpu_per_request.py --baseline cc25ada --database postgresql
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import run

from throwaway_db import throwaway_database

REQUESTS = 3_000
WARMUP = 200


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    utime, stime = int(fields[11]), int(fields[12])
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


Read = Callable[[], httpx.Response]


def _reads(http: httpx.Client, base: str, token: str) -> dict[str, Read]:
    """The hot reads: a product, a category's first 20 products (a seeded category with at
    least 20 of them), a seeded dish by its barcode, and an order of 10 items."""
    listed = http.get("/api/products", params={"limit": 100}).json()["data"]
    for product in listed:
        path = f"/api/products/{product['id']}"
        page = {"categoryId": http.get(path).json()["categoryId"], "limit": 20}
        if page["categoryId"] and http.get("/api/products", params=page).json()["total"] >= 20:
            break
    else:
        raise RuntimeError("no seeded category holds 20 products")
    dish = http.get("/api/products", params={"search": "bench dish 000001"}).json()["data"][0]
    scanned = f"/api/products/barcode/{dish['barcode']}"
    order = run._order_with_ten_items(base, token)
    dishes = http.get("/api/products", params={"search": "bench dish", "limit": 3}).json()["data"]
    return {
        "get product": lambda: http.get(path),
        "a category's 20 products": lambda: http.get("/api/products", params=page),
        "barcode lookup": lambda: http.get(scanned),
        "get order (10 items)": lambda: http.get(order),
        "health (no token, one statement)": lambda: http.get("/health"),
        CYCLE: lambda: _order_cycle(http, dishes),
    }


# A terminal's order, from opening to completing: 8 requests, measured per request.
CYCLE = "order cycle: open, 3 items, send, read, cash, complete (per request)"
CYCLE_REQUESTS = 8


def _order_cycle(http: httpx.Client, dishes: list[dict[str, str]]) -> httpx.Response:
    opened = http.post("/api/orders", json={"orderType": "DINE_IN"}).raise_for_status()
    path = f"/api/orders/{opened.json()['id']}"
    for dish in dishes:
        http.post(f"{path}/items", json={"productId": dish["id"], "quantity": 1}).raise_for_status()
    http.post(f"{path}/send").raise_for_status()
    due = http.get(path).json()["balanceDue"]
    http.post(f"{path}/payments", json={"amount": due, "paymentMethod": "CASH"}).raise_for_status()
    return http.post(f"{path}/complete")


ROUNDS = 6


@contextmanager
def _served(code: Path, database: str, work: Path) -> Iterator[tuple[int, dict[str, Read]]]:
    """A seeded worker running the Brigade in ``code``: its pid and its hot reads."""
    option = "sqlite" if database == "sqlite" else run.PG_SERVER
    plan = run.FULL
    with (
        throwaway_database(option, Path(tempfile.mkdtemp(dir=work)), "0001") as url,
        run._prepared_server(
            url, 1, plan, products=plan.products, orders=plan.orders, code=code
        ) as (base, token, pid),
        httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as http,
    ):
        yield pid, _reads(http, base, token)


def measure(trees: dict[str, Path], database: str, work: Path) -> dict[str, dict[str, float]]:
    """Microseconds of server CPU a request, for each read and each tree's Brigade. The trees
    serve side by side and take turns, a slice of each read at a time: a shared machine's load
    moves while a run lasts, and measured one after the other an unchanged request path read
    as 36 % dearer (interleaved: within 5 %)."""
    with ExitStack() as stack:
        served = {
            label: stack.enter_context(_served(code, database, work))
            for label, code in trees.items()
        }
        spent = {label: dict.fromkeys(reads, 0.0) for label, (_pid, reads) in served.items()}
        for _round in range(ROUNDS):
            for label, (pid, reads) in served.items():
                for name, read in reads.items():
                    calls = _calls(name)
                    for _ in range(WARMUP // ROUNDS // _requests(name)):
                        read().raise_for_status()
                    before = _cpu_seconds(pid)
                    for _ in range(calls):
                        read()
                    spent[label][name] += _cpu_seconds(pid) - before
    return {
        label: {
            name: seconds / (_calls(name) * ROUNDS * _requests(name)) * 1e6
            for name, seconds in figures.items()
        }
        for label, figures in spent.items()
    }


def _requests(name: str) -> int:
    return CYCLE_REQUESTS if name == CYCLE else 1


def _calls(name: str) -> int:
    """Calls a round: about as many requests for each entry."""
    return REQUESTS // ROUNDS // _requests(name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--baseline", help="a revision to measure too (its own tree, same run)")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="brigade-cpu-"))
    trees = {"this checkout": run.ROOT}
    if arguments.baseline:
        trees = {arguments.baseline: run._baseline_tree(arguments.baseline, work)} | trees
    results = measure(trees, arguments.database, work)
    print(f"Server CPU a request, µs ({arguments.database}, 1 worker, {REQUESTS} requests):\n")
    print("| read | " + " | ".join(results) + " |")
    print("|---|" + "---|" * len(results))
    for name in next(iter(results.values())):
        print(f"| {name} | " + " | ".join(f"{r[name]:,.0f}" for r in results.values()) + " |")


if __name__ == "__main__":
    main()

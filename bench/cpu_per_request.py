"""What one worker spends on each hot route: the server's own CPU time (each thread's, from
/proc) over a few hundred keep-alive requests in a row from one client, divided by the
requests. Unlike requests per second, the figure does not count the time the worker waits for
a core or for the load generator, so a change to the request path can be judged on a shared
machine; a busier machine still reads every route dearer (bench/README.md). Prints a markdown
table; `--baseline REV` measures that revision too, in the same run, the two servers taking
turns. `--budget` compares this checkout with bench/budget.json (bench/budget.py) and writes
that section of the report; `--update-budget` records the figures.

    .venv/bin/python bench/cpu_per_request.py
    .venv/bin/python bench/cpu_per_request.py --baseline cc25ada --database postgresql
    .venv/bin/python bench/cpu_per_request.py --budget [--update-budget]   # make bench-budget
    .venv/bin/python bench/cpu_per_request.py --baseline cc25ada --as-pin-session

`--as-pin-session` calls as a manager's PIN session on a terminal at the seeded location
instead of a staff token (which has no location): every request then goes through the
location boundary's check (docs/security.md).
"""

from __future__ import annotations

import argparse
import itertools
import os
import secrets
import shutil
import statistics
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import budget
import httpx
import run
import rush
import screens

from brigade.demo import DEMO_LOCATION
from throwaway_db import throwaway_database

ROUNDS = 8  # after one more, uncounted: the first round of each tree cost up to 40 % more
READS = 3_200  # requests of each read, over the rounds
WARMUP_READS = 200  # before each read's slice, over the rounds
ORDERS = 384  # orders taken through the write steps, over the rounds
WARMUP_ORDERS = 3  # a round's first orders, through every step uncounted

# The reads, each a route (OpenAPI's path) and what it reads.
GET_PRODUCT = "GET /api/products/{product_id}"
CATEGORY_PAGE = "GET /api/products?categoryId&limit=20 (20 products)"
BARCODE = "GET /api/products/barcode/{barcode}"
GET_ORDER = "GET /api/orders/{order_id} (10 items)"
HEALTH = "GET /health (no token, one statement)"
# The rush's writes (bench/rush.py), step by step.
CREATE = "POST /api/orders"
ADD_ITEM = "POST /api/orders/{order_id}/items"
SEND = "POST /api/orders/{order_id}/send"
DISCOUNT = "POST /api/orders/{order_id}/discount"
PAYMENT = "POST /api/orders/{order_id}/payments (card with tip)"
COMPLETE = "POST /api/orders/{order_id}/complete"


def _cpu_ns(pid: int) -> dict[str, int]:
    """Each thread's time on a CPU so far, in ns (/proc's schedstat): exact, where the
    process's user and system times of /proc/PID/stat count whole clock ticks (10 ms, as much
    as 7 % of a step's few hundred ms)."""
    times = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            times[task.name] = int((task / "schedstat").read_text().split()[0])
        except FileNotFoundError:  # a thread that ended meanwhile
            continue
    return times


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
    return {
        GET_PRODUCT: lambda: http.get(path),
        CATEGORY_PAGE: lambda: http.get("/api/products", params=page),
        BARCODE: lambda: http.get(scanned),
        GET_ORDER: lambda: http.get(order),
        HEALTH: lambda: http.get("/health"),
    }


@dataclass
class Orders:
    """A round's fresh orders, which each write step takes one step further, as a terminal of
    the rush does: 3 items (the first with a catalogue modifier), send, a discount, 2 card
    payments with tips, complete."""

    http: httpx.Client
    dishes: Iterator[str]
    modifier: str
    paths: list[str] = field(default_factory=list)
    balances: list[float] = field(default_factory=list)

    def _post(self, url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        answer: dict[str, Any] = self.http.post(url, json=body).raise_for_status().json()
        return answer

    def create(self, count: int) -> int:
        self.paths = [
            f"/api/orders/{self._post('/api/orders', {'orderType': 'DINE_IN'})['id']}"
            for _ in range(count)
        ]
        return count

    def add_items(self) -> int:
        for path in self.paths:
            for index in range(rush.ITEMS_PER_ORDER):
                item: dict[str, Any] = {"productId": next(self.dishes), "quantity": 1}
                if index == 0:
                    item["modifiers"] = [{"modifierOptionId": self.modifier}]
                self._post(f"{path}/items", item)
        return len(self.paths) * rush.ITEMS_PER_ORDER

    def send(self) -> int:
        return self._each("send")

    def discount(self) -> int:
        self.balances = [
            self._post(f"{path}/discount", {"discountAmount": 1})["balanceDue"]
            for path in self.paths
        ]
        return len(self.paths)

    def pay(self) -> int:
        for path, balance in zip(self.paths, self.balances, strict=True):
            for card in rush.card_payments(balance):
                self._post(f"{path}/payments", card)
        return len(self.paths) * rush.PAYMENTS_PER_ORDER

    def complete(self) -> int:
        return self._each("complete")

    def _each(self, step: str) -> int:
        for path in self.paths:
            self._post(f"{path}/{step}")
        return len(self.paths)


@dataclass
class Served:
    """A seeded worker: its pid, its reads, and what a round's orders are made of."""

    pid: int
    reads: dict[str, Read]
    orders: Callable[[], Orders]


def _orders_factory(http: httpx.Client) -> Callable[[], Orders]:
    found = http.get("/api/products", params={"limit": 100, "search": "bench dish"}).json()
    dishes = itertools.cycle([dish["id"] for dish in found["data"]])
    modifiers: dict[str, str | int] = {"limit": 1, "productType": "MODIFIER"}
    modifier = http.get("/api/products", params=modifiers).json()["data"][0]["id"]
    return lambda: Orders(http, dishes, modifier)


def _pin_session(base: str, admin: str) -> str:
    """A manager's PIN session on a terminal paired at the seeded location."""
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {admin}"}) as http:
        device = {"name": "bench terminal", "kind": "TERMINAL", "locationId": str(DEMO_LOCATION)}
        terminal = http.post("/api/devices", json=device).json()["token"]
        manager = http.post("/api/staff", json={"name": "Bench", "role": "MANAGER"}).json()
        http.put(f"/api/staff/{manager['id']}/pin", json={"pin": "7391"}).raise_for_status()
        signed_in = http.post(
            "/api/sessions",
            json={"staffId": manager["id"], "pin": "7391"},
            headers={"Authorization": f"Bearer {terminal}"},
        )
        signed_in.raise_for_status()
        session: str = signed_in.json()["token"]
        return session


@contextmanager
def _served(code: Path, database: str, work: Path, *, as_pin_session: bool) -> Iterator[Served]:
    """A seeded worker running the Brigade in ``code``, called with a MANAGER's staff token
    or PIN session."""
    option = "sqlite" if database == "sqlite" else run.PG_SERVER
    plan = run.FULL
    admin = secrets.token_urlsafe(32)
    with (
        throwaway_database(option, Path(tempfile.mkdtemp(dir=work)), "0001") as url,
        run._prepared_server(
            url, 1, plan, products=plan.products, orders=plan.orders, code=code, admin=admin
        ) as (base, staff_token, pid),
    ):
        token = _pin_session(base, admin) if as_pin_session else staff_token
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as http:
            yield Served(pid, _reads(http, base, token), _orders_factory(http))


Rounds = dict[str, list[float]]  # route → µs of server CPU a request, one figure a round


def _timed(pid: int, step: Callable[[], int]) -> float:
    """µs of the worker's CPU a request over the requests ``step`` makes."""
    before = _cpu_ns(pid)
    requests = step()
    after = _cpu_ns(pid)
    spent = sum(ns - before.get(thread, 0) for thread, ns in after.items())
    return spent / requests / 1e3


def run_and_report(
    doc: str | None,
    prefix: str,
    rounds: int,
    measure: Callable[[str, Path], dict[str, list[float]]],
) -> None:
    """A bench's command line: ``--database``, ``measure`` in a folder of its own, then each
    route's median CPU a request over ``rounds`` with its spread, as a Markdown table."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        spent = measure(arguments.database, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(
        f"Server CPU a request, µs, median of {rounds} rounds ({arguments.database}, 1 worker):\n"
    )
    print("| route | µs | rounds |")
    print("|---|---:|---|")
    for route, figures in spent.items():
        spread = f"{min(figures):,.0f} to {max(figures):,.0f}"
        print(f"| {route} | {statistics.median(figures):,.0f} | {spread} |")


def _read_round(served: Served, spent: Rounds) -> None:
    calls = READS // ROUNDS
    for route, read in served.reads.items():
        for _ in range(WARMUP_READS // ROUNDS):
            read().raise_for_status()

        def reading(read: Read = read) -> int:
            for _ in range(calls):
                read().raise_for_status()
            return calls

        spent.setdefault(route, []).append(_timed(served.pid, reading))


def _write_round(served: Served, spent: Rounds) -> None:
    """Each step's CPU over the round's orders; the step before it was their setup."""
    warm = served.orders()
    warm.create(WARMUP_ORDERS)
    for warming in (warm.add_items, warm.send, warm.discount, warm.pay, warm.complete):
        warming()
    orders = served.orders()
    steps: dict[str, Callable[[], int]] = {
        CREATE: lambda: orders.create(ORDERS // ROUNDS),
        ADD_ITEM: orders.add_items,
        SEND: orders.send,
        DISCOUNT: orders.discount,
        PAYMENT: orders.pay,
        COMPLETE: orders.complete,
    }
    for route, step in steps.items():
        spent.setdefault(route, []).append(_timed(served.pid, step))


def measure(
    trees: dict[str, Path], database: str, work: Path, *, as_pin_session: bool = False
) -> dict[str, Rounds]:
    """Microseconds of server CPU a request, each round's, for each route and each tree's
    Brigade. The trees serve side by side and take turns, a round of every route at a time: a
    shared machine's load moves while a run lasts, and measured one after the other an
    unchanged request path read as 36 % dearer (interleaved: within 5 %)."""
    with ExitStack() as stack:
        served = {
            label: stack.enter_context(_served(code, database, work, as_pin_session=as_pin_session))
            for label, code in trees.items()
        }
        spent: dict[str, Rounds] = {label: {} for label in served}
        for round_ in range(1 + ROUNDS):
            for label, server in served.items():
                figures = spent[label] if round_ else {}
                _read_round(server, figures)
                _write_round(server, figures)
    return spent


def medians(rounds: Rounds) -> dict[str, float]:
    """A route's figure: the median of its rounds, which a burst of load in one round moves
    less than the mean (bench/README.md, the performance budget)."""
    return {route: statistics.median(figures) for route, figures in rounds.items()}


def _revision() -> str:
    command = ["git", "-C", str(run.ROOT), "describe", "--always", "--dirty", "--abbrev=7"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--baseline", help="a revision to measure too (its own tree, same run)")
    parser.add_argument(
        "--budget",
        action="store_true",
        help="compare this checkout with bench/budget.json and write that section of --output",
    )
    parser.add_argument(
        "--update-budget",
        action="store_true",
        help="with --budget: record this checkout's figures in bench/budget.json",
    )
    parser.add_argument(
        "--as-pin-session",
        action="store_true",
        help="call as a manager's PIN session at the seeded location, not a staff token",
    )
    parser.add_argument("--output", type=Path, default=run.BENCH / "results.md")
    arguments = parser.parse_args()
    if (arguments.budget or arguments.update_budget) and arguments.database != "sqlite":
        parser.error("the budget is measured on SQLite")
    revision, date = _revision(), datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_at_start = os.getloadavg()[0]
    work = Path(tempfile.mkdtemp(prefix="brigade-cpu-"))
    trees = {"this checkout": run.ROOT}
    try:
        if arguments.baseline:
            trees = {arguments.baseline: run._baseline_tree(arguments.baseline, work)} | trees
        rounds = measure(trees, arguments.database, work, as_pin_session=arguments.as_pin_session)
    finally:  # the seeded databases and the baseline's tree
        shutil.rmtree(work, ignore_errors=True)
    results = {label: medians(figures) for label, figures in rounds.items()}
    print(
        f"Server CPU a request, µs, median of {ROUNDS} rounds ({arguments.database}, 1 worker, "
        f"{'a PIN session' if arguments.as_pin_session else 'a staff token'}; "
        f"{READS} requests of each read, {ORDERS} orders through the writes):\n"
    )
    print("| route | " + " | ".join(results) + " | rounds (this checkout) |")
    print("|---|" + "---:|" * len(results) + "---|")
    for route, figures in rounds["this checkout"].items():
        spread = f"{min(figures):,.0f} to {max(figures):,.0f}"
        cells = [f"{r[route]:,.0f}" for r in results.values()]
        print(f"| {route} | " + " | ".join(cells) + f" | {spread} |")
    if not (arguments.budget or arguments.update_budget):
        return
    now = budget.Budget(
        revision, date, (load_at_start, os.getloadavg()[0]), results["this checkout"]
    )
    section = budget.render(budget.load(), now)
    print("\n" + section)
    screens.write_section(arguments.output, section)
    if arguments.update_budget:
        budget.save(now)
        print(f"recorded in {budget.BUDGET}")


if __name__ == "__main__":
    main()

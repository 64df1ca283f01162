"""The benchmark: real `brigade serve` processes on loopback, loaded by separate client
processes (wrk, and bench/rush.py), against the floor (bench/floor.py). Writes a report.

    python bench/run.py                 # everything: `make bench` (about 17 minutes)
    python bench/run.py --quick         # a 10-second rush on SQLite: `make bench-quick`
    python bench/run.py --only-screens  # the terminal in a browser (bench/screens.py)
    python bench/run.py --only-latency  # on a slow tablet (bench/terminal_latency.py)
    python bench/run.py --only-kitchen-render  # the kitchen display with 40 tickets
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import resource
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(BENCH), str(BENCH.parent / "tests")]

import charts  # noqa: E402
import kitchen_render  # noqa: E402
import kitchen_screens  # noqa: E402
import plans  # noqa: E402
import report  # noqa: E402
import screens  # noqa: E402
import terminal_latency  # noqa: E402

from brigade.demo import DEMO_LOCATION  # noqa: E402
from throwaway_db import throwaway_database  # noqa: E402

PG_SERVER = os.environ.get("BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
READ_CONNECTIONS = 64
# What the live figures are compared with: the last revision before the event outbox.
PRE_OUTBOX_REVISION = "b154237"
LIVE_TERMINALS = 16
LIVE_STREAMS = 200
# The sales report on a year of history: 100,000 orders over 365 days.
REPORT_ORDERS = 100_000
REPORT_HISTORY_DAYS = 365
REPORT_SPANS = (1, 31)  # days
REPORT_REPEATS = 7


@dataclass
class Plan:
    databases: list[str]
    workers: list[int]
    terminals: list[int]
    warmup: float
    duration: float
    reads_seconds: float
    products: int
    categories: int
    orders: int
    growth: list[tuple[int, int]]  # (products, orders) for the growth runs
    with_wrk: bool
    with_live: bool
    with_reports: bool


FULL = Plan(
    databases=["sqlite", "postgresql"],
    workers=[1, 2],
    terminals=[16, 64],
    warmup=5,
    duration=30,
    reads_seconds=10,
    products=1_000,
    categories=40,
    orders=10_000,
    growth=[(10_000, 100_000), (100_000, 100_000)],
    with_wrk=True,
    with_live=True,
    with_reports=True,
)
QUICK = Plan(
    databases=["sqlite"],
    workers=[1],
    terminals=[16],
    warmup=2,
    duration=10,
    reads_seconds=0,
    products=200,
    categories=10,
    orders=500,
    growth=[],
    with_wrk=False,
    with_live=False,
    with_reports=False,
)


@dataclass
class Result:
    """One configuration's figures, as report.py renders them."""

    database: str
    workers: int
    products: int
    orders: int
    rush: list[dict[str, Any]] = field(default_factory=list)
    reads: dict[str, dict[str, Any]] = field(default_factory=dict)
    floor: dict[str, Any] | None = None
    peak_rss_mb: list[float] = field(default_factory=list)
    plans: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Live:
    """What live events cost: the rush before the outbox and with it (same run, same
    machine), then with LIVE_STREAMS event streams held open on the one worker."""

    database: str
    baseline_revision: str
    before: dict[str, Any]
    after: dict[str, Any]
    with_streams: dict[str, Any]
    streams: dict[str, Any]
    rss_mb_idle: float
    rss_mb_streams_open: float


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _brigade(*arguments: str, environment: dict[str, str]) -> str:
    command = [sys.executable, "-m", "brigade", *arguments]
    done = subprocess.run(command, env=environment, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"brigade {' '.join(arguments)} failed:\n{done.stderr[-3000:]}")
    return done.stdout.strip()


def _memory_mb(pid: int, field: str = "VmHWM") -> list[float]:
    """``field`` of /proc/PID/status (VmHWM: the peak; VmRSS: now) of each uvicorn worker
    (the master itself when it serves alone)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    # Workers only: multiprocessing's resource tracker is a child too.
    workers = [
        int(child)
        for child in children
        if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
    ] or [pid]
    peaks = []
    for worker in workers:
        for line in Path(f"/proc/{worker}/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                peaks.append(int(line.split()[1]) / 1024)
    return peaks


@contextmanager
def _serving(command: list[str], environment: dict[str, str], port: int) -> Iterator[int]:
    log = tempfile.NamedTemporaryFile(prefix="bench-server-", suffix=".log", delete=False)  # noqa: SIM115
    process = subprocess.Popen(command, env=environment, stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"server exited: {Path(log.name).read_text()}")
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/products/x", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)


def _wrk(url: str, token: str, seconds: float) -> dict[str, Any]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    # A 10 s timeout: a slow answer counts in the latencies, not as an error.
    command = [
        "wrk",
        "-t2",
        f"-c{READ_CONNECTIONS}",
        f"-d{int(seconds)}s",
        "--timeout",
        "10s",
        "-s",
    ]
    command += [str(BENCH / "wrk_report.lua"), url]
    done = subprocess.run(
        command, env=os.environ | {"BENCH_TOKEN": token}, capture_output=True, text=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    figures["requests_per_s"] = figures["requests"] / figures["seconds"]
    figures["client_cpu_percent"] = 100 * cpu / figures["seconds"]
    return figures


def _rush(base: str, token: str, terminals: int, plan: Plan) -> dict[str, Any]:
    command = [sys.executable, str(BENCH / "rush.py"), "--base", base, "--token", token]
    command += ["--terminals", str(terminals), "--warmup", str(plan.warmup)]
    command += ["--duration", str(plan.duration)]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def _order_with_ten_items(base: str, token: str) -> str:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as http:
        dishes = http.get("/api/products", params={"search": "bench dish", "limit": 10}).json()
        order = http.post("/api/orders", json={"orderType": "DINE_IN"}).json()
        for dish in dishes["data"]:
            item = {"productId": dish["id"], "quantity": 1}
            http.post(f"/api/orders/{order['id']}/items", json=item).raise_for_status()
        return f"/api/orders/{order['id']}"


def _read_urls(base: str, token: str) -> dict[str, str]:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as http:
        dish = http.get("/api/products", params={"search": "bench dish 000001"}).json()["data"][0]
    return {
        "get product": f"/api/products/{dish['id']}",
        "barcode lookup": f"/api/products/barcode/{dish['barcode']}",
        "list category": f"/api/products?categoryId={dish['categoryId']}",
        "order detail (10 items)": _order_with_ten_items(base, token),
    }


@dataclass
class ReportTiming:
    """The sales report's answer time on a year of history, one span of business days."""

    database: str
    days: int
    orders_in_span: int
    median_ms: float
    max_ms: float


@contextmanager
def _prepared_server(
    database_url: str,
    workers: int,
    plan: Plan,
    *,
    products: int,
    orders: int,
    code: Path = ROOT,
    history_days: int | None = None,
    admin: str | None = None,
) -> Iterator[tuple[str, str, int]]:
    """Seed a fresh database and serve it with the Brigade found in ``code`` (this checkout,
    or an older revision's tree: see ``--baseline``); yields (base URL, MANAGER token, pid).
    ``admin``: the server's bootstrap ADMIN token, for a caller that sets something up."""
    admin = admin or secrets.token_urlsafe(32)
    environment = os.environ | {
        "BRIGADE_DATABASE_URL": database_url,
        "BRIGADE_LOG_LEVEL": "warning",
        "BRIGADE_ADMIN_TOKEN": admin,
        "PYTHONPATH": os.pathsep.join(str(code / part) for part in ("src", "bench", "tests")),
    }
    _brigade("migrate", environment=environment)  # older revisions' demo-data did not migrate
    _brigade("demo-data", environment=environment)
    # The tree's own seed: it writes rows the way that revision's tables want them.
    seeding = "import sys, seed; seed.run(sys.argv[1], products_count=int(sys.argv[2]), "
    seeding += "categories_count=int(sys.argv[3]), orders_count=int(sys.argv[4])"
    # Older trees' seed takes no history.
    seeding += ")" if history_days is None else f", history_days={history_days})"
    counts = [str(products), str(plan.categories), str(orders)]
    command = [sys.executable, "-c", seeding, database_url, *counts]
    subprocess.run(command, env=environment, check=True, capture_output=True)
    token = _brigade(
        "token", "create", "--role", "MANAGER", "--name", "bench", environment=environment
    )
    port = _free_port()
    command = [sys.executable, "-m", "brigade", "serve", "--no-migrate", "--port", str(port)]
    with _serving([*command, "--workers", str(workers)], environment, port) as pid:
        yield f"http://127.0.0.1:{port}", token, pid


def measure(database_url: str, result: Result, plan: Plan, *, rush: bool, floor: bool) -> None:
    """Seed, serve, load and stop one configuration, filling ``result``."""
    prepared = _prepared_server(
        database_url, result.workers, plan, products=result.products, orders=result.orders
    )
    with prepared as (base, token, pid):
        # Reads first, on the database as seeded, so every size is compared like for like.
        if plan.with_wrk:
            urls = _read_urls(base, token)
            result.reads = {
                name: _wrk(base + url, token, plan.reads_seconds) for name, url in urls.items()
            }
        if rush:
            result.rush = [_rush(base, token, n, plan) for n in plan.terminals]
        result.peak_rss_mb = _memory_mb(pid)
    if floor and plan.with_wrk:
        result.floor = _floor(database_url, result.workers, urls["get product"], plan)
    result.plans = asyncio.run(plans.explain(database_url))


def measure_reports(database: str, plan: Plan, work: Path) -> list[ReportTiming]:
    """GET /api/reports/sales for the last day and the last 31 days of a year of history,
    each asked REPORT_REPEATS times in a row through a real server (1 worker)."""
    option = "sqlite" if database == "sqlite" else PG_SERVER
    timings = []
    with (
        throwaway_database(option, Path(tempfile.mkdtemp(dir=work))) as url,
        _prepared_server(
            url, 1, plan, products=plan.products, orders=REPORT_ORDERS,
            history_days=REPORT_HISTORY_DAYS,
        ) as (base, token, _pid),
        httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as http,
    ):  # fmt: skip
        yesterday = datetime.now(UTC).date() - timedelta(days=1)
        for days in REPORT_SPANS:
            params = {
                "locationId": str(DEMO_LOCATION),
                "from": str(yesterday - timedelta(days=days - 1)),
                "to": str(yesterday),
            }
            elapsed, answer = [], {}
            for _ in range(REPORT_REPEATS):
                started = time.perf_counter()
                response = http.get("/api/reports/sales", params=params, timeout=60)
                elapsed.append((time.perf_counter() - started) * 1000)
                response.raise_for_status()
                answer = response.json()
            timings.append(
                ReportTiming(
                    database, days, answer["orderCount"], statistics.median(elapsed), max(elapsed)
                )
            )
    return timings


def _floor(database_url: str, workers: int, path: str, plan: Plan) -> dict[str, Any]:
    port = _free_port()
    command = [sys.executable, str(BENCH / "floor.py"), str(port), str(workers)]
    environment = os.environ | {"BENCH_DATABASE_URL": database_url}
    with _serving(command, environment, port):
        return _wrk(f"http://127.0.0.1:{port}{path}", "unused", plan.reads_seconds)


def _baseline_tree(revision: str, work: Path) -> Path:
    """The code of ``revision`` (src, bench, tests), unpacked beside this run."""
    tree = work / f"baseline-{revision[:12]}"
    if tree.exists():  # unpacked for the other database already
        return tree
    tree.mkdir()
    command = ["git", "-C", str(ROOT), "archive", revision, "src", "bench", "tests"]
    archive = subprocess.run(command, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def measure_live(database: str, plan: Plan, revision: str, work: Path) -> Live:
    option = "sqlite" if database == "sqlite" else PG_SERVER

    @contextmanager
    def serving(code: Path) -> Iterator[tuple[str, str, int]]:
        with (
            # Only the first migration here: each tree's own `brigade migrate` takes it to its head.
            throwaway_database(option, Path(tempfile.mkdtemp(dir=work)), "0001") as url,
            _prepared_server(
                url, 1, plan, products=plan.products, orders=plan.orders, code=code
            ) as server,
        ):
            yield server

    with serving(_baseline_tree(revision, work)) as (base, token, _):
        before = _rush(base, token, LIVE_TERMINALS, plan)
    with serving(ROOT) as (base, token, pid):
        after = _rush(base, token, LIVE_TERMINALS, plan)
        idle = _memory_mb(pid, "VmRSS")[0]
        listening = plan.warmup + plan.duration + 10
        command = [sys.executable, str(BENCH / "streams.py"), "--base", base, "--token", token]
        command += ["--streams", str(LIVE_STREAMS), "--seconds", str(listening)]
        streams = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        time.sleep(5)  # every stream connected and idle
        open_streams = _memory_mb(pid, "VmRSS")[0]
        with_streams = _rush(base, token, LIVE_TERMINALS, plan)
        figures: dict[str, Any] = json.loads(streams.communicate(timeout=listening + 60)[0])
    return Live(database, revision, before, after, with_streams, figures, idle, open_streams)


def measure_kitchen(plan: Plan, output: Path) -> int:
    """Kitchen screens during the rush (bench/kitchen_screens.py); answers the errors."""
    work = Path(tempfile.mkdtemp(prefix="brigade-bench-"))
    figures = []
    for database in plan.databases:
        option = "sqlite" if database == "sqlite" else PG_SERVER
        # The kitchen display's location is set up by an ADMIN (docs/security.md).
        admin = secrets.token_urlsafe(32)
        with throwaway_database(option, Path(tempfile.mkdtemp(dir=work))) as url:
            figures.append(
                kitchen_screens.measure(
                    database,
                    functools.partial(
                        _prepared_server,
                        url,
                        1,
                        plan,
                        products=plan.products,
                        orders=plan.orders,
                        admin=admin,
                    ),
                    lambda base, token: _rush(base, token, LIVE_TERMINALS, plan),
                    plan.warmup + plan.duration,
                    admin=admin,
                )
            )
    shutil.rmtree(work, ignore_errors=True)
    # The render's section (bench/kitchen_render.py) shares the file: only this one is replaced.
    screens.write_section(output, kitchen_screens.render(figures))
    print(f"report: {output}; errors: {kitchen_screens.errors(figures)}")
    return 1 if kitchen_screens.errors(figures) else 0


def measure_budget(output: Path) -> None:
    """The performance budget (bench/budget.py) into its section of the report: it reports, a
    route over budget does not fail the run. Its own process, as bench/cpu_per_request.py
    builds on this module."""
    command = [sys.executable, str(BENCH / "cpu_per_request.py"), "--budget"]
    subprocess.run([*command, "--output", str(output)], check=True)


def _ensure_wrk() -> None:
    if shutil.which("wrk"):
        return
    installer = ["apt-get", "install", "-y", "wrk"]
    if os.geteuid() != 0:
        installer = ["sudo", "-n", *installer]
    subprocess.run(installer, check=True, capture_output=True)


def run(
    plan: Plan,
    output: Path,
    *,
    baseline: str,
    only_live: bool = False,
    only_reports: bool = False,
) -> tuple[list[Result], list[Live]]:
    if plan.with_wrk and not only_live:
        _ensure_wrk()
    results: list[Result] = []
    lives: list[Live] = []
    work = Path(tempfile.mkdtemp(prefix="brigade-bench-"))
    if plan.with_live and not only_reports:
        for database in plan.databases:
            lives.append(measure_live(database, plan, baseline, work))
            print(report.live_line(lives[-1]), flush=True)
    if only_live:
        shutil.rmtree(work, ignore_errors=True)
        output.write_text(report.render_live(lives))
        return results, lives
    timings: list[ReportTiming] = []
    if plan.with_reports:
        for database in plan.databases:
            timings += measure_reports(database, plan, work)
            print(report.report_timing_line(timings[-len(REPORT_SPANS) :]), flush=True)
    if only_reports:
        shutil.rmtree(work, ignore_errors=True)
        output.write_text(report.render_reports(timings))
        return results, lives
    for database in plan.databases:
        for workers in plan.workers:
            result = Result(database, workers, plan.products, plan.orders)
            option = "sqlite" if database == "sqlite" else PG_SERVER
            with throwaway_database(option, Path(tempfile.mkdtemp(dir=work))) as url:
                measure(url, result, plan, rush=True, floor=True)
            results.append(result)
            print(report.summary_line(result), flush=True)
    for products, orders in plan.growth:
        result = Result("sqlite", 1, products, orders)
        with throwaway_database("sqlite", Path(tempfile.mkdtemp(dir=work))) as url:
            measure(url, result, plan, rush=False, floor=False)
        results.append(result)
        print(report.summary_line(result), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    drawn = charts.write(results, output)
    output.write_text(report.render(results, lives, timings, quick=plan is QUICK, charts=drawn))
    if plan is FULL:
        screens.run(output)
        terminal_latency.run(output)
        kitchen_render.run(BENCH / "results-kitchen.md")
    return results, lives


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a 10-second rush on SQLite")
    parser.add_argument("--duration", type=float, help="seconds of each rush, after warm-up")
    parser.add_argument("--output", type=Path, help="where to write the report")
    parser.add_argument(
        "--baseline",
        default=PRE_OUTBOX_REVISION,
        help="the git revision the live figures compare with (default: the last one before "
        "the event outbox)",
    )
    parser.add_argument(
        "--only-live", action="store_true", help="only the live-events figures (about 6 minutes)"
    )
    parser.add_argument(
        "--only-reports",
        action="store_true",
        help="only the sales report on a year of history (about 3 minutes)",
    )
    parser.add_argument(
        "--only-screens",
        action="store_true",
        help="only the terminal in a browser, into its section of results.md (about a minute)",
    )
    parser.add_argument(
        "--only-latency",
        action="store_true",
        help="only the terminal on a slowed CPU and a 150 ms round trip, into its section of "
        "results.md (about two minutes)",
    )
    parser.add_argument(
        "--only-kitchen-render",
        action="store_true",
        help="only the kitchen display's render of a board update with 40 tickets, CPU slowed "
        "4x, into its section of results-kitchen.md (about two minutes)",
    )
    parser.add_argument(
        "--only-kitchen",
        action="store_true",
        help="only kitchen screens during the rush (about 6 minutes)",
    )
    arguments = parser.parse_args()
    if arguments.only_screens:
        screens.run(arguments.output or BENCH / "results.md")
        return 0
    if arguments.only_latency:
        terminal_latency.run(arguments.output or BENCH / "results.md")
        return 0
    if arguments.only_kitchen_render:
        kitchen_render.run(arguments.output or BENCH / "results-kitchen.md")
        return 0
    plan = QUICK if arguments.quick else FULL
    if arguments.duration:
        plan.duration = arguments.duration
    if arguments.only_kitchen:
        return measure_kitchen(plan, arguments.output or BENCH / "results-kitchen.md")
    default = "results.md"
    if arguments.only_live:
        default = "results-live.md"
    elif arguments.only_reports:
        default = "results-reports.md"
    output = arguments.output or BENCH / ("results-quick.md" if arguments.quick else default)
    results, lives = run(
        plan,
        output,
        baseline=arguments.baseline,
        only_live=arguments.only_live,
        only_reports=arguments.only_reports,
    )
    errors = sum(r["errors"] for result in results for r in result.rush)
    errors += sum(r["errors"] for result in results for r in result.reads.values())
    errors += sum(
        live.before["errors"] + live.after["errors"] + live.with_streams["errors"] for live in lives
    )
    errors += sum(live.streams["errors"] for live in lives)
    print(f"report: {output}; errors: {errors}")
    if plan.with_live and not (arguments.only_live or arguments.only_reports):
        errors += measure_kitchen(plan, BENCH / "results-kitchen.md")
        measure_budget(output)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

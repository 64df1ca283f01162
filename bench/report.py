"""bench/results.md from the run's figures; the profile notes come from bench/profile.md."""

from __future__ import annotations

import os
import platform
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import capacity

if TYPE_CHECKING:
    from run import Live, ReportTiming, Result

PROFILE = Path(__file__).resolve().parent / "profile.md"
TARGET_ORDERS_PER_S = 150
TARGET_P99_MS = 50
TARGET_FLOOR_SHARE = 0.5
TARGET_GROWTH = 1.5
# The rush's endpoints (bench/rush.py), by what they do to the database.
WRITES = ("create order", "add item", "send", "discount", "payment", "complete")
READS = ("list category", "barcode", "get product")
TARGET_RSS_MB = 150
# The second performance pass (issue 19): get product's share of the floor per database, a
# category's products on one SQLite worker, the rush's p99 per database and terminals.
TARGET_FLOOR_SHARE_19 = {"sqlite": 0.35, "postgresql": 0.30}
TARGET_LIST_PER_S = 1_000
TARGET_ORDERS_PER_S_19 = 30
TARGET_P99_MS_19 = {("sqlite", 16): 50, ("sqlite", 64): 150, ("postgresql", 64): 300}
TARGET_OUTBOX_SHARE = 0.9  # the rush with the event outbox keeps 90 % of the rush before it
# The sales report on a year of history (100,000 orders): the slowest answer of a span, in ms.
TARGET_REPORT_MS = {1: 100, 31: 1000}


def _name(result: Result) -> str:
    return f"{result.database}, {result.workers} worker{'s' if result.workers > 1 else ''}"


def summary_line(result: Result) -> str:
    rush = "; ".join(
        f"{r['terminals']} terminals: {r['orders_per_s']:.1f} orders/s, {r['errors']} errors"
        for r in result.rush
    )
    reads = "; ".join(f"{n}: {r['requests_per_s']:.0f}/s" for n, r in result.reads.items())
    return f"{_name(result)} ({result.products} products): {rush} {reads}".strip()


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return [*lines, ""]


def _rush(results: list[Result]) -> list[str]:
    lines = ["## Rush", ""]
    rows = [
        [
            _name(result),
            r["terminals"],
            f"{r['orders_per_s']:.1f}",
            f"{r['requests_per_s']:.0f}",
            r["errors"],
            f"{r['client_cpu_percent']:.0f} %",
        ]
        for result in results
        for r in result.rush
    ]
    header = ["configuration", "terminals", "orders/s", "requests/s", "errors", "client CPU"]
    lines += _table(header, rows)
    for result in results:
        for r in result.rush:
            lines.append(f"**{_name(result)}, {r['terminals']} terminals**, latency in ms:")
            lines.append("")
            endpoint_rows = [
                [name, e["count"], f"{e['p50']:.1f}", f"{e['p95']:.1f}", f"{e['p99']:.1f}"]
                for name, e in r["endpoints"].items()
            ]
            lines += _table(["endpoint", "requests", "p50", "p95", "p99"], endpoint_rows)
            if r["error_samples"]:
                lines += ["Errors seen:", "", *(f"- `{e}`" for e in r["error_samples"]), ""]
    return lines


def _reads(results: list[Result]) -> list[str]:
    lines = ["## Reads (wrk, 2 threads, 64 connections)", ""]
    rows = []
    for result in results:
        if result.products != results[0].products:
            continue
        for name, r in result.reads.items():
            rows.append(_read_row(_name(result), name, r))
        if result.floor:
            rows.append(_read_row(_name(result), "**floor**: get product", result.floor))
            ratio = result.reads["get product"]["requests_per_s"] / result.floor["requests_per_s"]
            rows.append([_name(result), f"**get product / floor = {ratio:.0%}**", "", "", "", ""])
    lines += _table(
        ["configuration", "scenario", "requests/s", "p50 / p95 / p99 ms", "errors", "client CPU"],
        rows,
    )
    return lines


def _read_row(configuration: str, name: str, r: dict[str, Any]) -> list[Any]:
    return [
        configuration,
        name,
        f"{r['requests_per_s']:.0f}",
        f"{r['p50']:.1f} / {r['p95']:.1f} / {r['p99']:.1f}",
        r["errors"],
        f"{r['client_cpu_percent']:.0f} %",
    ]


def _growth(results: list[Result]) -> list[str]:
    runs = [r for r in results if r.database == "sqlite" and r.workers == 1 and r.reads]
    if len(runs) < 2:
        return []
    base = runs[0]
    lines = [
        "## Growth (SQLite, 1 worker): p50 of each read against the first run",
        "",
    ]
    header = ["scenario", *(f"{r.products:,} products, {r.orders:,} orders" for r in runs)]
    rows = []
    for name, first in base.reads.items():
        cells = [name]
        for run in runs:
            p50 = run.reads[name]["p50"]
            cells.append(f"{p50:.1f} ms ({p50 / first['p50']:.2f}x)")
        rows.append(cells)
    return [*lines, *_table(header, rows)]


def _memory(results: list[Result]) -> list[str]:
    rows = [
        [_name(r), f"{r.products:,}", ", ".join(f"{mb:.0f} MB" for mb in r.peak_rss_mb)]
        for r in results
    ]
    return ["## Peak RSS per worker", "", *_table(["configuration", "products", "VmHWM"], rows)]


def _plans(results: list[Result]) -> list[str]:
    lines = ["## Query plans", ""]
    seen = set()
    for result in results:
        if result.database in seen or not result.plans:
            continue
        seen.add(result.database)
        lines += [f"### {result.database} ({result.products:,} products)", ""]
        for name, plan in result.plans.items():
            lines += [f"{name}:", "", "```", *plan, "```", ""]
    return lines


def worst_p99(rush: dict[str, Any], names: tuple[str, ...]) -> float | None:
    """The highest p99 among ``names`` in one rush; None when none of them was measured."""
    measured = [float(e["p99"]) for n, e in rush["endpoints"].items() if n in names]
    return max(measured) if measured else None


def _write_p99(rush: dict[str, Any]) -> float:
    return worst_p99(rush, WRITES) or 0.0


def live_line(live: Live) -> str:
    share = live.after["orders_per_s"] / live.before["orders_per_s"]
    return (
        f"live, {live.database}: {live.before['orders_per_s']:.1f} orders/s before the outbox, "
        f"{live.after['orders_per_s']:.1f} with it ({share:.0%}), "
        f"{live.with_streams['orders_per_s']:.1f} with {live.streams['streams']} streams"
    )


def _live(lives: list[Live]) -> list[str]:
    if not lives:
        return []
    lines = [
        "## Live events: the outbox and open streams (1 worker, 16 terminals)",
        "",
        f"Before = revision `{lives[0].baseline_revision[:12]}`, the last before the event "
        "outbox, served from its own tree in this same run; after = this checkout. Streams: "
        "`bench/streams.py` holds them open on the one worker during the rush, each reading "
        "every event; the lag is arrival minus the event's `at`.",
        "",
    ]
    rows = []
    for live in lives:
        share = live.after["orders_per_s"] / live.before["orders_per_s"]
        per_stream_kb = (
            (live.rss_mb_streams_open - live.rss_mb_idle) * 1024 / live.streams["streams"]
        )
        lag = live.streams["lag_ms"]
        rows.append(
            [
                live.database,
                f"{live.before['orders_per_s']:.1f} (p99 {_write_p99(live.before):.0f} ms)",
                f"{live.after['orders_per_s']:.1f} (p99 {_write_p99(live.after):.0f} ms)",
                f"{share:.0%} ({_verdict(share >= TARGET_OUTBOX_SHARE)})",
                f"{live.with_streams['orders_per_s']:.1f} "
                f"(p99 {_write_p99(live.with_streams):.0f} ms)",
                f"{live.streams['connected']}/{live.streams['streams']}, "
                f"{live.streams['events']:,} events, {live.streams['errors']} errors",
                f"{lag['p50']:.0f} / {lag['p99']:.0f} ms",
                f"{live.streams['client_cpu_percent']:.0f} %",
                f"{live.rss_mb_idle:.0f} → {live.rss_mb_streams_open:.0f} MB "
                f"({per_stream_kb:.0f} KB/stream)",
            ]
        )
    header = [
        "database",
        "before: orders/s",
        "with outbox",
        "kept",
        f"with {lives[0].streams['streams']} streams",
        "streams",
        "lag p50 / p99",
        "stream client CPU",
        "worker RSS",
    ]
    return [*lines, *_table(header, rows)]


def render_live(lives: list[Live]) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return "\n".join(
        [f"# Live-events figures ({when}, `bench/run.py --only-live`)", "", *_live(lives)]
    )


def _verdict(ok: bool) -> str:
    return "met" if ok else "**not met**"


def _targets(results: list[Result]) -> list[str]:
    sqlite_one = next(r for r in results if r.database == "sqlite" and r.workers == 1)
    rows = []
    for rush in sqlite_one.rush:
        # A very short run on a busy machine may measure no write of a kind at all.
        writes = [
            rush["endpoints"].get(n, {}).get("p99", float("nan")) for n in ("add item", "payment")
        ]
        ok = (
            rush["orders_per_s"] >= TARGET_ORDERS_PER_S
            and rush["errors"] == 0
            and max(writes) <= TARGET_P99_MS
        )
        figures = (
            f"{rush['orders_per_s']:.1f} orders/s, {rush['errors']} errors, "
            f"p99 add item {writes[0]:.0f} ms, payment {writes[1]:.0f} ms"
        )
        rows.append(
            [f"rush, SQLite 1 worker, {rush['terminals']} terminals", figures, _verdict(ok)]
        )
    if sqlite_one.floor:
        share = (
            sqlite_one.reads["get product"]["requests_per_s"] / sqlite_one.floor["requests_per_s"]
        )
        rows.append(["get product vs floor", f"{share:.0%}", _verdict(share >= TARGET_FLOOR_SHARE)])
    growth = [r for r in results if r.database == "sqlite" and r.workers == 1 and r.reads]
    if len(growth) > 1:
        worst = max(
            growth[-1].reads[name]["p50"] / growth[0].reads[name]["p50"] for name in growth[0].reads
        )
        rows.append(
            [
                f"p50 at {growth[-1].products:,} products",
                f"worst {worst:.2f}x the first run",
                _verdict(worst <= TARGET_GROWTH),
            ]
        )
    peak = max(mb for r in results for mb in r.peak_rss_mb)
    rows.append(["peak RSS per worker", f"{peak:.0f} MB", _verdict(peak <= TARGET_RSS_MB)])
    return ["## Targets", "", *_table(["target", "measured", "verdict"], rows)]


def _rush_target_rows(results: list[Result]) -> list[list[str]]:
    """Issue 19's rush targets: SQLite, 1 worker, 16 terminals: orders/s and every write's p99;
    SQLite 1 worker and PostgreSQL 1 and 2 workers at 64 terminals: every endpoint's p99."""
    rows = []
    for result in results:
        for rush in result.rush:
            key = (result.database, rush["terminals"])
            limit = TARGET_P99_MS_19.get(key)
            if limit is None or (result.database == "sqlite" and result.workers != 1):
                continue
            writes_only = key == ("sqlite", 16)
            p99 = worst_p99(rush, WRITES if writes_only else WRITES + READS) or float("nan")
            figures = f"worst {'write ' if writes_only else ''}p99 {p99:.0f} ms (≤ {limit} ms)"
            ok = p99 <= limit and rush["errors"] == 0
            if writes_only:
                orders = rush["orders_per_s"]
                figures = f"{orders:.1f} orders/s (≥ {TARGET_ORDERS_PER_S_19}), {figures}"
                ok = ok and orders >= TARGET_ORDERS_PER_S_19
            where = f"{result.database}, {result.workers} worker(s), {rush['terminals']} terminals"
            rows.append([f"rush, {where}", figures, _verdict(ok)])
    return rows


def _second_pass_targets(results: list[Result], lives: list[Live]) -> list[str]:
    """Issue 19's targets, each from this run's figures."""
    rows = _rush_target_rows(results)
    for result in results:
        if result.floor is None or not result.reads:
            continue
        share = result.reads["get product"]["requests_per_s"] / result.floor["requests_per_s"]
        least = TARGET_FLOOR_SHARE_19[result.database]
        where = f"{result.database}, {result.workers} worker(s)"
        rows.append(
            [
                f"get product vs floor, {where}",
                f"{share:.0%} (≥ {least:.0%})",
                _verdict(share >= least),
            ]
        )
        if result.database == "sqlite" and result.workers == 1:
            listed = result.reads["list category"]["requests_per_s"]
            rows.append(
                [
                    "a category's products, SQLite 1 worker",
                    f"{listed:,.0f} req/s (≥ {TARGET_LIST_PER_S:,})",
                    _verdict(listed >= TARGET_LIST_PER_S),
                ]
            )
    for live in lives:
        rows.append(
            [
                f"worker RSS with {live.streams['streams']} streams, {live.database}",
                f"{live.rss_mb_streams_open:.0f} MB (≤ {TARGET_RSS_MB})",
                _verdict(live.rss_mb_streams_open <= TARGET_RSS_MB),
            ]
        )
    if not rows:
        return []
    return [
        "## Targets of the second pass (issue 19)",
        "",
        *_table(["target", "measured", "verdict"], rows),
    ]


def _capacity(results: list[Result]) -> list[str]:
    figures = capacity.model(results, TARGET_P99_MS)
    if not figures:
        return []
    header, rows = capacity.table(figures, TARGET_P99_MS)
    return [*capacity.explanation(TARGET_P99_MS), *_table(header, rows), *capacity.LIMITS]


def report_timing_line(timings: list[ReportTiming]) -> str:
    return f"sales report, {timings[0].database}: " + "; ".join(
        f"{t.days} day(s) {t.median_ms:.0f} ms median, {t.max_ms:.0f} ms max" for t in timings
    )


def _reports(timings: list[ReportTiming]) -> list[str]:
    if not timings:
        return []
    lines = [
        "## The sales report on a year of history (1 worker)",
        "",
        "`GET /api/reports/sales` through a real server on a fresh database holding 100,000 "
        "completed orders spread over 365 days (two items and a card payment each), asked 7 "
        "times in a row for the last day and for the last 31 days; the time is the whole "
        "request as the client sees it.",
        "",
    ]
    rows = [
        [
            t.database,
            t.days,
            f"{t.orders_in_span:,}",
            f"{t.median_ms:.0f} ms",
            f"{t.max_ms:.0f} ms",
            f"< {TARGET_REPORT_MS[t.days]:,} ms ({_verdict(t.max_ms < TARGET_REPORT_MS[t.days])})",
        ]
        for t in timings
    ]
    header = ["database", "days", "orders in them", "median", "slowest", "target"]
    return [*lines, *_table(header, rows)]


def render_reports(timings: list[ReportTiming]) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return "\n".join(
        [f"# Sales report figures ({when}, `bench/run.py --only-reports`)", "", *_reports(timings)]
    )


def render(
    results: list[Result],
    lives: list[Live],
    timings: list[ReportTiming],
    *,
    quick: bool,
    charts: list[str] | None = None,
) -> str:
    """The report; ``charts`` is the section linking the charts (bench/charts.py)."""
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Benchmark results",
        "",
        f"Measured {when} on {os.cpu_count()} cores, Python {platform.python_version()}; "
        "server, load generator and database share the machine. "
        + ("A quick smoke run (`make bench-quick`)." if quick else "`make bench`."),
        "Each configuration runs on a fresh database: `brigade demo-data` plus "
        f"{results[0].products:,} products in categories and {results[0].orders:,} past orders. "
        "Requests carry a MANAGER staff token (one token lookup per request, as in production).",
        "",
        *_targets(results),
        *_second_pass_targets(results, lives),
        *(charts or []),
        *_capacity(results),
        *_rush(results),
        *_live(lives),
        *_reports(timings),
        *_reads(results),
        *_growth(results),
        *_memory(results),
        *_plans(results),
    ]
    if PROFILE.exists():
        lines += [PROFILE.read_text()]
    return "\n".join(lines)

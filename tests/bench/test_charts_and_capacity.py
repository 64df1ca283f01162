"""The bench's charts (bench/charts.py) and capacity model (bench/capacity.py), on hand-made
results: no server runs here."""

from __future__ import annotations

import math
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
try:
    import capacity
    import charts
    import report
    from run import Result
finally:
    sys.path.remove(str(BENCH))

SVG = "{http://www.w3.org/2000/svg}"


def rush(terminals: int, orders_per_s: float, p99: dict[str, float]) -> dict[str, Any]:
    return {
        "terminals": terminals,
        "seconds": 30,
        "requests_per_s": orders_per_s * 33,
        "orders_per_s": orders_per_s,
        "errors": 0,
        "error_samples": [],
        "client_cpu_percent": 20.0,
        "endpoints": {
            name: {"count": 100, "p50": ms / 2, "p95": ms * 0.9, "p99": ms}
            for name, ms in p99.items()
        },
    }


def result(database: str, workers: int, *rushes: dict[str, Any]) -> Result:
    return Result(database, workers, 1_000, 10_000, rush=list(rushes), peak_rss_mb=[90.0])


def full_run() -> list[Result]:
    """Every configuration at 16 and 64 terminals; more workers, more orders, less latency."""
    results = []
    for database, slower in (("sqlite", 1.0), ("postgresql", 2.0)):
        for workers in (1, 2):
            results.append(
                result(
                    database,
                    workers,
                    *(
                        rush(
                            terminals,
                            orders_per_s=10.0 * workers / slower + terminals / 16,
                            p99={
                                "add item": slower * terminals * 3 / workers,
                                "payment": slower * terminals * 4 / workers,
                                "get product": slower * terminals / workers,
                                "list category": slower * terminals * 2 / workers,
                            },
                        )
                        for terminals in (16, 64)
                    ),
                )
            )
    return results


def parse(chart: charts.Chart) -> ET.Element:
    return ET.fromstring(charts.svg(chart))


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{SVG}text")]


def point_y(root: ET.Element, tip: str) -> float:
    """The height of the point whose title is ``tip`` (SVG's y grows downwards)."""
    for shape in [*root.iter(f"{SVG}circle"), *root.iter(f"{SVG}rect")]:
        title = shape.find(f"{SVG}title")
        if title is not None and title.text == tip:
            if shape.tag == f"{SVG}circle":
                return float(shape.attrib["cy"])
            return float(shape.attrib["y"]) + float(shape.attrib["height"]) / 2
    raise AssertionError(f"no point titled {tip!r}")


def drawn(results: list[Result]) -> dict[str, charts.Chart]:
    return {chart.name: chart for chart in charts.charts(results)}


def test_each_chart_is_svg_with_its_title_axes_and_every_series() -> None:
    made = drawn(full_run())
    assert set(made) == {"orders", "p99-writes", "p99-reads"}
    for chart in made.values():
        root = parse(chart)
        assert root.tag == f"{SVG}svg"
        # A white background first, so the chart reads in a dark theme too.
        background = root.find(f"{SVG}rect")
        assert background is not None
        assert background.attrib["fill"] == "#ffffff"
        assert background.attrib["width"] == root.attrib["width"]
        words = texts(root)
        assert chart.title in words
        assert "terminals" in words
        assert chart.unit in words
        assert {"16", "64"} <= set(words)
        for label in ("SQLite, 1 worker", "SQLite, 2 workers"):
            assert label in words
        for label in ("PostgreSQL, 1 worker", "PostgreSQL, 2 workers"):
            assert label in words
        # A line for each series in the plot, and one in the legend.
        assert len(list(root.iter(f"{SVG}polyline"))) == 8
        groups = [g.attrib["data-series"] for g in root.iter(f"{SVG}g")]
        assert len(groups) == 4
    assert "target 50 ms" in texts(parse(made["p99-writes"]))
    assert not any(w.startswith("target") for w in texts(parse(made["orders"])))


def test_a_larger_value_sits_higher_on_the_linear_and_the_log_scale() -> None:
    made = drawn(full_run())
    orders = parse(made["orders"])
    # 11 orders/s at 16 terminals against 14 at 64 (SQLite, 1 worker); 21 at 16 (2 workers).
    low = point_y(orders, "SQLite, 1 worker, 16 terminals: 11.0 orders/s")
    high = point_y(orders, "SQLite, 1 worker, 64 terminals: 14.0 orders/s")
    higher = point_y(orders, "SQLite, 2 workers, 16 terminals: 21.0 orders/s")
    assert higher < high < low
    # On a linear scale from 0 the heights are in proportion: 11, 14 and 21 above the axis.
    axis = charts.BOTTOM
    assert (axis - high) / (axis - low) == pytest.approx(14 / 11, rel=0.01)
    assert (axis - higher) / (axis - low) == pytest.approx(21 / 11, rel=0.01)
    writes = parse(made["p99-writes"])
    # Payment is the worst write: 64 ms at 16 terminals, 256 ms at 64 (SQLite, 1 worker).
    fast = point_y(writes, "SQLite, 1 worker, 16 terminals: 64.0 ms")
    slow = point_y(writes, "SQLite, 1 worker, 64 terminals: 256.0 ms")
    slowest = point_y(writes, "PostgreSQL, 1 worker, 64 terminals: 512.0 ms")
    assert slowest < slow < fast
    # On a log scale equal ratios are equal steps: 64 → 256 → 512 is two doublings, then one.
    assert (fast - slow) == pytest.approx(2 * (slow - slowest), rel=0.01)
    reads = parse(made["p99-reads"])
    assert point_y(reads, "SQLite, 1 worker, 64 terminals: 128.0 ms") < point_y(
        reads, "SQLite, 1 worker, 16 terminals: 32.0 ms"
    )


def test_every_point_is_inside_the_plot() -> None:
    for chart in drawn(full_run()).values():
        root = parse(chart)
        for circle in root.iter(f"{SVG}circle"):
            assert charts.TOP <= float(circle.attrib["cy"]) <= charts.BOTTOM


def test_a_missing_configuration_terminal_count_or_endpoint_is_left_out_and_said() -> None:
    results = [
        result("sqlite", 1, rush(16, 12.0, {"add item": 40.0, "get product": 20.0})),
        # Only 16 terminals: a point and no line.
        result("sqlite", 2, rush(16, 13.0, {"add item": 45.0, "get product": 21.0})),
        # A run too short to measure any write.
        result("postgresql", 1, rush(16, 9.0, {"get product": 30.0})),
        # A growth run: no rush, no series.
        Result("sqlite", 1, 100_000, 100_000),
    ]  # and no PostgreSQL with 2 workers at all
    made = drawn(results)
    for chart in made.values():
        assert chart.terminals == [16]
        root = parse(chart)
        assert "PostgreSQL, 2 workers" not in " ".join(texts(root))
        assert [s.label for s in chart.series] == [
            "SQLite, 1 worker",
            "SQLite, 2 workers",
            "PostgreSQL, 1 worker",
        ]
    writes = parse(made["p99-writes"])
    legend = texts(writes)
    assert legend[legend.index("PostgreSQL, 1 worker") + 1] == "not measured"
    assert "not measured" not in texts(parse(made["p99-reads"]))
    assert point_y(writes, "SQLite, 2 workers, 16 terminals: 45.0 ms") > 0
    # One point each: no line in the plot, only the two legend samples of measured series.
    assert len(list(writes.iter(f"{SVG}polyline"))) == 2
    reads = parse(made["p99-reads"])
    assert point_y(reads, "PostgreSQL, 1 worker, 16 terminals: 30.0 ms") > 0


def test_no_rush_no_chart(tmp_path: Path) -> None:
    assert charts.write([Result("sqlite", 1, 100_000, 100_000)], tmp_path / "results.md") == []
    assert not (tmp_path / "charts").exists()


def test_the_charts_are_written_beside_the_report_and_linked_from_it(tmp_path: Path) -> None:
    results = full_run()
    output = tmp_path / "results.md"
    lines = charts.write(results, output)
    assert lines[0] == "## Charts"
    links = [line for line in lines if line.startswith("![")]
    assert len(links) == 3
    for link in links:
        target = link[link.index("(") + 1 : -1]
        assert target.startswith("charts/results-")
        ET.parse(tmp_path / target)  # well-formed on disk
    text = report.render(results, [], [], quick=True, charts=lines)
    assert text.index("## Targets") < text.index("## Charts") < text.index("## Rush")
    assert "![Worst p99 of the writes](charts/results-p99-writes.svg)" in text
    assert "## Capacity model" in text


@pytest.mark.parametrize(
    ("values", "log", "expected"),
    [
        ([17.6, 24.5], False, [0, 5, 10, 15, 20, 25]),
        ([0.4, 0.9], False, [0, 0.2, 0.4, 0.6, 0.8, 1.0]),
        ([53.0, 958.0, 50.0], True, [20, 50, 100, 200, 500, 1000]),
        ([7.0, 7.0], True, [5, 10]),
    ],
)
def test_axis_ticks_are_round_and_cover_the_values(
    values: list[float], log: bool, expected: list[float]
) -> None:
    assert charts.ticks(values, log) == pytest.approx(expected)


def test_the_rush_order_is_33_requests() -> None:
    # create order, 3 items, send, discount, 2 payments: 8 writes with 3 reads each, + complete.
    # capacity imports it from rush: the figure the model is built on.
    assert capacity.REQUESTS_PER_ORDER == 8 * 4 + 1  # type: ignore[attr-defined]


def test_the_capacity_model_on_a_hand_made_result() -> None:
    # A check: (1 + 2.5 covers x 3 items + 3 sends + 0.2 discount + 1.5 payments) writes, each
    # with 3 reads, + complete.
    assert capacity.requests_per_check() == pytest.approx(13.2 * 4 + 1)
    checks_per_s = 120 * 2 / 2.5 / 3600  # 96 checks an hour at the burst
    demand = checks_per_s * 53.8 / 33
    assert capacity.restaurant_orders_per_s() == pytest.approx(demand)
    # 20 orders/s on 1 worker: 660 requests/s, S = 1.515 ms; u = 1 - ln(100) * S / 50 ms.
    one = capacity.capacity("postgresql", 1, 20.0, 50)
    assert one.service_ms == pytest.approx(1000 / 660)
    assert one.load == pytest.approx(1 - math.log(100) * (1000 / 660) / 50)
    assert one.load == pytest.approx(0.8604, abs=1e-4)
    assert one.restaurants_per_core == pytest.approx(395.8, abs=0.1)
    assert one.streams_per_core == pytest.approx(395.8 * 6, abs=1)
    # The same 20 orders/s on 2 workers: each worker's request takes twice as long.
    two = capacity.capacity("postgresql", 2, 20.0, 50)
    assert two.load == pytest.approx(0.7209, abs=1e-4)
    assert two.restaurants_per_core == pytest.approx(165.8, abs=0.1)


def test_a_worker_too_slow_for_the_target_serves_no_restaurant() -> None:
    # 1 order/s is 33 requests/s: S = 30 ms, and ln(100) * 30 ms is past 50 ms at any load.
    assert capacity.capacity("sqlite", 1, 1.0, 50).restaurants_per_core == 0


def test_the_model_takes_each_configuration_at_16_terminals_only() -> None:
    results = [
        *full_run(),
        Result("sqlite", 1, 100_000, 100_000),  # growth: no rush
    ]
    figures = capacity.model(results, 50)
    # SQLite's second worker waits on the first's write lock: not a core's capacity.
    assert [(c.database, c.workers) for c in figures] == [
        ("sqlite", 1),
        ("postgresql", 1),
        ("postgresql", 2),
    ]
    assert [c.orders_per_s for c in figures] == [11.0, 6.0, 11.0]
    # The worst p99 of the saturated rush, any endpoint: payment, 4 ms a terminal per worker.
    assert [c.saturated_p99_ms for c in figures] == [64.0, 128.0, 64.0]
    section = report._capacity(results)
    assert section[0] == "## Capacity model: restaurants per core at their peak"
    row = next(line for line in section if line.startswith("| sqlite, 1 worker |"))
    assert f"**{figures[0].restaurants_per_core:.0f}**" in row
    assert report._capacity([result("sqlite", 2, rush(16, 20.0, {}))]) == []


def test_the_second_pass_targets_judge_each_configuration_by_its_own_limit() -> None:
    fast = rush(16, 31.0, {"add item": 40.0, "payment": 49.0, "list category": 200.0})
    crowded = rush(64, 30.0, {"add item": 140.0, "get product": 151.0})
    pg_tail = rush(64, 14.0, {"payment": 290.0, "barcode": 120.0})
    sqlite = result("sqlite", 1, fast, crowded)
    sqlite.floor = {"requests_per_s": 5_000.0}
    sqlite.reads = {
        "get product": {"requests_per_s": 1_800.0},
        "list category": {"requests_per_s": 950.0},
    }
    rows = {
        line.split(" | ")[0].lstrip("| "): line
        for line in report._second_pass_targets([sqlite, result("postgresql", 2, pg_tail)], [])
        if line.startswith("| ") and "verdict" not in line
    }
    # 16 terminals: the writes only (list category's 200 ms does not count), and orders/s.
    assert rows["rush, sqlite, 1 worker(s), 16 terminals"].endswith("| met |")
    assert "31.0 orders/s" in rows["rush, sqlite, 1 worker(s), 16 terminals"]
    # 64 terminals: every endpoint, so get product's 151 ms misses 150.
    assert "p99 151 ms" in rows["rush, sqlite, 1 worker(s), 64 terminals"]
    assert rows["rush, sqlite, 1 worker(s), 64 terminals"].endswith("**not met** |")
    assert rows["rush, postgresql, 2 worker(s), 64 terminals"].endswith("| met |")
    assert "36%" in rows["get product vs floor, sqlite, 1 worker(s)"]
    assert rows["get product vs floor, sqlite, 1 worker(s)"].endswith("| met |")
    assert rows["a category's products, SQLite 1 worker"].endswith("**not met** |")

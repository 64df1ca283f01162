"""The performance budget (bench/budget.py) on hand-made figures: what it flags, and that its
section of the report replaces only itself. No server runs here."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
try:
    import budget
    from screens import write_section
finally:
    sys.path.remove(str(BENCH))

COMMITTED = budget.Budget(
    "585c619",
    "2026-11-27 13:40 UTC",
    (2.0, 2.5),
    {"GET /a": 1_000.0, "GET /b": 1_000.0, "POST /c": 2_000.0, "POST /gone": 500.0},
)
NOW = {"GET /a": 1_150.0, "GET /b": 1_100.0, "POST /c": 1_000.0, "GET /new": 700.0}


def measured(routes: dict[str, float], revision: str = "abc1234") -> budget.Budget:
    return budget.Budget(revision, "2026-11-28 10:00 UTC", (3.0, 3.5), routes)


def test_a_route_more_than_ten_percent_dearer_is_over_budget_and_one_cheaper_is_not() -> None:
    lines = {line.route: line for line in budget.compare(COMMITTED.routes, NOW)}
    assert lines["GET /a"].verdict == "over budget"
    assert lines["GET /a"].change is not None
    assert round(lines["GET /a"].change, 3) == 0.15
    assert lines["GET /b"].verdict == ""  # exactly 10 % dearer: within budget
    assert lines["POST /c"].verdict == ""  # half the CPU
    assert lines["POST /c"].change == -0.5


def test_a_new_route_and_a_route_gone_are_listed_as_such() -> None:
    lines = budget.compare(COMMITTED.routes, NOW)
    assert [line.route for line in lines] == [
        "GET /a",
        "GET /b",
        "POST /c",
        "GET /new",
        "POST /gone",
    ]
    new, gone = lines[3], lines[4]
    assert (new.committed, new.now, new.change, new.verdict) == (None, 700.0, None, "new")
    assert (gone.committed, gone.now, gone.change, gone.verdict) == (500.0, None, None, "gone")


def test_the_section_is_a_table_of_committed_now_and_change() -> None:
    section = budget.render(COMMITTED, measured(NOW))
    assert section.startswith(budget.HEADING + "\n")
    assert "now: abc1234 on 2026-11-28 10:00 UTC, load average 3.0 to 3.5;" in section
    assert (
        "committed (bench/budget.json): 585c619 on 2026-11-27 13:40 UTC, load average 2.0"
        in section
    )
    table = [line for line in section.splitlines() if line.startswith("|")]
    assert table == [
        "| route | committed µs | now µs | change % | |",
        "|---|---:|---:|---:|---|",
        "| GET /a | 1,000 | 1,150 | +15.0 | over budget |",
        "| GET /b | 1,000 | 1,100 | +10.0 |  |",
        "| POST /c | 2,000 | 1,000 | -50.0 |  |",
        "| GET /new |  | 700 |  | new |",
        "| POST /gone | 500 |  |  | gone |",
    ]
    assert "Over budget: GET /a." in section
    within = budget.render(COMMITTED, measured({"GET /a": 900.0}))
    assert "Over budget: none." in within


def test_the_first_run_has_no_committed_figures_and_lists_every_route_as_new() -> None:
    section = budget.render(None, measured({"GET /a": 900.0}))
    assert "no committed figures yet" in section
    assert "| GET /a |  | 900 |  | new |" in section


def test_the_budget_section_replaces_only_itself(tmp_path: Path) -> None:
    report = tmp_path / "results.md"
    report.write_text("# Benchmark results\n\n## Rush\n\nrush figures\n")
    write_section(report, budget.render(COMMITTED, measured(NOW, "first-run")))
    assert report.read_text().count(budget.HEADING) == 1
    # Another part writes its section after the budget's; the budget's next run keeps it.
    write_section(report, "## The terminal in a browser\n\nscreen figures\n")
    write_section(report, budget.render(COMMITTED, measured({"GET /a": 900.0}, "second-run")))
    text = report.read_text()
    assert text.count(budget.HEADING) == 1
    assert "first-run" not in text
    assert "now: second-run on" in text
    assert "| GET /a | 1,000 | 900 | -10.0 |  |" in text
    assert "## Rush\n\nrush figures\n" in text
    assert text.endswith("\n\n## The terminal in a browser\n\nscreen figures\n")


def test_recorded_figures_are_read_back_rounded_to_the_microsecond(tmp_path: Path) -> None:
    path = tmp_path / "budget.json"
    assert budget.load(path) is None
    budget.save(measured({"GET /a": 912.4}), path)
    assert budget.load(path) == measured({"GET /a": 912})

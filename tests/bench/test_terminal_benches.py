"""The slow-tablet bench (bench/terminal_latency.py) and the chaos long run (bench/chaos.py)
render their figures and verdicts: on hand-made figures, no browser or server."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
try:
    import chaos
    import terminal_latency
finally:
    sys.path.remove(str(BENCH))

from browser.chaos import Summary  # noqa: E402
from browser.evening import Tally  # noqa: E402


def _write(wall: float, own: list[str]) -> terminal_latency.Write:
    return terminal_latency.Write(170.0, wall, 160.0, own, ["GET /api/tables"])


def test_the_slow_tablet_verdicts_follow_the_targets() -> None:
    one = ["POST /api/orders/{id}/send"]
    figures = terminal_latency.Figures(
        chromium="Chromium 1",
        taps_ms=[10.0] * 54 + [70.0] * 6,
        writes={
            "Send": [_write(170, one)] * 10,
            "Take cash": [_write(170, ["POST /api/orders/{id}/payments"])] * 10,
            "Complete": [_write(400, ["POST /api/orders/{id}/complete", "GET /api/orders/{id}"])]
            * 10,
            "Take cash twice": [_write(400, ["POST /api/orders/{id}/payments"] * 2)] * 10,
        },
    )
    text = terminal_latency.render(figures)
    assert text.startswith(terminal_latency.HEADING + "\n")
    assert "| a tap's first paint < 50 ms (p95, 60 taps) | 10 / 70 / 70 | **not met** |" in text
    assert "| Send: one round trip (requests the tap makes, most) | 1 | met |" in text
    # A read of the order when its own event arrives is shown, but is not the tap's.
    assert "| Complete: one round trip (requests the tap makes, most) | 1 | met |" in text
    assert (
        "| Take cash twice: one round trip (requests the tap makes, most) | 2 | **not met** |"
        in (text)
    )
    assert "| 400 / 400 / 400 | 160 / 160 / 160 | `POST /api/orders/{id}/complete → GET" in text


def test_the_long_evening_reports_its_figures_and_any_loss() -> None:
    summary = Summary(
        seed=7, planned=3000, ops=3000, offline_spells=40, answers_lost=90, seconds=600
    )
    summary.by_kind = {"add": 1500, "seat": 200}
    clean = chaos.render("sqlite", summary, Tally(), "Chromium 1", (1.0, 2.0))
    assert clean.startswith("## The long evening on SQLite: 3,000 operations\n")
    assert "| checks lost, doubled, ghost | 0, 0, 0 | met |" in clean
    assert "| operations | 3,000 (add 1,500, seat 200) |" in clean
    assert "(5.0 operations/s)" in clean
    lossy = chaos.render(
        "postgresql", summary, Tally(lost_checks=1, differing=["table 4: …"]), "C", (1, 1)
    )
    assert "| checks lost, doubled, ghost | 1, 0, 0 | **not met** |" in lossy
    assert "- table 4: …" in lossy
    stopped = chaos.render("sqlite", summary, Tally(), "C", (1, 1), "Timeout\noperation 9")
    assert "| checks lost, doubled, ghost | not read back (stopped) | **not met** |" in stopped
    assert (
        "The evening stopped after 3,000 operations:\n\n```\nTimeout\noperation 9\n```" in stopped
    )

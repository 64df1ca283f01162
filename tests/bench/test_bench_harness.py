"""The benchmark harness runs end to end and reports no errors. It asserts no speed: speed
is measured by `make bench`, on a quiet machine, never in a test.

The quick run always serves SQLite (it is the smoke check of `make bench-quick`), whatever
``--db-url`` says; the PostgreSQL paths of the harness run in `make bench`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e


def test_the_quick_rush_completes_orders_without_errors(project_root: Path, tmp_path: Path) -> None:
    output = tmp_path / "results.md"
    # Long enough for a whole dinner per terminal on a machine busy with other test workers
    # (6 s once completed none on a starved one).
    command = [sys.executable, str(project_root / "bench" / "run.py"), "--quick"]
    done = subprocess.run(
        [*command, "--duration", "12", "--output", str(output)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "errors: 0" in done.stdout
    orders_per_s = re.search(r"16 terminals: ([0-9.]+) orders/s", done.stdout)
    assert orders_per_s is not None
    assert float(orders_per_s.group(1)) > 0
    report = output.read_text()
    assert "| sqlite, 1 worker | 16 |" in report
    assert "0 errors" in report
    assert "USING INDEX" in report  # the list queries' plans are shown, on their indexes
    # The charts beside the report, linked from it, and the capacity model from the same run.
    for chart in ("orders", "p99-writes", "p99-reads"):
        assert f"(charts/results-{chart}.svg)" in report
        assert "SQLite, 1 worker" in (tmp_path / "charts" / f"results-{chart}.svg").read_text()
    assert "| sqlite, 1 worker | " in report.split("## Capacity model")[1]


def test_the_screens_measurement_fills_its_section_and_keeps_the_rest(
    project_root: Path, tmp_path: Path
) -> None:
    sys.path.insert(0, str(project_root / "bench"))
    try:
        import screens
    finally:
        sys.path.remove(str(project_root / "bench"))
    report = tmp_path / "results.md"
    report.write_text("# Benchmark results\n\n## Rush\n\nfigures\n")
    figures = screens.run(report, loads=1, dinners=2)
    assert (len(figures.cold_ms), len(figures.warm_ms)) == (1, 2)
    assert all(len(values) == 1 for values in figures.taps_ms.values())
    assert all(ms > 0 for values in figures.taps_ms.values() for ms in values)
    assert sum(figures.js_gzip_bytes.values()) > 1000
    # Measured again, the section is replaced in place, before what follows it.
    report.write_text(report.read_text() + "\n## Later\n\nkept\n")
    screens.write_section(report, screens.render(figures))
    text = report.read_text()
    assert text.count(screens.HEADING) == 1
    assert text.index("## Rush") < text.index(screens.HEADING) < text.index("## Later")
    assert text.endswith("kept\n")
    for tap in screens.TAPS:
        assert f"| {tap} |" in text

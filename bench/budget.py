"""The performance budget: the server CPU a request of every hot route (bench/cpu_per_request.py)
against the last committed figures, bench/budget.json (SQLite, 1 worker).

A route more than 10 % dearer than its committed figure is flagged "over budget". The budget
reports and never fails a run: on a shared machine two runs of the same tree differ by a few
per cent (bench/README.md), so a red build would mostly be noise; the table is there for the
reviewer of a change, and `--update-budget` records the new figures once a change is accepted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

BUDGET = Path(__file__).resolve().parent / "budget.json"
OVER_BUDGET = 1.10
HEADING = "## Performance budget: server CPU a request (SQLite, 1 worker)"


@dataclass(frozen=True)
class Budget:
    """Figures in µs of server CPU a request, by route, the tree they were measured on, and the
    machine's 1-minute load average as they began and ended (a busy machine reads dearer)."""

    revision: str
    date: str
    load_average: tuple[float, float]
    routes: dict[str, float]

    def measured(self) -> str:
        start, end = self.load_average
        return f"{self.revision} on {self.date}, load average {start:.1f} to {end:.1f}"


def load(path: Path = BUDGET) -> Budget | None:
    if not path.exists():
        return None
    recorded = json.loads(path.read_text())
    start, end = recorded["load_average"]
    return Budget(recorded["revision"], recorded["date"], (start, end), recorded["routes"])


def save(budget: Budget, path: Path = BUDGET) -> None:
    recorded = {
        "revision": budget.revision,
        "date": budget.date,
        "load_average": [round(load, 2) for load in budget.load_average],
        "database": "sqlite",
        "workers": 1,
        "unit": "µs of server CPU a request",
        "routes": {route: round(us) for route, us in budget.routes.items()},
    }
    path.write_text(json.dumps(recorded, indent=2, ensure_ascii=False) + "\n")


@dataclass(frozen=True)
class Line:
    """One route of the comparison; a figure is None where that side has no such route."""

    route: str
    committed: float | None
    now: float | None

    @property
    def change(self) -> float | None:
        if self.committed is None or self.now is None:
            return None
        return self.now / self.committed - 1

    @property
    def verdict(self) -> str:
        if self.committed is None:
            return "new"
        if self.now is None:
            return "gone"
        return "over budget" if self.now > self.committed * OVER_BUDGET else ""


def compare(committed: dict[str, float], now: dict[str, float]) -> list[Line]:
    """This run's routes in their order, then the committed ones this run no longer has."""
    lines = [Line(route, committed.get(route), us) for route, us in now.items()]
    return lines + [Line(route, us, None) for route, us in committed.items() if route not in now]


def _figure(us: float | None) -> str:
    return "" if us is None else f"{us:,.0f}"


def render(committed: Budget | None, now: Budget) -> str:
    """The report's section: the committed figures (None before the first are recorded)
    against this run's."""
    lines = compare(committed.routes if committed else {}, now.routes)
    over = [line.route for line in lines if line.verdict == "over budget"]
    recorded = (
        f"committed (bench/budget.json): {committed.measured()}"
        if committed
        else "no committed figures yet (bench/budget.json)"
    )
    text = [
        HEADING,
        "",
        f"Median of the rounds, µs of the worker's CPU a request; now: {now.measured()}; "
        f"{recorded}. A route more than {OVER_BUDGET - 1:.0%} dearer is over budget. This "
        "reports, it never fails the run: a shared machine is noisy, and a busier one reads "
        "every route dearer (bench/README.md); `cpu_per_request.py --baseline REV` compares "
        "two trees in one run. `make bench-budget UPDATE=1` records new figures.",
        "",
        "| route | committed µs | now µs | change % | |",
        "|---|---:|---:|---:|---|",
    ]
    for line in lines:
        change = "" if line.change is None else f"{line.change * 100:+.1f}"
        cells = [line.route, _figure(line.committed), _figure(line.now), change, line.verdict]
        text.append("| " + " | ".join(cells) + " |")
    text += ["", f"Over budget: {', '.join(over)}." if over else "Over budget: none.", ""]
    return "\n".join(text)

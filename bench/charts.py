"""The rush's figures as SVG charts beside the report, written by hand (no plotting library):
orders/s and the worst p99 of the writes and of the reads, against the terminals, one line per
database and number of workers. A white background keeps them readable in dark themes."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from report import READS, TARGET_ORDERS_PER_S, TARGET_P99_MS, WRITES, worst_p99

if TYPE_CHECKING:
    from run import Result

WIDTH, HEIGHT = 720, 380
LEFT, RIGHT, TOP, BOTTOM = 70, WIDTH - 220, 64, HEIGHT - 54  # the plot area
INK, GREY, GRID = "#222222", "#666666", "#e3e3e3"
# Okabe-Ito colours (safe for colour-blind readers); the workers by dash and marker.
COLOURS = {"sqlite": "#0072b2", "postgresql": "#d55e00"}
OTHER_COLOUR = "#009e73"
DATABASE_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
DASHES = ("", "7 4", "2 3")
FONT = "font-family='Helvetica, Arial, sans-serif'"


@dataclass(frozen=True)
class Series:
    database: str
    workers: int
    points: dict[int, float]  # terminals → value

    @property
    def label(self) -> str:
        name = DATABASE_NAMES.get(self.database, self.database)
        return f"{name}, {self.workers} worker{'s' if self.workers > 1 else ''}"


@dataclass(frozen=True)
class Chart:
    name: str  # the file's name, after the report's
    title: str
    subtitle: str
    unit: str
    series: list[Series]
    terminals: list[int]
    log: bool = False
    target: float | None = None


def _series(
    results: list[Result], figure: Callable[[dict[str, Any]], float | None]
) -> list[Series]:
    """One series per configuration that ran the rush (growth runs do not)."""
    series = []
    for result in results:
        if not result.rush:
            continue
        points = {r["terminals"]: figure(r) for r in result.rush}
        present = {terminals: v for terminals, v in points.items() if v is not None}
        series.append(Series(result.database, result.workers, present))
    return series


def charts(results: list[Result]) -> list[Chart]:
    """The report's charts; none when no configuration ran the rush."""
    terminals = sorted({r["terminals"] for result in results for r in result.rush})
    if not terminals:
        return []
    throughput = _series(results, lambda r: float(r["orders_per_s"]))
    writes = _series(results, lambda r: worst_p99(r, WRITES))
    reads = _series(results, lambda r: worst_p99(r, READS))
    return [
        Chart(
            "orders",
            "Completed orders per second",
            f"whole dinners through the rush; the target is {TARGET_ORDERS_PER_S} orders/s",
            "orders/s",
            throughput,
            terminals,
        ),
        Chart(
            "p99-writes",
            "Worst p99 of the writes",
            "create order, add item, send, discount, payment, complete",
            "ms, log scale",
            writes,
            terminals,
            log=True,
            target=TARGET_P99_MS,
        ),
        Chart(
            "p99-reads",
            "Worst p99 of the reads",
            "a category's products, barcode, get product",
            "ms, log scale",
            reads,
            terminals,
            log=True,
            target=TARGET_P99_MS,
        ),
    ]


def ticks(values: list[float], log: bool) -> list[float]:
    """Round axis ticks around ``values``: from 0 in steps of 1, 2 or 5 times a power of ten,
    or on a log scale the 1-2-5 sequence from under the lowest (a value never sits on the axis)
    to above the highest."""
    top = max(values, default=1.0)
    if log:
        bottom = min(values, default=1.0)
        decade = 10 ** math.floor(math.log10(bottom) - 1)
        sequence = [decade * m * 10**k for k in range(12) for m in (1, 2, 5)]
        below = [t for t in sequence if t < bottom][-1]
        above = next(t for t in sequence if t >= top and t > below)
        return [t for t in sequence if below <= t <= above]
    raw = max(top, 1e-9) / 5
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    # At least two ticks: a run that measured nothing above 0 still has an axis to draw on.
    return [step * k for k in range(max(1, math.ceil(top / step - 1e-9)) + 1)]


def _y(value: float, scale: list[float], log: bool) -> float:
    low, high = scale[0], scale[-1]
    share = math.log(value / low) / math.log(high / low) if log else (value - low) / (high - low)
    return BOTTOM - share * (BOTTOM - TOP)


def _x(index: int, count: int) -> float:
    return LEFT + (index + 0.5) * (RIGHT - LEFT) / count


def _text(
    x: float, y: float, content: str, *, size: int = 12, fill: str = INK, **attributes: str
) -> str:
    extra = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in attributes.items())
    return (
        f"<text x='{x:.1f}' y='{y:.1f}' {FONT} font-size='{size}' fill='{fill}'{extra}>"
        f"{escape(content)}</text>"
    )


def _marker(x: float, y: float, series: Series, colour: str, tip: str = "") -> str:
    """A circle for 1 worker, a square for more (told apart without colour); ``tip`` is the
    point's own title: its configuration and value."""
    if series.workers == 1:
        shape = f"circle cx='{x:.1f}' cy='{y:.1f}' r='4.5' fill='{colour}'"
    else:
        shape = f"rect x='{x - 4:.1f}' y='{y - 4:.1f}' width='8' height='8' fill='{colour}'"
    if not tip:
        return f"<{shape}/>"
    return f"<{shape}><title>{escape(tip)}</title></{shape.split()[0]}>"


def _line(points: list[tuple[float, float]], series: Series, colour: str) -> str:
    dash = DASHES[min(series.workers - 1, len(DASHES) - 1)]
    coordinates = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return (
        f"<polyline points='{coordinates}' fill='none' stroke='{colour}' stroke-width='2.5'"
        + (f" stroke-dasharray='{dash}'" if dash else "")
        + "/>"
    )


def _axes(chart: Chart, scale: list[float]) -> list[str]:
    parts = []
    for tick in scale:
        y = _y(tick, scale, chart.log)
        parts.append(f"<line x1='{LEFT}' y1='{y:.1f}' x2='{RIGHT}' y2='{y:.1f}' stroke='{GRID}'/>")
        parts.append(_text(LEFT - 8, y + 4, f"{tick:g}", text_anchor="end", fill=GREY))
    for index, terminals in enumerate(chart.terminals):
        x = _x(index, len(chart.terminals))
        parts.append(_text(x, BOTTOM + 18, str(terminals), text_anchor="middle", fill=GREY))
    parts += [
        f"<line x1='{LEFT}' y1='{BOTTOM}' x2='{RIGHT}' y2='{BOTTOM}' stroke='{INK}'/>",
        f"<line x1='{LEFT}' y1='{TOP}' x2='{LEFT}' y2='{BOTTOM}' stroke='{INK}'/>",
        _text((LEFT + RIGHT) / 2, BOTTOM + 40, "terminals", text_anchor="middle"),
        _text(
            18,
            (TOP + BOTTOM) / 2,
            chart.unit,
            text_anchor="middle",
            transform=f"rotate(-90 18 {(TOP + BOTTOM) / 2:.1f})",
        ),
    ]
    return parts


def _target(chart: Chart, scale: list[float]) -> list[str]:
    if chart.target is None:
        return []
    y = _y(chart.target, scale, chart.log)
    return [
        f"<line x1='{LEFT}' y1='{y:.1f}' x2='{RIGHT}' y2='{y:.1f}' stroke='{INK}'"
        " stroke-width='1.5' stroke-dasharray='1 4' stroke-linecap='round'/>",
        _text(RIGHT - 4, y - 6, f"target {chart.target:g} {_short(chart.unit)}",
              text_anchor="end", size=11),
    ]  # fmt: skip


def _plot(chart: Chart, scale: list[float]) -> list[str]:
    parts = []
    for series in chart.series:
        colour = COLOURS.get(series.database, OTHER_COLOUR)
        placed = [
            (_x(index, len(chart.terminals)), _y(series.points[t], scale, chart.log), t)
            for index, t in enumerate(chart.terminals)
            if t in series.points
        ]
        parts.append(f"<g data-series={quoteattr(series.label)}>")
        if len(placed) > 1:
            parts.append(_line([(x, y) for x, y, _ in placed], series, colour))
        parts += [_marker(x, y, series, colour, _tip(series, t, chart.unit)) for x, y, t in placed]
        parts.append("</g>")
    return parts


def _tip(series: Series, terminals: int, unit: str) -> str:
    value = series.points[terminals]
    return f"{series.label}, {terminals} terminals: {value:.1f} {_short(unit)}"


def _short(unit: str) -> str:
    """The unit without its scale's note: "ms, log scale" is "ms"."""
    return unit.split(",")[0]


def _legend(chart: Chart) -> list[str]:
    """A row a series: its line and marker, or below its name, "not measured"."""
    parts = []
    x, y = RIGHT + 24, TOP + 8
    for series in chart.series:
        if series.points:
            colour = COLOURS.get(series.database, OTHER_COLOUR)
            parts.append(_line([(x, y), (x + 30, y)], series, colour))
            parts.append(_marker(x + 15, y, series, colour))
            parts.append(_text(x + 38, y + 4, series.label))
        else:
            parts.append(_text(x + 38, y + 4, series.label, fill=GREY))
            y += 16
            parts.append(_text(x + 38, y + 4, "not measured", size=11, fill=GREY))
        y += 24
    return parts


def svg(chart: Chart) -> str:
    values = [v for series in chart.series for v in series.points.values()]
    scale = ticks([*values, *([chart.target] if chart.target else [])], chart.log)
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{HEIGHT}'"
        f" viewBox='0 0 {WIDTH} {HEIGHT}' role='img'>",
        f"<title>{escape(chart.title)}</title>",
        f"<rect width='{WIDTH}' height='{HEIGHT}' fill='#ffffff'/>",
        _text(LEFT, 26, chart.title, size=16, font_weight="bold"),
        _text(LEFT, 46, chart.subtitle, fill=GREY),
        *_axes(chart, scale),
        *_target(chart, scale),
        *_plot(chart, scale),
        *_legend(chart),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def write(results: list[Result], report: Path) -> list[str]:
    """Write the charts as SVG in charts/ beside ``report``, named after it (results.md's
    charts are charts/results-*.svg); answers the report's section linking them."""
    drawn = charts(results)
    if not drawn:
        return []
    folder = report.parent / "charts"
    folder.mkdir(exist_ok=True)
    lines = ["## Charts", ""]
    for chart in drawn:
        path = folder / f"{report.stem}-{chart.name}.svg"
        path.write_text(svg(chart))
        lines += [f"![{chart.title}]({folder.name}/{path.name})", ""]
    return lines

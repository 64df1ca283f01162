"""The terminal on a slow tablet over restaurant Wi-Fi (issue 30, docs/design.md "Offline").

Debian's chromium, driven by Playwright, with its CPU slowed 4 times and a 150 ms round trip
added to every request (Chrome DevTools Protocol: `Emulation.setCPUThrottlingRate`,
`Network.emulateNetworkConditions`), against `brigade serve` (SQLite, 1 worker) on the screen
tests' restaurant:

- a tap's first paint: from the click on a plain product to the frame after it is on the
  check (a line of its own, or its line's quantity raised: the same product tapped again),
  timed inside the page, over at least 50 taps;
- Send and Take cash: the requests each makes (counted with `page.on("request")`: the target
  is one) and the wall time from the click to the last answer's end, beside that one write's
  own round trip (150 ms and the server's time). Take cash settles the check, which completes
  and closes by itself (the floor read again after it): no Complete to tap.

    python bench/run.py --only-latency    # about two minutes; writes its section of results.md
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent / "tests")]

import screens  # noqa: E402
from playwright.sync_api import Page, Request, sync_playwright  # noqa: E402

from browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from browser.restaurant import SERVER_PIN, type_pin  # noqa: E402

HEADING = "## The terminal on a slow tablet"
CPU_SLOWDOWN = 4
ROUND_TRIP_MS = 150
TAP_PAINT_TARGET_MS = 50
DINNERS = 11  # the first is a warm-up, not counted
TAPS_PER_DINNER = 6
PLAIN = ("Fries", "Salad")
WRITES = ("Send", "Take cash")
QUIET_MS = 600  # no new request for this long after the last answer: the tap is done
ORDER = re.compile(r"/api/orders/[0-9a-f-]{36}(/|$)")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# The units on the check: each line's accessible name starts with its quantity ("2 Fries").
UNITS = (
    '[...document.querySelectorAll("[aria-label=Lines] > li.line")]'
    '.reduce((units, line) => units + parseInt(line.getAttribute("aria-label"), 10), 0)'
)

# The API's answers since the last clear, on the page's clock (the event stream left out).
_ANSWERS = """() => performance.getEntriesByType("resource")
  .filter((e) => e.name.includes("/api/") && !e.name.includes("/api/events/stream"))
  .map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd }))"""
_ARM_CLICK = """() => {
  performance.clearResourceTimings();
  window.__clicked = null;
  document.addEventListener("click", () => { window.__clicked = performance.now(); },
    { capture: true, once: true });
}"""


@dataclass
class Write:
    answered_ms: float  # from the click to the end of the write's answer
    settled_ms: float  # from the click to the end of the last answer about its order
    round_trip_ms: float  # the write's own, from its start to its answer's end
    own: list[str]  # the requests about its order (the write, and any read of the order)
    others: list[str]  # what else the page asked meanwhile (the floor following the events)

    @property
    def writes(self) -> int:
        return sum(not request.startswith("GET ") for request in self.own)


@dataclass
class Figures:
    chromium: str
    load_average: tuple[float, float] = (0.0, 0.0)
    taps_ms: list[float] = field(default_factory=list)
    writes: dict[str, list[Write]] = field(default_factory=dict)


class Requests:
    """The API requests a page makes (not the event stream), and how many are answered."""

    def __init__(self, page: Page) -> None:
        self.made: list[str] = []
        self.answered = 0
        self.last_change = time.monotonic()
        page.on("request", self._made)
        page.on("requestfinished", self._answered)
        page.on("requestfailed", self._answered)

    @staticmethod
    def counted(request: Request) -> bool:
        return "/api/" in request.url and "/api/events/stream" not in request.url

    def _made(self, request: Request) -> None:
        if self.counted(request):
            path = UUID.sub("{id}", urlsplit(request.url).path)
            self.made.append(f"{request.method} {path}")
            self.last_change = time.monotonic()

    def _answered(self, request: Request) -> None:
        if self.counted(request):
            self.answered += 1
            self.last_change = time.monotonic()

    def settle(self, page: Page, since: int = -1) -> list[str]:
        """Waits until a request was made after the first ``since`` (any: none asked), every
        request is answered, and none follows for a while; answers those after ``since``."""
        deadline = time.monotonic() + 60
        while (
            len(self.made) <= since
            or self.answered < len(self.made)
            or time.monotonic() - self.last_change < QUIET_MS / 1000
        ):
            if time.monotonic() > deadline:
                raise TimeoutError(f"requests still waiting: {self.made[self.answered :]}")
            page.wait_for_timeout(50)
        return self.made[max(since, 0) :]


def _timed_write(page: Page, requests: Requests, click: Callable[[], None]) -> Write:
    page.evaluate(_ARM_CLICK)
    since = len(requests.made)
    click()
    made = requests.settle(page, since)
    clicked = float(page.evaluate("window.__clicked"))
    answers = sorted(
        (answer for answer in page.evaluate(_ANSWERS) if ORDER.search(answer["name"])),
        key=lambda answer: answer["start"],
    )
    own = [request for request in made if _about_the_order(request)]
    return Write(
        answered_ms=answers[0]["end"] - clicked,
        settled_ms=max(answer["end"] for answer in answers) - clicked,
        round_trip_ms=answers[0]["end"] - answers[0]["start"],
        own=own,
        others=[request for request in made if not _about_the_order(request)],
    )


def _about_the_order(request: str) -> bool:
    return request.split(" ", 1)[1].startswith("/api/orders/{id}")


def _dinner(page: Page, requests: Requests, table: str) -> tuple[list[float], dict[str, Write]]:
    page.get_by_role("button", name=f"Table {table}, free").click()
    page.get_by_role("button", name="2 guests", exact=True).click()
    page.get_by_role("list", name="Lines").wait_for()
    page.get_by_role("button", name="Menu", exact=True).click()
    page.get_by_role("group", name="Categories").get_by_role("button", name="Sides").click()
    products = page.get_by_role("group", name="Products")
    taps = []
    for tap in range(TAPS_PER_DINNER):
        button = products.get_by_role("button", name=PLAIN[tap % len(PLAIN)], exact=True)
        (painted,) = screens.timed_taps(page, button.click, f"{UNITS} === {tap + 1}")
        taps.append(painted)
        requests.settle(page)
    writes = {
        "Send": _timed_write(
            page, requests, page.get_by_role("button", name=f"Send ({len(PLAIN)})").click
        )
    }
    page.get_by_role("button", name="Pay", exact=True).click()
    paying = page.get_by_role("dialog", name=re.compile("^Pay check"))
    paying.get_by_role("button", name="Cash", exact=True).click()
    writes["Take cash"] = _timed_write(
        page, requests, paying.get_by_role("button", name=re.compile("^Take cash")).click
    )
    page.get_by_role("button", name=f"Table {table}, free").wait_for()
    return taps, writes


def measure(dinners: int = DINNERS) -> Figures:
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, check=False)
    figures = Figures(chromium=version.stdout.strip(), writes={name: [] for name in WRITES})
    before = os.getloadavg()[0]
    with (
        tempfile.TemporaryDirectory(prefix="brigade-latency-") as work,
        screens.restaurant_served(Path(work)) as restaurant,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = screens.paired_context(browser, restaurant)
            page = context.new_page()
            page.goto("/")
            page.get_by_role("button", name="Ana", exact=True).click()
            type_pin(page, SERVER_PIN)
            page.get_by_role("navigation", name="Floor").wait_for()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
            cdp.send("Network.enable")
            conditions = {"offline": False, "latency": ROUND_TRIP_MS}
            cdp.send(
                "Network.emulateNetworkConditions",
                conditions | {"downloadThroughput": -1, "uploadThroughput": -1},
            )
            requests = Requests(page)
            tables = sorted(restaurant.tables)
            for dinner in range(dinners):
                taps, writes = _dinner(page, requests, tables[dinner % len(tables)])
                if dinner > 0:
                    figures.taps_ms += taps
                    for name, write in writes.items():
                        figures.writes[name].append(write)
        finally:
            browser.close()
    figures.load_average = (before, os.getloadavg()[0])
    return figures


def render(figures: Figures) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    taps = figures.taps_ms
    tap_p95 = screens.p95(taps)
    lines = [
        HEADING,
        "",
        f"Measured {when} by [terminal_latency.py](terminal_latency.py) "
        f"(`python bench/run.py --only-latency`): {figures.chromium} with its CPU slowed "
        f"{CPU_SLOWDOWN} times and {ROUND_TRIP_MS} ms added to every request (Chrome DevTools "
        "Protocol), `brigade serve` on SQLite with 1 worker, on this machine's loopback "
        f"({os.cpu_count()} cores, shared: load average {figures.load_average[0]:.1f} before, "
        f"{figures.load_average[1]:.1f} after). Times in ms, p50 / p95 / max.",
        "",
        "| target | measured | verdict |",
        "|---|---|---|",
        f"| a tap's first paint < {TAP_PAINT_TARGET_MS} ms (p95, {len(taps)} taps) | "
        f"{screens.ms_spread(taps)} | {screens.verdict(tap_p95 < TAP_PAINT_TARGET_MS)} |",
    ]
    for name, writes in figures.writes.items():
        most = max(write.writes for write in writes)
        lines.append(
            f"| {name}: one round trip (requests the tap makes, most) | {most} | "
            f"{screens.verdict(most == 1)} |"
        )
    lines += [
        "",
        "A tap: a plain product (Fries, Salad), from the click to the frame after its line is "
        f"on the check, {TAPS_PER_DINNER} a dinner over {len(taps) // TAPS_PER_DINNER} dinners "
        "after a warm-up one. Each write below: from its click to the end of its answer, and "
        "to the end of the last answer about its order (any read of the order after it: the "
        "check reads it again only for news the write's answer did not hold), beside the "
        "write's own round "
        f"trip (the added {ROUND_TRIP_MS} ms and the server's time); the requests about the "
        "order as the page made them (the most frequent sequence), and the other reads the "
        f"page made before it was quiet for {QUIET_MS} ms (the floor following the events), a "
        "tap on average.",
        "",
        "| write | answered | settled | the write's round trip | requests about the order "
        "| other reads |",
        "|---|---|---|---|---|---|",
    ]
    for name, writes in figures.writes.items():
        usual, _ = Counter(" → ".join(write.own) for write in writes).most_common(1)[0]
        others = sum(len(write.others) for write in writes) / len(writes)
        lines.append(
            f"| {name} | {screens.ms_spread([w.answered_ms for w in writes])} | "
            f"{screens.ms_spread([w.settled_ms for w in writes])} | "
            f"{screens.ms_spread([w.round_trip_ms for w in writes])} | `{usual}` | "
            f"{others:.1f} |"
        )
    lines.append("")
    return "\n".join(lines)


def run(report: Path, *, dinners: int = DINNERS) -> Figures:
    figures = measure(dinners)
    screens.write_section(report, render(figures))
    return figures

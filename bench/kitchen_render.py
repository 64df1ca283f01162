"""The kitchen display's render in a rush (docs/design.md §21): one board update on a wall of 40
open tickets at 1920x1080, in Debian's chromium with its CPU slowed 4 times (Chrome DevTools
Protocol: `Emulation.setCPUThrottlingRate`), against `brigade serve` (SQLite, 1 worker) on
loopback, on the screen tests' restaurant.

An update is timed inside the page, from the moment the event stream's chunk carrying it is read
to the frame after the wall shows it: the event parsed, the board patched, the cards rendered,
measured and placed. Three kinds: an item tapped elsewhere (`item.updated`, a card on the page
changes), a new send (`kitchen_ticket.created`: one card more, measured off the page, the pager's
count), a bump (`kitchen_ticket.bumped`: a card leaves, the page packs again).

    python bench/run.py --only-kitchen-render   # about two minutes; its section of
                                                # results-kitchen.md
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent / "tests"), str(BENCH)]

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402
from screens import p95, restaurant_served, write_section  # noqa: E402

from browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from browser.kitchen_wall import (  # noqa: E402
    KITCHEN_VIEWPORT,
    kitchen_token,
    seed_rush,
    signed_in_server,
)
from browser.restaurant import Restaurant  # noqa: E402

HEADING = "## The kitchen display's render"
TARGET_MS = 100
CPU_SLOWDOWN = 4
TICKETS = 40
ROUNDS = 10  # updates of each kind

# Each read of a stream's chunk is noted (the event stream is read with fetch).
_HOOK = """(() => {
  const read = ReadableStreamDefaultReader.prototype.read;
  const text = new TextDecoder();
  ReadableStreamDefaultReader.prototype.read = function () {
    return read.call(this).then((chunk) => {
      const wanted = window.__wanted;
      if (!wanted || window.__arrived !== null || !chunk.value) return chunk;
      // The display reads text (a TextDecoderStream); other streams read bytes.
      const seen =
        typeof chunk.value === "string" ? chunk.value : text.decode(chunk.value, { stream: true });
      if (seen.includes(wanted)) window.__arrived = performance.now();
      return chunk;
    });
  };
})();"""

# Armed before the update is made: resolves with the ms from the chunk carrying `event` to the
# frame after `done` (a JavaScript expression) holds.
_ARM = """([event, done]) => {
  const holds = new Function(`return (${done});`);
  window.__wanted = event;
  window.__arrived = null;
  window.__answer = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (window.__arrived === null || !holds()) return;
      observer.disconnect();
      const painted = () => resolve(performance.now() - window.__arrived);
      requestAnimationFrame(() => setTimeout(painted, 0));
    });
    const all = { subtree: true, childList: true, characterData: true, attributes: true };
    observer.observe(document.body, all);
  });
}"""


# The answer, or -1 after 20 s.
_ANSWER = "Promise.race([window.__answer, new Promise((r) => setTimeout(() => r(-1), 20000))])"


@dataclass
class Figures:
    chromium: str = ""
    shown: int = 0
    updates_ms: dict[str, list[float]] = field(default_factory=dict)
    load_average: tuple[float, float] = (0.0, 0.0)


def _timed(page: Page, event: str, done: str, change: Any) -> float:
    page.evaluate(_ARM, [event, done])
    change()
    took = float(page.evaluate(_ANSWER))
    assert took >= 0, f"{event}: the wall never showed it"
    print(f"{event}: {took:.0f} ms", flush=True)
    return took


def _set_status(restaurant: Restaurant, order: dict[str, Any], status: str) -> None:
    with restaurant.http() as http:
        item = http.get(f"/api/orders/{order['id']}").json()["items"][0]
        url = f"/api/orders/{order['id']}/items/{item['id']}"
        assert http.put(url, json={"status": status}).status_code == 200


def _bump(restaurant: Restaurant, order: dict[str, Any]) -> None:
    with restaurant.http() as http:
        board = http.get("/api/kitchen/board", params={"locationId": restaurant.location_id})
        ticket = next(t for t in board.json()["tickets"] if t["orderId"] == order["id"])
        assert http.post(f"/api/kitchen/tickets/{ticket['id']}/bump").status_code == 200


def measure(rounds: int = ROUNDS) -> Figures:
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, check=False)
    figures = Figures(chromium=version.stdout.strip())
    updates: dict[str, list[float]] = {"an item tapped": [], "a new send": [], "a bump": []}
    before = os.getloadavg()[0]
    with (
        tempfile.TemporaryDirectory(prefix="brigade-kitchen-render-") as work,
        restaurant_served(Path(work)) as restaurant,
        sync_playwright() as playwright,
    ):
        orders = seed_rush(restaurant, TICKETS)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport=KITCHEN_VIEWPORT, base_url=restaurant.base_url)
            context.add_init_script(_HOOK)
            page = context.new_page()
            page.goto("/kitchen")
            # The fallback pairing, with the device's token pasted (docs/design.md §23).
            page.get_by_role("button", name="Pair with a token instead").click()
            page.get_by_label("Device token").fill(kitchen_token(restaurant))
            page.get_by_role("button", name="Pair", exact=True).click()
            expect(page.get_by_text(f"{TICKETS} open")).to_be_visible()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
            figures.shown = page.locator(".ticket-place article").count()
            server = signed_in_server(restaurant, "Ana")
            count = TICKETS
            for n in range(rounds):
                # The oldest card's first item, back and forth: on the first page.
                first = orders[0]
                status = "PREPARING" if n % 2 == 0 else "READY"
                word = status.lower()
                done = (
                    f"document.querySelector('.ticket-place [aria-label$=\", {word}\"]') !== null"
                    if n == 0 or status == "PREPARING"
                    else "document.querySelector('.ticket-place .item-ready') !== null"
                )
                updates["an item tapped"].append(
                    _timed(
                        page,
                        "item.updated",
                        done,
                        lambda s=status, o=first: _set_status(restaurant, o, s),
                    )
                )
                count += 1
                sent: list[dict[str, Any]] = []
                updates["a new send"].append(
                    _timed(
                        page,
                        "kitchen_ticket.created",
                        f"document.body.textContent.includes('{count} open')",
                        lambda into=sent: into.append(server.send([("Fries", 1)], table="2")),
                    )
                )
                orders.append(sent[0])
                count -= 1
                gone = orders.pop(1)
                updates["a bump"].append(
                    _timed(
                        page,
                        "kitchen_ticket.bumped",
                        f"document.body.textContent.includes('{count} open')",
                        lambda g=gone: _bump(restaurant, g),
                    )
                )
        finally:
            browser.close()
    figures.updates_ms = updates
    figures.load_average = (before, os.getloadavg()[0])
    return figures


def ms_spread(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} / {p95(values):.0f} / {max(values):.0f}"


def render(figures: Figures) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    worst = max(p95(values) for values in figures.updates_ms.values())
    lines = [
        HEADING,
        "",
        f"Measured {when} by [kitchen_render.py](kitchen_render.py) "
        f"(`python bench/run.py --only-kitchen-render`): {figures.chromium} driven by "
        f"Playwright, its CPU slowed {CPU_SLOWDOWN}x, at 1920x1080 with {TICKETS} open tickets "
        f"({figures.shown} on the first page, the rest paged), against `brigade serve` on SQLite "
        f"with 1 worker on this machine's loopback ({os.cpu_count()} cores, shared: load average "
        f"{figures.load_average[0]:.1f} before, {figures.load_average[1]:.1f} after). From the "
        "stream's chunk carrying the event to the frame after the wall shows it; ms, p50 / p95 / "
        "max.",
        "",
        "| update | what the wall does | p50 / p95 / max |",
        "|---|---|---|",
    ]
    what = {
        "an item tapped": "`item.updated`: a card on the page changes",
        "a new send": "`kitchen_ticket.created`: a card more, measured off the page",
        "a bump": "`kitchen_ticket.bumped`: a card leaves, the page packs again",
    }
    for name, values in figures.updates_ms.items():
        lines.append(f"| {name} | {what[name]} | {ms_spread(values)} |")
    verdict = "met" if worst < TARGET_MS else "**not met**"
    lines += [
        "",
        f"Target: one update rendered in < {TARGET_MS} ms (p95, worst kind): {worst:.0f} ms, "
        f"{verdict}.",
        "",
    ]
    return "\n".join(lines)


def run(report: Path, *, rounds: int = ROUNDS) -> Figures:
    figures = measure(rounds)
    write_section(report, render(figures))
    return figures


if __name__ == "__main__":
    report = Path(sys.argv[1]) if len(sys.argv) > 1 else BENCH / "results-kitchen.md"
    shown = run(report)
    print(re.sub(r"\n+", "\n", render(shown)))

"""Plays a scripted evening (evening.py) on several terminals in one browser while a driver
cuts each terminal's network at random, then reads back what the server holds.

The network of each terminal (a browser context) is cut three ways: the whole context goes
offline for a while (`set_offline`), a write is aborted before it reaches the server, and a
write reaches the server but its answer is lost (`route.fetch()`, then `route.abort()`).
Pages are reloaded now and then, online and offline. The script waits only for what a person
sees on the tablet after a tap, never for the server, so an offline terminal keeps taking taps.
"""

from __future__ import annotations

import contextlib
import random
import re
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Error, Locator, Page, Route, expect

from browser.evening import (
    Check,
    Evening,
    Line,
    Op,
    Record,
    Tally,
    compare,
    plan_evening,
    record_of,
)
from browser.restaurant import (
    SERVER_PIN,
    VIEWPORT,
    Restaurant,
    guests_of,
    paid_line,
    pair,
    show_tools,
    stored,
    type_pin,
)

# Where each product is on the menu, from its top.
PLACES = {
    "Fries": ("Sides",),
    "Salad": ("Sides",),
    "Lemonade": ("Drinks",),
    "Latte": ("Drinks",),
    "Ribeye": ("Mains",),
    "Fish of the day": ("Mains",),
    "Burger": ("Mains", "Burgers"),
}
STAFF = ("Ana", "Ben", "Ana")
ORDER_WRITES = re.compile(r"/api/orders(/|\?|$)")


@dataclass(frozen=True)
class Turbulence:
    """How often each cut happens: per operation (offline, reload), per order write (the
    aborts); an offline spell lasts a random number of the terminal's operations."""

    offline: float = 0.05
    offline_ops: tuple[int, int] = (2, 12)
    abort_before: float = 0.06
    lose_answer: float = 0.06
    reload: float = 0.02


CALM = Turbulence(offline=0, abort_before=0, lose_answer=0, reload=0)


@dataclass
class Summary:
    seed: int
    planned: int = 0
    ops: int = 0
    offline_spells: int = 0
    aborted_before: int = 0
    answers_lost: int = 0
    reloads_online: int = 0
    reloads_offline: int = 0
    seconds: float = 0.0
    drain_seconds: float = 0.0
    checks: int = 0
    lines: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    # Each offline spell and reload, by operation: to read a failure against the script.
    weather: list[str] = field(default_factory=list)
    # What each terminal said at the end, when the server did not hold the model.
    left_on_screens: list[list[str]] = field(default_factory=list)

    def line(self) -> str:
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(self.by_kind.items()))
        return (
            f"seed {self.seed}: {self.ops} operations ({kinds}) making {self.checks} checks of "
            f"{self.lines} lines; {self.offline_spells} offline spells, {self.aborted_before} "
            f"writes aborted before the server, {self.answers_lost} answers lost after it, "
            f"{self.reloads_online} reloads online and {self.reloads_offline} offline; "
            f"{self.seconds:.0f} s played, {self.drain_seconds:.1f} s to drain"
        )


class Terminal:
    """One tablet: its browser context, its network, and the check it has open."""

    def __init__(
        self,
        browser: Browser,
        restaurant: Restaurant,
        name: str,
        tables: list[str],
        staff: str,
        seed: int,
        turbulence: Turbulence,
    ) -> None:
        self.context: BrowserContext = browser.new_context(
            viewport=VIEWPORT, base_url=restaurant.base_url
        )
        self.context.set_default_timeout(20_000)
        self.page: Page = self.context.new_page()
        # What the page wrote to its console and what it threw, last first: read on a failure.
        self.page_said: deque[str] = deque(maxlen=20)
        self.page.on("console", lambda message: self.page_said.append(message.text))
        self.page.on("pageerror", lambda error: self.page_said.append(f"thrown: {error}"))
        self.staff = staff
        self.name = name
        self.tables = tables
        # The weather (offline spells, reloads) follows the seed, so a seed replays it; the
        # aborts fall on requests as they come, which timing decides anyway.
        self.weather_rng = random.Random(seed)
        self.request_rng = random.Random(seed + 1)
        self.turbulence = turbulence
        self.offline_for = 0  # the terminal's operations left in this offline spell
        self.summary: Summary | None = None
        self.page.goto("/")
        pair(self.page, restaurant)
        self.sign_in_if_asked()
        self.context.route(ORDER_WRITES, self._cut)

    @property
    def offline(self) -> bool:
        return self.offline_for > 0

    def _cut(self, route: Route) -> None:
        """Every request to /api/orders: aborted while offline; a write now and then aborted
        before the server, or after it (its answer lost)."""
        summary = self.summary
        if self.offline:
            route.abort("internetdisconnected")
            return
        if route.request.method == "GET" or summary is None:
            route.continue_()
            return
        draw = self.request_rng.random()
        if draw < self.turbulence.abort_before:
            summary.aborted_before += 1
            route.abort("connectionreset")
        elif draw < self.turbulence.abort_before + self.turbulence.lose_answer:
            summary.answers_lost += 1
            # Whether the server answers in time or not, its answer never reaches the tablet;
            # a reload meanwhile may have ended the request already (Playwright then says the
            # route is handled): lost either way.
            with contextlib.suppress(Error):
                route.fetch()
            with contextlib.suppress(Error):
                route.abort("connectionreset")
        else:
            route.continue_()

    def weather(self, summary: Summary, done: int) -> None:
        """Before each of this terminal's operations (``done`` so far in all): the network
        comes and goes; a reload. Each change goes into the summary's log."""
        if self.offline_for > 0:
            self.offline_for -= 1
            if self.offline_for == 0:
                self.context.set_offline(False)
                summary.weather.append(f"before op {done + 1}: {self.name} back online")
        elif self.weather_rng.random() < self.turbulence.offline:
            self.offline_for = self.weather_rng.randint(*self.turbulence.offline_ops)
            self.context.set_offline(True)
            summary.offline_spells += 1
            summary.weather.append(f"before op {done + 1}: {self.name} offline")
        if self.weather_rng.random() < self.turbulence.reload:
            if self.offline:
                summary.reloads_offline += 1
            else:
                summary.reloads_online += 1
            summary.weather.append(f"before op {done + 1}: {self.name} reloaded")
            self.page.reload()
            self.sign_in_if_asked()

    def stored(self) -> dict[str, int]:
        """How many records each IndexedDB store of the page holds (the outbox among them)."""
        return stored(self.page)

    def words(self) -> list[str]:
        """What the terminal says to the person: its alerts and statuses, the menu's products,
        each of its open checks' refused changes; and what the page wrote to its console."""
        page = self.page
        said = page.get_by_role("alert").or_(page.get_by_role("status")).all_inner_texts()
        products = page.get_by_role("group", name="Products").get_by_role("button")
        said.append(f"products shown: {products.evaluate_all(_BUTTONS)}")
        for table in self.tables:
            tile = page.get_by_role("button", name=re.compile(rf"^Table {table}, occupied"))
            if page.get_by_role("dialog").count() or not tile.count():
                continue
            tile.click()
            refused = page.get_by_test_id("refused-operation")
            said += [f"table {table}: {words}" for words in refused.all_inner_texts()]
        return [*said, f"stored: {self.stored()}", f"console: {list(self.page_said)}"]

    def back_online(self) -> None:
        """The evening is over: the network stays up and nothing is cut any more."""
        self.offline_for = 0
        self.context.set_offline(False)
        self.context.unroute(ORDER_WRITES, self._cut)

    def sign_in_if_asked(self) -> None:
        """The staff picker after pairing or a reload: the terminal's person signs in."""
        working = self.page.get_by_role("navigation", name="Floor")
        asked = self.page.get_by_role("heading", name="Who is working?")
        expect(working.or_(asked)).to_be_visible()
        if asked.is_visible():
            self.page.get_by_role("button", name=self.staff, exact=True).click()
            type_pin(self.page, SERVER_PIN)
            expect(working).to_be_visible()

    # --- what the person does -------------------------------------------------------------

    def play(self, op: Op, check: Check | None) -> None:
        """Does ``op`` on screen; ``check``: the model's check after it."""
        page = self.page
        if op.kind == "seat":
            self._to_floor()
            page.get_by_role("button", name=f"Table {op.table}, free").click()
            page.get_by_role("button", name=guests_of(op.guests), exact=True).click()
            expect(self._check()).to_contain_text(f"Table {op.table} · {guests_of(op.guests)}")
            expect(page.get_by_role("dialog")).to_have_count(0)
            return
        if op.kind == "complete":
            self._complete(op.table)
            return
        assert check is not None
        self._open(op.table)
        lines = page.get_by_role("list", name="Lines")
        if op.kind == "add":
            self._add(op)
        elif op.kind == "more":
            name = check.lines[op.line].name
            _tools(lines, name, unsent=True).get_by_role("button", name=f"One more {name}").click()
        elif op.kind == "note":
            name = check.lines[op.line].name
            _tools(lines, name, unsent=True).get_by_role("button", name=f"Note for {name}").click()
            sheet = page.get_by_role("dialog", name=f"Note for {name}")
            sheet.get_by_label("Note for the kitchen").fill(op.note)
            sheet.get_by_role("button", name="Save note").click()
        elif op.kind == "void":
            name = check.lines[op.line].name
            _tools(lines, name, unsent=False).get_by_role("button", name=f"Void {name}").click()
            page.get_by_role("dialog", name=f"Void {name}").get_by_role(
                "button", name=op.note
            ).click()
        elif op.kind == "send":
            page.get_by_role("button", name=re.compile(r"^Send \(")).click()
            expect(page.get_by_role("button", name="Send", exact=True)).to_be_visible()
        elif op.kind == "pay":
            page.get_by_role("button", name="Pay", exact=True).click()
            paying = page.get_by_role("dialog", name=re.compile("^Pay check"))
            paying.get_by_role("button", name="Cash", exact=True).click()
            paying.get_by_role("button", name=re.compile("^Take cash")).click()
            # Answered online with nothing unsent, the check closed by itself and the top bar
            # says so; offline (or left open) the sheet offers Complete.
            complete = paying.get_by_role("button", name="Complete")
            expect(complete.or_(paid_line(page))).to_be_visible()
            if not complete.count():
                expect(page.get_by_role("button", name=f"Table {op.table}, free")).to_be_visible()
            return
        expect(page.get_by_role("dialog")).to_have_count(0)
        _expect_lines(page, check)

    def _check(self) -> Locator:
        return self.page.get_by_role("complementary", name="Check")

    def _to_floor(self) -> None:
        """No sheet over the floor (which is always beside the check)."""
        sheets = self.page.get_by_role("dialog")
        for _ in range(sheets.count()):
            self.page.keyboard.press("Escape")
        expect(sheets).to_have_count(0)

    def _open(self, table: str) -> None:
        self._to_floor()
        if self._check().filter(has_text=f"Table {table} · ").count():
            return
        self.page.get_by_role("button", name=re.compile(rf"^Table {table}, occupied")).click()
        expect(self._check()).to_contain_text(f"Table {table} · ")

    def _add(self, op: Op) -> None:
        page = self.page
        products = page.get_by_role("group", name="Products")
        button = products.get_by_role("button", name=op.product, exact=True)
        if not button.count():
            page.get_by_role("button", name="Menu", exact=True).click()
            for category in PLACES[op.product]:
                page.get_by_role("group", name="Categories").get_by_role(
                    "button", name=category
                ).click()
        button.click()
        if not op.picks:
            return
        sheet = page.get_by_role("dialog", name=op.product, exact=True)
        for pick in op.picks:
            sheet.get_by_role("button", name=pick, exact=True).click()
        if op.note:
            sheet.get_by_label("Note", exact=True).fill(op.note)
        sheet.get_by_role("button", name=re.compile(r"^Add (\d+ )?·")).click()

    def _complete(self, table: str) -> None:
        page = self.page
        paying = page.get_by_role("dialog", name=re.compile("^Pay check"))
        free = page.get_by_role("button", name=f"Table {table}, free")
        if not paying.count():  # it closed by itself once paid, or a reload since
            self._to_floor()
            # The floor drawn first: just after a reload its tables are not there yet, and no
            # occupied table would read as one completed by itself.
            drawn = page.get_by_role("button", name=re.compile(rf"^Table {table}, "))
            expect(drawn).to_be_visible()
            occupied = page.get_by_role("button", name=re.compile(rf"^Table {table}, occupied"))
            if not occupied.count():  # it completed by itself once its payment landed
                expect(free).to_be_visible()
                return
            self._open(table)
            page.get_by_role("button", name="Pay", exact=True).click()
        paying.get_by_role("button", name="Complete").click()
        page.get_by_role("dialog", name=re.compile("^Receipt")).get_by_role(
            "button", name="Done"
        ).click()
        expect(free).to_be_visible()


def _tools(lines: Locator, name: str, *, unsent: bool) -> Locator:
    """The one line named ``name`` (among the unsent ones, or those not voided: the evening
    names it once there), its tools shown: one line shows them at a time."""
    kind = lines.locator("li.line.unsent" if unsent else "li.line:not(.voided)")
    named = re.compile(rf"^\d+(\.\d+)? {re.escape(name)}(, sending)?$")
    return show_tools(lines.get_by_role("listitem", name=named).and_(kind))


# Each button as it is: its name, and whether it is busy or disabled.
_BUTTONS = """(buttons) => buttons.map((b) => [
  b.getAttribute("aria-label") || b.textContent, b.getAttribute("aria-busy"), b.disabled,
].join(" "))"""


# True once the check's lines, by accessible name up to any ", sending"-like remark and with
# the note the line shows, are as many of each as wanted (one poll in the page, not a round
# trip per name).
_LINES_ARE = """(wanted) => {
  const shown = {};
  for (const line of document.querySelectorAll('[aria-label="Lines"] > li[aria-label]')) {
    const name = line.getAttribute("aria-label").split(",")[0];
    const parts = line.querySelectorAll(".line-note, .line-void");
    const said = [...parts].map((part) => part.textContent);
    const shownAs = [name, ...said].join(" ");
    if (/^\\d+ /.test(name)) shown[shownAs] = (shown[shownAs] || 0) + 1;
  }
  const names = new Set([...Object.keys(shown), ...Object.keys(wanted)]);
  return [...names].every((name) => shown[name] === wanted[name]);
}"""


def _shown_as(line: Line) -> str:
    """A line as the check shows it: quantity and name, its note, why it was voided."""
    said = [f"{line.quantity} {line.name}"]
    if line.notes:
        said.append(f"“{line.notes}”")
    if line.status == "VOIDED":
        said.append(f"Void: {line.void_reason}")
    return " ".join(said)


def _expect_lines(page: Page, check: Check) -> None:
    """The check on screen has the model's lines: each quantity, name, note and void as many
    times (a voided line keeps its place). A change shows once the tablet has kept it: until then a
    reload could take the tap with it, as it would a person's."""
    wanted = Counter(_shown_as(line) for line in check.lines)
    try:
        page.wait_for_function(_LINES_ARE, arg=dict(wanted))
    except Exception as failure:
        shown = page.get_by_role("list", name="Lines").get_by_role("listitem").all_inner_texts()
        failure.add_note(f"wanted lines {dict(wanted)}; the screen shows {shown}")
        raise


def held_orders(restaurant: Restaurant) -> list[Record]:
    """Every order of the location, oldest first, as Records."""
    orders: list[dict[str, Any]] = []
    with restaurant.http() as http:
        page = 1
        while True:
            answer = http.get(
                "/api/orders",
                params={"locationId": restaurant.location_id, "limit": 100, "page": page},
            )
            assert answer.status_code == 200, answer.text
            body = answer.json()
            orders += body["data"]
            if page * 100 >= body["total"]:
                break
            page += 1
        details = []
        for summary in sorted(orders, key=lambda order: order["createdAt"]):
            detail = http.get(f"/api/orders/{summary['id']}")
            assert detail.status_code == 200, detail.text
            details.append(record_of(detail.json()))
    return details


def drained(
    restaurant: Restaurant, evening: Evening, patience: float, page: Page
) -> tuple[Tally, float]:
    """Reads the server until it holds what the model says, or ``patience`` seconds went by
    (the outboxes drain at their own pace): the last comparison, and the seconds it took.
    It waits in ``page``: Playwright's sync API serves the browsers' events (routes among
    them) only while this thread is inside one of its calls, never in a plain sleep."""
    started = time.monotonic()
    expected = evening.records()
    while True:
        tally = compare(expected, held_orders(restaurant))
        waited = time.monotonic() - started
        if tally.clean or waited > patience:
            return tally, waited
        page.wait_for_timeout(1000)


def play_evening(
    browser: Browser,
    restaurant: Restaurant,
    *,
    seed: int,
    operations: int,
    turbulence: Turbulence,
    terminals: int = 3,
    patience: float = 90,
    progress: Callable[[int], None] = lambda done: None,
    summary: Summary | None = None,
) -> tuple[Summary, Tally]:
    """The whole evening: the script on ``terminals`` tablets in the weather, everyone back
    online, then the server read back against the model."""
    ops, evening = plan_evening(seed, operations, terminals, sorted(restaurant.tables))
    tablets = [
        Terminal(
            browser,
            restaurant,
            f"terminal {t}",
            evening.owned[t],
            STAFF[t % len(STAFF)],
            seed * 31 + 2 * t,
            turbulence,
        )
        for t in range(terminals)
    ]
    # The caller's summary, when it wants the figures of an evening that stops on a failure.
    summary = summary or Summary(seed=seed)
    summary.checks = len(evening.checks)
    summary.planned = len(ops)
    summary.lines = sum(len(check.lines) for check in evening.checks)
    # Replayed on a model of its own, so each op sees its check as it is right after it.
    replay = Evening(terminals, sorted(restaurant.tables))
    started = time.monotonic()
    try:
        for tablet in tablets:
            tablet.summary = summary
        for done, op in enumerate(ops):
            tablet = tablets[op.terminal]
            tablet.weather(summary, done)
            replay.apply(op)
            try:
                tablet.play(op, replay.open.get(op.table))
            except Exception as failure:
                state = "offline" if tablet.offline else "online"
                failure.add_note(f"operation {done + 1} of seed {seed}, {state}: {op}")
                failure.add_note("weather: " + "; ".join(summary.weather))
                failure.add_note(f"the terminal says: {tablet.words()}")
                raise
            summary.ops += 1
            summary.by_kind[op.kind] = summary.by_kind.get(op.kind, 0) + 1
            progress(done + 1)
        for tablet in tablets:
            tablet.back_online()
        summary.seconds = time.monotonic() - started
        tally, summary.drain_seconds = drained(restaurant, evening, patience, tablets[0].page)
        if not tally.clean:
            summary.left_on_screens = [tablet.words() for tablet in tablets]
    finally:
        for tablet in tablets:
            tablet.context.close()
    return summary, tally

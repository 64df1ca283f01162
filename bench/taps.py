"""Taps per common action on the terminal (issue 31: "cash exact: 6 taps today; aim for 3").

Debian's chromium, driven by Playwright, against `brigade serve` (SQLite, 1 worker) on the
screen tests' restaurant (tests/browser/restaurant.py) with a section of tables of its
own. Each action starts on a newly paired, signed-in tablet, its check set up and shown by
the driver (not counted); then the driver does the action as a person would, and every click,
key and typed character it makes is counted by wrapping Playwright's own calls (a text typed
into a field: one tap on the field and one a character), until the server holds the action
as done. The payments then count, apart, the taps back to the floor: none once a check paid
in full with no change to give closes by itself.

    .venv/bin/python bench/taps.py               # about a minute; writes results-taps.md
    .venv/bin/python bench/taps.py --only "cash exact" --only send --output -

The "before" column is counted from the code of dbfa07a (the terminal before issue 31's part
three): that terminal lacks most of the controls these drivers tap, so it cannot be driven by
the same script. Its flows are spelled out in BEFORE.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent / "tests")]

import screens  # noqa: E402
from playwright.sync_api import Browser, Keyboard, Locator, Page, expect, sync_playwright  # noqa: E402

from browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from browser.restaurant import (  # noqa: E402
    Restaurant,
    _created,
    add,
    all_sent,
    approve,
    charge_card,
    closed_once_paid,
    open_category,
    refund_line,
    seat,
    signed_in_terminal,
)

REPORT = BENCH / "results-taps.md"
HEADING = "# Taps per common action"
SECTION = "Bench"  # the bench's own tables, one an action
DONE_WITHIN_S = 20
# An accessible name or label in a locator's selector, as a string or a pattern: the last one
# names what the person tapped.
NAMED = re.compile(r'(?:name=|label=)(?:"((?:[^"\\]|\\.)*)"|/\^?((?:[^/\\]|\\.)*)/)')


class NotAvailable(Exception):
    """The terminal has no control for the action (yet)."""


# One tap: what was tapped (a control's name, a key) and whether it was a character typed.
Tap = tuple[str, bool]


@dataclass
class Taps:
    """The taps a driver made, by wrapping Playwright's clicks, presses and typing."""

    made: list[Tap] = field(default_factory=list)

    @contextmanager
    def counting(self) -> Iterator[Taps]:
        def one(locator: Locator, *_: Any, **__: Any) -> list[Tap]:
            return [(_named(locator), False)]

        def typed(locator: Locator, value: str, *_: Any, **__: Any) -> list[Tap]:
            return [(_named(locator), False)] + [(char, True) for char in value]

        def key(_where: Any, name: str, *_: Any, **__: Any) -> list[Tap]:
            return [(name, False)]

        def characters(_where: Any, text: str, *_: Any, **__: Any) -> list[Tap]:
            return [(char, True) for char in text]

        counted: list[tuple[type, str, Callable[..., list[Tap]]]] = [
            (Locator, "click", one),
            (Locator, "tap", one),
            (Locator, "dblclick", lambda locator, *_, **__: one(locator) * 2),
            (Locator, "press", key),
            (Locator, "fill", typed),
            (Locator, "press_sequentially", characters),
            (Keyboard, "press", key),
            (Keyboard, "type", characters),
        ]
        originals = [(owner, name, getattr(owner, name)) for owner, name, _ in counted]
        for (owner, name, taps_of), (_, _, original) in zip(counted, originals, strict=True):
            setattr(owner, name, self._wrapped(original, taps_of))
        try:
            yield self
        finally:
            for owner, name, original in originals:
                setattr(owner, name, original)

    def _wrapped(
        self, original: Callable[..., Any], taps_of: Callable[..., list[Tap]]
    ) -> Callable[..., Any]:
        def tapped(this: Any, *args: Any, **kwargs: Any) -> Any:
            self.made += taps_of(this, *args, **kwargs)
            return original(this, *args, **kwargs)

        return tapped

    def words(self) -> str:
        """The taps in order, the characters typed in a row as one entry: "4242 typed"."""
        shown: list[str] = []
        for name, is_character in self.made:
            if is_character and shown and shown[-1].endswith(" typed"):
                shown[-1] = shown[-1].removesuffix(" typed") + name + " typed"
            else:
                shown.append(f"{name} typed" if is_character else name)
        return ", ".join(shown)


def _named(locator: Locator) -> str:
    names = NAMED.findall(str(locator))
    if not names:
        return str(locator)
    # A pattern's escapes and the separator after a check's number go: "^\\#1012, " is "#1012".
    return re.sub(r"\\+(.)", r"\1", "".join(names[-1])).strip(" ,")


@dataclass
class Check:
    """What an action works on: the tablet, the check's order id and its table."""

    page: Page
    restaurant: Restaurant
    order_id: str
    table: str

    def order(self) -> dict[str, Any]:
        return self.restaurant.order(self.order_id)

    def orders_at_table(self, *statuses: str) -> list[dict[str, Any]]:
        with self.restaurant.http() as http:
            table_id = self.restaurant.tables[self.table]["id"]
            params = {"locationId": self.restaurant.location_id, "tableId": table_id}
            listed = http.get("/api/orders", params=params).json()["data"]
        return [order for order in listed if order["status"] in statuses]


@dataclass(frozen=True)
class Action:
    name: str
    ready: Callable[[Page], None]  # from a new check to the action's starting point, uncounted
    act: Callable[[Check], None]  # what the person taps, counted
    done: Callable[[Check], bool]  # the server holds it as done
    away: Callable[[Page], None] | None = None  # then back to the floor, counted apart


@dataclass
class Result:
    action: str
    taps: Taps | None  # None: not available on this terminal
    away: Taps | None = None


# Set-ups: the driver's own taps, never counted.


def _rung_up(*products: str, category: str = "Sides", send: bool = False) -> Callable[[Page], None]:
    def ready(page: Page) -> None:
        open_category(page, category)
        for product in products:
            add(page, product)
        if send:
            _send(page)
        all_sent(page)

    return ready


def _send(page: Page) -> None:
    page.get_by_role("button", name=re.compile(r"^Send \(")).click()


def _courses(page: Page) -> None:
    """Fries on course 1 and fish held on course 2, sent."""
    _rung_up("Fries")(page)
    page.get_by_label("Next lines").get_by_role("button", name="Course 2").click()
    page.get_by_role("button", name="Menu", exact=True).click()
    _rung_up("Fish of the day", category="Mains", send=True)(page)


def _on_seats(page: Page) -> None:
    """Fries on seat 1 and a salad on seat 2, sent."""
    open_category(page, "Sides")
    for seat_of, product in ((1, "Fries"), (2, "Salad")):
        page.get_by_label("Next lines").get_by_role("button", name=f"Seat {seat_of}").click()
        add(page, product)
    _send(page)
    all_sent(page)


def _paid(*, card: bool = False) -> Callable[[Page], None]:
    """A sent lemonade paid (cash exact, or on card ····4242 without a tip), back at the
    floor."""

    def ready(page: Page) -> None:
        _rung_up("Lemonade", category="Drinks", send=True)(page)
        if card:
            charge_card(_pay(page), "4242")
        else:
            _take_cash(page)
        closed_once_paid(page)

    return ready


# What the person does, counted.


def _pay(page: Page) -> Locator:
    page.get_by_role("button", name="Pay", exact=True).click()
    return page.get_by_role("dialog", name=re.compile("^Pay check"))


def _keys(where: Locator, *keys: str) -> None:
    keypad = where.get_by_role("group", name="Keypad")
    for key in keys:
        keypad.get_by_role("button", name=key, exact=True).click()


def _take_cash(page: Page) -> None:
    paying = _pay(page)
    paying.get_by_role("button", name="Cash", exact=True).click()
    paying.get_by_role("button", name=re.compile("^Take cash")).click()


def _cash_exact(check: Check) -> None:
    _take_cash(check.page)


def _card(tip: Callable[[Locator], None]) -> Callable[[Check], None]:
    def act(check: Check) -> None:
        paying = _pay(check.page)
        tip(paying)
        charge_card(paying, "4242")

    return act


def _preset_tip(paying: Locator) -> None:
    paying.get_by_role("button", name="Tip 15%").click()


def _typed_tip(paying: Locator) -> None:
    paying.get_by_role("button", name=re.compile("^Tip amount")).click()
    _keys(paying, "1", "00")  # $1 on $4.95: under the tip a manager approves


def _twenty_then_card(check: Check) -> None:
    paying = _pay(check.page)
    paying.get_by_role("button", name="Cash", exact=True).click()
    _keys(paying, "2", "0", "00")
    paying.get_by_role("button", name="Take cash $20.00").click()
    paying.get_by_role("button", name="Card", exact=True).click()
    charge_card(paying, "4242")


def _split_by_3(check: Check) -> None:
    paying = _pay(check.page)
    paying.get_by_role("button", name="Split 3 ways").click()
    paying.get_by_role("button", name="Cash", exact=True).click()
    balance = paying.get_by_label("Balance due")
    for share in range(3):
        # A payment being kept drops taps meanwhile: the next share once the balance moved
        # (the last one closes the check).
        before = balance.inner_text()
        paying.get_by_role("button", name=re.compile("^Take cash")).click()
        if share < 2:
            expect(balance).not_to_have_text(before)


def _tap(name: str, *, within: str | None = None) -> Callable[[Check], None]:
    def act(check: Check) -> None:
        where = check.page.get_by_role("dialog", name=within) if within else check.page
        where.get_by_role("button", name=name, exact=True).click()

    return act


def _add_fries(check: Check) -> None:
    open_category(check.page, "Sides")
    add(check.page, "Fries")


def _void(check: Check) -> None:
    check.page.get_by_role("button", name="Void Fries").click()
    check.page.get_by_role("dialog", name="Void Fries").get_by_role(
        "button", name="Entered by mistake"
    ).click()


def _place(check: Check) -> None:
    check.page.get_by_role("button", name="Seat and course for Fries").click()
    check.page.get_by_role("dialog", name="Seat and course for Fries").get_by_role(
        "button", name="Seat 2", exact=True
    ).click()


def _cancel(check: Check) -> None:
    check.page.get_by_role("button", name="Cancel check", exact=True).click()
    sheet = check.page.get_by_role("dialog", name="Cancel check")
    sheet.get_by_role("button", name="Seated by mistake").click()
    sheet.get_by_role("button", name="Cancel this check").click()


def _closed(check: Check) -> Locator:
    """Paid today, then the check in the list."""
    check.page.get_by_role("button", name="Paid today").click()
    number = check.order()["orderNumber"]
    closed = check.page.get_by_role("region", name="Closed checks")
    closed.get_by_role("button", name=re.compile(rf"^{re.escape(number)}, ")).click()
    return closed.get_by_role("complementary", name=f"Closed {number}")


def _tip_after(check: Check) -> None:
    _closed(check).get_by_role("button", name="Enter the tip of card ····4242").click()
    tipping = check.page.get_by_role("dialog", name="Tip on card ····4242")
    _keys(tipping, "1", "00")
    tipping.get_by_role("button", name="Save tip $1.00").click()


def _reopen(check: Check) -> None:
    _closed(check).get_by_role("button", name="Reopen").click()
    check.page.get_by_role("dialog", name=re.compile("^Reopen check")).get_by_role(
        "button", name="Guests ordered more"
    ).click()
    approve(check.page)


def _refund(check: Check) -> None:
    refund_line(check.page, _closed(check), "Lemonade")


def _split_by_seat(check: Check) -> None:
    split = check.page.get_by_role("button", name="Split", exact=True)
    if split.count() == 0:
        raise NotAvailable
    split.click()
    sheet = check.page.get_by_role("dialog", name=re.compile("^Split check"))
    mode = sheet.get_by_role("button", name="By seat", exact=True)
    if mode.get_attribute("aria-pressed") != "true":  # a person skips the mode shown already
        mode.click()
    sheet.get_by_role("button", name="Split by seat", exact=True).click()


# Done, as the server holds it.


def _completed(check: Check) -> bool:
    return bool(check.order()["status"] == "COMPLETED")


def _items(check: Check) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = check.order()["items"]
    return items


ACTIONS = [
    Action("cash exact", _rung_up("Fries", send=True), _cash_exact, _completed, closed_once_paid),
    Action(
        "card with a preset tip",
        _rung_up("Fries", send=True),
        _card(_preset_tip),
        _completed,
        closed_once_paid,
    ),
    Action(
        "card with a typed tip",
        _rung_up("Fries", send=True),
        _card(_typed_tip),
        _completed,
        closed_once_paid,
    ),
    Action(
        "$20 cash, then the rest by card",
        _rung_up("Fish of the day", category="Mains", send=True),
        _twenty_then_card,
        _completed,
        closed_once_paid,
    ),
    Action(
        "split evenly by 3 (three cash payments)",
        _rung_up("Fries", send=True),
        _split_by_3,
        _completed,
        closed_once_paid,
    ),
    Action(
        "send",
        _rung_up("Fries"),
        _tap("Send (1)"),
        lambda check: [i["status"] for i in _items(check)] == ["SENT"],
    ),
    Action(
        "add a product",
        lambda page: None,
        _add_fries,
        lambda check: [i["name"] for i in _items(check)] == ["Fries"],
    ),
    Action(
        "void a line (unsent)",
        _rung_up("Fries"),
        _void,
        lambda check: all(i["status"] == "VOIDED" for i in _items(check)),
    ),
    Action(
        "fire a course",
        _courses,
        _tap("Fire course 2"),
        lambda check: check.order()["firedCourses"] == [1, 2],
    ),
    Action(
        "seat a line",
        _rung_up("Fries"),
        _place,
        lambda check: [i["seat"] for i in _items(check)] == [2],
    ),
    Action(
        "cancel a mistaken (unsent) check",
        lambda page: None,
        _cancel,
        lambda check: check.order()["status"] == "CANCELLED",
    ),
    Action(
        "tip adjustment after signing",
        _paid(card=True),
        _tip_after,
        lambda check: [p["tipAmount"] for p in check.order()["payments"]] == [1],
    ),
    Action(
        "reopen a completed check (manager)",
        _paid(),
        _reopen,
        lambda check: check.order()["status"] == "OPEN",
    ),
    Action(
        "refund one line (manager)",
        _paid(),
        _refund,
        lambda check: len(check.order()["refunds"]) == 1,
    ),
    Action(
        "split by seat",
        _on_seats,
        _split_by_seat,
        # Each seat's lines on a check of its own (the check split may stay, emptied).
        lambda check: len([o for o in check.orders_at_table("OPEN") if o["total"]]) == 2,
    ),
]

# Counted from the code of dbfa07a (web/src/terminal/): the taps to done, then to the floor,
# and the flow. None: the terminal had no way to do it.
BEFORE: dict[str, tuple[int, int, str] | None] = {
    "cash exact": (5, 1, "Pay, Cash, Exact, Take cash, Complete; Done"),
    "card with a preset tip": (
        9,
        1,
        "Pay, Tip 15%, Card last four, 4242 typed, Charge card, Complete; Done",
    ),
    "card with a typed tip": None,  # tips were the presets only
    "$20 cash, then the rest by card": None,  # a payment took the whole share, never a part
    "split evenly by 3 (three cash payments)": (
        10,
        1,
        "Pay, ÷ 3, Cash, then Exact and Take cash three times, Complete; Done",
    ),
    "send": (1, 0, "Send"),
    "add a product": (2, 0, "Sides, Fries"),
    "void a line (unsent)": (2, 0, "Void Fries, Entered by mistake"),
    "fire a course": None,
    "seat a line": None,
    "cancel a mistaken (unsent) check": None,
    "tip adjustment after signing": None,
    "reopen a completed check (manager)": None,
    "refund one line (manager)": None,  # refunds were the API's only
    "split by seat": None,
}


def _bench_tables(restaurant: Restaurant, count: int) -> list[str]:
    """A table of the bench's own for each action."""
    names = [f"B{n}" for n in range(1, count + 1)]
    with restaurant.http() as http:
        for name in names:
            body = {"locationId": restaurant.location_id, "name": name, "section": SECTION}
            restaurant.tables[name] = _created(http.post("/api/tables", json=body | {"seats": 4}))
    return names


def _one(browser: Browser, restaurant: Restaurant, action: Action, table: str) -> Result:
    page = signed_in_terminal(browser, restaurant, "Ana")
    try:
        seat(page, table, 2)
        (opened,) = Check(page, restaurant, "", table).orders_at_table("DRAFT", "OPEN")
        check = Check(page, restaurant, opened["id"], table)
        action.ready(page)
        taps = Taps()
        try:
            with taps.counting():
                action.act(check)
        except NotAvailable:
            return Result(action.name, None)
        deadline = time.monotonic() + DONE_WITHIN_S
        while not action.done(check):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{action.name}: not done after {taps.words()}")
            page.wait_for_timeout(100)
        away = None
        if action.away:
            away = Taps()
            with away.counting():
                action.away(page)
        return Result(action.name, taps, away)
    finally:
        page.context.close()


def measure(names: list[str] | None = None, database: str = "sqlite") -> list[Result]:
    actions = [a for a in ACTIONS if names is None or a.name in names]
    with (
        tempfile.TemporaryDirectory(prefix="brigade-taps-") as work,
        screens.restaurant_served(Path(work), database) as restaurant,
        sync_playwright() as playwright,
    ):
        tables = _bench_tables(restaurant, len(actions))
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return [
                _one(browser, restaurant, action, table)
                for action, table in zip(actions, tables, strict=True)
            ]
        finally:
            browser.close()


def _count(taps: Taps | None) -> str:
    return "not available" if taps is None else str(len(taps.made))


def render(results: list[Result]) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        HEADING,
        "",
        f"Measured {when} by [taps.py](taps.py) (`make taps`): each action on a newly "
        "signed-in tablet (chromium driven by Playwright, `brigade serve` on SQLite), from the "
        "check shown (the closed checks' actions: from the floor) until the server holds the "
        "action as done; every click, key and typed character the driver made counted by "
        "wrapping Playwright's calls (a field typed into: one tap on it and one a character). "
        "A payment's check completes by itself once paid; the taps then back to the floor "
        "are counted apart: none now, since a check paid in full with no change to give "
        'closes and the floor shows by itself, so "now" is end to end, from the check to '
        "the floor (change to give shows the receipt summary until Done). Before: the "
        "terminal at dbfa07a, counted from its code (it lacks the controls the drivers tap, "
        "so it is not driven): see `BEFORE` in taps.py. Issue 31's \"cash exact: 6 taps "
        "today\" is dbfa07a's count here and the Done that put its receipt away, the column "
        "beside it.",
        "",
        "| action | before (dbfa07a) | now | then to the floor, before / now | taps now |",
        "|---|---:|---:|---|---|",
    ]
    for result in results:
        before = BEFORE[result.action]
        was = "not available" if before is None else str(before[0])
        away_before = "—" if before is None or not result.away else str(before[1])
        away_now = _count(result.away) if result.away else "—"
        shown = "—" if result.taps is None else result.taps.words()
        if result.away and result.away.made:
            shown += f"; then {result.away.words()}"
        lines.append(
            f"| {result.action} | {was} | {_count(result.taps)} | {away_before} / {away_now} "
            f"| {shown} |"
        )
    lines += ["", "Before, as counted from dbfa07a's code:", ""]
    lines += [f"- {name}: {flow[2]}" for name, flow in BEFORE.items() if flow is not None]
    lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", help="an action's name (repeatable)")
    parser.add_argument("--database", default="sqlite", help='"sqlite" or a PostgreSQL URL')
    parser.add_argument("--output", default=str(REPORT), help='the report ("-": print only)')
    arguments = parser.parse_args()
    text = render(measure(arguments.only, arguments.database))
    print(text)
    if arguments.output != "-":
        Path(arguments.output).write_text(text)


if __name__ == "__main__":
    main()

"""A location in German and one in Arabic (issue 54), in a real browser against a real server
that prints to a fake receipt printer: set to ``de``, the terminal, the kitchen display, the
back office and the printed receipt say everything in German, money as 4,50 €, with no word of
the English catalogues left; set to ``ar``, the same screens read right to left at 1024 x 768
with nothing overlapping and nothing cut off. What the restaurant typed (its menu, tables and
staff) is shown as typed in every language."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from browser.kitchen_wall import kitchen_token
from browser.languages import WEB, cut_off, english_left, overlapping
from browser.restaurant import (
    MANAGER_PIN,
    MENU,
    SERVER_PIN,
    STAFF,
    TABLES,
    VIEWPORT,
    WRITE_SCREENSHOTS,
    Restaurant,
    add_receipt_printer,
    all_sent,
    open_screen,
    open_terminal,
    pair,
    paste_token,
)
from printers import FakePrinter

# Money as German writes it, Intl's and Babel's alike: a comma, then a no-break space and €.
EUROS = re.compile(r"\d+,\d\d\xa0€")
# What the restaurant typed: shown as typed in every language.
NAMES = [
    "Harbour St",
    "Tablet",
    "Till",
    "Pass",
    "Europe/London",
    *STAFF,
    *TABLES,
    *MENU,
    *(sub for sections in MENU.values() for sub in sections if sub),
    *(name for sections in MENU.values() for products in sections.values() for name, _ in products),
]
# Every section of the back office.
SECTIONS = [
    "today",
    "menu",
    "till",
    "staff",
    "tables",
    "location",
    "pricing",
    "printers",
    "devices",
    "audit",
]

# What each section shows once loaded: what the restaurant typed. (The printers are the German
# test's alone: either test may run first, or alone, on its server.)
LOADED = {
    "today": "Ana",
    "menu": "Mains",
    "staff": "Marco",
    "tables": "Patio",
    "devices": "Tablet",
}


def _messages(language: str) -> dict[str, str]:
    """The terminal's and the shared part's messages in ``language``, by id."""
    found: dict[str, str] = {}
    for part in ("shared", "terminal"):
        found |= json.loads((WEB / part / "messages" / f"{language}.json").read_text("utf-8"))
    return found


class Words:
    """A terminal message in one language, its simple ``{fields}`` filled in."""

    def __init__(self, language: str) -> None:
        self._messages = _messages(language)

    def __call__(self, message_id: str, **values: object) -> str:
        text = self._messages[message_id]
        for name, value in values.items():
            text = text.replace(f"{{{name}}}", str(value))
        assert "{" not in text, text
        return text

    def starting(self, message_id: str) -> re.Pattern[str]:
        """The message's words before its first field, as a name starts."""
        return re.compile("^" + re.escape(self._messages[message_id].split("{")[0].strip()))


@pytest.fixture
def till() -> Iterator[FakePrinter]:
    with FakePrinter() as fake:
        fake.switch_on()
        yield fake


def _located(restaurant: Restaurant, language: str, currency: str) -> None:
    profile = {
        "name": "Harbour St",
        "timezone": "Europe/London",
        "currency": currency,
        "language": language,
    }
    with restaurant.http() as http:
        response: httpx.Response = http.put(
            f"/api/locations/{restaurant.location_id}", json=profile
        )
        assert response.status_code == 200, response.text


def _terminal(browser: Browser, restaurant: Restaurant, words: Words) -> Page:
    """A tablet paired and Ana signed in. The pairing screen comes before any location; the
    sign-in screen after it speaks the location's language (the staff directory says it)."""
    page = open_terminal(browser, restaurant)
    pair(page, restaurant)
    expect(page.get_by_role("heading", name=words("terminal.signin.who"))).to_be_visible()
    page.get_by_role("button", name="Ana", exact=True).click()
    for digit in SERVER_PIN:
        page.get_by_role("button", name=digit, exact=True).click()
    page.get_by_role("button", name=words("ui.enterPin")).click()
    connection = page.get_by_role("status", name=words("terminal.topbar.connection"))
    expect(connection).to_have_text(re.compile(words("terminal.topbar.online")))
    return page


def _seat_and_order(page: Page, words: Words, table: str, guests: str) -> None:
    page.get_by_role("button", name=words("terminal.floor.free", table=table)).click()
    page.get_by_role("dialog").get_by_role("button", name=guests, exact=True).click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    products = page.get_by_role("group", name=words("terminal.menu.products"))
    fries = products.get_by_role("button", name="Fries", exact=True)
    sides = page.get_by_role("group", name=words("terminal.menu.categories")).get_by_role(
        "button", name="Sides"
    )
    # The menu stays where the last check left it: at Sides from the second table on.
    expect(fries.or_(sides).first).to_be_visible()
    if not fries.is_visible():
        sides.click()
    products.get_by_role("button", name="Fries", exact=True).click()
    lines = page.get_by_role("list", name=words("terminal.check.lines"))
    expect(lines.get_by_role("listitem")).to_have_count(1)


def _send(page: Page, words: Words) -> None:
    page.get_by_role("complementary", name=words("terminal.check")).get_by_role(
        "button", name=words.starting("terminal.check.send")
    ).click()


def _kitchen(browser: Browser, restaurant: Restaurant) -> Page:
    """A kitchen display paired at 1024 x 768, its board showing the ticket sent."""
    page = open_screen(browser, restaurant, "/kitchen", VIEWPORT)
    paste_token(page, kitchen_token(restaurant))
    expect(page.get_by_text("Fries").first).to_be_visible()
    return page


def _back_office(browser: Browser, restaurant: Restaurant, words: Words) -> Page:
    """/manage at 1024 x 768 opened from a terminal's sign-in screen, Marco signed in with his
    PIN: a session at the terminal's location, in its language, and its sign-in screen already
    (the terminal paired in this browser knows its location's). A token bound to no location,
    the bootstrap admin's, reads English: GET /api/staff/me says so."""
    page = open_terminal(browser, restaurant)
    pair(page, restaurant)
    expect(page.get_by_role("heading", name=words("terminal.signin.who"))).to_be_visible()
    page.locator("a[href='/manage']").click()
    expect(page).to_have_url(re.compile("/manage"))
    for digit in MANAGER_PIN:
        page.get_by_role("button", name=digit, exact=True).click()
    page.get_by_role("button", name=words("ui.enterPin")).click()
    expect(page.locator("nav a[href='#/today']")).to_be_visible()
    return page


def _section(page: Page, section: str) -> None:
    link = page.locator(f"nav a[href='#/{section}']")
    link.click()
    expect(link).to_have_attribute("aria-current", "page")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    main = page.get_by_role("main")
    # Loading says so with a hint ending in an ellipsis ("Loading…"); a hint may hold one
    # inside it ("a station per line (Grill, Bar…)").
    expect(main.locator(".hint", has_text=re.compile(r"…\s*$"))).to_have_count(0)
    if section in LOADED:
        expect(main).to_contain_text(LOADED[section])


def _in_german(page: Page, where: str) -> None:
    """Not one word of the English catalogues left on the screen; nothing cut off, nothing
    overlapping (German's long words). An audit entry's changes are the server's field names
    and values, the same in every language."""
    _shot(page, f"de-{where}")
    assert english_left(page, "de", NAMES, skip=".audit-change") == [], where
    assert cut_off(page) == [], where
    assert overlapping(page) == [], where


def _shot(page: Page, name: str) -> None:
    """For looking at by eye (not the documentation's): /tmp/languages-<name>.png, written as
    the other screenshots are, by `make screens` only (their CPU is CI's)."""
    if not WRITE_SCREENSHOTS:
        return
    page.screenshot(
        path=Path("/tmp") / f"languages-{name}.png", caret="hide", animations="disabled"
    )


def test_a_german_location_is_german_on_every_screen_and_on_its_receipt(
    browser: Browser, restaurant: Restaurant, till: FakePrinter
) -> None:
    _located(restaurant, "de", "EUR")
    add_receipt_printer(restaurant, "Till", till.port)
    de = Words("de")
    page = _terminal(browser, restaurant, de)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    _in_german(page, "floor")

    # A check: Fries, sent to the kitchen; its money written 4,50 €.
    _seat_and_order(page, de, "1", "2 Gäste")
    check = page.get_by_role("complementary", name=de("terminal.check"))
    expect(check.get_by_role("button", name=de.starting("terminal.check.send"))).to_be_visible()
    expect(check.get_by_role("button", name=de("terminal.check.pay"))).to_be_visible()
    check.get_by_role("button", name=de.starting("terminal.check.send")).click()
    expect(check).to_contain_text("4,50\xa0€")
    assert EUROS.search(check.inner_text())
    _in_german(page, "check")

    # Paid in cash, exactly.
    check.get_by_role("button", name=de("terminal.check.pay")).click()
    paying = page.get_by_role("dialog", name=de.starting("terminal.pay.title"))
    paying.get_by_role("button", name=de("terminal.pay.cash"), exact=True).click()
    expect(paying.get_by_role("button", name=de.starting("terminal.pay.takeCash"))).to_contain_text(
        EUROS
    )
    _in_german(page, "pay")
    paying.get_by_role("button", name=de.starting("terminal.pay.takeCash")).click()
    expect(page.get_by_role("dialog")).to_have_count(0)

    # The receipt, from the check under Paid today, printed on the till.
    page.get_by_role("button", name=de("terminal.floor.paidToday")).click()
    closed = page.get_by_role("region", name=de("terminal.closed.checks"))
    closed.get_by_role("button").filter(has_text=EUROS).first.click()
    closed.get_by_role("complementary", name=de.starting("terminal.closed.label")).get_by_role(
        "button", name=de("terminal.closed.receipt")
    ).click()
    sheet = page.get_by_role("dialog", name=de.starting("terminal.receipt.title"))
    expect(sheet.get_by_label(de("terminal.receipt.text"))).to_contain_text("GESAMT EUR")
    _in_german(page, "receipt")
    sheet.get_by_role("button", name=de("terminal.receipt.printOn", printer="Till")).click()
    (printed,) = till.wait_for(1)
    for word in ("Beleg", "Bedienung: Ana", "Zwischensumme", "GESAMT EUR", "BAR"):
        assert word in printed, printed
    assert re.search(r"GESAMT EUR +4,95\xa0€", printed), printed
    for english in ("Receipt", "Server", "Subtotal", "TOTAL", "Table", "CASH", "Tax"):
        assert not re.search(rf"\b{english}\b", printed), printed

    # The kitchen's ticket, and the back office's sections.
    kitchen = _kitchen(browser, restaurant)
    expect(kitchen.locator("html")).to_have_attribute("lang", "de")
    _in_german(kitchen, "kitchen")
    office = _back_office(browser, restaurant, de)
    expect(office.locator("html")).to_have_attribute("lang", "de")
    for section in SECTIONS:
        _section(office, section)
        if section == "today":
            # The day's takings, in euros: 4,95 €.
            expect(office.get_by_role("main")).to_contain_text(EUROS)
        _in_german(office, section)


def _right_to_left(page: Page, where: str) -> None:
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    _shot(page, f"ar-{where}")
    assert overlapping(page) == [], where
    assert cut_off(page) == [], where


def test_an_arabic_location_reads_right_to_left_with_nothing_overlapping(
    browser: Browser, restaurant: Restaurant
) -> None:
    _located(restaurant, "ar", "EUR")
    ar = Words("ar")
    page = _terminal(browser, restaurant, ar)
    _right_to_left(page, "floor")

    _seat_and_order(page, ar, "2", "ضيفان")
    _right_to_left(page, "check")
    page.get_by_role("complementary", name=ar("terminal.check")).get_by_role(
        "button", name=ar("terminal.check.pay")
    ).click()
    paying = page.get_by_role("dialog", name=ar.starting("terminal.pay.title"))
    paying.get_by_role("button", name=ar("terminal.pay.cash"), exact=True).click()
    _right_to_left(page, "pay")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    _send(page, ar)
    # A second table's ticket, after it: the kitchen shows (at least, the German test's too
    # when it ran first on this server) two.
    page.get_by_role("button", name=ar("terminal.check.close")).click()
    _seat_and_order(page, ar, "3", "ضيفان")
    _send(page, ar)
    all_sent(page)

    kitchen = _kitchen(browser, restaurant)
    _right_to_left(kitchen, "kitchen")
    # The older ticket stands first from the right.
    places = kitchen.locator(".ticket-place")
    expect(places.nth(1)).to_be_visible()
    oldest, newer = places.nth(0).bounding_box(), places.nth(1).bounding_box()
    assert oldest is not None
    assert newer is not None
    assert oldest["x"] > newer["x"], (oldest, newer)
    office = _back_office(browser, restaurant, ar)
    for section in SECTIONS:
        _section(office, section)
        _right_to_left(office, section)

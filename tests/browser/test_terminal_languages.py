"""The terminal in the pseudo-locale (docs/decisions.md, "Languages"): the floor, an open check,
the payment sheet, the till and the sign-in screen show no word outside the catalogues and none
cut off. Only the restaurant's own names (its tables, sections, menu, staff) carry no marks."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from browser.languages import all_words_from_catalogues, show_pseudo
from browser.restaurant import (
    MENU,
    STAFF,
    TABLES,
    Restaurant,
    add,
    open_category,
    seat,
    signed_in_terminal,
)

# What the restaurant typed: shown the same in every language.
NAMES = [
    "Harbour St",
    "Tablet",
    *STAFF,
    *TABLES,
    *MENU,
    *(sub for sections in MENU.values() for sub in sections if sub),
    *(name for sections in MENU.values() for products in sections.values() for name, _ in products),
]


def _put_away(page: Page) -> None:
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_in_the_pseudo_locale_every_word_is_a_catalogues_and_none_is_cut_off(
    browser: Browser, restaurant: Restaurant
) -> None:
    ana = signed_in_terminal(browser, restaurant, "Ana")
    seat(ana, "2", 2)
    open_category(ana, "Sides")
    add(ana, "Fries")
    show_pseudo(ana)

    # The floor, one table taken (the check the reload put away), the takeouts and tabs.
    expect(ana.locator(".tile.occupied")).to_have_count(1)
    all_words_from_catalogues(ana, NAMES)

    # The check: its unsent line, its totals and its actions; then the payment sheet.
    ana.locator(".tile.occupied").click()
    # Beside the check from here on, under each sheet.
    shown = NAMES
    expect(ana.locator(".check .line")).to_have_count(1)
    all_words_from_catalogues(ana, shown)
    ana.locator(".check-actions button").nth(1).click()
    expect(ana.get_by_role("dialog")).to_be_visible()
    all_words_from_catalogues(ana, shown)
    _put_away(ana)

    # The till: no drawer open on this terminal yet.
    ana.locator(".topbar button").first.click()
    expect(ana.get_by_role("dialog")).to_be_visible()
    expect(ana.get_by_role("dialog").locator("input")).to_have_count(1)
    all_words_from_catalogues(ana, shown)
    _put_away(ana)

    # Signing out with the unsent line asks first; then who is working, in the same language.
    ana.locator(".topbar button").last.click()
    question = ana.get_by_role("dialog")
    expect(question).to_be_visible()
    all_words_from_catalogues(ana, shown)
    question.locator(".sheet-actions button").nth(1).click()
    expect(ana.get_by_role("button", name="Marco", exact=True)).to_be_visible()
    all_words_from_catalogues(ana, shown)

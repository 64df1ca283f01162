"""A customer's name on a bar tab, in a real browser against a real server: "+ Bar tab" asks
for it (or Skip), the floor's tab and the check's header say "Bar tab · Sam", the kitchen
display's ticket says whose it is, and a rename from the check reaches all three and the
server. Screenshot of the name sheet."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect

from browser.kitchen_wall import clear_board, open_kitchen
from browser.restaurant import (
    Restaurant,
    add,
    all_sent,
    line,
    open_category,
    screenshot,
    signed_in_terminal,
)


def _tab_tile(page: Page, label: str) -> Locator:
    return page.get_by_role("navigation", name="Floor").get_by_role(
        "button", name=re.compile(rf"^{re.escape(label)} #\d+$")
    )


def _bar_tabs(restaurant: Restaurant) -> list[dict[str, object]]:
    with restaurant.http() as http:
        listed = http.get("/api/orders", params={"orderType": "BAR_TAB", "limit": 100})
        assert listed.status_code == 200, listed.text
        found: list[dict[str, object]] = listed.json()["data"]
        return found


def test_a_bar_tab_opened_for_sam_shows_on_the_floor_and_the_kitchen_and_is_renamed(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    kitchen = open_kitchen(browser, restaurant)
    ana = signed_in_terminal(browser, restaurant, "Ana")

    ana.get_by_role("button", name="+ Bar tab").click()
    sheet = ana.get_by_role("dialog", name="New bar tab")
    expect(sheet.get_by_role("button", name="Open tab")).to_be_disabled()
    sheet.get_by_label("Customer's name").fill("Sam")
    screenshot(ana, "terminal-tab-name")
    sheet.get_by_role("button", name="Open tab").click()

    check = ana.get_by_role("complementary", name="Check")
    expect(check).to_contain_text("Bar tab · Sam")
    expect(_tab_tile(ana, "Bar tab · Sam")).to_be_visible()
    open_category(ana, "Drinks")
    add(ana, "Lemonade")
    ana.get_by_role("button", name="Send (1)").click()
    expect(line(ana, "1 Lemonade")).to_contain_text(re.compile(r"\bsent"))
    card = kitchen.get_by_role("article", name=re.compile("^Ticket #"))
    expect(card).to_contain_text("TAB · Sam")
    all_sent(ana)
    (tab,) = _bar_tabs(restaurant)
    assert tab["customerName"] == "Sam"

    check.get_by_role("button", name="Change the customer's name").click()
    renaming = ana.get_by_role("dialog", name=re.compile("^Name on check"))
    expect(renaming.get_by_label("Customer's name")).to_have_value("Sam")
    renaming.get_by_label("Customer's name").fill("  Alex ")
    renaming.get_by_role("button", name="Save name").click()
    expect(check).to_contain_text("Bar tab · Alex")
    expect(_tab_tile(ana, "Bar tab · Alex")).to_be_visible()
    expect(card).to_contain_text("TAB · Alex")
    all_sent(ana)
    (tab,) = _bar_tabs(restaurant)
    assert tab["customerName"] == "Alex"

    # A takeout opened with Skip has no name: the floor says only what it is.
    ana.get_by_role("button", name="+ Takeout").click()
    ana.get_by_role("dialog", name="New takeout").get_by_role("button", name="Skip").click()
    expect(check.get_by_text("Takeout", exact=True)).to_be_visible()
    expect(_tab_tile(ana, "Takeout")).to_be_visible()

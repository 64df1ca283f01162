"""After the sale on the terminal, in a real browser against a real server: a check paid in full
completes by itself; from today's closed checks a manager's PIN reopens it and, once it is
paid again, refunds a line; a card payment's tip is entered after the guest signed (a manager
approving one above the approval ratio), and none of it offline.
Screenshots of the closed check and of the tip keypad to docs/screens/."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from browser.restaurant import (
    Restaurant,
    add,
    approve,
    line,
    open_category,
    pay_whole,
    screenshot,
    seat,
    signed_in_terminal,
)

# The sign between a quantity and a name, as the terminal writes a line.
TIMES = "\N{MULTIPLICATION SIGN}"


def _sent(page: Page, category: str, product: str) -> None:
    page.get_by_role("navigation", name="Categories path").get_by_role(
        "button", name="Menu"
    ).click()
    open_category(page, category)
    add(page, product)
    expect(line(page, f"1 {product}")).to_be_visible()
    page.get_by_role("button", name="Send (1)").click()
    expect(line(page, f"1 {product}")).to_contain_text(re.compile(r"\bsent"))


def _a_lemonade_paid(
    browser: Browser, restaurant: Restaurant, server: str, table: str, *, card: bool = False
) -> Page:
    """A terminal where `server` seated `table`, sent a lemonade and took its payment."""
    page = signed_in_terminal(browser, restaurant, server)
    seat(page, table, 2)
    _sent(page, "Drinks", "Lemonade")
    pay_whole(page, card=card)
    return page


def _closed_check(page: Page, table: str) -> Locator:
    """Today's closed checks, with the one of `table` open beside the list."""
    page.get_by_role("button", name="Paid today").click()
    closed = page.get_by_role("region", name="Closed checks")
    closed.get_by_role("button", name=re.compile(rf", Table {table}, ")).click()
    shown = closed.get_by_role("complementary", name=re.compile(r"^Closed #"))
    expect(shown.get_by_role("heading", name=re.compile(r"closed$"))).to_be_visible()
    return shown


def _order_at(restaurant: Restaurant, table: str) -> dict[str, Any]:
    with restaurant.http() as http:
        params = {"locationId": restaurant.location_id, "tableId": restaurant.tables[table]["id"]}
        (found,) = http.get("/api/orders", params=params).json()["data"]
    return restaurant.order(found["id"])


def test_a_closed_check_reopened_with_a_managers_pin_and_a_line_refunded(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _a_lemonade_paid(browser, restaurant, "Ana", "4")
    assert _order_at(restaurant, "4")["status"] == "COMPLETED"
    expect(page.get_by_role("button", name="Table 4, free")).to_be_visible()

    shown = _closed_check(page, "4")
    screenshot(page, "terminal-reopen")
    shown.get_by_role("button", name="Reopen").click()
    page.get_by_role("dialog", name=re.compile("^Reopen check")).get_by_role(
        "button", name="Guests ordered more"
    ).click()
    approve(page)
    expect(page.get_by_role("heading", name=re.compile(r"Check #"))).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Table 4, occupied"))).to_be_visible()
    assert _order_at(restaurant, "4")["status"] == "OPEN"

    _sent(page, "Sides", "Fries")
    pay_whole(page)
    shown = _closed_check(page, "4")
    shown.get_by_role("button", name="Refund").click()
    refunding = page.get_by_role("dialog", name=re.compile("^Refund check"))
    refunding.get_by_role("button", name=f"1 {TIMES} Lemonade").click()
    refunding.get_by_role("button", name=f"Refund 1 {TIMES} Lemonade").click()
    approve(page)
    expect(shown.get_by_role("status")).to_have_text(f"Refunded 1 {TIMES} Lemonade.")

    order = _order_at(restaurant, "4")
    assert order["status"] == "COMPLETED"
    (lemonade,) = [item for item in order["items"] if item["name"] == "Lemonade"]
    [refund] = order["refunds"]
    assert [part["itemId"] for part in refund["items"]] == [lemonade["id"]]
    assert refund["reason"] == "Guest complaint"
    with restaurant.http() as http:
        audit = http.get("/api/audit", params={"action": "order.reopened"}).json()["data"]
    assert [(e["staffName"], e["approvedByName"]) for e in audit] == [("Ana", "Marco")]


def test_a_card_tip_is_entered_after_the_guest_signed(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _a_lemonade_paid(browser, restaurant, "Ben", "5", card=True)
    shown = _closed_check(page, "5")
    shown.get_by_role("button", name="Enter the tip of card ····4242").click()
    tipping = page.get_by_role("dialog", name="Tip on card ····4242")
    keypad = tipping.get_by_role("group", name="Keypad")
    for key in ("3", "00"):
        keypad.get_by_role("button", name=key, exact=True).click()
    expect(tipping.get_by_label("Tip amount")).to_have_text("$3.00")
    screenshot(page, "terminal-tip-adjust")
    tipping.get_by_role("button", name="Save tip $3.00").click()
    approve(page)  # most of a $3.85 check: above the tip approval ratio
    expect(shown.get_by_role("status")).to_have_text("Tip of $3.00 entered.")
    [payment] = _order_at(restaurant, "5")["payments"]
    assert (payment["method"], payment["tipAmount"]) == ("CARD", 3)

    # Offline, the closed checks say they need the server, and show none.
    page.context.set_offline(True)
    closed = page.get_by_role("region", name="Closed checks")
    closed.get_by_role("button", name="Back to the floor").click()
    page.get_by_role("button", name="Paid today").click()
    expect(closed.get_by_test_id("needs-server")).to_be_visible(timeout=20_000)
    expect(page.get_by_role("status", name="Connection")).to_have_text(re.compile("Offline"))
    expect(closed.get_by_role("complementary")).to_have_count(0)

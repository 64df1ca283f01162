"""Exceptions at the table on the terminal (docs/design.md §14): a check opened by mistake is
cancelled from its sheet, with a reason, and its table is free at once; one with something
sent takes a manager's PIN on the spot; the same product tapped twice is one line of 2.
Screenshot of the cancel sheet to docs/screens/."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from browser.restaurant import (
    MANAGER_PIN,
    Restaurant,
    add,
    all_sent,
    line,
    open_category,
    screenshot,
    seat,
    signed_in_terminal,
)


def _checks_at(restaurant: Restaurant, table: str) -> list[dict[str, Any]]:
    """Every order of the location at ``table``, whatever its state, as read one by one."""
    with restaurant.http() as http:
        listed = http.get("/api/orders", params={"locationId": restaurant.location_id})
        assert listed.status_code == 200, listed.text
        ids = [order["id"] for order in listed.json()["data"] if order["tableName"] == table]
    return [restaurant.order(order_id) for order_id in ids]


def _fries_at(browser: Browser, restaurant: Restaurant, table: str) -> Page:
    """A new tablet, Ana signed in, two seated at ``table`` with one fries, unsent."""
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, table, 2)
    open_category(page, "Sides")
    add(page, "Fries")
    return page


def _cancel_sheet(page: Page) -> Any:
    page.get_by_role("button", name="Cancel check", exact=True).click()
    sheet = page.get_by_role("dialog", name="Cancel check")
    expect(sheet).to_be_visible()
    return sheet


def test_a_table_seated_by_mistake_is_cancelled_and_free_at_once(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, "2", 2)
    sheet = _cancel_sheet(page)
    expect(sheet).to_contain_text("The check is closed for good and Table 2 is free at once.")
    expect(sheet).not_to_contain_text("manager")
    # Never one tap from disaster: a reason first, then the confirmation.
    confirm = sheet.get_by_role("button", name="Cancel this check")
    expect(confirm).to_be_disabled()
    sheet.get_by_role("button", name="Seated by mistake").click()
    expect(sheet.get_by_role("button", name="Seated by mistake")).to_have_attribute(
        "aria-pressed", "true"
    )
    screenshot(page, "terminal-cancel-check")
    confirm.click()

    expect(page.get_by_role("complementary", name="Check")).to_have_count(0)
    expect(page.get_by_role("button", name="Table 2, free")).to_be_visible()
    all_sent(page)
    (cancelled,) = _checks_at(restaurant, "2")
    assert cancelled["status"] == "CANCELLED"
    assert cancelled["cancelledBy"]["staffId"] == restaurant.staff["Ana"]["id"]


def test_a_check_with_a_sent_item_is_cancelled_with_a_managers_pin(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _fries_at(browser, restaurant, "3")
    page.get_by_role("button", name=re.compile(r"^Send \(")).click()
    expect(line(page, "1 Fries")).to_contain_text(re.compile(r"\bsent"))
    all_sent(page)

    sheet = _cancel_sheet(page)
    expect(sheet).to_contain_text("Items were sent to the kitchen: a manager must approve.")
    sheet.get_by_role("button", name="Guests left").click()
    sheet.get_by_role("button", name="Ask a manager, then cancel").click()
    approval = page.get_by_role("dialog", name="Manager approval")
    expect(approval).to_contain_text("A manager must approve this cancellation.")
    approval.get_by_role("button", name="Marco").click()
    for digit in MANAGER_PIN:
        approval.get_by_role("button", name=digit, exact=True).click()
    approval.get_by_role("button", name="Enter PIN").click()

    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_role("button", name="Table 3, free")).to_be_visible()
    all_sent(page)
    (cancelled,) = _checks_at(restaurant, "3")
    assert cancelled["status"] == "CANCELLED"
    assert cancelled["items"][0]["status"] == "SENT"


def test_the_same_product_tapped_twice_is_one_line_of_two(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _fries_at(browser, restaurant, "4")
    add(page, "Fries")
    lines = page.get_by_role("list", name="Lines").get_by_role("listitem")
    expect(line(page, "2 Fries")).to_contain_text("unsent")
    expect(lines).to_have_count(1)
    all_sent(page)
    (check,) = _checks_at(restaurant, "4")
    assert [(item["name"], item["quantity"]) for item in check["items"]] == [("Fries", 2)]

    # Once sent, the line is the kitchen's: the next tap is a line of its own.
    page.get_by_role("button", name=re.compile(r"^Send \(")).click()
    add(page, "Fries")
    expect(line(page, "1 Fries")).to_contain_text("unsent")
    expect(lines).to_have_count(2)
    all_sent(page)
    (check,) = _checks_at(restaurant, "4")
    assert [(item["quantity"], item["status"]) for item in check["items"]] == [
        (2, "SENT"),
        (1, "PENDING"),
    ]

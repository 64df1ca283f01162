"""A night closed in a real browser against a real server: on the terminal (1024x768) Ana
clocks in, opens the drawer with $200.00, rings a table and takes cash, pays out $10.00 for
ice with Marco's PIN and clocks out with her checkout; in the back office (1280x800) a manager
counts the drawer $1.50 short, closes the day and prints Z #1 on the bar's receipt printer
(docs/design.md §17, §18). Screenshots of each step to docs/screens/night-*.png."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, expect

from browser.back_office import go_to, office_screenshot, open_back_office, staff_token
from browser.restaurant import (
    Restaurant,
    add,
    approve,
    line,
    open_category,
    open_screen,
    pair,
    pay_whole,
    screenshot,
    seat,
    sign_in,
)
from browser.till_steps import clock_in_or_out, close_the_day, keypad, open_till, till_tab
from printers import FakePrinter

TERMINAL: ViewportSize = {"width": 1024, "height": 768}


def _on_the_terminal(page: Page, restaurant: Restaurant) -> None:
    """Clock in, open the drawer, a table paid in cash, ice paid out, clock out."""
    pair(page, restaurant)
    clock_in_or_out(page)
    expect(page.get_by_role("status", name=re.compile("^Ana clocked in"))).to_be_visible()
    sign_in(page, "Ana")

    open_till(page)
    till = page.get_by_role("dialog", name="Till")
    keypad(page, "2", "00", "00")
    till.get_by_role("button", name="Open drawer").click()
    expect(till).to_contain_text("float $200.00")
    screenshot(page, "night-drawer-open")
    till.get_by_role("button", name="Close", exact=True).click()

    seat(page, "4", 2)
    open_category(page, "Drinks")
    add(page, "Lemonade")
    add(page, "Lemonade")
    page.get_by_role("button", name="Send (1)").click()
    expect(line(page, "2 Lemonade")).to_contain_text(re.compile(r"\bsent"))
    pay_whole(page)

    open_till(page)
    page.get_by_role("dialog", name="Till").get_by_role("button", name="Pay out").click()
    paying_out = page.get_by_role("dialog", name="Pay out")
    keypad(page, "1", "0", "00")
    paying_out.get_by_label("Reason").fill("ice")
    paying_out.get_by_role("button", name="Pay out $10.00").click()
    approve(page)
    till = page.get_by_role("dialog", name="Till")
    expect(till.get_by_role("status")).to_have_text("Paid out $10.00 · ice")
    till.get_by_role("button", name="Close", exact=True).click()

    page.get_by_role("banner").get_by_role("button", name="Sign out").click()
    clock_in_or_out(page)
    checkout = page.get_by_role("dialog", name="Checkout · Ana")
    expect(checkout).to_contain_text(re.compile(r"Orders\s*1"))
    expect(checkout).to_contain_text(re.compile(r"Cash held\s*\$\d+\.\d\d"))
    screenshot(page, "night-checkout")
    checkout.get_by_role("button", name="Clock out").click()
    expect(page.get_by_role("status", name=re.compile("^Ana clocked out"))).to_be_visible()


def _the_drawer(restaurant: Restaurant) -> dict[str, Any]:
    """The location's one drawer, as a manager reads it."""
    with restaurant.http() as http:
        params = {"locationId": restaurant.location_id}
        (found,) = http.get("/api/cash-drawers", params=params).json()["data"]
        drawer: dict[str, Any] = http.get(f"/api/cash-drawers/{found['id']}").json()
    return drawer


def _in_the_back_office(browser: Browser, restaurant: Restaurant, bar: FakePrinter) -> Page:
    """Count the drawer, close the day, print the Z on the bar's receipt printer."""
    with restaurant.http() as http:
        token = staff_token(http, "Rosa", "MANAGER")
        printer = {
            "name": "Bar",
            "kind": "RECEIPT",
            "locationId": restaurant.location_id,
            "host": "127.0.0.1",
            "port": bar.port,
        }
        assert http.post("/api/printers", json=printer).status_code == 201
    expected = _the_drawer(restaurant)["expectedAmount"]
    counted = f"{expected - 1.5:.2f}"

    page = open_back_office(browser, restaurant.base_url, token)
    go_to(page, "Till")
    row = page.get_by_role("table", name="Drawers").get_by_role("row", name=re.compile("Tablet"))
    expect(row).to_contain_text(f"${expected:.2f}")
    row.get_by_role("button", name="Count and close").click()
    counting = page.get_by_role("form", name="Count and close")
    counting.get_by_label("Counted cash").fill(counted)
    counting.get_by_role("button", name="Close drawer").click()
    expect(row).to_contain_text("Short $1.50")
    office_screenshot(page, "night-count")

    till_tab(page, "X and Z")
    z_page = close_the_day(page)
    drawers = z_page.get_by_role("table", name="Z #1 drawers")
    expect(drawers.get_by_role("row", name=re.compile("Tablet"))).to_contain_text("Short $1.50")
    z_page.get_by_role("button", name="Print", exact=True).click()
    expect(z_page.get_by_role("status")).to_have_text("Sent to Bar printer.")
    z_page.evaluate("page => page.scrollIntoView()")
    screenshot(page, "night-z")
    return page


def test_a_night_closed_from_clock_in_to_the_printed_z(
    browser: Browser, restaurant: Restaurant
) -> None:
    terminal = open_screen(browser, restaurant, "/", TERMINAL)
    _on_the_terminal(terminal, restaurant)
    with FakePrinter() as bar:
        bar.switch_on()
        _in_the_back_office(browser, restaurant, bar)
        (printed,) = bar.wait_for(1)
    assert "Z REPORT #1" in printed
    drawer = _the_drawer(restaurant)
    assert (drawer["status"], drawer["variance"]) == ("CLOSED", -1.5)
    assert [m["type"] for m in drawer["movements"]] == ["CASH_SALE", "PAY_OUT"]
    with restaurant.http() as http:
        params = {"locationId": restaurant.location_id}
        (z,) = http.get("/api/reports/z", params=params).json()["data"]
        (shift,) = http.get("/api/shifts", params=params).json()["data"]
        verified = http.get("/api/journal/verify", params=params).json()
    assert (z["number"], z["orderCount"], z["drawers"][0]["variance"]) == (1, 1, -1.5)
    assert shift["clockedOutAt"] is not None
    assert verified["ok"] is True

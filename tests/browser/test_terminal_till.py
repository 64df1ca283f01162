"""The till on the terminal, in a real browser against a real server, at both sizes: Ana clocks
in from the sign-in screen, signs in, opens the drawer with $200.00, takes a cash sale, pays
out $10.00 for ice with Marco's approval, counts and closes (short $1.50), then clocks out
with her checkout shown. Screenshots of each step to docs/screens/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

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
from browser.till_steps import clock_in_or_out, keypad, open_till

SIZES: dict[str, ViewportSize] = {
    "landscape": {"width": 1024, "height": 768},
    "portrait": {"width": 768, "height": 1024},
}
CLOCK_TIME = r"\d{1,2}:\d\d [AP]M"


def _expected(restaurant: Restaurant, drawer_id: str) -> float:
    with restaurant.http() as http:
        return float(http.get(f"/api/cash-drawers/{drawer_id}").json()["expectedAmount"])


@pytest.mark.parametrize("size", list(SIZES))
def test_a_server_runs_the_till_from_clock_in_to_checkout(
    browser: Browser, restaurant: Restaurant, size: str
) -> None:
    page = open_screen(browser, restaurant, "/", SIZES[size])
    pair(page, restaurant)

    clock_in_or_out(page)
    expect(page.get_by_role("dialog")).to_have_count(0)
    status = page.get_by_role("status", name=re.compile("^Ana clocked"))
    expect(status).to_have_text(re.compile(rf"^Ana clocked in at {CLOCK_TIME}$"))
    screenshot(page, f"till-clock-in-{size}")

    sign_in(page, "Ana")
    open_till(page)
    till = page.get_by_role("dialog", name="Till")
    expect(till.get_by_label("Opening float")).to_have_value("0.00")
    keypad(page, "2", "00", "00")
    expect(till.get_by_label("Opening float")).to_have_value("200.00")
    till.get_by_role("button", name="Open drawer").click()
    expect(till).to_contain_text(re.compile(rf"Drawer open since {CLOCK_TIME} · float \$200\.00"))
    expect(till).not_to_contain_text("Expected")  # a server counts blind
    screenshot(page, f"till-drawer-{size}")
    till.get_by_role("button", name="Close", exact=True).click()

    seat(page, "1" if size == "landscape" else "2", 2)
    open_category(page, "Drinks")
    add(page, "Lemonade")
    expect(line(page, "1 Lemonade")).to_be_visible()
    page.get_by_role("button", name="Send (1)").click()
    pay_whole(page)  # cash, exact: the check closes by itself

    open_till(page)
    page.get_by_role("dialog", name="Till").get_by_role("button", name="Pay out").click()
    paying_out = page.get_by_role("dialog", name="Pay out")
    keypad(page, "1", "0", "00")
    paying_out.get_by_label("Reason").fill("ice")
    screenshot(page, f"till-pay-out-{size}")
    paying_out.get_by_role("button", name="Pay out $10.00").click()
    approve(page)
    till = page.get_by_role("dialog", name="Till")
    expect(till.get_by_role("status")).to_have_text("Paid out $10.00 · ice")

    drawer_id = _drawer_of(restaurant)
    expected = _expected(restaurant, drawer_id)
    till.get_by_role("button", name="Count and close").click()
    counting = page.get_by_role("dialog", name="Count and close")
    counting.get_by_label("Counted cash").fill(f"{expected - 1.5:.2f}")
    counting.get_by_role("button", name="Close drawer").click()
    approve(page)
    till = page.get_by_role("dialog", name="Till")
    expect(till.get_by_role("status")).to_have_text(
        f"Expected ${expected:.2f} · Counted ${expected - 1.5:.2f} · Short $1.50"
    )
    expect(till.get_by_label("Opening float")).to_be_visible()
    screenshot(page, f"till-close-{size}")

    till.get_by_role("button", name="My checkout").click()
    checkout = page.get_by_role("dialog", name="My checkout")
    expect(checkout).to_contain_text("Cash held")
    expect(checkout.get_by_role("button", name="Clock out")).to_be_visible()
    checkout.get_by_role("button", name="Close", exact=True).click()
    page.get_by_role("dialog", name="Till").get_by_role("button", name="Close", exact=True).click()

    page.get_by_role("banner").get_by_role("button", name="Sign out").click()
    clock_in_or_out(page)
    shown = page.get_by_role("dialog", name="Checkout · Ana")
    expect(shown).to_contain_text(re.compile(r"Orders\s*\d+"))
    expect(shown).to_contain_text("Cash held")
    screenshot(page, f"till-checkout-{size}")
    shown.get_by_role("button", name="Clock out").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(status).to_have_text(re.compile(rf"^Ana clocked out at {CLOCK_TIME} · \d+\.\d h$"))


def _drawer_of(restaurant: Restaurant) -> str:
    """The location's one open drawer (this test's)."""
    with restaurant.http() as http:
        params = {"locationId": restaurant.location_id, "status": "OPEN"}
        (found,) = http.get("/api/cash-drawers", params=params).json()["data"]
    return str(found["id"])

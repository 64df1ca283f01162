"""Splitting a table's check on the terminal (docs/design.md §14): a table of four, a line on each
seat and a starter shared by all; Split by seat leaves the starter on the check and makes the
seats' checks, their totals adding up to the check's before; the starter shared in 3 and one part
moved to a new check by items; each check says its own guests after a split; the table's tile
says how many checks and lists them; the check's header switches between them. Screenshots at
1024 by 768 and 768 by 1024 to docs/screens/."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from browser.restaurant import (
    VIEWPORT,
    Restaurant,
    add,
    all_sent,
    guests_of,
    line,
    open_category,
    screenshot,
    seat,
    signed_in_terminal,
)

PORTRAIT: ViewportSize = {"width": 768, "height": 1024}
TIMES = "\N{MULTIPLICATION SIGN}"


def _at(page: Page, place: str, category: str, product: str) -> None:
    """Rings up ``product`` on ``place`` ("Seat 2", "No seat")."""
    page.get_by_label("Next lines").get_by_role("button", name=place, exact=True).click()
    open_category(page, category)
    add(page, product)
    page.get_by_role("button", name="Menu", exact=True).click()


def _checks_at(restaurant: Restaurant, table: str) -> list[dict[str, Any]]:
    """The table's open checks, each read whole, in the order they were opened."""
    with restaurant.http() as http:
        listed = http.get(
            "/api/orders",
            params={"locationId": restaurant.location_id, "status": ["OPEN", "DRAFT"]},
        )
        assert listed.status_code == 200, listed.text
    ids = [o["id"] for o in listed.json()["data"] if o["tableName"] == table]
    return sorted((restaurant.order(i) for i in ids), key=lambda o: o["createdAt"])


def _parts(page: Page) -> Locator:
    """The starter's parts on the check (a third each: 0.334 or 0.333)."""
    lines = page.get_by_role("list", name="Lines")
    return lines.get_by_role("listitem", name=re.compile(r"^0\.33\d Fries$"))


def _shows_guests(page: Page, order: dict[str, Any]) -> None:
    """The open check says its own guests, as the server holds them ("1 guest", "0 guests"),
    or none when it has no count."""
    where = page.get_by_role("complementary", name="Check").locator("header p").first
    guests = order["guestCount"]
    expect(where).to_have_text("Table 1" if guests is None else f"Table 1 · {guests_of(guests)}")


def _cents(amount: float) -> int:
    return round(amount * 100)


def test_a_table_of_four_split_by_seat_and_a_shared_starter(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, "1", 4)
    _at(page, "Seat 1", "Mains", "Fish of the day")
    _at(page, "Seat 2", "Sides", "Salad")
    _at(page, "Seat 3", "Sides", "Fries")
    _at(page, "Seat 4", "Drinks", "Lemonade")
    _at(page, "No seat", "Sides", "Fries")
    page.get_by_role("button", name="Send (5)").click()
    all_sent(page)
    (before,) = _checks_at(restaurant, "1")
    source = before["orderNumber"]

    page.get_by_role("button", name="Split", exact=True).click()
    sheet = page.get_by_role("dialog", name=f"Split check {source}")
    expect(sheet.get_by_role("button", name="By seat", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(sheet.get_by_role("listitem", name="Seat 2")).to_contain_text(f"1 {TIMES} Salad")
    expect(sheet.get_by_role("listitem", name="No seat")).to_contain_text(f"1 {TIMES} Fries")
    screenshot(page, "terminal-split-by-seat")
    page.set_viewport_size(PORTRAIT)
    screenshot(page, "terminal-split-by-seat-portrait")
    page.set_viewport_size(VIEWPORT)
    sheet.get_by_role("button", name="Split by seat", exact=True).click()
    expect(sheet).to_be_hidden()

    after = _checks_at(restaurant, "1")
    assert after[0]["id"] == before["id"]
    assert sum(_cents(o["total"]) for o in after) == _cents(before["total"])
    assert sum(_cents(o["subtotal"]) for o in after) == _cents(before["subtotal"])
    # Each seat has its check; the starter, on no seat, stays (with seat 1 when the lowest seat
    # stays too: either way no seat's lines are on two checks).
    seats = [{i["seat"] for i in o["items"]} for o in after]
    assert sorted(s for on in seats for s in on if s is not None) == [1, 2, 3, 4]
    assert None in seats[0]
    _shows_guests(page, after[0])
    # The check shows its table's checks, itself pressed.
    switcher = page.get_by_role("navigation", name="Checks at this table")
    expect(switcher.get_by_role("button")).to_have_count(len(after))
    expect(switcher.get_by_role("button", name=f"Check {source}")).to_have_attribute(
        "aria-pressed", "true"
    )

    # The starter shared in 3, one part to a new check by items.
    page.get_by_role("button", name="Split", exact=True).click()
    sheet.get_by_role("button", name="Share a line").click()
    sheet.get_by_role("group", name="Line to share").get_by_role(
        "button", name=re.compile(f"^1 {TIMES} Fries")
    ).click()
    sheet.get_by_role("button", name="One part more").click()
    expect(sheet.get_by_role("button", name="Share in 3")).to_be_enabled()
    screenshot(page, "terminal-share-line")
    sheet.get_by_role("button", name="Share in 3").click()
    expect(sheet.get_by_role("button", name="By items", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    moving = sheet.get_by_role("list", name="Lines to move")
    expect(moving.get_by_role("listitem")).to_have_count(3 if len(after) == 5 else 4)
    sheet.get_by_role("button", name="More Fries to move").last.click()
    expect(sheet.get_by_role("button", name="Move to a new check")).to_be_enabled()
    screenshot(page, "terminal-split-items")
    sheet.get_by_role("button", name="Move to a new check").click()
    expect(sheet).to_be_hidden()

    shared = _checks_at(restaurant, "1")
    assert len(shared) == len(after) + 1
    assert sum(_cents(o["total"]) for o in shared) == _cents(before["total"])
    ((name, part, amount),) = [(i["name"], i["quantity"], i["total"]) for i in shared[-1]["items"]]
    assert (name, amount) == ("Fries", 1.5)
    assert part in (0.333, 0.334)
    expect(_parts(page)).to_have_count(2)
    _shows_guests(page, shared[0])

    # From the floor: the tile says how many checks; its sheet lists them to open one.
    page.get_by_role("button", name="Close check").click()
    tile = page.get_by_role("button", name=re.compile(r"^Table 1, occupied"))
    expect(tile).to_contain_text(f"{len(shared)} checks")
    tile.click()
    listing = page.get_by_role("dialog", name="Table 1")
    expect(listing.get_by_role("button", name=re.compile(r"^Check "))).to_have_count(len(shared))
    screenshot(page, "terminal-table-checks")
    seat_two = next(o for o in shared if any(i["seat"] == 2 for i in o["items"]))
    number = re.escape(seat_two["orderNumber"])
    listing.get_by_role("button", name=re.compile(f"^Check {number},")).click()
    expect(page.get_by_role("heading", name=f"Check {seat_two['orderNumber']}")).to_be_visible()
    expect(line(page, "1 Salad")).to_be_visible()
    _shows_guests(page, seat_two)
    # The check moved to by items, which may have no guests of its own.
    switcher.get_by_role("button", name=f"Check {shared[-1]['orderNumber']}").click()
    _shows_guests(page, shared[-1])

    # The header's switcher: the source check, one tap, to pay after.
    switcher.get_by_role("button", name=f"Check {source}").click()
    expect(page.get_by_role("heading", name=f"Check {source}")).to_be_visible()
    expect(_parts(page)).to_have_count(2)
    # A line still to send has its tools on one row, at either size.
    open_category(page, "Drinks")
    add(page, "Lemonade")
    expect(line(page, "1 Lemonade")).to_contain_text("unsent")
    page.set_viewport_size(PORTRAIT)
    screenshot(page, "terminal-check-portrait")

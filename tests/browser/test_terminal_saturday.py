"""A Saturday dinner on the terminal (issue 31), at 1024x768 and on a tablet held upright
(768x1024), in a real browser against a real server, as a server and a manager drive it: four
seated, a starter and a main on each seat with the mains on course 2 held; send, then fire
course 2; a discount, then the check split by seat into four; the four paid four ways (a typed
$100 bill with its change, card with a typed tip, card tipped after signing from "Paid today",
$20 cash and the rest on card), each completing by itself; a table seated by mistake
cancelled; a completed check reopened and a line refunded with a manager's PIN.
Screenshots of the key moments at both sizes to docs/screens/saturday-*.png."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from browser.restaurant import (
    Restaurant,
    add,
    add_choice,
    all_sent,
    approve,
    change_given,
    charge_card,
    chooser,
    closed_once_paid,
    line,
    open_category,
    open_screen,
    pair,
    pick,
    refund_line,
    screenshot,
    seat,
    sign_in,
)

# Once, as the screens are: the split's and the payments' sums on each database are
# tests/orders/api/test_splitting_checks.py's and the books' nights over the API.

# Each size seats tables of its own (one restaurant for both): the dinner's, the mistaken one.
SIZES: dict[str, tuple[ViewportSize, str, str]] = {
    "landscape": ({"width": 1024, "height": 768}, "1", "2"),
    "portrait": ({"width": 768, "height": 1024}, "3", "4"),
}
STARTERS = {1: "Salad", 2: "Fries", 3: "Salad", 4: "Fries"}
MAINS = {1: "Ribeye", 2: "Burger", 3: "Fish of the day", 4: "Fish of the day"}


def _orders_at(restaurant: Restaurant, table: str, *statuses: str) -> list[dict[str, Any]]:
    """The orders at ``table`` in one of ``statuses``, as read one by one, oldest first."""
    with restaurant.http() as http:
        params = {"locationId": restaurant.location_id, "tableId": restaurant.tables[table]["id"]}
        listed = http.get("/api/orders", params=params)
        assert listed.status_code == 200, listed.text
    found = [restaurant.order(o["id"]) for o in listed.json()["data"] if o["status"] in statuses]
    return sorted(found, key=lambda order: int(order["orderNumber"].lstrip("#")))


def _next(page: Page, choice: str) -> None:
    """The seat or course the next products tapped go to."""
    page.get_by_label("Next lines").get_by_role("button", name=choice, exact=True).click()


def _menu(page: Page, category: str) -> None:
    page.get_by_role("navigation", name="Categories path").get_by_role(
        "button", name="Menu"
    ).click()
    open_category(page, category)


def _order_the_table(page: Page) -> None:
    """A starter on each seat (course 1), then the mains on course 2: three through the
    placing picker, the ribeye rung up without a seat and put on seat 1 with its Seat button."""
    open_category(page, "Sides")
    for number, starter in STARTERS.items():
        _next(page, f"Seat {number}")
        add(page, starter)
    _next(page, "Course 2")
    _menu(page, "Mains")
    for number in (4, 3):
        _next(page, f"Seat {number}")
        add(page, MAINS[number])
    _next(page, "Seat 2")
    open_category(page, "Burgers")
    add(page, "Burger")
    burger = chooser(page, "Burger")
    pick(burger, "Medium")
    add_choice(burger, "$14.50")
    _next(page, "No seat")
    _menu(page, "Mains")
    add(page, "Ribeye")
    steak = chooser(page, "Ribeye")
    pick(steak, "Medium rare")
    add_choice(steak, "$34.00")
    # A line's tools shift once the server has it (its "One less" shows): tap them after.
    expect(line(page, "1 Ribeye")).to_be_visible()
    page.get_by_role("button", name="Seat and course for Ribeye").click()
    page.get_by_role("dialog", name="Seat and course for Ribeye").get_by_role(
        "button", name="Seat 1", exact=True
    ).click()
    expect(line(page, "1 Ribeye")).to_contain_text("Seat 1 · Course 2")
    expect(line(page, "1 Burger")).to_contain_text("Seat 2 · Course 2")


def _placed(order: dict[str, Any]) -> list[tuple[int, int, str, str]]:
    """Each line of ``order``: its seat, course, name and status, by seat then course."""
    return sorted((i["seat"], i["course"], i["name"], i["status"]) for i in order["items"])


def _send_and_fire(page: Page, restaurant: Restaurant, table: str, size: str) -> dict[str, Any]:
    page.get_by_role("button", name="Send (4)").click()
    held = page.get_by_test_id("course-2")
    expect(held).to_contain_text("Course 2 · held")
    all_sent(page)
    (check,) = _orders_at(restaurant, table, "OPEN")
    # The held mains stayed PENDING: the kitchen has only the starters.
    assert _placed(check) == sorted(
        [(seat, 1, STARTERS[seat], "SENT") for seat in STARTERS]
        + [(seat, 2, MAINS[seat], "PENDING") for seat in MAINS]
    )
    assert check["firedCourses"] == [1]
    held.scroll_into_view_if_needed()
    screenshot(page, f"saturday-held-{size}")

    held.get_by_role("button", name="Fire course 2").click()
    expect(page.get_by_role("button", name="Fire course 2")).to_have_count(0)
    all_sent(page)
    check = restaurant.order(check["id"])
    assert check["firedCourses"] == [1, 2]
    assert {status for *_, status in _placed(check)} == {"SENT"}
    return check


def _split_by_seat(page: Page, restaurant: Restaurant, table: str, size: str) -> dict[int, str]:
    """A 10% discount (a manager's PIN), then the check split by seat: answers each seat's
    check number."""
    page.get_by_role("button", name="Discount", exact=True).click()
    page.get_by_role("dialog", name="Discount").get_by_role(
        "button", name=re.compile(r"^10% ")
    ).click()
    approve(page)  # a discount is a manager's (docs/security.md)
    all_sent(page)
    (before,) = _orders_at(restaurant, table, "OPEN")
    assert before["discountAmount"] > 0

    page.get_by_role("button", name="Split", exact=True).click()
    splitting = page.get_by_role("dialog", name=f"Split check {before['orderNumber']}")
    splitting.get_by_role("button", name="By seat", exact=True).click()
    screenshot(page, f"saturday-split-{size}")
    splitting.get_by_role("button", name="Split by seat", exact=True).click()
    expect(splitting).to_have_count(0)
    all_sent(page)

    checks = _orders_at(restaurant, table, "OPEN")
    # Every line was on a seat: the check split keeps none, and must not stay open at the
    # table beside the four (a $0 check the table would never be free of).
    emptied = [check["orderNumber"] for check in checks if not check["items"]]
    assert emptied == [], f"the split left {emptied} open with nothing on it"
    assert len(checks) == 4
    # Every cent of the check before is on one of the four: none lost, none made.
    assert sum(Decimal(str(c["total"])) for c in checks) == Decimal(str(before["total"]))
    by_seat = {}
    for check in checks:
        (seat_of,) = {item["seat"] for item in check["items"]}
        by_seat[seat_of] = check["orderNumber"]
    assert sorted(by_seat) == [1, 2, 3, 4]
    for number in by_seat.values():
        expect(page.get_by_role("button", name=f"Check {number}", exact=True)).to_be_visible()
    return by_seat


def _paying(page: Page, table: str, number: str) -> Locator:
    """The payment sheet of check ``number`` at ``table``: from another check of the table,
    through its Check buttons; from the floor, through the table's tile (several checks: the
    list it opens; the last one: the check itself)."""
    switch = page.get_by_role("button", name=f"Check {number}", exact=True)
    shown = page.get_by_role("heading", name=f"Check {number}", exact=True)
    if switch.count():
        switch.click()
    else:
        page.get_by_role("button", name=re.compile(rf"^Table {table}, occupied")).click()
        listing = page.get_by_role("dialog", name=f"Table {table}", exact=True)
        expect(listing.or_(shown)).to_be_visible()
        if listing.count():
            listing.get_by_role("button", name=re.compile(rf"^Check {re.escape(number)}\b")).click()
    expect(shown).to_be_visible()
    page.get_by_role("button", name="Pay", exact=True).click()
    return page.get_by_role("dialog", name=f"Pay check {number}", exact=True)


def _type(paying: Locator, *keys: str) -> None:
    keypad = paying.get_by_role("group", name="Keypad")
    for key in keys:
        keypad.get_by_role("button", name=key, exact=True).click()


def _completed(restaurant: Restaurant, table: str, number: str) -> dict[str, Any]:
    (order,) = [o for o in _orders_at(restaurant, table, "COMPLETED") if o["orderNumber"] == number]
    return order


def _done(
    page: Page, restaurant: Restaurant, table: str, number: str, *, change: bool = False
) -> None:
    """Check ``number``, paid, completed itself: it closed, or with cash to hand back its
    summary showed the change until Done."""
    if change:
        change_given(page, re.compile(r"^\$\d+\.\d\d$"))
    else:
        closed_once_paid(page)
    _completed(restaurant, table, number)


def _pay_four_ways(
    page: Page, restaurant: Restaurant, table: str, checks: dict[int, str], size: str
) -> None:
    paying = _paying(page, table, checks[1])
    paying.get_by_role("button", name="Cash", exact=True).click()
    _type(paying, "1", "0", "0", "00")
    expect(paying.get_by_role("button", name=re.compile("^Guest gave"))).to_contain_text("$100.00")
    screenshot(page, f"saturday-cash-{size}")
    paying.get_by_role("button", name=re.compile("^Take cash")).click()
    _done(page, restaurant, table, checks[1], change=True)

    paying = _paying(page, table, checks[2])
    paying.get_by_role("button", name=re.compile("^Tip amount")).click()
    _type(paying, "5", "00")
    expect(paying.get_by_role("button", name=re.compile("^Tip amount"))).to_contain_text("$5.00")
    charge_card(paying, "4242")
    _done(page, restaurant, table, checks[2])

    paying = _paying(page, table, checks[3])
    charge_card(paying, "1111")  # the tip comes once the guest signed
    _done(page, restaurant, table, checks[3])

    paying = _paying(page, table, checks[4])
    paying.get_by_role("button", name="Cash", exact=True).click()
    _type(paying, "2", "0", "00")
    paying.get_by_role("button", name="Take cash $20.00").click()
    paying.get_by_role("button", name="Card", exact=True).click()
    charge_card(paying, "5555")
    _done(page, restaurant, table, checks[4])
    expect(page.get_by_role("button", name=f"Table {table}, free")).to_be_visible()


def _check_the_payments(restaurant: Restaurant, table: str, checks: dict[int, str]) -> None:
    paid = {o["orderNumber"]: o for o in _orders_at(restaurant, table, "COMPLETED")}
    assert sorted(paid) == sorted(checks.values())
    made = {
        seat_of: [(p["method"], p["amount"], p["tipAmount"]) for p in paid[number]["payments"]]
        for seat_of, number in checks.items()
    }
    totals = {seat_of: paid[number]["total"] for seat_of, number in checks.items()}
    # The $100 bill paid the check, not $100: the change went back to the guest.
    assert made[1] == [("CASH", totals[1], 0)]
    assert made[2] == [("CARD", totals[2], 5)]
    assert made[3] == [("CARD", totals[3], 0)]
    assert made[4] == [("CASH", 20, 0), ("CARD", round(totals[4] - 20, 2), 0)]
    assert all(paid[number]["balanceDue"] == 0 for number in checks.values())


def _cancel_a_mistaken_table(page: Page, restaurant: Restaurant, table: str) -> None:
    seat(page, table, 2)
    page.get_by_role("button", name="Cancel check", exact=True).click()
    sheet = page.get_by_role("dialog", name="Cancel check")
    sheet.get_by_role("button", name="Seated by mistake").click()
    sheet.get_by_role("button", name="Cancel this check").click()
    expect(page.get_by_role("button", name=f"Table {table}, free")).to_be_visible()
    all_sent(page)
    (cancelled,) = _orders_at(restaurant, table, "CANCELLED")
    assert cancelled["cancelledBy"]["staffId"] == restaurant.staff["Ana"]["id"]


def _closed_check(page: Page, number: str) -> Locator:
    """Today's closed checks, with check ``number`` open beside the list."""
    page.get_by_role("button", name="Paid today").click()
    closed = page.get_by_role("region", name="Closed checks")
    closed.get_by_role("button", name=re.compile(rf"^{re.escape(number)}, ")).click()
    shown = closed.get_by_role("complementary", name=f"Closed {number}")
    expect(shown.get_by_role("heading", name=re.compile(r"closed$"))).to_be_visible()
    return shown


def _tip_after_signing(page: Page, number: str, size: str) -> None:
    shown = _closed_check(page, number)
    shown.get_by_role("button", name="Enter the tip of card ····1111").click()
    tipping = page.get_by_role("dialog", name="Tip on card ····1111")
    _type(tipping, "4", "00")
    expect(tipping.get_by_label("Tip amount")).to_have_text("$4.00")
    screenshot(page, f"saturday-tip-{size}")
    tipping.get_by_role("button", name="Save tip $4.00").click()
    expect(shown.get_by_role("status")).to_have_text("Tip of $4.00 entered.")
    page.get_by_role("region", name="Closed checks").get_by_role(
        "button", name="Back to the floor"
    ).click()


def _reopen_and_refund(page: Page, restaurant: Restaurant, table: str, number: str) -> None:
    """Check ``number`` reopened for a lemonade more, paid again, then its salad refunded: a
    manager's PIN each time."""
    _closed_check(page, number).get_by_role("button", name="Reopen").click()
    page.get_by_role("dialog", name=re.compile("^Reopen check")).get_by_role(
        "button", name="Guests ordered more"
    ).click()
    approve(page)
    expect(page.get_by_role("heading", name=f"Check {number}", exact=True)).to_be_visible()
    _menu(page, "Drinks")
    add(page, "Lemonade")
    page.get_by_role("button", name="Send (1)").click()
    expect(line(page, "1 Lemonade")).to_contain_text(re.compile(r"\bsent"))
    page.get_by_role("button", name="Pay", exact=True).click()
    paying = page.get_by_role("dialog", name=f"Pay check {number}", exact=True)
    paying.get_by_role("button", name="Cash", exact=True).click()
    paying.get_by_role("button", name=re.compile("^Take cash")).click()
    _done(page, restaurant, table, number)

    refund_line(page, _closed_check(page, number), "Salad")

    order = _completed(restaurant, table, number)
    (salad,) = [item for item in order["items"] if item["name"] == "Salad"]
    (refund,) = order["refunds"]
    assert [part["itemId"] for part in refund["items"]] == [salad["id"]]


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_a_saturday_dinner_for_four(browser: Browser, restaurant: Restaurant, size: str) -> None:
    viewport, table, mistaken = SIZES[size]
    page = open_screen(browser, restaurant, "/", viewport)
    pair(page, restaurant)
    sign_in(page, "Ana")
    seat(page, table, 4)
    _order_the_table(page)
    _send_and_fire(page, restaurant, table, size)
    checks = _split_by_seat(page, restaurant, table, size)
    _pay_four_ways(page, restaurant, table, checks, size)
    _check_the_payments(restaurant, table, checks)
    _tip_after_signing(page, checks[3], size)
    tipped = _completed(restaurant, table, checks[3])
    assert [p["tipAmount"] for p in tipped["payments"]] == [4]
    _cancel_a_mistaken_table(page, restaurant, mistaken)
    _reopen_and_refund(page, restaurant, table, checks[1])
    screenshot(page, f"saturday-refund-{size}")

"""Paying at the table from the guests' phones (docs/design.md §28), in a real browser against a
real server with the simulator's test card: two phones at 390 x 844 at table 3 each order a
round, a server sends both to the kitchen from the terminal's floor and the kitchen's board
shows them; phone A pays "My items" with a 10 % tip, phone B "Everything left", and the check,
paid in full, closes: both phones thank the guests. And at 360 x 740 a phone splits its table's
check evenly with a tip, its card declined first, then paid. Amounts checked to the cent on the
phones and in the books; screenshots of the Pay sheet, the test card, the outcome and the paid
check to docs/screens/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from browser.kitchen_wall import item, open_kitchen
from browser.restaurant import TIMES, Restaurant, screenshot, served_to_guests, signed_in_terminal
from browser.test_guest_phone import PHONES, _fits, _phone, _product

# What the guests see of the menu here, with their prices (tax included in the check's total).
SHOWN = ("Lemonade", "Fries", "Salad")
TEST_CARD = "4242 4242 4242 4242"
DECLINED_CARD = "4000 0000 0000 0002"


@pytest.fixture(scope="module")
def guests_paying(restaurant: Restaurant) -> Iterator[None]:
    """Guests order and pay from their phones here, from a menu of drinks and sides."""
    with restaurant.http() as http:
        for name in SHOWN:
            path = f"/api/products/{restaurant.products[name]['id']}"
            assert http.put(path, json={"guestVisible": True}).status_code == 200
    yield from served_to_guests(restaurant, "ORDER_AND_PAY")


def _scanned(browser: Browser, restaurant: Restaurant, phone: str, table: str) -> Page:
    page = _phone(browser, restaurant, PHONES[phone])
    page.goto(f"/t/{restaurant.tables[table]['guestCode']}")
    expect(_product(page, "Lemonade")).to_be_visible()
    return page


def _order(page: Page, dishes: dict[str, int]) -> None:
    """A round of ``dishes`` (name, how many) sent from the phone: it waits for the staff."""
    for name, quantity in dishes.items():
        _product(page, name).click()
        sheet = page.get_by_role("dialog", name=name)
        for _ in range(quantity - 1):
            sheet.get_by_role("button", name="One more").click()
        sheet.get_by_role("button", name=re.compile(rf"^Add {quantity} ")).click()
        expect(sheet).to_have_count(0)
    page.get_by_role("button", name=re.compile(r"^Review your order")).click()
    review = page.get_by_role("dialog", name="Your order")
    review.get_by_role("button", name="Send order").click()
    expect(review).to_have_count(0)
    expect(page.get_by_role("contentinfo").get_by_role("status")).to_have_text(
        "Order sent. The staff will confirm your order."
    )


def _visit(page: Page, restaurant: Restaurant) -> dict[str, Any]:
    """The phone's visit as the server answers it (its id is the phone's, in sessionStorage)."""
    [visit_id] = page.evaluate("() => Object.values(sessionStorage)")
    with restaurant.http() as http:
        visit = http.get(f"/api/guest/visits/{visit_id}", headers={"Authorization": ""})
        assert visit.status_code == 200, visit.text
        body: dict[str, Any] = visit.json()
        return body


def _cents(amount: float) -> int:
    return round(amount * 100)


def _money(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


def _open_pay(page: Page, due: int) -> Locator:
    """The Pay sheet, from the button at the bottom that says what is still to pay."""
    page.get_by_role("button", name=f"Pay: {_money(due)} still to pay").click()
    sheet = page.get_by_role("dialog", name="Pay")
    expect(sheet).to_be_visible()
    return sheet


def _pay_by_test_card(
    page: Page, sheet: Locator, total: int, card: str = TEST_CARD, shot: str | None = None
) -> None:
    """Pay {total}, then the simulator's test card form (prefilled with the card that pays),
    its screenshot ``shot``."""
    sheet.get_by_role("button", name=f"Pay {_money(total)}").click()
    number = sheet.get_by_label("Card number")
    expect(number).to_have_value(TEST_CARD)
    expect(sheet.get_by_text("Test payment: no real card is charged.")).to_be_visible()
    expect(sheet.get_by_role("status")).to_have_text(f"Ready for your card: {_money(total)}.")
    if card != TEST_CARD:
        number.fill(card)
    if shot:
        _fits(page)
        screenshot(page, shot)
    sheet.get_by_role("button", name=f"Pay {_money(total)}").click()


@pytest.mark.usefixtures("guests_paying")
def test_two_phones_pay_the_check_my_items_with_a_tip_then_everything_left(
    browser: Browser, restaurant: Restaurant
) -> None:
    phone_a = _scanned(browser, restaurant, "390x844", "3")
    phone_b = _scanned(browser, restaurant, "390x844", "3")
    _order(phone_a, {"Lemonade": 2})
    _order(phone_b, {"Fries": 1, "Salad": 1})

    # A server sends both rounds to the kitchen from the floor; the kitchen's board shows them.
    floor = signed_in_terminal(browser, restaurant, "Ana")
    rounds = floor.get_by_role("article", name="Table 3: guests ordered")
    expect(rounds).to_have_count(2)
    for left in (1, 0):
        rounds.first.get_by_role("button", name="Send to kitchen").click()
        expect(rounds).to_have_count(left)
    kitchen = open_kitchen(browser, restaurant)
    tickets = kitchen.get_by_role("article", name=re.compile(r"^Ticket "))
    expect(tickets).to_have_count(2)
    expect(item(tickets.filter(has_text="Lemonade"), "2 Lemonade, to make")).to_be_visible()
    expect(item(tickets.filter(has_text="Fries"), "1 Fries, to make")).to_be_visible()
    expect(item(tickets.filter(has_text="Salad"), "1 Salad, to make")).to_be_visible()
    kitchen.context.close()

    for phone in (phone_a, phone_b):
        phone.get_by_role("button", name="Your table").click()
        expect(phone.get_by_role("list", name="Your orders")).to_contain_text(
            "Sent to the kitchen", timeout=15_000
        )

    # What each phone's rounds came to and what the check owes, as the server says.
    visit_a = _visit(phone_a, restaurant)
    [round_a] = visit_a["rounds"]
    due = _cents(visit_a["check"]["balanceDue"])
    # 2 lemonades, with their part of the 10 % tax on top; the tip 10 % of phone A's.
    assert (_cents(round_a["total"]), _cents(visit_a["check"]["subtotal"])) == (700, 1750)
    mine = 770
    assert due == _cents(visit_a["check"]["total"]) == 1925
    tip = 77

    # Phone A: my items, 10 % tip, the test card.
    sheet = _open_pay(phone_a, due)
    my_items = sheet.get_by_role("button", name=re.compile(r"^My items"))
    expect(my_items).to_have_attribute("aria-pressed", "true")
    expect(my_items).to_contain_text(_money(mine))
    expect(sheet.get_by_role("button", name=re.compile(r"^Everything left"))).to_contain_text(
        _money(due)
    )
    sheet.get_by_role("button", name=re.compile(r"^10%")).click()
    expect(sheet.get_by_role("definition").nth(1)).to_have_text(_money(tip))
    expect(sheet.get_by_role("definition").nth(2)).to_have_text(_money(mine + tip))
    _fits(phone_a)
    screenshot(phone_a, "guest-pay-choose")
    _pay_by_test_card(phone_a, sheet, mine + tip)
    outcome = sheet.get_by_role("status")
    expect(outcome).to_have_text(f"Paid {_money(mine + tip)} with VISA ending in 4242. Thank you!")
    _fits(phone_a)
    screenshot(phone_a, "guest-pay-paid")
    sheet.get_by_role("button", name="Done").click()
    expect(sheet).to_have_count(0)

    # Phone A's table: its payment, what is paid and what is still due.
    payments = phone_a.get_by_role("list", name="Your payments").get_by_role("article")
    expect(payments).to_have_count(1)
    expect(payments.first).to_contain_text("Paid")
    expect(payments.first).to_contain_text(_money(mine))
    expect(payments.first).to_contain_text(_money(tip))
    totals = phone_a.locator(".guest-totals")
    expect(totals).to_contain_text(f"Paid{_money(mine)}")
    expect(totals).to_contain_text(f"Still to pay{_money(due - mine)}")
    _fits(phone_a)
    phone_a.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    screenshot(phone_a, "guest-pay-table")

    # Phone B: everything left, no tip. The check paid in full closes, and its visits end.
    sheet = _open_pay(phone_b, due - mine)
    sheet.get_by_role("button", name=re.compile(r"^Everything left")).click()
    _pay_by_test_card(phone_b, sheet, due - mine, shot="guest-pay-card")
    for phone in (phone_b, phone_a):
        expect(phone.get_by_role("heading", name="All paid — thank you")).to_be_visible(
            timeout=15_000
        )
        expect(phone.get_by_role("status")).to_contain_text("paid in full and closed")
        expect(phone.get_by_role("button")).to_have_count(0)
    _fits(phone_a)
    screenshot(phone_a, "guest-pay-all-paid")

    # The books: two card payments to the cent, the tip phone A's, the check completed.
    check = _closed_check(restaurant, "3")
    assert check["status"] == "COMPLETED"
    paid = sorted(
        (_cents(p["amount"]), _cents(p["tipAmount"]), p["method"]) for p in check["payments"]
    )
    assert paid == sorted([(mine, tip, "CARD"), (due - mine, 0, "CARD")])
    assert _cents(check["balanceDue"]) == 0
    # The terminal's floor saw both payments land, at their table, until dismissed.
    landed = floor.get_by_role("article").filter(has_text="Table 3: paid from a phone")
    expect(landed).to_have_count(2)
    expect(landed.first).to_contain_text(f"{_money(mine)} by card, tip {_money(tip)}")
    expect(landed.last).to_contain_text(f"{_money(due - mine)} by card, tip {_money(0)}")
    screenshot(floor, "guest-pay-floor")
    landed.first.get_by_role("button", name="Dismiss").click()
    expect(landed).to_have_count(1)
    for phone in (phone_a, phone_b):
        phone.context.close()
    floor.context.close()


def _closed_check(restaurant: Restaurant, table: str) -> dict[str, Any]:
    params = {"locationId": restaurant.location_id, "tableId": restaurant.tables[table]["id"]}
    with restaurant.http() as http:
        found = http.get("/api/orders", params=params | {"status": "COMPLETED"}).json()["data"]
    [check] = found
    return restaurant.order(check["id"])


@pytest.mark.usefixtures("guests_paying")
def test_a_phone_splits_the_check_evenly_and_tries_again_after_a_declined_card(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _scanned(browser, restaurant, "360x740", "4")
    _order(page, {"Salad": 2, "Lemonade": 1})
    floor = signed_in_terminal(browser, restaurant, "Ben")
    floor.get_by_role("article", name="Table 4: guests ordered").get_by_role(
        "button", name="Send to kitchen"
    ).click()
    floor.context.close()
    due = _cents(_visit(page, restaurant)["check"]["balanceDue"])
    assert due == 1705  # 2 salads and a lemonade, 10 % tax on top

    # Split among 3: the share rounded up to the cent, a 15 % tip on it, half a cent up.
    sheet = _open_pay(page, due)
    sheet.get_by_role("button", name=re.compile(r"^Split evenly")).click()
    sheet.get_by_role("button", name="One person more").click()
    expect(sheet.get_by_text("3 people", exact=True)).to_be_visible()
    share, tip = 569, 85  # 17.05 / 3 = 5.6833 up to 5.69; 15 % of it 0.8535, to 0.85
    expect(sheet.get_by_role("button", name=re.compile(r"^Split evenly"))).to_contain_text(
        f"{_money(share)} each"
    )
    sheet.get_by_role("button", name=re.compile(r"^15%")).click()
    _fits(page)
    screenshot(page, "guest-pay-choose-360")

    # The card that is declined: the reason, nothing charged, and Try again.
    _pay_by_test_card(page, sheet, share + tip, DECLINED_CARD, shot="guest-pay-card-360")
    expect(sheet.get_by_role("status")).to_have_text("Your card was declined. Nothing was charged.")
    expect(sheet.get_by_text(re.compile(r"^Why: "))).to_be_visible()
    _fits(page)
    screenshot(page, "guest-pay-declined-360")
    sheet.get_by_role("button", name="Try again").click()

    # The choice kept: the same share and tip, paid this time.
    expect(sheet.get_by_role("button", name=re.compile(r"^Split evenly"))).to_have_attribute(
        "aria-pressed", "true"
    )
    _pay_by_test_card(page, sheet, share + tip)
    expect(sheet.get_by_role("status")).to_contain_text(f"Paid {_money(share + tip)} with ")
    _fits(page)
    screenshot(page, "guest-pay-paid-360")
    sheet.get_by_role("button", name="Done").click()

    payments = page.get_by_role("list", name="Your payments").get_by_role("article")
    expect(payments).to_have_count(2)
    expect(payments.nth(0)).to_contain_text("Paid")
    expect(payments.nth(1)).to_contain_text("Declined")
    expect(page.locator(".guest-totals")).to_contain_text(f"Still to pay{_money(due - share)}")
    _fits(page)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    screenshot(page, "guest-pay-table-360")
    visit = _visit(page, restaurant)
    assert [(_cents(p["amount"]), _cents(p["tip"]), p["status"]) for p in visit["payments"]] == [
        (share, tip, "DECLINED"),
        (share, tip, "SUCCEEDED"),
    ]
    assert _cents(visit["check"]["balanceDue"]) == due - share
    check = page.get_by_role("list", name="Your table's check")
    expect(check).to_contain_text(f"2 {TIMES} Salad")
    page.context.close()

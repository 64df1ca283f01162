"""Paying on the terminal's keypad, in a real browser against a real server: a $9.80 check paid
with a typed $100 bill (the change to give shown), $20 cash and the rest on card with a tip
typed as an amount, and a check split evenly in 5 on a tablet held upright (768 x 1024). A
check paid with no change to give closes by itself and the top bar says so; change to give
shows the receipt summary with it. Screenshots of the payment sheet's keypad, the change on the
summary and the floor after a check closed itself to docs/screens/."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from browser.restaurant import (
    Restaurant,
    add,
    change_given,
    closed_once_paid,
    line,
    open_category,
    open_screen,
    paid_line,
    pair,
    screenshot,
    seat,
    sign_in,
    signed_in_terminal,
)

UPRIGHT = {"width": 768, "height": 1024}


@pytest.fixture(scope="module")
def priced(restaurant: Restaurant) -> Restaurant:
    """Two untaxed sides whose totals are the cases: a $9.80 pie, a $10.02 cake (odd cents
    when split in 5)."""
    with restaurant.http() as http:
        for name, price in (("Pie", 9.8), ("Cake", 10.02)):
            body = {
                "name": name,
                "price": price,
                "taxRate": 0,
                "locationId": restaurant.location_id,
                "categoryId": restaurant.products["Fries"]["categoryId"],
            }
            response = http.post("/api/products", json=body)
            assert response.status_code == 201, response.text
    return restaurant


def _ordered_and_paying(page: Page, table: str, category: str, *products: str) -> Locator:
    """Seats `table`, sends one of each of `category`'s `products` and opens the payment
    sheet."""
    seat(page, table, 2)
    open_category(page, category)
    for product in products:
        add(page, product)
        expect(line(page, f"1 {product}")).to_be_visible()
    page.get_by_role("button", name=f"Send ({len(products)})").click()
    expect(line(page, f"1 {products[0]}")).to_contain_text(re.compile(r"\bsent"))
    page.get_by_role("button", name="Pay").click()
    return page.get_by_role("dialog", name=re.compile("^Pay check"))


def _type(paying: Locator, *keys: str) -> None:
    keypad = paying.get_by_role("group", name="Keypad")
    for key in keys:
        keypad.get_by_role("button", name=key, exact=True).click()


def _completed(restaurant: Restaurant, table: str) -> dict[str, Any]:
    """The server's completed order of `table` (each test here seats its own table)."""
    with restaurant.http() as http:
        params = {"locationId": restaurant.location_id, "status": "COMPLETED"}
        listed = http.get("/api/orders", params=params).json()["data"]
    (order,) = [
        o for o in map(restaurant.order, [o["id"] for o in listed]) if o["tableName"] == table
    ]
    return order


def test_a_typed_100_dollar_bill_pays_9_80_and_shows_the_change(
    browser: Browser, priced: Restaurant
) -> None:
    page = signed_in_terminal(browser, priced, "Ana")
    paying = _ordered_and_paying(page, "1", "Sides", "Pie")
    paying.get_by_role("button", name="Cash", exact=True).click()
    bills = paying.get_by_role("group", name="Cash tendered").get_by_role("button")
    expect(bills).to_have_text(["Exact $9.80", "$10.00", "$20.00", "$50.00", "$100.00"])
    _type(paying, "1", "0", "0", "00")
    expect(paying.get_by_role("button", name=re.compile("^Guest gave"))).to_contain_text("$100.00")
    expect(paying.locator(".change-preview")).to_have_text("Change $90.20")
    screenshot(page, "terminal-pay-keypad")
    paying.get_by_role("button", name="Take cash $9.80").click()
    # The check completed itself; the summary stays until Done: the change must be seen.
    expect(page.get_by_role("dialog", name=re.compile("^Receipt"))).to_be_visible()
    screenshot(page, "terminal-pay-change")
    change_given(page, "$90.20")
    expect(page.get_by_role("button", name="Table 1, free")).to_be_visible()
    order = _completed(priced, "1")
    assert [(p["method"], p["amount"]) for p in order["payments"]] == [("CASH", 9.8)]


def test_twenty_in_cash_and_the_rest_on_card_with_a_typed_tip(
    browser: Browser, priced: Restaurant
) -> None:
    page = signed_in_terminal(browser, priced, "Ana")
    paying = _ordered_and_paying(page, "2", "Mains", "Fish of the day")  # $26 + 10% tax
    paying.get_by_role("button", name="Cash", exact=True).click()
    _type(paying, "2", "0", "00")  # what the guest gave: a $20 bill, short of the check
    expect(paying.locator(".change-preview")).to_have_text("Change $0.00")
    expect(paying.get_by_text("Leaves $8.60 to pay")).to_be_visible()
    paying.get_by_role("button", name="Take cash $20.00").click()
    expect(paying.get_by_label("Balance due")).to_have_text("$8.60")
    expect(paying.get_by_role("button", name="Complete")).to_have_count(0)

    paying.get_by_role("button", name="Card", exact=True).click()
    paying.get_by_role("button", name=re.compile("^Tip amount")).click()
    _type(paying, "2", "5", "0")
    paying.get_by_label("Card last four").fill("4242")
    paying.get_by_role("button", name="Charge card $11.10").click()
    closed_once_paid(page)
    expect(paid_line(page)).to_have_text(re.compile(r"^Check #\d+ paid · \$31\.10 cash and card$"))
    expect(page.get_by_role("button", name="Table 2, free")).to_be_visible()
    screenshot(page, "terminal-paid-floor")
    # The next tap puts the word away; the top bar names the location again.
    page.get_by_role("button", name="Table 2, free").click()
    expect(paid_line(page)).to_have_count(0)
    expect(page.get_by_role("banner")).to_contain_text("Brigade · ")
    order = _completed(priced, "2")
    made = [(p["method"], p["amount"], p["tipAmount"]) for p in order["payments"]]
    assert made == [("CASH", 20.0, 0), ("CARD", 8.6, 2.5)]


def test_a_check_split_in_5_on_an_upright_tablet(browser: Browser, priced: Restaurant) -> None:
    page = open_screen(browser, priced, "/", UPRIGHT)  # type: ignore[arg-type]
    pair(page, priced)
    sign_in(page, "Ben")
    paying = _ordered_and_paying(page, "3", "Sides", "Cake")  # $10.02
    paying.get_by_role("button", name="Split 4 ways").click()
    paying.get_by_role("button", name="More ways").click()
    expect(paying.get_by_role("group", name="Split evenly")).to_contain_text("5 ways, each $2.01")
    paying.get_by_role("button", name="Cash", exact=True).click()
    # A hurried double tap takes one share, not two.
    paying.get_by_role("button", name="Take cash $2.01").dblclick()
    expect(paying.get_by_label("Balance due")).to_have_text("$8.01")
    for share, left in (("2.01", "6.00"), ("2.00", "4.00"), ("2.00", "2.00")):
        paying.get_by_role("button", name=f"Take cash ${share}").click()
        expect(paying.get_by_label("Balance due")).to_have_text(f"${left}")
    paying.get_by_role("button", name="Take cash $2.00").click()  # the last share closes it
    closed_once_paid(page)
    expect(paid_line(page)).to_contain_text("paid · $10.02 cash")
    order = _completed(priced, "3")
    assert [p["amount"] for p in order["payments"]] == [2.01, 2.01, 2.0, 2.0, 2.0]

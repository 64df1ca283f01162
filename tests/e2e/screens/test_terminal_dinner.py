"""A whole dinner on the terminal, in a real browser against a real server: pair, PIN
sign-in, open table 4 for 3 guests, order, send, void a sent item with a manager's PIN,
discount, split the bill (card with a tip, cash with change), complete; the table is free
again. Screenshots of the floor, ordering and payment go to docs/screens/."""

from __future__ import annotations

import re
from decimal import Decimal

from playwright.sync_api import Browser, Page, expect

from e2e.screens.restaurant import (
    MANAGER_PIN,
    Restaurant,
    add,
    line,
    open_category,
    open_terminal,
    pair,
    screenshot,
    seat,
    sign_in,
    type_pin,
)


def _order_a_round(page: Page) -> None:
    """What table 4 eats. (With §9's modifier groups and variants this grows the steak's
    temperature, the large latte and the burger's extras, through the chooser.)"""
    open_category(page, "Mains")
    add(page, "Ribeye")
    open_category(page, "Burgers")
    expect(page.get_by_role("navigation", name="Categories path")).to_contain_text("Burgers")
    add(page, "Burger")
    page.get_by_role("button", name="Menu", exact=True).click()
    open_category(page, "Drinks")
    add(page, "Latte")
    expect(line(page, "1 Latte")).to_be_visible()
    page.get_by_role("button", name="One more Latte").click()
    expect(line(page, "2 Latte")).to_be_visible()
    expect(line(page, "1 Ribeye")).to_contain_text("unsent")


def _approve_as_manager(page: Page) -> None:
    approval = page.get_by_role("dialog", name="Manager approval")
    expect(approval).to_be_visible()
    approval.get_by_role("button", name="Marco").click()
    type_pin(approval, MANAGER_PIN)  # type: ignore[arg-type]
    expect(approval).to_be_hidden()


def test_a_dinner_on_the_terminal(browser: Browser, restaurant: Restaurant) -> None:
    page = open_terminal(browser, restaurant)
    pair(page, restaurant)
    sign_in(page, "Ana")
    expect(page.get_by_role("banner")).to_contain_text("Harbour St")
    expect(page.get_by_role("banner")).to_contain_text("Ana (Server)")

    seat(page, "4", 3)
    expect(page.get_by_role("complementary", name="Check")).to_contain_text("Table 4 · 3 guests")
    _order_a_round(page)
    # The floor follows the check live: table 4 shows the whole round.
    whole_round = re.compile(r"Table 4, occupied, 3 guests, balance \$62\.15")
    expect(page.get_by_role("button", name=whole_round)).to_be_visible()
    screenshot(page, "ordering")

    page.get_by_role("button", name="Send (3)").click()
    expect(line(page, "1 Ribeye")).to_contain_text("sent")
    expect(page.get_by_role("button", name=re.compile("^Send"))).to_be_disabled()

    # Back to the floor, then into table 4's check again by tapping it.
    page.get_by_role("button", name="Close check").click()
    table_4 = page.get_by_role("button", name=re.compile(r"Table 4, occupied, 3 guests"))
    screenshot(page, "floor")
    table_4.click()

    # A server may not void what the kitchen has: the manager approves on the spot.
    page.get_by_role("button", name="Void Ribeye").click()
    page.get_by_role("button", name="Kitchen error").click()
    _approve_as_manager(page)
    expect(line(page, "1 Ribeye")).to_contain_text("Void: Kitchen error")

    page.get_by_role("button", name="Discount").click()
    page.get_by_role("button", name=re.compile(r"^10%")).click()
    _approve_as_manager(page)
    check = page.get_by_role("complementary", name="Check")
    expect(check).to_contain_text("Discount")

    page.get_by_role("button", name="Pay").click()
    paying = page.get_by_role("dialog", name=re.compile("Pay check"))
    paying.get_by_role("button", name="Split 2 ways").click()
    paying.get_by_role("button", name="Tip 18%").click()
    paying.get_by_label("Card last four").fill("4242")
    screenshot(page, "payment")
    paying.get_by_role("button", name=re.compile("^Charge card")).click()
    expect(paying.get_by_role("button", name="Cash")).to_be_enabled()
    paying.get_by_role("button", name="Cash").click()
    paying.get_by_role("button", name=re.compile("^Tendered")).first.click()
    paying.get_by_role("button", name=re.compile("^Take cash")).click()
    expect(paying.get_by_role("status")).to_contain_text("Change to give")
    paying.get_by_role("button", name="Complete").click()
    receipt = page.get_by_role("dialog", name=re.compile("Receipt"))
    expect(receipt).to_contain_text("Card ····4242")
    receipt.get_by_role("button", name="Done").click()

    expect(page.get_by_role("button", name="Table 4, free")).to_be_visible()

    orders = restaurant.http().get(
        "/api/orders", params={"locationId": restaurant.location_id, "status": "COMPLETED"}
    )
    (completed,) = orders.json()["data"]
    order = restaurant.order(completed["id"])
    assert order["tableName"] == "4"
    assert order["balanceDue"] == 0
    card, cash = order["payments"]
    assert (card["method"], card["cardLastFour"], cash["method"]) == ("CARD", "4242", "CASH")
    share = Decimal(str(card["amount"]))
    assert card["tipAmount"] == float((share * Decimal("0.18")).quantize(Decimal("0.01")))
    assert Decimal(str(card["amount"])) + Decimal(str(cash["amount"])) == Decimal(
        str(order["total"])
    )
    assert [(item["name"], item["status"]) for item in order["items"]] == [
        ("Ribeye", "VOIDED"),
        ("Burger", "SENT"),
        ("Latte", "SENT"),
    ]
    assert order["discountAmount"] > 0


def test_signing_out_by_hand_and_when_idle(browser: Browser, restaurant: Restaurant) -> None:
    page = open_terminal(browser, restaurant, fake_clock=True)
    pair(page, restaurant)
    sign_in(page, "Ben")
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", name="Who is working?")).to_be_visible()

    # Still paired: the next person only needs their PIN.
    sign_in(page, "Ana")
    page.clock.fast_forward("02:00")
    page.get_by_role("button", name="Table 1, free").click()
    page.get_by_role("button", name="Close").click()
    page.clock.fast_forward("02:00")
    expect(page.get_by_role("banner")).to_contain_text("Ana (Server)")
    page.clock.fast_forward("01:01")
    expect(page.get_by_role("heading", name="Who is working?")).to_be_visible()

"""A whole dinner on the terminal, in a real browser against a real server: pair, PIN
sign-in, open table 4 for 3 guests, add a steak (temperature chosen), two lattes (one large),
a burger with extras, send, void a sent item with a manager's PIN, discount, split the bill
(card with a tip, cash with change), complete; the table is free again. Screenshots of the
floor, ordering, the chooser and payment go to docs/screens/."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.restaurant import (
    MANAGER_PIN,
    Restaurant,
    add,
    add_button,
    add_choice,
    all_sent,
    chooser,
    line,
    line_tools,
    open_category,
    open_terminal,
    pair,
    pick,
    screenshot,
    seat,
    sign_in,
    type_pin,
)

# The whole dinner is the one browser flow that runs on PostgreSQL too: every screen at once.
pytestmark = pytest.mark.both_databases("the whole dinner, end to end, on each database")


def _order_a_round(page: Page) -> None:
    """What table 4 eats: a steak (its temperature chosen), a burger with extras, a special
    request and a note, two lattes (one large: a variant). Screenshot of the chooser."""
    open_category(page, "Mains")
    add(page, "Ribeye")
    steak = chooser(page, "Ribeye")
    expect(steak.get_by_role("group", name=re.compile("Temperature"))).to_contain_text("Choose 1")
    expect(add_button(steak)).to_be_disabled()
    pick(steak, "Medium rare")
    add_choice(steak, "$34.00")
    expect(line(page, "1 Ribeye")).to_contain_text("+ Medium rare")

    open_category(page, "Burgers")
    expect(page.get_by_role("navigation", name="Categories path")).to_contain_text("Burgers")
    add(page, "Burger")
    burger = chooser(page, "Burger")
    expect(burger.get_by_role("group", name=re.compile("Extras"))).to_contain_text("Up to 3")
    pick(burger, "Medium", "Bacon", "Cheese")
    burger.get_by_label("Request", exact=True).fill("No onions")
    burger.get_by_role("button", name="Add request").click()
    burger.get_by_label("Note", exact=True).fill("Sauce on the side")
    expect(burger.get_by_role("button", name="Remove No onions")).to_be_visible()
    screenshot(page, "chooser")
    add_choice(burger, "$18.00")
    burger_line = line(page, "1 Burger")
    for shown in (
        "+ Medium",
        "+ Bacon $2.00",
        "+ Cheese $1.50",
        "+ No onions",
        "Sauce on the side",
    ):
        expect(burger_line).to_contain_text(shown)

    page.get_by_role("button", name="Menu", exact=True).click()
    open_category(page, "Drinks")
    for size, price in (("Regular", "$4.00"), ("Large", "$5.25")):
        add(page, "Latte")
        latte = chooser(page, "Latte")
        pick(latte, f"{size} {price}")
        add_choice(latte, price)
        expect(line(page, f"1 Latte ({size})")).to_contain_text("unsent")


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
    (seated,) = (
        restaurant.http().get(f"/api/tables/{restaurant.tables['4']['id']}").json()["openOrders"]
    )
    assert seated["total"] == 67.38  # 61.25 and 10% tax on each line
    whole_round = re.compile(r"Table 4, occupied, 3 guests, balance \$67\.38")
    expect(page.get_by_role("button", name=whole_round)).to_be_visible()
    screenshot(page, "ordering")

    page.get_by_role("button", name="Send (4)").click()
    expect(line(page, "1 Ribeye")).to_contain_text(re.compile(r"\bsent"))
    expect(page.get_by_role("button", name=re.compile("^Send"))).to_be_disabled()

    # Back to the floor, then into table 4's check again by tapping it.
    page.get_by_role("button", name="Close check").click()
    table_4 = page.get_by_role("button", name=re.compile(r"Table 4, occupied, 3 guests"))
    screenshot(page, "floor")
    table_4.click()

    # A server may not void what the kitchen has: the manager approves on the spot.
    line_tools(page, "1 Latte (Regular)").get_by_role("button", name="Void Latte (Regular)").click()
    page.get_by_role("button", name="Guest changed their mind").click()
    _approve_as_manager(page)
    expect(line(page, "1 Latte (Regular)")).to_contain_text("Void: Guest changed their mind")

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
    # The check completed itself; with change to give, its summary shows until Done.
    receipt = page.get_by_role("dialog", name=re.compile("Receipt"))
    expect(receipt).to_contain_text("Card ····4242")
    expect(receipt.locator(".change-big")).to_contain_text("Change to give")
    receipt.get_by_role("button", name="Done").click()

    expect(page.get_by_role("button", name="Table 4, free")).to_be_visible()

    all_sent(page)
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
    items = {item["name"]: item for item in order["items"]}
    assert [(item["name"], item["status"]) for item in order["items"]] == [
        ("Ribeye", "SENT"),
        ("Burger", "SENT"),
        ("Latte (Regular)", "VOIDED"),
        ("Latte (Large)", "SENT"),
    ]
    modifiers = {name: [m["name"] for m in item["modifiers"]] for name, item in items.items()}
    assert modifiers["Ribeye"] == ["Medium rare"]
    assert modifiers["Burger"] == ["Medium", "Bacon", "Cheese", "No onions"]
    assert (items["Burger"]["unitPrice"], items["Burger"]["total"]) == (14.5, 18)
    assert items["Burger"]["notes"] == "Sauce on the side"
    assert items["Latte (Large)"]["variantId"] == restaurant.variants["Latte (Large)"]["id"]
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


def test_pairing_takes_a_terminals_token_alone(browser: Browser, restaurant: Restaurant) -> None:
    page = open_terminal(browser, restaurant)
    page.get_by_role("button", name="Pair with a token instead").click()
    token = page.get_by_label("Device token")
    for wrong, said in (
        ("brd_not-a-token", "not a paired device's token"),
        (restaurant.device_token("KITCHEN_DISPLAY", "Pass"), "kitchen display's, not a terminal's"),
    ):
        token.fill(wrong)
        page.get_by_role("button", name="Pair", exact=True).click()
        expect(page.get_by_role("alert")).to_contain_text(said)
    token.fill(restaurant.device_token("TERMINAL", "Bar tablet"))
    page.get_by_role("button", name="Pair", exact=True).click()
    expect(page.get_by_text("This terminal: Bar tablet")).to_be_visible()
    # The browser keeps the pairing: a reload goes straight to the staff.
    page.reload()
    sign_in(page, "Ana")
    # A party larger than the guest keys is typed.
    page.get_by_role("button", name="Table 6, free").click()
    page.get_by_label("More guests").fill("12")
    page.get_by_role("button", name="Seat the party").click()
    expect(page.get_by_role("complementary", name="Check")).to_contain_text("Table 6 · 12 guests")

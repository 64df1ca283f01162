"""The chooser in a real browser, on the menu's real modifier groups and variants: each
group's rule in words, Add disabled until the rules hold, a full group and an 86'd option
refused, the price following each pick, special requests (ad-hoc modifiers) and notes, a
scanned size added with one tap (onto the line of that size: the same line), an addition shown
as sending until it lands."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from browser.restaurant import (
    Restaurant,
    add,
    add_button,
    add_choice,
    chooser,
    line,
    open_category,
    pick,
    scan,
    seat,
    signed_in_terminal,
)


def test_the_chooser_holds_to_the_rules_and_prices_as_it_goes(
    browser: Browser, restaurant: Restaurant
) -> None:
    egg = restaurant.modifiers["Fried egg"]["id"]
    with restaurant.http() as http:
        assert http.post(f"/api/products/{egg}/86").status_code == 200
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, "1", 2)
    open_category(page, "Mains")
    open_category(page, "Burgers")
    add(page, "Burger")
    burger = chooser(page, "Burger")
    temperature = burger.get_by_role("group", name=re.compile("^Temperature"))
    extras = burger.get_by_role("group", name=re.compile("^Extras"))
    expect(temperature).to_contain_text("Choose 1")
    expect(extras).to_contain_text("Up to 3")
    expect(burger).to_contain_text("Temperature: Choose 1 more")
    expect(add_button(burger)).to_be_disabled()
    expect(add_button(burger)).to_have_text("Add · $14.50")

    # Choose 1: a second tap swaps the pick.
    pick(burger, "Rare", "Well done")
    expect(temperature.get_by_role("button", name="Rare", exact=True)).to_have_attribute(
        "aria-pressed", "false"
    )
    expect(add_button(burger)).to_be_enabled()

    # Up to 3: the price follows each pick; a full group takes no more; the egg is 86'd.
    expect(extras.get_by_role("button", name="Fried egg, 86")).to_be_disabled()
    for option, price in (("Bacon", "$16.50"), ("Cheese", "$18.00"), ("Avocado", "$20.50")):
        pick(burger, option)
        expect(add_button(burger)).to_have_text(f"Add · {price}")
    expect(extras.get_by_role("button", name="Fried egg, 86")).to_be_disabled()
    extras.get_by_role("button", name="Avocado", exact=True).click()
    expect(add_button(burger)).to_have_text("Add · $18.00")

    # A special request with a price, one without, and one taken back; two of them.
    for request, price in (("Extra pickles", "0.75"), ("No onions", ""), ("Gluten-free bun", "")):
        burger.get_by_label("Request", exact=True).fill(request)
        burger.get_by_label("Price", exact=True).fill(price)
        burger.get_by_role("button", name="Add request").click()
    burger.get_by_role("button", name="Remove Gluten-free bun").click()
    burger.get_by_role("button", name="One more").click()
    add_choice(burger, "Add 2 · $37.50")
    burger_line = line(page, "2 Burger")
    for shown in ("+ Well done", "+ Bacon $2.00", "+ Extra pickles $0.75", "+ No onions"):
        expect(burger_line).to_contain_text(shown)
    expect(burger_line).not_to_contain_text("Gluten-free")

    # A size must be chosen; its price replaces the product's.
    page.get_by_role("button", name="Menu", exact=True).click()
    open_category(page, "Drinks")
    add(page, "Latte")
    latte = chooser(page, "Latte")
    expect(latte).to_contain_text("Choose a size")
    expect(add_button(latte)).to_be_disabled()
    pick(latte, "Large $5.25")
    add_choice(latte, "$5.25")
    expect(line(page, "1 Latte (Large)")).to_be_visible()

    # Scanning the large latte's own barcode adds it with one tap: nothing is left to choose,
    # and the same unsent line of that size counts one more (docs/design.md §14, "Same line").
    scan(page, restaurant.variants["Latte (Large)"]["barcode"])
    expect(line(page, "2 Latte (Large)")).to_be_visible()
    expect(page.get_by_role("list", name="Lines").get_by_role("listitem")).to_have_count(2)

    # A plain product with a special request; then a note on an unsent line.
    page.get_by_role("button", name="Special request").click()
    add(page, "Lemonade")
    lemonade = chooser(page, "Lemonade")
    lemonade.get_by_label("Request", exact=True).fill("No ice")
    lemonade.get_by_role("button", name="Add request").click()
    add_choice(lemonade, "$3.50")
    page.get_by_role("button", name="Note for Lemonade").click()
    page.get_by_label("Note for the kitchen").fill("Bring with the mains")
    page.get_by_role("button", name="Save note").click()
    lemonade_line = line(page, "1 Lemonade")
    expect(lemonade_line).to_contain_text("+ No ice")
    expect(lemonade_line).to_contain_text("Bring with the mains")

    # A tap shows its line at once, as sending, until the server has it: even offline. Plain,
    # it is not the lemonade with a request and a note: a line of its own.
    page.context.set_offline(True)
    add(page, "Lemonade")
    expect(line(page, "1 Lemonade, sending")).to_contain_text("sending…")
    page.context.set_offline(False)
    expect(line(page, "1 Lemonade, sending")).to_have_count(0)
    expect(page.get_by_role("list", name="Lines").get_by_role("listitem")).to_have_count(4)

    (seated,) = (
        restaurant.http().get(f"/api/tables/{restaurant.tables['1']['id']}").json()["openOrders"]
    )
    order = restaurant.order(seated["id"])
    burger_item, latte_item, lemonade_item, _ = order["items"]
    assert [m["name"] for m in burger_item["modifiers"]] == [
        "Well done",
        "Bacon",
        "Cheese",
        "Extra pickles",
        "No onions",
    ]
    assert burger_item["total"] == 37.5
    assert (latte_item["name"], latte_item["quantity"]) == ("Latte (Large)", 2)
    assert lemonade_item["notes"] == "Bring with the mains"
    assert lemonade_item["modifiers"][0]["name"] == "No ice"

"""A manager builds a small menu from nothing in /manage (a category, a product with a variant
and a required modifier group, a table) and a terminal, paired and signed in with a PIN in a
second browser, offers it with its chooser. A server's token is refused in words. Ten products
are taxed anew at once, in under ten taps (screenshot manage-bulk-tax)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from browser.back_office import (
    SERVER_PIN,
    Office,
    both_sizes,
    go_to,
    menu_part,
    new_in_panel,
    office_screenshot,
    open_back_office,
    sign_in,
    staff_token,
)
from browser.restaurant import add, add_button, open_category, open_terminal, pair, seat
from browser.restaurant import sign_in as sign_in_on_terminal


def test_a_servers_token_is_refused_in_words(browser: Browser, office: Office) -> None:
    with office.http() as http:
        token = staff_token(http, "Ben", "SERVER")
    page = open_back_office(browser, office.restaurant.base_url)
    sign_in(page, token)
    expect(page.get_by_role("alert")).to_have_text(
        "This is a server's token (Ben): the back office is for managers and admins."
    )
    expect(page.get_by_role("navigation", name="Back office")).to_have_count(0)
    sign_in(page, "brg_not-a-token")
    expect(page.get_by_role("alert")).to_have_text("This token is not valid, or it was revoked.")


def _new_category(page: Page, name: str) -> None:
    panel = new_in_panel(page, "New category", {"Category name": name})
    panel.get_by_role("button", name="Create category").click()
    expect(panel).to_be_hidden()
    expect(page.get_by_role("table", name="Categories")).to_contain_text(name)


def _category_names(page: Page) -> list[str]:
    rows = page.get_by_role("table", name="Categories").get_by_role("row")
    return [
        re.sub(r"^⠿\s*", "", row.get_by_role("cell").first.inner_text()).strip()
        for row in rows.all()[1:]
    ]


def _build_categories(page: Page, office: Office) -> None:
    go_to(page, "Menu")
    expect(page.get_by_text("No categories yet")).to_be_visible()
    _new_category(page, "Drinks")
    _new_category(page, "Burgers")
    assert _category_names(page) == ["Drinks", "Burgers"]
    # Keyboard and screen readers move a category with buttons; the mouse drags it.
    page.get_by_role("button", name="Move Burgers up").click()
    expect(page.get_by_role("table", name="Categories").get_by_role("row").nth(1)).to_contain_text(
        "Burgers"
    )
    drinks = page.get_by_role("row", name=re.compile("Drinks"))
    drinks.drag_to(page.get_by_role("row", name=re.compile("Burgers")))
    expect(page.get_by_role("table", name="Categories").get_by_role("row").nth(1)).to_contain_text(
        "Drinks"
    )
    page.get_by_role("button", name="Move Drinks down").click()
    expect(page.get_by_role("table", name="Categories").get_by_role("row").nth(1)).to_contain_text(
        "Burgers"
    )
    with office.http() as http:
        listed = http.get(
            "/api/categories", params={"locationId": office.restaurant.location_id}
        ).json()
    assert [(c["name"], c["sortOrder"]) for c in listed["data"]] == [("Burgers", 0), ("Drinks", 1)]


def _build_a_required_group(page: Page) -> None:
    menu_part(page, "Modifier groups")
    fields = {"Group name": "Doneness", "At least": "1", "At most": "1"}
    panel = new_in_panel(page, "New modifier group", fields)
    for option in ("Medium", "Well done"):
        panel.get_by_label("New option name").fill(option)
        panel.get_by_role("button", name="Add option").click()
        expect(panel.get_by_role("checkbox", name=re.compile(option))).to_be_checked()
    panel.get_by_role("button", name="Create group").click()
    expect(panel).to_be_hidden()
    group = page.get_by_role("table", name="Modifier groups").get_by_role(
        "row", name=re.compile("Doneness")
    )
    expect(group).to_contain_text("Choose 1")
    expect(group).to_contain_text("Medium, Well done")


def _build_a_product(page: Page) -> None:
    menu_part(page, "Products")
    fields = {"Product name": "Smash burger", "Price": "12.50", "Tax rate (%)": "8.875"}
    panel = new_in_panel(page, "New product", fields)
    panel.get_by_label("Category").select_option(label="Burgers")
    panel.get_by_label("SKU").fill("BRG-1")
    panel.get_by_role("checkbox", name="Doneness (Choose 1)").check()
    # On the guests' menu, with its allergens (docs/design.md §28).
    for shown in ("Shown on guests' phones", "Milk", "Gluten", "Sesame"):
        panel.get_by_role("checkbox", name=shown).check()
    panel.get_by_role("button", name="Create product").click()
    # Created, the panel stays open on it for its variants.
    panel = page.get_by_role("dialog", name="Edit Smash burger")
    expect(panel.get_by_role("status")).to_have_text("Saved.")
    allergens = panel.get_by_role("group", name="Allergens it contains")
    expect(allergens.get_by_role("checkbox", name="Milk")).to_be_checked()
    expect(allergens.get_by_role("checkbox", name="Eggs")).not_to_be_checked()
    expect(panel.get_by_role("checkbox", name="Shown on guests' phones")).to_be_checked()
    for name, price in (("Single", "12.50"), ("Double", "16")):
        panel.get_by_label("Variant name").fill(name)
        panel.get_by_label("Variant price").fill(price)
        panel.get_by_role("button", name="Add variant").click()
        expect(panel.get_by_role("button", name=f"Remove variant {name}")).to_be_visible()
    panel.get_by_role("button", name="Change the price of Double").click()
    panel.get_by_label("New price of Double").fill("16.50")
    panel.get_by_role("button", name="Save the price of Double").click()
    expect(panel.get_by_role("list").filter(has_text="Double")).to_contain_text("$16.50")
    row = page.get_by_role("table", name="Products").get_by_role(
        "row", name=re.compile("Smash burger")
    )
    expect(row).to_contain_text("Burgers")
    expect(row).to_contain_text("$12.50")
    expect(row).to_contain_text("8.875%")


def _add_a_table(page: Page) -> None:
    go_to(page, "Tables")
    fields = {"Table name": "1", "Section": "Inside", "Seats": "4"}
    panel = new_in_panel(page, "New table", fields)
    panel.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("table", name="Tables")).to_contain_text("Inside")


def test_a_manager_builds_a_menu_that_the_terminal_offers(browser: Browser, office: Office) -> None:
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    expect(page.get_by_role("banner")).to_contain_text("Marco (manager)")
    _build_categories(page, office)
    _build_a_required_group(page)
    _build_a_product(page)
    office_screenshot(page, "manage-menu")
    _add_a_table(page)

    terminal = open_terminal(browser, office.restaurant)
    pair(terminal, office.restaurant)
    sign_in_on_terminal(terminal, "Ana", SERVER_PIN)
    seat(terminal, "1", 2)
    open_category(terminal, "Burgers")
    add(terminal, "Smash burger")
    chooser = terminal.get_by_role("dialog", name="Smash burger")
    expect(chooser.get_by_role("group", name=re.compile("Size"))).to_contain_text("Single")
    expect(chooser.get_by_role("group", name=re.compile("Size"))).to_contain_text("Double")
    doneness = chooser.get_by_role("group", name=re.compile("Doneness"))
    expect(doneness).to_contain_text("Choose 1")
    add_choice = add_button(chooser)
    expect(add_choice).to_be_disabled()
    double = chooser.get_by_role("button", name=re.compile("^Double"))
    expect(double).to_contain_text("16.50")
    double.click()
    doneness.get_by_role("button", name=re.compile("^Medium")).click()
    add_choice.click()
    lines = terminal.get_by_role("list", name="Lines")
    expect(lines).to_contain_text("Smash burger")
    expect(lines).to_contain_text("Medium")


def test_the_86_board_and_stock_changes(browser: Browser, office: Office) -> None:
    body = {
        "name": "Oysters",
        "price": 18,
        "locationId": office.restaurant.location_id,
        "trackInventory": True,
        "stockQuantity": 12,
        "lowStockThreshold": 4,
    }
    with office.http() as http:
        oysters = http.post("/api/products", json=body).json()
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    go_to(page, "Menu")
    menu_part(page, "86 & stock")
    expect(page.get_by_text("Nothing is at or under its low-stock level.")).to_be_visible()

    page.get_by_role("table", name="86 board").get_by_role(
        "button", name="Adjust stock of Oysters"
    ).click()
    panel = page.get_by_role("dialog", name="Stock of Oysters")
    panel.get_by_label("Change (negative for a loss)").fill("-9")
    panel.get_by_label("Reason").fill("Delivery short")
    panel.get_by_role("button", name="Save stock").click()
    low = page.get_by_role("list", name="Low stock")
    expect(low).to_contain_text("Oysters")
    expect(low).to_contain_text("3 left (level 4)")

    low.get_by_role("button", name="Adjust stock of Oysters").click()
    changes = page.get_by_role("region", name="Recent stock changes")
    expect(changes).to_contain_text("-9 · Delivery short")
    expect(changes).to_contain_text("Marco")
    page.get_by_role("button", name="Close panel").click()

    board = page.get_by_role("table", name="86 board")
    board.get_by_role("button", name="86 Oysters").click()
    expect(board.get_by_role("row", name=re.compile("Oysters"))).to_contain_text("86'd")
    office_screenshot(page, "manage-stock")
    with office.http() as http:
        detail = http.get(f"/api/products/{oysters['id']}").json()
        assert (detail["is86d"], detail["stockQuantity"]) == (True, 3)
        movements = http.get(f"/api/products/{oysters['id']}/stock-movements").json()["data"]
        assert (movements[0]["change"], movements[0]["reason"]) == (-9, "Delivery short")
    board.get_by_role("button", name="Un-86 Oysters").click()
    expect(board.get_by_role("button", name="86 Oysters")).to_be_visible()


# A bar's menu at a US rate, to be taxed at 20 % (issue 53): 5 wines, 6 cocktails.
BAR = {
    "Wines": ["Rioja", "Chablis", "Barolo", "Sancerre", "Grüner"],
    "Cocktails": ["Spritz", "Mojito", "Sour", "Martini", "Paloma", "Mocktail"],
}


def _bar_menu(office: Office) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The bar's categories and products (at their own 8.25 %), and a named 20 % rate."""
    location = office.restaurant.location_id
    with office.http() as http:
        body = {"locationId": location, "name": "VAT 20%", "rate": 0.2}
        vat: dict[str, Any] = http.post("/api/tax-rates", json=body).json()
        products = {}
        for category, names in BAR.items():
            made = http.post("/api/categories", json={"name": category, "locationId": location})
            for name in names:
                product = {
                    "name": name,
                    "price": 9,
                    "taxRate": 0.0825,
                    "categoryId": made.json()["id"],
                    "locationId": location,
                }
                products[name] = http.post("/api/products", json=product).json()
    return vat, products


def test_ten_products_re_taxed_at_once_in_under_ten_taps(browser: Browser, office: Office) -> None:
    vat, products = _bar_menu(office)
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    taps = 0

    def tap(target: Locator) -> None:
        nonlocal taps
        target.click()
        taps += 1

    tap(page.get_by_role("navigation", name="Back office").get_by_role("link", name="Menu"))
    tap(page.get_by_role("group", name="Menu parts").get_by_role("button", name="Products"))
    picks = page.get_by_role("group", name="Select products")
    tap(picks.get_by_role("button", name="Select all in Wines (5)"))
    tap(picks.get_by_role("button", name="Select all in Cocktails (6)"))
    # The mocktail has no alcohol: its row's checkbox lets it go.
    tap(page.get_by_role("checkbox", name="Select Mocktail"))
    bar = page.get_by_role("region", name="Selected products")
    expect(bar).to_contain_text("10 selected")
    # A choice in a list: two taps on a tablet (open it, pick).
    bar.get_by_label("New tax rate").select_option(label="VAT 20% · 20 %")
    taps += 2
    both_sizes(page, "manage-bulk-tax", office_screenshot)
    tap(bar.get_by_role("button", name="Apply to 10"))
    expect(page.get_by_role("status").filter(has_text="10 products are now taxed")).to_have_text(
        "10 products are now taxed at VAT 20% · 20 %."
    )
    expect(bar).to_be_hidden()
    assert taps < 10, taps

    table = page.get_by_role("table", name="Products")
    for name in ("Rioja", "Paloma"):
        expect(table.get_by_role("row", name=re.compile(name))).to_contain_text("20%")
    expect(table.get_by_role("row", name=re.compile("Mocktail"))).to_contain_text("8.25%")
    with office.http() as http:
        for name, product in products.items():
            detail = http.get(f"/api/products/{product['id']}").json()
            taxed = (0.0825, None) if name == "Mocktail" else (0.2, vat["id"])
            assert (detail["taxRate"], detail["taxRateId"]) == taxed, name


def test_a_manager_gives_a_product_its_german_name(browser: Browser, office: Office) -> None:
    """The product's panel has a translations editor, a row per other language; its German
    name, saved with the product, is what the API answers in German."""
    location = office.restaurant.location_id
    with office.http() as http:
        body = {"name": "Apple juice", "price": 4, "locationId": location}
        juice = http.post("/api/products", json=body).json()
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    go_to(page, "Menu")
    menu_part(page, "Products")
    page.get_by_role("button", name="Edit Apple juice").click()
    panel = page.get_by_role("dialog", name="Edit Apple juice")
    panel.get_by_text("Translations (0 of 5)").click()
    arabic = panel.get_by_label("Name in العربية")
    expect(arabic).to_have_attribute("dir", "rtl")
    expect(arabic).to_have_attribute("lang", "ar")
    panel.get_by_label("Name in Deutsch").fill("Apfelsaft")
    panel.get_by_label("Description in Deutsch").fill("Frisch gepresst")
    panel.get_by_role("button", name="Save product").click()
    expect(panel.get_by_role("status")).to_have_text("Saved.")
    expect(panel.get_by_text("Translations (1 of 5)")).to_be_visible()
    with office.http() as http:
        german = http.get(f"/api/products/{juice['id']}", params={"language": "de"}).json()
        base = http.get(f"/api/products/{juice['id']}").json()
    assert (german["name"], german["description"]) == ("Apfelsaft", "Frisch gepresst")
    assert base["name"] == "Apple juice"
    assert base["translations"] == {"de": {"name": "Apfelsaft", "description": "Frisch gepresst"}}

    # A name cleared is no translation: the save sends {} and the API forgets it.
    panel.get_by_label("Name in Deutsch").fill("")
    panel.get_by_role("button", name="Save product").click()
    expect(panel.get_by_text("Translations (0 of 5)")).to_be_visible()
    with office.http() as http:
        assert http.get(f"/api/products/{juice['id']}").json()["translations"] == {}
        again = http.get(f"/api/products/{juice['id']}", params={"language": "de"}).json()
    assert again["name"] == "Apple juice"

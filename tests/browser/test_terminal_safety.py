"""Safety on the floor (docs/design.md §11): the idle sign-out warns with a countdown and
never drops unsent items in silence, unpairing takes a manager's PIN, a manager 86es from the
terminal and the kitchen from its display, and the back office's Today lists the open checks
as they change. Screenshots to docs/screens/ at 1024x768."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from browser.back_office import go_to, open_back_office, staff_token
from browser.back_office import sign_in as office_sign_in
from browser.kitchen_wall import kitchen_token
from browser.restaurant import (
    MANAGER_PIN,
    SERVER_PIN,
    VIEWPORT,
    Restaurant,
    _created,
    add,
    all_sent,
    line,
    open_category,
    open_screen,
    open_terminal,
    pair,
    paste_token,
    screenshot,
    seat,
    sign_in,
)
from factories import ADMIN_TOKEN

WHO_IS_WORKING = "Who is working?"


def _idle_after(restaurant: Restaurant, seconds: int | None) -> None:
    """The location's terminals sign out after ``seconds`` untouched (None: never)."""
    with restaurant.http() as http:
        profile = {"name": "Harbour St", "timezone": "Europe/London", "currency": "USD"}
        body = profile | {"idleSignOutSeconds": seconds}
        _created(http.put(f"/api/locations/{restaurant.location_id}", json=body))


def _terminal(browser: Browser, restaurant: Restaurant, name: str, pin: str = SERVER_PIN) -> Page:
    page = open_terminal(browser, restaurant, fake_clock=True)
    pair(page, restaurant)
    sign_in(page, name, pin)
    return page


def _type_pin(where: Locator, pin: str) -> None:
    for digit in pin:
        where.get_by_role("button", name=digit, exact=True).click()
    where.get_by_role("button", name="Enter PIN").click()


def test_the_idle_sign_out_warns_and_a_tap_stays(browser: Browser, restaurant: Restaurant) -> None:
    _idle_after(restaurant, 60)
    page = _terminal(browser, restaurant, "Ana")
    warning = page.get_by_role("alertdialog", name="Signing out")
    page.clock.fast_forward("00:45")
    expect(warning).to_have_count(0)
    page.clock.fast_forward("00:06")
    expect(warning).to_contain_text("Signing out in 9 s — tap to stay")
    page.clock.fast_forward("00:02")
    expect(page.get_by_test_id("idle-countdown")).to_have_text("7")
    screenshot(page, "terminal-idle-warning")

    warning.get_by_role("button", name="Stay signed in").click()
    expect(warning).to_have_count(0)
    page.clock.fast_forward("00:45")
    expect(page.get_by_role("banner")).to_contain_text("Ana (Server)")
    page.clock.fast_forward("00:16")
    expect(page.get_by_role("heading", name=WHO_IS_WORKING)).to_be_visible()


def test_unsent_items_keep_the_terminal_signed_in_and_a_sign_out_asks(
    browser: Browser, restaurant: Restaurant
) -> None:
    _idle_after(restaurant, 60)
    page = _terminal(browser, restaurant, "Ben")
    seat(page, "4", 2)
    open_category(page, "Sides")
    add(page, "Fries")
    expect(line(page, "1 Fries")).to_contain_text("unsent")
    all_sent(page)

    page.clock.fast_forward("01:01")
    asked = page.get_by_role("dialog", name="Unsent items on Table 4: send or sign out?")
    expect(asked).to_be_visible()
    page.clock.fast_forward("05:00")
    expect(asked).to_be_visible()
    expect(page.get_by_text("Ben (Server)")).to_be_visible()
    asked.get_by_role("button", name="Stay").click()
    expect(asked).to_have_count(0)

    page.get_by_role("button", name="Sign out").click()
    manual = page.get_by_role("dialog", name="Table 4 has 1 unsent item")
    expect(manual).to_be_visible()
    manual.get_by_role("button", name="Send and sign out").click()
    expect(page.get_by_role("heading", name=WHO_IS_WORKING)).to_be_visible()
    all_sent(page)
    (check,) = _open_at(restaurant, "4")
    assert [(item["name"], item["status"]) for item in check["items"]] == [("Fries", "SENT")]


def _open_at(restaurant: Restaurant, table: str) -> list[dict[str, Any]]:
    with restaurant.http() as http:
        query = {"locationId": restaurant.location_id, "status": ["DRAFT", "OPEN"]}
        listed = http.get("/api/orders", params=query).json()["data"]
    return [restaurant.order(order["id"]) for order in listed if order["tableName"] == table]


def test_unpairing_takes_a_managers_pin_and_a_confirmation(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = open_terminal(browser, restaurant)
    pair(page, restaurant)
    page.get_by_role("button", name="Unpair this terminal").click()
    sheet = page.get_by_role("dialog", name="Unpair this terminal")
    # Only managers are offered; Marco is the only one, so he is picked.
    expect(sheet.get_by_role("group", name="Staff").get_by_role("button")).to_have_count(1)
    expect(sheet.get_by_role("button", name="Marco")).to_have_attribute("aria-pressed", "true")
    _type_pin(sheet, "9999")
    expect(sheet.get_by_role("alert")).to_have_text("Wrong PIN; try again.")
    screenshot(page, "terminal-unpair-pin")
    _type_pin(sheet, MANAGER_PIN)
    expect(sheet).to_contain_text("Marco: unpair “Tablet”?")
    sheet.get_by_role("button", name="Keep it paired").click()
    expect(sheet).to_have_count(0)
    expect(page.get_by_role("heading", name=WHO_IS_WORKING)).to_be_visible()

    page.get_by_role("button", name="Unpair this terminal").click()
    _type_pin(sheet, MANAGER_PIN)
    sheet.get_by_role("button", name="Unpair “Tablet”").click()
    expect(page.get_by_text("Enter this code in the back office")).to_be_visible()
    # Unpaired on the server: the back office lists it as revoked.
    with restaurant.http() as http:
        listed = http.get("/api/devices", params={"locationId": restaurant.location_id}).json()
    revoked = [d for d in listed["data"] if d["name"] == "Tablet" and d["revokedAt"] is not None]
    assert len(revoked) == 1
    # The PIN was checked as a sign-in: a wrong one is audited like any other.
    with restaurant.http() as http:
        wrong = http.get("/api/audit", params={"action": "staff.pin_wrong"}).json()["data"]
    assert len(wrong) == 1


def _product_86d(restaurant: Restaurant, name: str) -> bool:
    return bool(restaurant_product(restaurant, name)["is86d"])


def restaurant_product(restaurant: Restaurant, name: str) -> dict[str, Any]:
    with restaurant.http() as http:
        return _created(http.get(f"/api/products/{restaurant.products[name]['id']}"))


def test_a_manager_86es_from_the_terminal_and_a_server_cannot(
    browser: Browser, restaurant: Restaurant
) -> None:
    _idle_after(restaurant, None)
    server = _terminal(browser, restaurant, "Ana")
    expect(server.get_by_role("button", name="Sign out")).to_be_visible()
    expect(server.get_by_role("button", name="86 products")).to_have_count(0)

    page = _terminal(browser, restaurant, "Marco", MANAGER_PIN)
    page.get_by_role("button", name="86 products").click()
    sheet = page.get_by_role("dialog", name="86 products")
    sheet.get_by_label("Search products").fill("Lemon")
    sheet.get_by_role("button", name="86 Lemonade").click()
    expect(sheet.get_by_role("listitem", name="Lemonade")).to_contain_text("86'd")
    assert _product_86d(restaurant, "Lemonade")
    sheet.get_by_role("button", name="Close").click()

    seat(page, "6", 2)
    open_category(page, "Drinks")
    expect(page.get_by_role("button", name="Lemonade, 86")).to_be_disabled()
    page.get_by_role("button", name="86 products").click()
    sheet.get_by_role("button", name="Un-86 Lemonade").click()
    expect(sheet.get_by_role("listitem", name="Lemonade")).to_contain_text("On sale")
    sheet.get_by_role("button", name="Close").click()
    expect(page.get_by_role("button", name="Lemonade", exact=True)).to_be_enabled()
    assert not _product_86d(restaurant, "Lemonade")


def test_the_kitchen_86es_from_its_display(browser: Browser, restaurant: Restaurant) -> None:
    kitchen = open_screen(browser, restaurant, "/kitchen", VIEWPORT)
    paste_token(kitchen, kitchen_token(restaurant))
    expect(kitchen.get_by_role("status", name="Connection")).to_have_text(re.compile("Online"))
    kitchen.get_by_role("button", name="86 products").click()
    sheet = kitchen.get_by_role("dialog", name="86 products")
    sheet.get_by_role("button", name="86 Fries").click()
    expect(sheet.get_by_role("listitem", name="Fries")).to_contain_text("86'd")
    assert _product_86d(restaurant, "Fries")
    # 86'd first: what the kitchen wants back on is at the top.
    expect(sheet.get_by_role("listitem").first).to_have_accessible_name("Fries")
    screenshot(kitchen, "kitchen-86", target=44, text=20)
    sheet.get_by_role("button", name="Un-86 Fries").click()
    expect(sheet.get_by_role("listitem", name="Fries")).to_contain_text("On sale")
    assert not _product_86d(restaurant, "Fries")


def _order_as(restaurant: Restaurant, token: str, table: str, products: list[str]) -> str:
    with restaurant.http() as http:
        headers = {"Authorization": f"Bearer {token}"}
        body = {
            "orderType": "DINE_IN",
            "locationId": restaurant.location_id,
            "tableId": restaurant.tables[table]["id"],
            "guestCount": 2,
        }
        order = _created(http.post("/api/orders", json=body, headers=headers))
        for name in products:
            item = {"productId": restaurant.products[name]["id"], "quantity": 1}
            _created(http.post(f"/api/orders/{order['id']}/items", json=item, headers=headers))
        return str(order["orderNumber"])


def test_todays_open_checks_follow_the_floor(browser: Browser, restaurant: Restaurant) -> None:
    with restaurant.http() as http:
        manager = staff_token(http, "Lena", "MANAGER")
        ana = _created(
            http.post("/api/tokens", json={"staffId": restaurant.staff["Ana"]["id"], "name": "Ana"})
        )["token"]
    first = _order_as(restaurant, ana, "1", ["Fish of the day", "Fries"])

    context = browser.new_context(viewport=VIEWPORT, base_url=restaurant.base_url)
    page = context.new_page()
    page.goto("/manage")
    office_sign_in(page, manager)
    checks = page.get_by_role("table", name="Open checks", exact=True)
    row = checks.get_by_role("row").filter(has_text=first)
    expect(row).to_contain_text("Table 1")
    expect(row).to_contain_text("Ana")
    expect(row).to_contain_text("$")
    expect(row).to_contain_text("Nothing sent")

    # A check opened on the floor shows without a reload.
    second = _order_as(restaurant, ana, "2", ["Salad"])
    expect(checks.get_by_role("row").filter(has_text=second)).to_contain_text("Table 2")
    page.get_by_role("main").evaluate("main => main.scrollTo(0, 0)")
    screenshot(page, "manage-open-checks")


def test_an_admin_sets_the_idle_sign_out_and_a_manager_only_reads_it(
    browser: Browser, restaurant: Restaurant
) -> None:
    _idle_after(restaurant, 180)
    page = open_back_office(browser, restaurant.base_url, ADMIN_TOKEN)
    go_to(page, "Devices")
    form = page.get_by_role("form", name="Terminals sign out")
    form.get_by_label("Idle sign-out").select_option(label="After 1 minute untouched")
    form.get_by_role("button", name="Save").click()
    expect(form.get_by_role("status")).to_have_text("Saved.")
    with restaurant.http() as http:
        location = http.get(f"/api/locations/{restaurant.location_id}").json()
        manager = staff_token(http, "Mia", "MANAGER")
    assert (location["idleSignOutSeconds"], location["cashRounding"]) == (60, None)

    page = open_back_office(browser, restaurant.base_url, manager)
    go_to(page, "Devices")
    form = page.get_by_role("form", name="Terminals sign out")
    expect(form.get_by_label("Idle sign-out")).to_be_disabled()
    expect(form.get_by_label("Idle sign-out")).to_have_value("60")
    expect(form.get_by_role("button", name="Save")).to_have_count(0)

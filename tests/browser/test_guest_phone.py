"""The guests' phone (docs/design.md §28) in a real browser against a real server: a party at
table 4 (table 2 on the smaller phone) scans the table's QR code, browses the menu, adds a
burger with its required temperature and a lemonade, reviews and sends the round, sees it
waiting for the staff; a server confirms it and the phone shows it sent; the guests ask for the
bill, and once the check is closed the page says the visit has ended. At 390 x 844 and at
360 x 740, with no credential; screenshots of the menu, a product's sheet, the review and the
table's check to docs/screens/. And on a slow network (300 ms, about 1.6 Mbit/s each way) the
menu shows, ready to tap, within 3 s of the navigation."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from browser.languages import all_words_from_catalogues
from browser.restaurant import MODIFIER_GROUPS, TIMES, Restaurant, screenshot, served_to_guests

PHONES: dict[str, ViewportSize] = {
    "390x844": {"width": 390, "height": 844},
    "360x740": {"width": 360, "height": 740},
}
# The shown products, with what the guests read of them.
SHOWN: dict[str, dict[str, Any]] = {
    "Burger": {
        "description": "Beef, brioche bun, pickles and our house sauce",
        "allergens": ["GLUTEN", "EGGS", "MILK", "MUSTARD", "SESAME"],
    },
    "Ribeye": {"description": "300 g, grilled over charcoal", "allergens": []},
    "Fish of the day": {"description": "Ask us what came in this morning", "allergens": ["FISH"]},
    "Latte": {"description": None, "allergens": ["MILK"]},
    "Lemonade": {"description": "Pressed lemons, a little sugar", "allergens": []},
    "Fries": {"description": None, "allergens": ["CELERY"]},
    "Salad": {"description": "Leaves from the market", "allergens": ["MUSTARD", "SULPHITES"]},
}
# A slow mobile network: 300 ms each way round, 200,000 bytes a second each way.
SLOW_NETWORK = {
    "offline": False,
    "latency": 300,
    "downloadThroughput": 200_000,
    "uploadThroughput": 200_000,
}


@pytest.fixture(scope="module")
def guests_ordering(restaurant: Restaurant) -> Iterator[None]:
    """Guests order from their phones here, from a menu of the products shown to them (the
    fish sold out), with a photo of the burger (the page's own server: the screens' content
    policy loads images from it alone)."""
    with restaurant.http() as http:
        for name, shown in SHOWN.items():
            body: dict[str, Any] = {"guestVisible": True, **shown}
            if name == "Burger":
                body["imageUrl"] = f"{restaurant.base_url}/icon-512.png"
            path = f"/api/products/{restaurant.products[name]['id']}"
            assert http.put(path, json=body).status_code == 200
        fish = restaurant.products["Fish of the day"]["id"]
        assert http.post(f"/api/products/{fish}/86", json={}).status_code in (200, 201)
    yield from served_to_guests(restaurant, "ORDER")


def _phone(browser: Browser, restaurant: Restaurant, size: ViewportSize) -> Page:
    """A guest's phone: a browser of its own, no credential of any kind."""
    context = browser.new_context(
        viewport=size, base_url=restaurant.base_url, locale="en-US", has_touch=True
    )
    context.set_default_timeout(15_000)
    return context.new_page()


def _scanned(
    browser: Browser, restaurant: Restaurant, phone: str, table: str, query: str = ""
) -> Page:
    """A phone at ``phone``'s size that scanned ``table``'s code."""
    page = _phone(browser, restaurant, PHONES[phone])
    page.goto(f"/t/{restaurant.tables[table]['guestCode']}{query}")
    return page


def _product(page: Page, name: str) -> Any:
    return page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}\b"))


def _fits(page: Page) -> None:
    """Nothing wider than the phone: no sideways scrolling."""
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, overflow


def _table_check(restaurant: Restaurant, table: str) -> dict[str, Any]:
    params = {"locationId": restaurant.location_id, "tableId": restaurant.tables[table]["id"]}
    with restaurant.http() as http:
        found: list[dict[str, Any]] = []
        for status in ("DRAFT", "OPEN"):
            found += http.get("/api/orders", params=params | {"status": status}).json()["data"]
    [check] = found
    return check


def _confirm_waiting_round(restaurant: Restaurant, table: str) -> None:
    """A server sends the table's waiting round to the kitchen (as the floor's button does)."""
    with restaurant.http() as http:
        waiting = http.get("/api/guest-rounds", params={"locationId": restaurant.location_id})
        assert waiting.status_code == 200, waiting.text
        [round_] = [r for r in waiting.json() if r["tableName"] == table]
        confirmed = http.post(f"/api/guest-rounds/{round_['id']}/confirm")
        assert confirmed.status_code == 200, confirmed.text


def _free(restaurant: Restaurant, table: str) -> None:
    """The table's check cancelled: the table is free for the next test."""
    check = _table_check(restaurant, table)
    with restaurant.http() as http:
        gone = http.request("DELETE", f"/api/orders/{check['id']}", json={"reason": "test over"})
        assert gone.status_code == 200, gone.text


@pytest.mark.usefixtures("guests_ordering")
@pytest.mark.parametrize(("phone", "table"), [("390x844", "4"), ("360x740", "2")])
def test_guests_order_a_round_from_the_phone_and_ask_for_the_bill(
    browser: Browser, restaurant: Restaurant, phone: str, table: str
) -> None:
    suffix = "" if phone == "390x844" else "-360"
    page = _scanned(browser, restaurant, phone, table)
    expect(page.get_by_role("heading", name="Harbour St", level=1)).to_be_visible()
    expect(page.get_by_text(f"Table {table}", exact=True)).to_be_visible()

    # The menu: shown products only, by category, with prices, allergens and the photo.
    burger = _product(page, "Burger")
    expect(burger).to_contain_text("$14.50")
    expect(burger).to_contain_text("Contains: Gluten, Eggs, Milk, Mustard, Sesame")
    photo = burger.get_by_role("img", name="Photo of Burger")
    expect(photo).to_have_attribute("loading", "lazy")
    expect(page.get_by_role("heading", name="Burgers")).to_be_visible()
    fish = page.locator(".guest-product", has_text="Fish of the day")
    expect(fish).to_contain_text("Sold out")
    expect(_product(page, "Fish of the day")).to_have_count(0)
    expect(page.get_by_text("Rare", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Call the server")).to_be_visible()
    _fits(page)
    screenshot(page, f"guest-phone-menu{suffix}")

    # The burger's sheet: Add waits for the temperature, and says so.
    burger.click()
    sheet = page.get_by_role("dialog", name="Burger")
    add = sheet.get_by_role("button", name=re.compile(r"^Add "))
    expect(add).to_be_disabled()
    expect(sheet.get_by_text("Temperature: Choose 1 more")).to_be_visible()
    expect(sheet.get_by_text("Choose 1", exact=True)).to_be_visible()
    expect(sheet.get_by_text("Up to 3", exact=True)).to_be_visible()
    sheet.get_by_role("button", name=re.compile(r"^Bacon")).click()
    expect(add).to_be_disabled()
    sheet.get_by_role("button", name=re.compile(r"^Medium rare")).click()
    expect(add).to_be_enabled()
    expect(add).to_have_text("Add 1 · $16.50")
    sheet.get_by_label("Note for the kitchen (optional)").fill("no pickles")
    _fits(page)
    screenshot(page, f"guest-phone-product{suffix}")
    add.click()
    expect(sheet).to_have_count(0)

    _product(page, "Lemonade").click()
    lemonade = page.get_by_role("dialog", name="Lemonade")
    lemonade.get_by_role("button", name="One more").click()
    lemonade.get_by_role("button", name="Add 2 · $7.00").click()
    basket = page.get_by_role("button", name=re.compile(r"^Review your order"))
    expect(basket).to_have_text("3 items · $23.50Review")

    # The review, then the round sent: it waits for a server.
    basket.click()
    review = page.get_by_role("dialog", name="Your order")
    expect(review.get_by_text(f"1 {TIMES} Burger")).to_be_visible()
    expect(review.get_by_text("Medium rare, Bacon")).to_be_visible()
    expect(review.get_by_text("Note: no pickles")).to_be_visible()
    expect(review.get_by_text(f"2 {TIMES} Lemonade")).to_be_visible()
    expect(review.get_by_text("$23.50")).to_be_visible()
    _fits(page)
    screenshot(page, f"guest-phone-review{suffix}")
    review.get_by_role("button", name="Send order").click()
    expect(review).to_have_count(0)
    expect(page.get_by_role("status")).to_have_text(
        "Order sent. The staff will confirm your order."
    )
    rounds = page.get_by_role("list", name="Your orders").get_by_role("article")
    expect(rounds).to_have_count(1)
    expect(rounds.first).to_contain_text("Waiting: the staff will confirm it")
    expect(rounds.first).to_contain_text(f"1 {TIMES} Burger")
    check = page.get_by_role("list", name="Your table's check")
    expect(check).to_contain_text(f"2 {TIMES} Lemonade")
    expect(check).to_contain_text("Waiting")
    expect(page.get_by_role("button", name=re.compile(r"^Review your order"))).to_have_count(0)

    # A server confirms it: the phone reads the visit again within 10 s.
    _confirm_waiting_round(restaurant, table)
    expect(rounds.first).to_contain_text("Sent to the kitchen", timeout=15_000)
    expect(check).to_contain_text("Sent")
    expect(page.get_by_text("Still to pay")).to_be_visible()
    _fits(page)
    screenshot(page, f"guest-phone-check{suffix}")

    page.get_by_role("button", name="Ask for the bill").click()
    expect(page.get_by_role("status")).to_have_text("Your server has been asked for the bill.")
    # Asked again at once: the floor is rung once, and the phone says when to try again.
    page.get_by_role("button", name="Ask for the bill").click()
    expect(page.get_by_role("alert")).to_contain_text("again")

    # The check closed: the visit has ended, and the page offers nothing but a new scan.
    _free(restaurant, table)
    page.get_by_role("button", name="Call the server").click()
    expect(page.get_by_role("heading", name="This visit has ended")).to_be_visible()
    expect(page.get_by_text("scan the code on your table again")).to_be_visible()
    expect(page.get_by_role("button")).to_have_count(0)
    page.context.close()


@pytest.mark.usefixtures("guests_ordering")
def test_a_reload_continues_the_visit_and_arabic_reads_right_to_left(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _scanned(browser, restaurant, "390x844", "4")
    expect(_product(page, "Burger")).to_be_visible()
    kept = page.evaluate("() => Object.entries(sessionStorage)")
    page.reload()
    expect(_product(page, "Burger")).to_be_visible()
    assert page.evaluate("() => Object.entries(sessionStorage)") == kept

    page.get_by_label("Language").select_option("ar")
    page.wait_for_function("() => document.documentElement.dataset.language === 'ar'")
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    expect(page.get_by_role("button", name="نادِ النادل")).to_be_visible()
    expect(_product(page, "Burger")).to_contain_text("يحتوي على: الغلوتين")
    _fits(page)
    screenshot(page, "guest-phone-menu-ar")
    _product(page, "Burger").click()
    sheet = page.get_by_role("dialog", name="Burger")
    expect(sheet.get_by_text("الحرارة")).to_have_count(0)
    expect(sheet.get_by_role("button", name=re.compile("^أضف "))).to_be_disabled()
    _fits(page)
    screenshot(page, "guest-phone-product-ar")
    page.context.close()


@pytest.mark.usefixtures("guests_ordering")
def test_on_a_slow_network_the_menu_is_ready_within_3_seconds(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _phone(browser, restaurant, PHONES["360x740"])
    network = page.context.new_cdp_session(page)
    network.send("Network.enable")
    network.send("Network.setCacheDisabled", {"cacheDisabled": True})
    network.send("Network.emulateNetworkConditions", SLOW_NETWORK)
    started = time.monotonic()
    page.goto(f"/t/{restaurant.tables['2']['guestCode']}", wait_until="commit")
    # The moment the burger can be tapped, by the page's own clock (from the navigation).
    ready = page.wait_for_function(
        """() => {
          const product = [...document.querySelectorAll("button.guest-product")]
            .find((button) => button.textContent.startsWith("Burger"));
          return product && !product.disabled ? performance.now() : false;
        }""",
        timeout=10_000,
    ).json_value()
    waited = time.monotonic() - started
    print(f"slow network: menu ready {ready:.0f} ms after navigation ({waited:.2f} s waited)")
    assert ready < 3000, ready
    _product(page, "Burger").click()
    expect(page.get_by_role("dialog", name="Burger")).to_be_visible()
    page.context.close()


@pytest.mark.usefixtures("guests_ordering")
def test_in_the_pseudo_locale_every_word_is_a_catalogues_and_none_is_cut_off(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _scanned(browser, restaurant, "360x740", "4", "?language=en-XA")
    page.wait_for_function("() => document.documentElement.dataset.language === 'en-XA'")
    expect(_product(page, "Burger")).to_be_visible()
    # What the restaurant wrote, and each language by its own name, are the same in every one.
    names = [
        "Harbour St",
        *SHOWN,
        *(shown["description"] for shown in SHOWN.values() if shown["description"]),
        "Mains",
        "Burgers",
        "Drinks",
        "Sides",
        *("English", "Deutsch", "Français", "Español", "Italiano"),
    ]
    all_words_from_catalogues(page, names)
    _product(page, "Burger").click()
    expect(page.get_by_role("dialog", name="Burger")).to_be_visible()
    options = [name for name, _ in MODIFIER_GROUPS["Temperature"][2] + MODIFIER_GROUPS["Extras"][2]]
    all_words_from_catalogues(page, [*names, "Temperature", "Extras", *options])
    page.context.close()

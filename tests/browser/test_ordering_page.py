"""The restaurant's own ordering page (docs/design.md §29) in a real browser against a real
server: the manager makes a WEB channel (one order a pickup slot) and shows a few products to
guests; a phone at 390 x 844 opens /order/{slug} with no credential, puts a burger with its
required temperature and a large latte in the basket, and at checkout is told what its empty
name and short phone lack, then picks a pickup slot (the first one, filled by an order before,
is shown full and cannot be taken), types a name and a phone and places the order, paid at
pickup. It waits for the restaurant (a reload follows the same order); a server accepts it on
the terminal's floor, the kitchen bumps its ticket on the wall, and the phone says it is ready
with its number, as the guests' board does. In Arabic the page reads right to left; at
360 x 740 nothing is wider than the phone.
Paused, the page says when it takes orders again, every word from the catalogues. Screenshots
of the menu, the checkout and the ready order (and in Arabic, and the paused page at 360 x 740)
to docs/screens/."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.kitchen_wall import clear_board, open_kitchen
from browser.languages import all_words_from_catalogues, show_pseudo
from browser.restaurant import (
    Restaurant,
    _created,
    screenshot,
    settle_channel_orders,
    signed_in_terminal,
)
from browser.test_guest_board import _column, _open_board
from browser.test_guest_phone import PHONES, _fits, _phone, _product

SLUG = "harbour-st"
SHOWN = ("Burger", "Latte", "Lemonade", "Fries")


@pytest.fixture(scope="module")
def web_channel(restaurant: Restaurant) -> Iterator[dict[str, Any]]:
    """The manager's ordering page, one order a slot, and the products it shows (a photo of
    the burger from the page's own server)."""
    with restaurant.http() as http:
        for name in SHOWN:
            body: dict[str, Any] = {"guestVisible": True}
            if name == "Burger":
                body["imageUrl"] = f"{restaurant.base_url}/icon-512.png"
            path = f"/api/products/{restaurant.products[name]['id']}"
            assert http.put(path, json=body).status_code == 200
        channel = {
            "locationId": restaurant.location_id,
            "kind": "WEB",
            "name": "Harbour St online",
            "slug": SLUG,
            "ordersPerSlot": 1,
        }
        made = _created(http.post("/api/channels", json=channel))
    yield made
    settle_channel_orders(restaurant)


def _public(restaurant: Restaurant, method: str, path: str, **kwargs: Any) -> Any:
    """The page's own public API, with no credential."""
    with restaurant.http() as http:
        answer = http.request(method, path, headers={"Authorization": ""}, **kwargs)
        assert answer.status_code in (200, 201), answer.text
        return answer.json()


def _add(page: Page, name: str, *choices: str) -> None:
    _product(page, name).click()
    sheet = page.get_by_role("dialog", name=name)
    for choice in choices:
        sheet.get_by_role("button", name=re.compile(rf"^{re.escape(choice)}\b")).click()
    sheet.get_by_role("button", name=re.compile(r"^Add 1 ")).click()
    expect(sheet).to_have_count(0)


def _clock(moment: str) -> str:
    """A slot's start as the page shows it in American English: on the restaurant's clock
    (Europe/London), "6:15 AM"."""
    local = datetime.fromisoformat(moment).astimezone(ZoneInfo("Europe/London"))
    return f"{local.hour % 12 or 12}:{local.minute:02d} {'AM' if local.hour < 12 else 'PM'}"


def test_a_phone_orders_for_pickup_and_follows_its_order_until_ready(
    browser: Browser, restaurant: Restaurant, web_channel: dict[str, Any]
) -> None:
    clear_board(restaurant)
    # An order before this one takes the first slot: the page shows it full.
    shown = _public(restaurant, "GET", f"/api/order-pages/{SLUG}")
    first, second = shown["slots"][0]["start"], shown["slots"][1]["start"]
    fries = restaurant.products["Fries"]["id"]
    before = {
        "key": str(uuid.uuid4()),
        "customerName": "Early bird",
        "phone": "020 7946 0000",
        "pickupAt": first,
        "items": [{"productId": fries, "quantity": 1}],
    }
    _public(restaurant, "POST", f"/api/order-pages/{SLUG}/orders", json=before)

    page = _phone(browser, restaurant, PHONES["390x844"])
    page.goto(f"/order/{SLUG}")
    expect(page.get_by_role("heading", name="Harbour St", exact=True)).to_be_visible()
    expect(page.get_by_text("Order for pickup", exact=True)).to_be_visible()
    _add(page, "Burger", "Medium rare")
    _add(page, "Latte", "Large")
    basket = page.get_by_role("button", name=re.compile(r"^Review your order: 2 items · "))
    expect(basket).to_be_visible()
    _fits(page)
    screenshot(page, "order-page-menu")

    basket.click()
    page.get_by_role("dialog", name="Your order").get_by_role("button", name="Checkout").click()
    expect(page.get_by_role("heading", name="Checkout")).to_be_visible()
    place = page.get_by_role("button", name="Place order")
    # Nothing typed: each field says what it lacks, and nothing is sent.
    place.click()
    expect(page.get_by_role("alert")).to_have_text("Please check the fields marked below.")
    name, phone = page.get_by_label("Your name"), page.get_by_label("Phone number")
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_accessible_description(
        "Type your name, so the restaurant can call it out."
    )
    expect(phone).to_have_accessible_description("Type your phone number.")
    name.fill("Sam")
    phone.fill("12")
    place.click()
    expect(name).to_have_attribute("aria-invalid", "false")
    expect(phone).to_have_accessible_description("This phone number is too short.")
    phone.fill("+44 20 7946 0958")
    expect(phone).to_have_attribute("aria-invalid", "false")

    # The pickup time: as soon as possible unless a slot is chosen; the full one closed.
    asap = page.get_by_role("button", name=re.compile(r"^As soon as possible"))
    expect(asap).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name=f"{_clock(first)} Full")).to_be_disabled()
    slot = page.get_by_role("button", name=_clock(second), exact=True)
    slot.click()
    expect(slot).to_have_attribute("aria-pressed", "true")
    expect(asap).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("heading", name="Pay when you pick up")).to_be_visible()
    page.get_by_role("group", name="Pickup time").scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy(0, -8)")
    _fits(page)
    screenshot(page, "order-page-checkout")

    place.click()
    waiting = page.get_by_role("heading", name="Waiting for the restaurant to accept")
    expect(waiting).to_be_visible()
    [order_id] = page.evaluate("() => Object.values(sessionStorage).filter((v) => v.length === 36)")
    order = _public(restaurant, "GET", f"/api/order-pages/{SLUG}/orders/{order_id}")
    assert (order["status"], order["customerName"]) == ("NEW", "Sam")
    assert datetime.fromisoformat(order["pickupAt"]) == datetime.fromisoformat(second)
    assert [(line["name"], line["quantity"]) for line in order["lines"]] == [
        ("Burger", 1),
        ("Latte (Large)", 1),
    ], order["lines"]
    number = order["orderNumber"]
    expect(page.get_by_text(f"Order #{number}", exact=True)).to_be_visible()
    expect(page.get_by_text(f"Pickup at {_clock(second)}")).to_be_visible()
    # What is paid at pickup is the server's total: the menu's prices and their 10 % tax.
    assert order["total"] == 21.73
    expect(page.get_by_text("To pay at pickup$21.73")).to_be_visible()
    # A reload follows the same order.
    page.reload()
    expect(waiting).to_be_visible()

    # A server accepts it on the terminal's floor; the kitchen bumps its ticket on the wall.
    floor = signed_in_terminal(browser, restaurant, "Ana")
    card = floor.get_by_role("article", name=f"Harbour St online order #{number}")
    card.get_by_role("button", name="Accept").click()
    expect(card).to_have_count(0)
    floor.context.close()
    expect(page.get_by_role("heading", name="Being prepared")).to_be_visible()
    board = _open_board(browser, restaurant)
    expect(_column(board, "Preparing").get_by_text(str(number), exact=True)).to_be_visible()
    kitchen = open_kitchen(browser, restaurant)
    kitchen.get_by_role("article", name=f"Ticket #{number}").get_by_role(
        "button", name=f"Bump #{number}"
    ).click()
    kitchen.context.close()
    ready = page.get_by_role("heading", name=f"Ready for pickup — order #{number}")
    expect(ready).to_be_visible()
    expect(_column(board, "Ready").get_by_text(str(number), exact=True)).to_be_visible()
    board.context.close()
    _fits(page)
    screenshot(page, "order-page-ready")

    # In Arabic, right to left; on the smaller phone, nothing wider than it.
    page.get_by_label("Language").select_option("ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.get_by_role("heading", name=f"جاهز للاستلام — الطلب رقم {number}")).to_be_visible()
    screenshot(page, "order-page-ready-ar")
    page.set_viewport_size(PHONES["360x740"])
    _fits(page)
    page.context.close()

    # Busy: the page says when it takes orders again, and every word on it is a catalogue's.
    with restaurant.http() as http:
        path = f"/api/channels/{web_channel['id']}/pause"
        paused = http.post(path, json={"minutes": 30})
        assert paused.status_code == 200, paused.text
    until = _clock(paused.json()["pausedUntil"])
    other = _phone(browser, restaurant, PHONES["360x740"])
    other.goto(f"/order/{SLUG}")
    expect(
        other.get_by_text(f"We are not taking orders right now. We take orders again at {until}.")
    ).to_be_visible()
    expect(other.get_by_role("button", name=re.compile(r"^Burger"))).to_have_count(0)
    _fits(other)
    screenshot(other, "order-page-paused-360")
    show_pseudo(other)
    expect(other.locator(".notice")).to_contain_text("[")
    names = ["Harbour St", *SHOWN, "Burgers", "Drinks", "Sides"]
    all_words_from_catalogues(other, [*names, "English", "Deutsch", "Français", "Español"])
    other.context.close()
    with restaurant.http() as http:
        assert http.post(path, json={"minutes": 0}).status_code == 200

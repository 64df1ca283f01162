"""Pairing by code in real browsers (docs/design.md §23): a kitchen display at 1920 x 1080 and a
terminal at 1024 x 768 each show a code; a manager types both in the back office with names, and
both screens pair by themselves. The terminal unpairs itself with the manager's PIN and the back
office lists it as revoked; the kitchen display revoked in the back office says so."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from browser.back_office import (
    both_sizes,
    go_to,
    office_screenshot,
    open_back_office,
    pair_in_back_office,
    staff_token,
)
from browser.kitchen_wall import KITCHEN_VIEWPORT, clear_board, open_kitchen
from browser.languages import all_words_from_catalogues, show_pseudo
from browser.restaurant import (
    MANAGER_PIN,
    PAIRING_CODE,
    Restaurant,
    open_screen,
    open_terminal,
    shown_code,
)
from factories import ADMIN


def _device_row(office: Page, name: str) -> Locator:
    table = office.get_by_role("table", name="Devices")
    return table.get_by_role("row").filter(has=office.get_by_role("cell", name=name, exact=True))


def test_two_screens_pair_by_their_codes_and_unpairing_shows_in_the_back_office(
    browser: Browser, restaurant: Restaurant
) -> None:
    kitchen = open_screen(browser, restaurant, "/kitchen", KITCHEN_VIEWPORT)
    terminal = open_terminal(browser, restaurant)
    kitchen_code = shown_code(kitchen)
    terminal_code = shown_code(terminal)
    expect(terminal.get_by_text("Enter this code in the back office")).to_contain_text(
        "Devices → Pair a device"
    )
    expect(terminal.get_by_text(re.compile(r"A new code in (10:00|9:\d\d)"))).to_be_visible()
    both_sizes(terminal, "pairing-code")

    with httpx.Client(base_url=restaurant.base_url, headers=ADMIN, timeout=10) as http:
        manager = staff_token(http, "Mara", "MANAGER")
    office = open_back_office(browser, restaurant.base_url, manager)
    go_to(office, "Devices")
    office.get_by_role("button", name="Pair a device").click()
    pair_in_back_office(office, kitchen_code, "Pass screen")
    # Typed as people type it: with a dash.
    panel = office.get_by_role("dialog", name="Pair a device")
    panel.get_by_label("Code on the device").fill(terminal_code.replace(" ", "-"))
    panel.get_by_label("Device name").fill("Bar tablet")
    expect(panel.get_by_label("Code on the device")).to_have_value(terminal_code.replace(" ", ""))
    both_sizes(office, "manage-pair-device", office_screenshot)
    panel.get_by_role("button", name="Pair", exact=True).click()
    expect(panel.get_by_role("status")).to_have_text(re.compile("^Bar tablet is paired"))

    # Both screens pair by themselves within a poll or two.
    expect(kitchen.get_by_role("status", name="Connection")).to_have_text(re.compile("Online"))
    expect(terminal.get_by_role("heading", name="Who is working?")).to_be_visible()
    expect(_device_row(office, "Pass screen")).to_contain_text("Active")
    expect(_device_row(office, "Bar tablet")).to_contain_text("Active")

    terminal.get_by_role("button", name="Unpair this terminal").click()
    sheet = terminal.get_by_role("dialog", name="Unpair this terminal")
    sheet.get_by_role("button", name="Marco").click()
    for digit in MANAGER_PIN:
        sheet.get_by_role("button", name=digit, exact=True).click()
    sheet.get_by_role("button", name="Enter PIN").click()
    sheet.get_by_role("button", name="Unpair “Bar tablet”").click()
    # Unpaired here by a manager: a new code, and no word of the back office.
    expect(terminal.get_by_label(PAIRING_CODE)).to_be_visible()
    expect(terminal.get_by_text("unpaired in the back office")).to_have_count(0)

    go_to(office, "Today")
    go_to(office, "Devices")
    expect(_device_row(office, "Bar tablet")).to_contain_text(re.compile(r"Revoked \d"))
    expect(_device_row(office, "Pass screen")).to_contain_text("Active")

    # Revoked in the back office: the kitchen display says so when its stream ends.
    office.get_by_role("button", name="Revoke Pass screen").click()
    office.get_by_role("button", name="Yes, revoke Pass screen").click()
    expect(_device_row(office, "Pass screen")).to_contain_text("Revoked")
    expect(kitchen.get_by_role("status").filter(has_text="unpaired")).to_have_text(
        "This screen was unpaired in the back office.", timeout=10_000
    )
    expect(kitchen.get_by_label(PAIRING_CODE)).to_be_visible()


def test_a_kitchen_display_unpairs_itself_with_a_managers_pin(
    browser: Browser, restaurant: Restaurant
) -> None:
    kitchen = open_kitchen(browser, restaurant)
    kitchen.get_by_role("button", name="More", exact=True).click()
    kitchen.get_by_role("menuitem", name=re.compile("^Station: ")).click()
    kitchen.get_by_role("button", name="Unpair this screen").click()
    sheet = kitchen.get_by_role("dialog", name="Unpair this screen")
    sheet.get_by_role("button", name="Marco").click()
    for digit in MANAGER_PIN:
        sheet.get_by_role("button", name=digit, exact=True).click()
    sheet.get_by_role("button", name="Enter PIN").click()
    sheet.get_by_role("button", name=re.compile("^Unpair “")).click()
    expect(kitchen.get_by_label(PAIRING_CODE)).to_be_visible()
    with httpx.Client(base_url=restaurant.base_url, headers=ADMIN, timeout=10) as http:
        revoked = http.get("/api/audit", params={"action": "device.revoked"}).json()["data"]
    assert revoked[0]["approvedByName"] == "Marco"


def test_in_the_pseudo_locale_pairing_and_unpairing_take_every_word_from_the_catalogues(
    browser: Browser, restaurant: Restaurant
) -> None:
    """The code, the token form, and the manager's unpairing sheet: every word from the
    catalogues (the shared ones and the kitchen's), none cut off."""
    page = open_screen(browser, restaurant, "/kitchen", KITCHEN_VIEWPORT)
    show_pseudo(page)
    expect(page.locator(".pairing-code:not(.pending)")).to_be_visible()
    all_words_from_catalogues(page)
    page.locator(".pairing > .btn").click()
    expect(page.locator(".pairing-token input")).to_be_visible()
    all_words_from_catalogues(page)

    clear_board(restaurant)
    kitchen = open_kitchen(browser, restaurant)
    show_pseudo(kitchen)
    kitchen.locator(".kds-more-button").click()
    kitchen.get_by_role("menuitem").first.click()
    kitchen.locator(".sheet .btn-danger").click()
    expect(kitchen.locator(".approval .staff-grid")).to_be_visible()
    all_words_from_catalogues(kitchen, ["Harbour St", "Marco"])

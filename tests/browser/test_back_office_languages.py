"""The back office in the pseudo-locale (docs/decisions.md, "Languages"): each section it has
in its catalogue shows every word from there, none cut off; what the restaurant typed (its
name, its staff, its tables, printers and devices) carries no marks."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from browser.back_office import Office, made, open_back_office
from browser.languages import PSEUDO, all_words_from_catalogues, cut_off, unmarked_words
from factories import ADMIN_TOKEN

# Every section of the back office.
SECTIONS = [
    "staff",
    "devices",
    "location",
    "printers",
    "pricing",
    "tables",
    "audit",
    "menu",
    "till",
]

# What the Menu and the Till show that the restaurant typed.
MENU_NAMES = ["Mains", "Smash burger", "Doneness", "Medium"]
TILL_NAMES = ["Front till"]
# The translations editor names each language in that language (not the screen's).
LANGUAGE_NAMES = ["Deutsch", "Français", "Español", "Italiano", "العربية"]


def _section_in_pseudo(page: Page, section: str) -> None:
    """``section`` again in the pseudo-locale: the tab keeps its sign-in."""
    page.goto(f"/manage?language={PSEUDO}#/{section}")
    expect(page.get_by_role("heading", level=1)).to_contain_text("[")


def _names(office: Office) -> list[str]:
    with office.http() as http:
        staff = [member["name"] for member in http.get("/api/staff").json()["data"]]
    # The bootstrap admin's token signs this browser in: the server names it so.
    return ["Harbour St", "America/New_York", "bootstrap admin (BRIGADE_ADMIN_TOKEN)", *staff]


def _menu(office: Office) -> None:
    """A category, a modifier group with an option, and a product in it that offers it."""
    location = office.restaurant.location_id
    mains = made(office, "/api/categories", {"name": "Mains", "locationId": location})
    medium = made(
        office,
        "/api/products",
        {"name": "Medium", "price": 0, "productType": "MODIFIER", "locationId": location},
    )
    group = {"name": "Doneness", "minSelections": 1, "maxSelections": 1, "locationId": location}
    doneness = made(
        office, "/api/modifier-groups", {**group, "options": [{"productId": medium["id"]}]}
    )
    burger = {
        "name": "Smash burger",
        "price": 12.5,
        "categoryId": mains["id"],
        "modifierGroupIds": [doneness["id"]],
        "trackInventory": True,
        "stockQuantity": 3,
        "lowStockThreshold": 4,
        "locationId": location,
    }
    made(office, "/api/products", burger)


def _till(office: Office) -> None:
    """The Front till's drawer open today, with a pay-in."""
    location = office.restaurant.location_id
    device = made(
        office, "/api/devices", {"name": "Front till", "kind": "TERMINAL", "locationId": location}
    )
    manager = {"Authorization": f"Bearer {office.manager_token}"}
    with httpx.Client(base_url=office.restaurant.base_url, headers=manager, timeout=10) as http:
        opened = http.post(
            "/api/cash-drawers",
            json={"locationId": location, "deviceId": device["id"], "openingFloat": 100},
        )
        assert opened.status_code == 201, opened.text
        pay_in = {"type": "PAY_IN", "amount": 20, "reason": "Float top-up"}
        moved = http.post(f"/api/cash-drawers/{opened.json()['id']}/movements", json=pay_in)
        assert moved.status_code == 201, moved.text


def _every_menu_part(page: Page, names: list[str]) -> None:
    """Each of the Menu's parts, then a product's panel with its translations editor open."""
    parts = page.locator("main .section-head [role=group] button")
    expect(parts).to_have_count(4)
    # Each part once its answer is in: a name it lists.
    for n, listed in enumerate(["Mains", "Smash burger", "Doneness", "Smash burger"]):
        parts.nth(n).click()
        expect(parts.nth(n)).to_have_attribute("aria-pressed", "true")
        expect(page.locator("main table").get_by_text(listed).first).to_be_visible()
        all_words_from_catalogues(page, names=names)
    parts.nth(1).click()
    page.locator("main table .row-tools button").first.click()
    panel = page.get_by_role("dialog")
    panel.locator("details.translations > summary").click()
    expect(panel.locator(".translation-row")).to_have_count(5)
    all_words_from_catalogues(page, names=[*names, *LANGUAGE_NAMES])


def _today_as_intl_writes_it() -> str:
    """The location's day as its day pickers show it ("30 Nov 2026"): Intl's English, which the
    pseudo-locale keeps for dates."""
    today = datetime.now(ZoneInfo("America/New_York"))
    return f"{today.day} {today:%b %Y}"


def _every_till_tab(page: Page, names: list[str]) -> None:
    names = [*names, _today_as_intl_writes_it()]
    tabs = page.get_by_role("tab")
    expect(tabs).to_have_count(4)
    for n in range(4):
        tabs.nth(n).click()
        expect(tabs.nth(n)).to_have_attribute("aria-selected", "true")
        # Each tab's words once its answer is in: a table or a notice of none.
        expect(page.locator("main table, main .notice").first).to_be_visible()
        # Said here, so that a failure names the tab's words.
        assert (n, unmarked_words(page, names)) == (n, [])
        assert (n, cut_off(page)) == (n, [])


@pytest.mark.parametrize("section", SECTIONS)
def test_a_section_in_the_pseudo_locale_has_every_word_from_the_catalogue(
    browser: Browser, office: Office, section: str
) -> None:
    location = office.restaurant.location_id
    if section == "tables":
        made(office, "/api/tables", {"name": "T1", "section": "Patio", "locationId": location})
    if section == "menu":
        _menu(office)
    if section == "till":
        _till(office)
    page = open_back_office(browser, office.restaurant.base_url, ADMIN_TOKEN)
    _section_in_pseudo(page, section)
    if section == "audit":
        # Its entries' changes are the server's own field names: a day with none is looked at.
        page.locator("input[type=date]").first.fill("2099-01-01")
        expect(page.locator("p.hint")).to_contain_text("[")
    names = [*_names(office), "T1", "Patio", *MENU_NAMES, *TILL_NAMES]
    if section == "menu":
        _every_menu_part(page, names)
    elif section == "till":
        _every_till_tab(page, names)
    else:
        all_words_from_catalogues(page, names=names)

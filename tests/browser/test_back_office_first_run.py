"""A new installation: an admin opens /manage on an empty database, names the first location
with its timezone, and the back office opens on it (Today in that timezone)."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect

from browser.back_office import open_back_office
from factories import ADMIN, ADMIN_TOKEN
from server import ServerProcess


def test_an_admin_sets_up_the_first_location(
    browser: Browser, screen_server: ServerProcess
) -> None:
    page = open_back_office(browser, screen_server.base_url, ADMIN_TOKEN)
    expect(page.get_by_role("heading", name="Set up your location")).to_be_visible()
    page.get_by_label("Location name").fill("Harbour St")
    page.get_by_label("Timezone").fill("Mars/Olympus")
    page.get_by_role("button", name="Create location").click()
    expect(page.get_by_role("alert")).to_contain_text("timezone")
    page.get_by_label("Timezone").fill("Europe/London")
    page.get_by_label("Currency").fill("gbp")
    page.get_by_role("button", name="Create location").click()

    expect(page.get_by_text("Business days in Europe/London")).to_be_visible()
    expect(page.get_by_role("banner")).to_contain_text("Harbour St")
    with httpx.Client(base_url=screen_server.base_url, headers=ADMIN, timeout=10) as http:
        (made,) = http.get("/api/locations").json()["data"]
    assert (made["name"], made["timezone"], made["currency"]) == (
        "Harbour St",
        "Europe/London",
        "GBP",
    )

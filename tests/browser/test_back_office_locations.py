"""Locations, tokens and the audit log in the back office: an admin edits the location's name
and timezone, adds a second location, switches to it and back (the pages follow), gives an
existing person a token seen only once and one scoped to reports, and finds a PIN set by its
name in the audit log."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, Page, expect

from browser.back_office import go_to, open_back_office, set_up_office
from browser.restaurant import screenshot
from factories import ADMIN, ADMIN_TOKEN, bearer
from server import ServerProcess


def _switch_to(page: Page, name: str) -> None:
    page.get_by_role("combobox", name="Location", exact=True).select_option(label=name)


def test_locations_tokens_and_the_audit_log(browser: Browser, screen_server: ServerProcess) -> None:
    set_up_office(screen_server.base_url)
    page = open_back_office(browser, screen_server.base_url, ADMIN_TOKEN)

    go_to(page, "Location")
    settings = page.get_by_role("form", name="Harbour St: settings")
    settings.get_by_label("Location name").fill("Harbour Street")
    settings.get_by_label("Timezone").fill("Europe/Lisbon")
    settings.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved.")
    expect(page.get_by_role("banner")).to_contain_text("Harbour Street")
    screenshot(page, "manage-location")

    page.get_by_role("button", name="Add a location").click()
    adding = page.get_by_role("form", name="Add a location")
    adding.get_by_label("Location name").fill("Dockside")
    adding.get_by_label("Timezone").fill("Europe/London")
    adding.get_by_label("Currency").fill("gbp")
    adding.get_by_role("button", name="Create location").click()
    picker = page.get_by_role("combobox", name="Location", exact=True)
    expect(picker.locator("option:checked")).to_have_text("Dockside")
    expect(page.get_by_role("heading", name="Dockside: settings")).to_be_visible()
    go_to(page, "Audit")
    expect(page.get_by_text("Times in Europe/London")).to_be_visible()
    _switch_to(page, "Harbour Street")
    expect(page.get_by_text("Times in Europe/Lisbon")).to_be_visible()
    page.reload()
    expect(picker.locator("option:checked")).to_have_text("Harbour Street")
    with httpx.Client(base_url=screen_server.base_url, headers=ADMIN, timeout=10) as http:
        made = {found["name"]: found for found in http.get("/api/locations").json()["data"]}
    assert (made["Dockside"]["timezone"], made["Dockside"]["currency"]) == ("Europe/London", "GBP")
    assert made["Harbour Street"]["timezone"] == "Europe/Lisbon"

    go_to(page, "Staff")
    page.get_by_role("button", name="API tokens of Marco").click()
    page.get_by_label("Token name").fill("Laptop")
    page.get_by_role("button", name="New token").click()
    expect(page.get_by_role("alert")).to_contain_text("shown only now")
    secret = page.get_by_label("New token").input_value()
    assert secret.startswith("brg_")
    expect(page.get_by_role("table", name="Tokens of Marco")).to_contain_text("Laptop")
    screenshot(page, "manage-tokens")
    page.get_by_role("button", name="Done").click()
    expect(page.get_by_label("New token")).to_have_count(0)
    page.get_by_label("Token name").fill("Accounting export")
    page.get_by_label("Read reports and the journal (reports:read)").check()
    page.get_by_role("button", name="New token").click()
    scoped = page.get_by_label("New token").input_value()
    expect(page.get_by_role("table", name="Tokens of Marco")).to_contain_text("Only: reports:read")
    page.get_by_role("button", name="Done").click()
    with httpx.Client(base_url=screen_server.base_url, timeout=10) as http:
        me = http.get("/api/staff/me", headers=bearer(secret)).json()
        refused = http.get("/api/orders", headers=bearer(scoped)).json()
    assert me["name"] == "Marco"
    assert refused["code"] == "insufficient_scope"

    go_to(page, "Audit")
    page.get_by_label("Action").select_option(label="PIN set")
    entries = page.get_by_role("table", name="Audit entries")
    expect(entries.get_by_role("row")).to_have_count(2)
    expect(entries).to_contain_text("PIN set")
    expect(entries).to_contain_text("Ana")

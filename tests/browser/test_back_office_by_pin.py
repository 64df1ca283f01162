"""The back office on a paired terminal (docs/design.md §7): from the terminal's sign-in
screen a manager opens the back office and signs in with their PIN, not a password; a wrong
PIN is refused in words; the back office shows the terminal's location only."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, ViewportSize, expect

from browser.restaurant import (
    MANAGER_PIN,
    Restaurant,
    open_terminal,
    pair,
    screenshot,
    type_pin,
)
from factories import OTHER_LOCATION

SMALLER: ViewportSize = {"width": 1024, "height": 768}
LARGER: ViewportSize = {"width": 1280, "height": 800}


def test_a_manager_signs_in_to_the_back_office_with_their_pin_on_a_terminal(
    browser: Browser, restaurant: Restaurant
) -> None:
    with restaurant.http() as http:
        profile = {"name": "Dockside", "timezone": "Europe/London", "currency": "USD"}
        assert http.put(f"/api/locations/{OTHER_LOCATION}", json=profile).status_code in (200, 201)
    page = open_terminal(browser, restaurant)
    pair(page, restaurant)
    expect(page.get_by_role("heading", name="Who is working?")).to_be_visible()
    page.get_by_role("link", name="Back office").click()

    expect(page).to_have_url(re.compile("/manage"))
    staff = page.get_by_role("group", name="Staff")
    # Only managers and admins are offered; the only manager is picked already.
    expect(staff.get_by_role("button")).to_have_count(1)
    expect(staff.get_by_role("button", name="Marco")).to_have_attribute("aria-pressed", "true")
    type_pin(page, "9371")
    expect(page.get_by_role("alert")).to_have_text("Wrong PIN; try again.")
    page.set_viewport_size(LARGER)
    screenshot(page, "manage-pin-sign-in-1280")
    page.set_viewport_size(SMALLER)
    screenshot(page, "manage-pin-sign-in-1024")
    type_pin(page, MANAGER_PIN)

    expect(page.get_by_role("navigation", name="Back office")).to_be_visible()
    expect(page.get_by_text("Marco (manager)")).to_be_visible()
    # Two locations, but this session acts at the terminal's only: no switcher.
    expect(page.get_by_text("Harbour St")).to_be_visible()
    expect(page.get_by_role("combobox", name="Location")).to_have_count(0)

    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("group", name="Staff")).to_be_visible()
    page.get_by_role("button", name="Sign in with your password instead").click()
    expect(page.get_by_label("Sign-in name")).to_be_visible()
    page.context.close()

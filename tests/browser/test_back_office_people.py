"""Staff, devices and the audit log in /manage: an admin adds a server with a PIN and a sign-in
(a refused one creates nobody; a double click, one person), who can then sign in on a terminal,
takes the sign-in away and deactivates them; a device's token is shown once, works, and stops
when revoked; the audit log filters by action, staff member and local day."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, expect

from browser.back_office import (
    Office,
    both_sizes,
    go_to,
    office_screenshot,
    open_back_office,
)
from factories import ADMIN_TOKEN, PASSWORD, bearer


def _named(office: Office, name: str) -> int:
    """How many staff members are called ``name``."""
    with office.http() as http:
        return [member["name"] for member in http.get("/api/staff").json()["data"]].count(name)


def test_an_admin_adds_staff_with_a_pin_and_a_manager_may_not(
    browser: Browser, office: Office
) -> None:
    with office.http() as http:
        chef = {"name": "Chef", "role": "MANAGER", "login": "chef", "password": PASSWORD}
        assert http.post("/api/staff", json=chef).status_code == 201
    page = open_back_office(browser, office.restaurant.base_url, ADMIN_TOKEN)
    go_to(page, "Staff")
    page.get_by_role("button", name="New staff member").click()
    panel = page.get_by_role("dialog", name="New staff member")
    panel.get_by_label("Name").fill("Lea")
    panel.get_by_label("Role").select_option(label="Server")
    pin = panel.get_by_label("PIN (4 to 8 digits)")
    add = panel.get_by_role("button", name="Add staff member")
    pin.fill("24")
    add.click()
    expect(panel.get_by_role("alert")).to_have_text("A PIN is 4 to 8 digits.")
    pin.fill("1234")
    add.click()
    expect(panel.get_by_role("alert")).to_contain_text("one anyone would try first")
    # A name the browser cannot know is taken: the server refuses it, and creates nobody.
    pin.fill("4826")
    panel.get_by_label(re.compile("^Back-office login")).fill("chef")
    panel.get_by_label(re.compile("^Password")).fill(PASSWORD)
    add.click()
    expect(panel.get_by_role("alert")).to_have_text(
        "Someone else signs in as “chef”: choose another sign-in name."
    )
    expect(panel.get_by_label("Name")).to_have_value("Lea")
    expect(pin).to_have_value("4826")
    both_sizes(page, "manage-staff-refused", office_screenshot)
    assert _named(office, "Lea") == 0

    panel.get_by_label(re.compile("^Back-office login")).fill("lea")
    add.dblclick()
    expect(panel).to_be_hidden()
    lea = page.get_by_role("table", name="Staff").get_by_role("row", name=re.compile("Lea"))
    expect(lea).to_contain_text("Server")
    expect(lea).to_contain_text("Set")
    expect(lea.get_by_role("cell").nth(4)).to_have_text("lea")
    assert _named(office, "Lea") == 1
    page.get_by_role("button", name="New staff member").click()
    for field in ("Name", "PIN (4 to 8 digits)", re.compile("^Back-office login")):
        expect(panel.get_by_label(field)).to_have_value("")
    panel.get_by_role("button", name="Close panel").click()

    terminal = office.restaurant.terminal_token()
    with httpx.Client(base_url=office.restaurant.base_url, timeout=10) as http:
        staff_id = http.get("/api/staff/directory", headers=bearer(terminal)).json()["data"]
        (lea_id,) = [member["id"] for member in staff_id if member["name"] == "Lea"]
        signed_in = http.post(
            "/api/sessions", json={"staffId": lea_id, "pin": "4826"}, headers=bearer(terminal)
        )
        assert signed_in.status_code == 201, signed_in.text

    page.get_by_role("button", name="Edit Lea").click()
    panel = page.get_by_role("dialog", name="Edit Lea")
    panel.get_by_label(re.compile("^Back-office login")).fill("")
    panel.get_by_role("button", name="Save staff member").click()
    expect(panel).to_be_hidden()
    expect(lea.get_by_role("cell").nth(4)).to_have_text("None")

    page.get_by_role("button", name="Edit Lea").click()
    panel.get_by_role("checkbox", name=re.compile("^Active")).uncheck()
    panel.get_by_role("button", name="Save staff member").click()
    expect(lea).to_contain_text("Deactivated")

    manager = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    go_to(manager, "Staff")
    expect(manager.get_by_text("Only an admin adds staff")).to_be_visible()
    expect(manager.get_by_role("button", name="New staff member")).to_have_count(0)
    expect(manager.get_by_role("table", name="Staff")).to_contain_text("Ana")


def test_a_device_token_is_shown_once_and_stops_when_revoked(
    browser: Browser, office: Office
) -> None:
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    go_to(page, "Devices")
    page.get_by_role("button", name="Pair a device").click()
    page.get_by_role("dialog", name="Pair a device").get_by_role(
        "button", name="Make a token to paste instead"
    ).click()
    panel = page.get_by_role("dialog", name="Make a device token")
    panel.get_by_label("Device name").fill("Grill screen")
    panel.get_by_label("Kind").select_option(label="Kitchen display")
    panel.get_by_role("button", name="Make its token").click()
    shown = page.get_by_role("dialog", name="Grill screen is paired")
    expect(shown.get_by_role("alert")).to_contain_text("Copy the token now")
    token = shown.get_by_label("Device token").input_value()
    assert token.startswith("brd_")
    expect(shown.get_by_label("Location id")).to_have_value(office.restaurant.location_id)
    office_screenshot(page, "manage-devices")
    with httpx.Client(base_url=office.restaurant.base_url, timeout=10) as http:
        current = http.get("/api/devices/current", headers=bearer(token))
        assert current.json()["kind"] == "KITCHEN_DISPLAY"

        shown.get_by_role("button", name="Done").click()
        row = page.get_by_role("table", name="Devices").get_by_role("row", name=re.compile("Grill"))
        expect(row).to_contain_text(token[:10])
        # Once closed, the token is nowhere on the page: only its first characters.
        assert token not in page.content()

        row.get_by_role("button", name="Revoke Grill screen").click()
        row.get_by_role("button", name="Yes, revoke Grill screen").click()
        expect(row).to_contain_text("Revoked")
        assert http.get("/api/devices/current", headers=bearer(token)).status_code == 401


def test_the_audit_log_filters_by_action_staff_and_day(browser: Browser, office: Office) -> None:
    with office.http() as http:
        body = {"name": "Oysters", "price": 18, "locationId": office.restaurant.location_id}
        oysters = http.post("/api/products", json=body).json()
    with httpx.Client(base_url=office.restaurant.base_url, timeout=10) as http:
        marco = bearer(office.manager_token)
        assert http.post(f"/api/products/{oysters['id']}/86", headers=marco).status_code == 200
        paired = {"name": "Bar", "kind": "TERMINAL", "locationId": office.restaurant.location_id}
        assert http.post("/api/devices", json=paired, headers=marco).status_code == 201

    page = open_back_office(browser, office.restaurant.base_url, ADMIN_TOKEN)
    go_to(page, "Audit")
    entries = page.get_by_role("table", name="Audit entries")
    expect(entries).to_contain_text("Product 86'd")
    page.get_by_label("Action").select_option(label="Product 86'd")
    rows = entries.get_by_role("row")
    expect(rows).to_have_count(2)  # the header and Marco's 86
    expect(rows.nth(1)).to_contain_text("Marco")
    expect(rows.nth(1)).to_contain_text("is86d: false → true")

    page.get_by_label("Action").select_option(label="Every action")
    page.get_by_role("combobox", name=re.compile("^Staff")).select_option(label="Marco")
    expect(entries).to_contain_text("Device paired")
    with office.http() as http:
        (marco_id,) = [
            m["id"] for m in http.get("/api/staff").json()["data"] if m["name"] == "Marco"
        ]
        params = {"locationId": office.restaurant.location_id, "staffId": marco_id}
        marcos = http.get("/api/audit", params=params).json()["total"]
    expect(entries.get_by_role("row")).to_have_count(marcos + 1)
    for who in entries.get_by_role("row").all()[1:]:
        expect(who.get_by_role("cell").nth(1)).to_have_text("Marco")
    office_screenshot(page, "manage-audit")

    page.get_by_label("From").fill("2099-01-01")
    expect(page.get_by_text("Nothing recorded matches these filters.")).to_be_visible()

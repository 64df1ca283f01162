"""Kitchen stations in /manage at 1280 x 800 (docs/design.md §19): a manager adds a grill that
makes Mains, shown on the grill's kitchen display, and an expo; the expo is refused categories
by the screen itself; the station list says what each makes and where it shows; a deleted
station's display goes back to every station's work."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, expect

from browser.back_office import (
    Office,
    go_to,
    listed_by_name,
    made,
    new_in_panel,
    open_back_office,
)
from factories import bearer


def _stations(office: Office) -> dict[str, dict[str, Any]]:
    return listed_by_name(office, "/api/kitchen/stations")


def test_a_manager_sets_up_a_grill_on_its_display_and_an_expo(
    browser: Browser, office: Office
) -> None:
    location = office.restaurant.location_id
    mains = made(office, "/api/categories", {"name": "Mains", "locationId": location})
    made(office, "/api/categories", {"name": "Drinks", "locationId": location})
    display = made(
        office,
        "/api/devices",
        {"name": "Grill screen", "kind": "KITCHEN_DISPLAY", "locationId": location},
    )
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    go_to(page, "Devices")
    expect(
        page.get_by_text("No stations: every kitchen display shows every ticket")
    ).to_be_visible()

    panel = new_in_panel(page, "New station", {"Station name": "Grill"})
    panel.get_by_role("checkbox", name="Mains").check()
    panel.get_by_role("checkbox", name="Grill screen").check()
    panel.get_by_role("button", name="Add station").click()
    expect(panel).to_be_hidden()
    table = page.get_by_role("table", name="Kitchen stations")
    grill_row = table.get_by_role("row", name=re.compile("Grill"))
    expect(grill_row).to_contain_text("Mains")
    expect(grill_row).to_contain_text("Grill screen")

    panel = new_in_panel(page, "New station", {"Station name": "Expo"})
    panel.get_by_role("checkbox", name="Drinks").check()
    panel.get_by_role("checkbox", name=re.compile("^Expo")).check()
    # The expo sees every ticket whole: its categories are not offered.
    expect(panel.get_by_role("checkbox", name="Drinks")).to_have_count(0)
    panel.get_by_role("button", name="Add station").click()
    expect(panel).to_be_hidden()
    expect(table.get_by_role("row", name=re.compile("Expo"))).to_contain_text(
        "Every ticket, whole (expo)"
    )

    stations = _stations(office)
    assert {
        name: (s["categoryIds"], s["isExpo"], s["deviceIds"]) for name, s in stations.items()
    } == {
        "Expo": ([], True, []),
        "Grill": ([mains["id"]], False, [display["id"]]),
    }
    with office.http() as http:
        mine = http.get("/api/kitchen/stations/mine", headers=bearer(display["token"]))
        assert mine.json()["station"]["name"] == "Grill"

    page.get_by_role("button", name="Edit station Grill").click()
    panel = page.get_by_role("dialog", name="Edit station Grill")
    panel.get_by_role("button", name="Delete station").click()
    panel.get_by_role("button", name="Yes, delete station").click()
    expect(panel).to_be_hidden()
    expect(table.get_by_role("row", name=re.compile("Grill"))).to_have_count(0)
    assert set(_stations(office)) == {"Expo"}
    with office.http() as http:
        mine = http.get("/api/kitchen/stations/mine", headers=bearer(display["token"]))
        assert mine.json() == {"station": None}

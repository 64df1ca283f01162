"""Printers in /manage: a manager adds a kitchen station and a receipt printer (a bad host is
refused in words), deletes one after confirming, and sees a printer that is off as jobs
waiting, in words, with its recent jobs in its panel."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, expect

from browser.back_office import (
    Office,
    go_to,
    listed_by_name,
    made,
    new_in_panel,
    office_screenshot,
    open_back_office,
)
from printers import FakePrinter


def _category(office: Office, name: str) -> str:
    body = {"name": name, "locationId": office.restaurant.location_id}
    category_id: str = made(office, "/api/categories", body)["id"]
    return category_id


def _printers(office: Office) -> dict[str, dict[str, Any]]:
    return listed_by_name(office, "/api/printers")


def test_a_manager_adds_a_station_and_a_receipt_printer_and_deletes_one(
    browser: Browser, office: Office
) -> None:
    grill = _category(office, "Grill")
    _category(office, "Desserts")
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    go_to(page, "Printers")
    expect(page.get_by_text("No printers yet")).to_be_visible()

    panel = new_in_panel(page, "New printer", {"Printer name": "Grill", "Host": "http://10.0.0.5"})
    panel.get_by_label("Kind").select_option(label="Kitchen (tickets on each send)")
    panel.get_by_role("checkbox", name="Grill").check()
    panel.get_by_role("button", name="Add printer").click()
    expect(panel.get_by_role("alert")).to_have_text(
        "host: must be a host name (kitchen-1.local) or an IPv4 address, without a port"
    )
    assert _printers(office) == {}
    panel.get_by_label("Host", exact=True).fill("192.168.1.50")
    panel.get_by_role("button", name="Add printer").click()
    expect(panel).to_be_hidden()
    table = page.get_by_role("table", name="Printers")
    row = table.get_by_role("row", name=re.compile("Grill"))
    expect(row).to_contain_text("Kitchen")
    expect(row).to_contain_text("192.168.1.50:9100")
    expect(row).to_contain_text("No jobs yet")

    panel = new_in_panel(page, "New printer", {"Printer name": "Front till", "Host": "till.local"})
    panel.get_by_label("Kind").select_option(label="Receipt (guest checks)")
    # A receipt printer has no station: its categories are not offered.
    expect(panel.get_by_role("checkbox", name="Grill")).to_have_count(0)
    panel.get_by_label("Port", exact=True).fill("515")
    panel.get_by_role("button", name="Add printer").click()
    expect(panel).to_be_hidden()
    expect(table.get_by_role("row", name=re.compile("Front till"))).to_contain_text(
        "till.local:515"
    )

    listed = _printers(office)
    assert {
        name: (p["kind"], p["host"], p["port"], p["categoryIds"]) for name, p in listed.items()
    } == {
        "Grill": ("KITCHEN", "192.168.1.50", 9100, [grill]),
        "Front till": ("RECEIPT", "till.local", 515, []),
    }

    page.get_by_role("button", name="Edit printer Front till").click()
    panel = page.get_by_role("dialog", name="Edit printer Front till")
    panel.get_by_role("button", name="Delete printer").click()
    expect(panel.get_by_text("Delete Front till?")).to_be_visible()
    panel.get_by_role("button", name="Yes, delete printer").click()
    expect(panel).to_be_hidden()
    expect(table.get_by_role("row", name=re.compile("Front till"))).to_have_count(0)
    assert set(_printers(office)) == {"Grill"}


def _wait_for_an_attempt(office: Office, printer_id: str) -> None:
    deadline = time.monotonic() + 15
    with office.http() as http:
        while time.monotonic() < deadline:
            jobs = http.get(f"/api/printers/{printer_id}/jobs").json()["data"]
            if jobs and jobs[0]["attempts"] >= 1:
                return
            time.sleep(0.1)
    raise AssertionError("the printer that is off was never tried")


def test_a_printer_that_is_off_shows_its_jobs_waiting_in_words(
    browser: Browser, office: Office
) -> None:
    with FakePrinter() as expo, FakePrinter() as bar, office.http() as http:
        location = office.restaurant.location_id
        expo.switch_on()
        made = {}
        for name, fake in (("Expo", expo), ("Bar", bar)):
            body = {"name": name, "locationId": location, "host": "127.0.0.1", "port": fake.port}
            response = http.post("/api/printers", json=body | {"kind": "KITCHEN"})
            assert response.status_code == 201, response.text
            made[name] = response.json()["id"]
        order = http.post("/api/orders", json={"orderType": "TAKEOUT", "locationId": location})
        order_id = order.json()["id"]
        soda = http.post("/api/products", json={"name": "Soda", "price": 3}).json()
        added = http.post(
            f"/api/orders/{order_id}/items", json={"productId": soda["id"], "quantity": 1}
        )
        assert added.status_code == 201, added.text
        assert http.post(f"/api/orders/{order_id}/send").status_code == 200
        expo.wait_for(1)
        _wait_for_an_attempt(office, made["Bar"])

        page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
        go_to(page, "Printers")
        table = page.get_by_role("table", name="Printers")
        expect(table.get_by_role("row", name=re.compile("Expo"))).to_contain_text("All printed")
        bar_row = table.get_by_role("row", name=re.compile("Bar"))
        expect(bar_row).to_contain_text("1 waiting, oldest under a minute")
        expect(bar_row).to_contain_text("Everything")

        page.get_by_role("button", name="Edit printer Bar").click()
        jobs = page.get_by_role("dialog", name="Edit printer Bar").get_by_role(
            "table", name="Recent jobs"
        )
        expect(jobs).to_contain_text("Kitchen ticket")
        expect(jobs).to_contain_text(re.compile(r"Waiting, \d+ failed tr(y|ies)"))
        expect(jobs).to_contain_text("the printer refused the connection")
        office_screenshot(page, "manage-printers")

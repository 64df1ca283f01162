"""Guests at the table (docs/design.md §28), in a real browser against a real server: a party
seated at table 3 scans the table's code and asks for the bill, and the terminal's floor marks
the table in words until a server opens it; guests at table 3 order a round from a phone and a
server sends it to the kitchen from the floor; a manager sees a table's QR code in the back
office, downloads it to print and replaces it, and prints every table's code on one sheet. At
1024 x 768; screenshots of the floor with the call, with the round, of the table's code and of
the sheet to docs/screens/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from browser.back_office import go_to, sign_in, staff_token
from browser.restaurant import (
    VIEWPORT,
    Restaurant,
    screenshot,
    seat,
    served_to_guests,
    signed_in_terminal,
)


@pytest.fixture
def guests_served(restaurant: Restaurant) -> Iterator[None]:
    yield from served_to_guests(restaurant, "MENU")


@pytest.fixture
def guests_ordering(restaurant: Restaurant) -> Iterator[None]:
    yield from served_to_guests(restaurant, "ORDER")


GUEST = {"Authorization": ""}


def _seated_check(restaurant: Restaurant, table: str, status: str = "DRAFT") -> dict[str, Any]:
    """The check opened at the table, once the server has it."""
    params = {"locationId": restaurant.location_id, "tableId": restaurant.tables[table]["id"]}
    deadline = time.monotonic() + 10
    with restaurant.http() as http:
        while True:
            found: list[dict[str, Any]] = http.get(
                "/api/orders", params=params | {"status": status}
            ).json()["data"]
            if found or time.monotonic() > deadline:
                break
            time.sleep(0.2)
    [check] = found
    return check


@pytest.mark.usefixtures("guests_served")
def test_a_table_asking_for_the_bill_is_marked_on_the_floor(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, "3", 2)
    check = _seated_check(restaurant, "3")

    with restaurant.http() as http:
        code = restaurant.tables["3"]["guestCode"]
        visit = http.post(f"/api/guest/tables/{code}/visits", headers=GUEST)
        assert visit.status_code == 201, visit.text
        called = http.post(
            f"/api/guest/visits/{visit.json()['id']}/calls",
            json={"kind": "BILL"},
            headers=GUEST,
        )
        assert called.status_code == 201, called.text

    tile = page.get_by_role("button", name=re.compile(r"^Table 3, .*, Asks for the bill$"))
    expect(tile).to_be_visible()
    expect(tile).to_contain_text("Asks for the bill")
    screenshot(page, "terminal-floor-guest-called")
    tile.click()
    expect(page.get_by_role("button", name=re.compile(r"^Table 3, "))).not_to_contain_text(
        "Asks for the bill"
    )

    with restaurant.http() as http:
        gone = http.request("DELETE", f"/api/orders/{check['id']}", json={"reason": "test over"})
        assert gone.status_code == 200, gone.text


@pytest.mark.usefixtures("guests_ordering")
def test_a_server_sends_a_round_guests_ordered_from_a_phone(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = signed_in_terminal(browser, restaurant, "Ben")
    with restaurant.http() as http:
        for dish in ("Lemonade", "Fries"):
            path = f"/api/products/{restaurant.products[dish]['id']}"
            assert http.put(path, json={"guestVisible": True}).status_code == 200
        code = restaurant.tables["3"]["guestCode"]
        visit = http.post(f"/api/guest/tables/{code}/visits", headers=GUEST).json()
        items = [
            {"productId": restaurant.products["Lemonade"]["id"], "quantity": 2},
            {"productId": restaurant.products["Fries"]["id"], "quantity": 1, "notes": "crispy"},
        ]
        placed = http.post(
            f"/api/guest/visits/{visit['id']}/orders", json={"items": items}, headers=GUEST
        )
        assert placed.status_code == 201, placed.text

    round_ = page.get_by_role("article", name="Table 3: guests ordered")
    expect(round_).to_contain_text(
        "2 \N{MULTIPLICATION SIGN} Lemonade, 1 \N{MULTIPLICATION SIGN} Fries"
    )
    expect(round_).to_contain_text("$11.50")
    # The round opened the table's check: the table is taken.
    expect(page.get_by_role("button", name=re.compile(r"^Table 3, "))).not_to_contain_text("free")
    screenshot(page, "terminal-floor-guest-round")
    round_.get_by_role("button", name="Send to kitchen").click()
    expect(round_).to_have_count(0)

    check = _seated_check(restaurant, "3", status="OPEN")
    items_now = restaurant.order(check["id"])["items"]
    assert {(item["name"], item["status"]) for item in items_now} == {
        ("Lemonade", "SENT"),
        ("Fries", "SENT"),
    }
    with restaurant.http() as http:
        gone = http.request("DELETE", f"/api/orders/{check['id']}", json={"reason": "test over"})
        assert gone.status_code == 200, gone.text


def _managers_tables(browser: Browser, restaurant: Restaurant) -> tuple[BrowserContext, Page]:
    """A manager's back office, on its Tables."""
    with restaurant.http() as http:
        token = staff_token(http, "Rita", "MANAGER")
    context = browser.new_context(viewport=VIEWPORT, base_url=restaurant.base_url)
    context.set_default_timeout(15_000)
    office = context.new_page()
    office.goto("/manage")
    sign_in(office, token)
    go_to(office, "Tables")
    return context, office


def test_a_manager_prints_and_replaces_a_tables_code(
    browser: Browser, restaurant: Restaurant
) -> None:
    context, office = _managers_tables(browser, restaurant)
    office.get_by_role("button", name="Edit table 6").click()
    panel = office.get_by_role("dialog", name="Edit table 6")
    code = panel.get_by_role("img", name="QR code of table 6")
    expect(code).to_be_visible()
    assert code.evaluate("(image) => image.naturalWidth") > 0
    expect(panel.get_by_role("link", name="Download to print")).to_have_attribute(
        "download", "table-6.svg"
    )
    screenshot(office, "manage-table-guest-code")

    before = restaurant.tables["6"]["guestCode"]
    panel.get_by_role("button", name="Replace the code").click()
    table_path = f"/api/tables/{restaurant.tables['6']['id']}"
    deadline = time.monotonic() + 10
    with restaurant.http() as http:
        while http.get(table_path).json()["guestCode"] == before and time.monotonic() < deadline:
            time.sleep(0.2)
        now = http.get(table_path).json()["guestCode"]
        assert now != before
        restaurant.tables["6"]["guestCode"] = now
        old = http.post(f"/api/guest/tables/{before}/visits", headers={"Authorization": ""})
        assert old.status_code == 404, old.text
    expect(code).to_be_visible()
    context.close()


def test_a_manager_prints_every_tables_code_on_one_sheet(
    browser: Browser, restaurant: Restaurant
) -> None:
    context, office = _managers_tables(browser, restaurant)
    office.get_by_role("button", name="Print every table's code").click()
    sheet = office.get_by_role("dialog", name="Every table's QR code")
    for name in restaurant.tables:
        card = sheet.get_by_role("listitem").filter(has_text=f"Table {name}")
        code = card.get_by_role("img", name=f"QR code of table {name}")
        expect(code).to_be_visible()
        assert code.evaluate("(image) => image.complete && image.naturalWidth > 0")
    expect(sheet).to_contain_text("Scan to see the menu at Harbour St")
    screenshot(office, "manage-tables-codes-sheet")
    office.emulate_media(media="print")
    expect(office.get_by_role("button", name="Print", exact=True)).to_be_hidden()
    expect(sheet.get_by_role("listitem")).to_have_count(len(restaurant.tables))
    context.close()

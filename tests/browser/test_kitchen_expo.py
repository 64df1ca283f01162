"""Kitchen stations with an expo, in browsers (docs/design.md §19, §20): a grill and a bar each
on a display of its own, set in the back office's terms over the API, an expo that sees every
station's part, items that say when to start, a held course, and the guests' board. The expo
holds a ticket once both stations bumped, until its own bump; the guests' board says "ready"
only then, within a second of it. A course fired later reads "Course 2", a line added later
"+ added". A station changed in the back office reaches a kitchen screen without a reload."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from browser.back_office import go_to, open_back_office
from browser.kitchen_wall import (
    KITCHEN_VIEWPORT,
    clear_board,
    item,
    signed_in_server,
    station_screen,
    ticket,
)
from browser.restaurant import Restaurant, _created, open_screen, paste_token, screenshot


def _station(restaurant: Restaurant, name: str, *products: str, expo: bool = False) -> str:
    """A station making the categories of ``products`` (the expo: none, it sees all)."""
    categories = sorted({restaurant.products[product]["categoryId"] for product in products})
    body = {
        "locationId": restaurant.location_id,
        "name": name,
        "categoryIds": categories,
        "isExpo": expo,
    }
    with restaurant.http() as http:
        return str(_created(http.post("/api/kitchen/stations", json=body))["id"])


def _board_screen(browser: Browser, restaurant: Restaurant) -> Page:
    page = open_screen(browser, restaurant, "/board", KITCHEN_VIEWPORT)
    paste_token(page, restaurant.device_token("BOARD", "Wall"))
    expect(page.get_by_role("heading", name="Ready")).to_be_visible()
    return page


def _on_board(board: Page, column: str, order: dict[str, Any]) -> Any:
    number = order["orderNumber"].lstrip("#")
    return board.get_by_role("list", name=f"{column} orders").get_by_text(number, exact=True)


def _bump_part(restaurant: Restaurant, order: dict[str, Any], station_id: str) -> None:
    """The station bumps its part of the order's ticket (as its display's Bump does)."""
    with restaurant.http() as http:
        board = http.get("/api/kitchen/board", params={"locationId": restaurant.location_id})
        (sent,) = [t for t in board.json()["tickets"] if t["orderId"] == order["id"]]
        url = f"/api/kitchen/tickets/{sent['id']}/bump"
        _created(http.post(url, params={"stationId": station_id}))


def _prep(restaurant: Restaurant, product: str, seconds: int) -> None:
    with restaurant.http() as http:
        url = f"/api/products/{restaurant.products[product]['id']}"
        _created(http.put(url, json={"prepSeconds": seconds}))


def test_the_expo_holds_a_ticket_until_its_own_bump(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    grill_id = _station(restaurant, "Grill", "Ribeye", "Burger", "Fries")
    bar_id = _station(restaurant, "Bar", "Latte")
    expo_id = _station(restaurant, "Expo", expo=True)
    # The ribeye takes 15 minutes, the burger 8: the burger starts 7 minutes after the ticket.
    _prep(restaurant, "Ribeye", 900)
    _prep(restaurant, "Burger", 480)
    grill = station_screen(browser, restaurant, grill_id, "Grill")
    bar = station_screen(browser, restaurant, bar_id, "Bar")
    expo = station_screen(browser, restaurant, expo_id, "Expo")
    board = _board_screen(browser, restaurant)

    ana = signed_in_server(restaurant, "Ana")
    table = ana.send([("Ribeye", 1), ("Latte", 2), ("Burger", 1, {"course": 2})], table="3")
    takeout = ana.send([("Ribeye", 1), ("Burger", 1), ("Latte", 1)], order_type="TAKEOUT")
    # A few more for the expo's picture: a bar's part done on one, a grill's on another.
    ben = signed_in_server(restaurant, "Ben")
    ben.send([("Burger", 2), ("Lemonade", 2)], table="5")
    done_at_bar = ben.send([("Fish of the day", 1), ("Fries", 2), ("Latte", 1)], table="6")
    done_at_grill = ben.send([("Salad", 1), ("Lemonade", 3)], order_type="DELIVERY")
    _bump_part(restaurant, done_at_bar, bar_id)
    _bump_part(restaurant, done_at_grill, grill_id)

    # Each station sees its part only; the expo the whole ticket and each station's state.
    at_grill = ticket(grill, takeout)
    expect(item(at_grill, "1 Ribeye, to make")).to_be_visible()
    expect(item(at_grill, "1 Burger, to make")).to_contain_text(re.compile(r"start in 0[67]:\d\d"))
    expect(at_grill.get_by_text("Latte")).to_have_count(0)
    at_bar = ticket(bar, takeout)
    expect(item(at_bar, "1 Latte (Regular), to make")).to_be_visible()
    expect(at_bar.get_by_text("Ribeye")).to_have_count(0)
    at_expo = ticket(expo, takeout)
    expect(item(at_expo, "1 Ribeye, to make")).to_be_visible()
    expect(item(at_expo, "1 Latte (Regular), to make")).to_be_visible()
    stations = at_expo.get_by_role("list", name="Stations")
    expect(stations.get_by_label("Grill: cooking")).to_be_visible()
    expect(stations.get_by_label("Bar: cooking")).to_be_visible()
    # The table's mains are held on course 2: the expo and the grill say so.
    expect(ticket(expo, table).get_by_text("Course 2 held")).to_be_visible()
    expect(ticket(grill, table).get_by_text("Course 2 held")).to_be_visible()
    expect(_on_board(board, "Preparing", takeout)).to_be_visible()

    # The bar bumps its part by keyboard (the takeout is its second card): off the bar's wall,
    # done on the expo's, the order still preparing.
    bar.keyboard.press("2")
    expect(at_bar).to_have_attribute("aria-current", "true")
    bar.keyboard.press("Enter")
    expect(at_bar).to_have_count(0)
    expect(stations.get_by_label("Bar: done")).to_be_visible()
    expect(stations.get_by_label("Grill: cooking")).to_be_visible()
    expect(at_grill).to_be_visible()
    expect(ticket(bar, table)).to_be_visible()

    # The grill bumps the last part: off the grill's wall, but the expo holds the ticket, every
    # plate ready at the pass, until it has checked them; the guests still see it preparing.
    at_grill.get_by_role("button", name=f"Bump {takeout['orderNumber']}").click()
    expect(at_grill).to_have_count(0)
    expect(stations.get_by_label("Grill: done")).to_be_visible()
    expect(stations.get_by_label("Bar: done")).to_be_visible()
    for line in ("1 Ribeye, ready", "1 Burger, ready", "1 Latte (Regular), ready"):
        expect(item(at_expo, line)).to_be_visible()
    bump = at_expo.get_by_role("button", name=f"Bump {takeout['orderNumber']}")
    expect(bump).to_have_text("✓ Bump")
    assert restaurant.order(takeout["id"])["items"][0]["status"] == "READY"
    board.wait_for_timeout(1000)
    expect(_on_board(board, "Preparing", takeout)).to_be_visible()
    expect(_on_board(board, "Ready", takeout)).to_have_count(0)
    expo.mouse.move(0, 0)
    screenshot(expo, "kitchen-expo", target=44, text=20)

    # The expo's bump passes it: off the expo, and the guests see it ready within a second.
    bump.click()
    bumped = time.monotonic()
    expect(_on_board(board, "Ready", takeout)).to_be_visible(timeout=1000)
    assert time.monotonic() - bumped < 1.5
    expect(at_expo).to_have_count(0)
    # The table's ticket still waits on both stations.
    expect(ticket(expo, table).get_by_role("list", name="Stations")).to_contain_text("Grill")

    # Firing course 2 sends the burger on a ticket of its own: "Course 2", not "+ added";
    # nothing is held any more. A fries rung up later is "+ added".
    with restaurant.http() as http:
        http.headers["Authorization"] = f"Bearer {ana.token}"
        _created(http.post(f"/api/orders/{table['id']}/courses/2/fire"))
    expect(ticket(expo, table).get_by_text("Course 2 held")).to_have_count(0)
    expect(ticket(grill, table)).to_have_count(2)
    fired = ticket(expo, table).filter(has=expo.get_by_label("1 Burger, to make", exact=True))
    expect(fired.get_by_text("Course 2", exact=True)).to_be_visible()
    expect(fired.get_by_text("+ added")).to_have_count(0)
    ana.send([("Fries", 1)], order=table)
    later = ticket(expo, table).filter(has=expo.get_by_label("1 Fries, to make", exact=True))
    expect(later.get_by_text("+ added")).to_be_visible()
    expect(later.get_by_text("Course 2", exact=True)).to_have_count(0)


def _manager_token(restaurant: Restaurant) -> str:
    with restaurant.http() as http:
        body = {"staffId": restaurant.staff["Marco"]["id"], "name": "Back office"}
        return str(_created(http.post("/api/tokens", json=body))["token"])


def test_a_station_changed_in_the_back_office_reaches_the_kitchen_screen_without_a_reload(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    cold_id = _station(restaurant, "Cold", "Salad")
    _station(restaurant, "Hot", "Burger")
    screen = station_screen(browser, restaurant, cold_id, "Cold")
    ana = signed_in_server(restaurant, "Ana")
    order = ana.send([("Salad", 1), ("Burger", 1)], table="4")
    card = ticket(screen, order)
    expect(item(card, "1 Salad, to make")).to_be_visible()
    expect(card.get_by_text("Burger")).to_have_count(0)
    # A page that reloads loses this.
    screen.evaluate("() => { window.notReloaded = true; }")

    # In the back office, the Cold screen is given to the Hot station, renamed "Hot line".
    office = open_back_office(browser, restaurant.base_url, _manager_token(restaurant))
    go_to(office, "Devices")
    office.get_by_role("button", name="Edit station Hot").click()
    panel = office.get_by_role("dialog", name="Edit station Hot")
    panel.get_by_label("Station name", exact=True).fill("Hot line")
    panel.get_by_role("checkbox", name="Cold", exact=True).check()
    panel.get_by_role("button", name="Save station").click()
    expect(panel).to_be_hidden()

    # The top bar names the screen's station after its location's name.
    expect(screen.get_by_role("banner")).to_contain_text(" · Hot line")
    expect(item(card, "1 Burger, to make")).to_be_visible()
    expect(card.get_by_text("Salad")).to_have_count(0)

    # Its categories changed: the sides come to it too.
    office.get_by_role("button", name="Edit station Hot line").click()
    panel = office.get_by_role("dialog", name="Edit station Hot line")
    panel.get_by_role("checkbox", name="Sides", exact=True).check()
    panel.get_by_role("button", name="Save station").click()
    expect(panel).to_be_hidden()
    expect(item(card, "1 Salad, to make")).to_be_visible()
    expect(item(card, "1 Burger, to make")).to_be_visible()
    assert screen.evaluate("() => window.notReloaded === true")

"""The kitchen display against a real server: tickets arrive live, taps and bumps reach the
terminal's check, voids strike items, all-day counts add up, the timer turns colour, a station
sees only its categories, and the screen catches up after the server restarts."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, Route, expect

from browser.kitchen_wall import (
    choose,
    clear_board,
    item,
    more_menu,
    open_kitchen,
    signed_in_server,
    ticket,
)
from browser.languages import all_words_from_catalogues, show_pseudo
from browser.restaurant import (
    Restaurant,
    _created,
    add,
    add_button,
    chooser,
    line,
    line_tools,
    open_category,
    pick,
    seat,
    signed_in_terminal,
)
from server import ServerProcess


def test_orders_arrive_live_and_the_kitchen_s_taps_reach_the_terminal(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    kitchen = open_kitchen(browser, restaurant)
    ana = signed_in_terminal(browser, restaurant, "Ana")
    seat(ana, "4", 2)
    open_category(ana, "Mains")
    open_category(ana, "Burgers")
    add(ana, "Burger")
    burger = chooser(ana, "Burger")
    pick(burger, "Medium")
    add_button(burger).click()
    ana.get_by_role("button", name="Menu", exact=True).click()
    open_category(ana, "Sides")
    add(ana, "Fries")
    ana.get_by_role("button", name="Send (2)").click()
    expect(line(ana, "1 Burger")).to_contain_text(re.compile(r"\bsent"))

    first = kitchen.get_by_role("article", name=re.compile("^Ticket #"))
    expect(first).to_contain_text("Table 4")
    order_number = str(first.get_attribute("aria-label")).removeprefix("Ticket ")
    card = kitchen.get_by_role("article", name=f"Ticket {order_number}")
    expect(card).to_contain_text("Ana")
    expect(card.get_by_role("timer", name="Age")).to_have_text(re.compile(r"^00:0\d$"))

    # Sent over the API, a ticket is on the wall within a second.
    ben = signed_in_server(restaurant, "Ben")
    takeout = ben.send([("Latte", 2)], order_type="TAKEOUT")
    expect(ticket(kitchen, takeout)).to_contain_text("TAKEOUT", timeout=1_000)
    expect(ticket(kitchen, takeout)).to_contain_text("Ben")
    cards = kitchen.get_by_role("article")
    expect(cards.nth(1)).to_have_accessible_name(f"Ticket {takeout['orderNumber']}")

    # Tap: preparing; tap again: ready. Ana's check follows without a reload.
    item(card, "1 Burger, to make").click()
    expect(item(card, "1 Burger, preparing")).to_be_visible()
    expect(line(ana, "1 Burger")).to_contain_text("preparing")
    item(card, "1 Burger, preparing").click()
    expect(item(card, "1 Burger, ready")).to_be_visible()
    expect(line(ana, "1 Burger")).to_contain_text("ready")

    # The manager voids the fries on the terminal: struck through on the wall, live.
    line_tools(ana, "1 Fries").get_by_role("button", name="Void Fries").click()
    ana.get_by_role("button", name="Kitchen error").click()
    approval = ana.get_by_role("dialog", name="Manager approval")
    approval.get_by_role("button", name="Marco").click()
    for digit in "4826":
        approval.get_by_role("button", name=digit, exact=True).click()
    approval.get_by_role("button", name="Enter PIN").click()
    voided = item(card, "1 Fries, void")
    expect(voided.get_by_role("deletion")).to_contain_text("Fries")
    expect(voided).to_contain_text("VOID: Kitchen error")

    # Bump: the card leaves the wall; Recall brings it back.
    card.get_by_role("button", name=f"Bump {order_number}").click()
    expect(card).to_have_count(0)
    kitchen.get_by_role("button", name=f"Recall {order_number}").click()
    expect(card).to_be_visible()

    # Bumping the takeout makes its lattes ready on every screen.
    ticket(kitchen, takeout).get_by_role("button", name=f"Bump {takeout['orderNumber']}").click()
    expect(ticket(kitchen, takeout)).to_have_count(0)
    items = restaurant.order(takeout["id"])["items"]
    assert [(i["name"], i["status"]) for i in items] == [("Latte (Regular)", "READY")]


def test_the_all_day_counts_add_up_over_several_tickets(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    kitchen = open_kitchen(browser, restaurant)
    ben = signed_in_server(restaurant, "Ben")
    ben.send([("Burger", 2), ("Fries", 1)], table="1")
    second = ben.send([("Burger", 1), ("Fries", 2), ("Salad", 1)], table="2")
    ben.send([("Ribeye", 1), ("Burger", 1)], table="3")
    counts = kitchen.get_by_role("list", name="All-day counts").get_by_role("listitem")
    expect(counts).to_have_text(["4Burger", "3Fries", "1Ribeye", "1Salad"])

    # What is ready is no longer to cook.
    salad = item(ticket(kitchen, second), "1 Salad, to make")
    salad.click()
    expect(item(ticket(kitchen, second), "1 Salad, preparing")).to_be_visible()
    item(ticket(kitchen, second), "1 Salad, preparing").click()
    expect(counts).to_have_text(["4Burger", "3Fries", "1Ribeye"])


def test_the_timer_turns_amber_then_red(browser: Browser, restaurant: Restaurant) -> None:
    clear_board(restaurant)
    kitchen = open_kitchen(browser, restaurant, fake_clock=True)
    order = signed_in_server(restaurant, "Ana").send([("Ribeye", 1)], table="5")
    card = ticket(kitchen, order)
    timer = card.get_by_role("timer", name="Age")
    expect(timer).to_have_text(re.compile(r"^00:0\d$"))
    expect(card).to_have_class(re.compile(r"\bticket-fresh\b"))

    kitchen.clock.fast_forward("05:10")
    expect(card).to_have_class(re.compile(r"\bticket-warn\b"))
    expect(timer).to_have_text(re.compile(r"^⚠ ?05:1\d$"))
    kitchen.clock.fast_forward("05:00")
    expect(card).to_have_class(re.compile(r"\bticket-late\b"))
    expect(timer).to_have_text(re.compile(r"^LATE ?10:1\d$"))


def test_a_station_shows_only_its_categories(browser: Browser, restaurant: Restaurant) -> None:
    clear_board(restaurant)
    bar = open_kitchen(browser, restaurant)
    choose(bar, "Station: Everything")
    sheet = bar.get_by_role("dialog", name="Station")
    sheet.get_by_role("button", name="Drinks").click()
    sheet.get_by_role("button", name="Close").click()
    # The top bar says which station this screen is; the menu's entry too.
    expect(bar.get_by_role("banner")).to_contain_text(re.compile(r"^Kitchen · .* · Drinks"))
    expect(more_menu(bar).get_by_role("menuitem", name="Station: Drinks")).to_be_visible()
    bar.keyboard.press("Escape")

    ana = signed_in_server(restaurant, "Ana")
    mixed = ana.send([("Burger", 1), ("Latte", 2)], table="6")
    food_only = ana.send([("Ribeye", 1)], table="1")
    card = ticket(bar, mixed)
    expect(item(card, "2 Latte (Regular), to make")).to_be_visible()
    expect(card).not_to_contain_text("Burger")
    expect(ticket(bar, food_only)).to_have_count(0)
    counts = bar.get_by_role("list", name="All-day counts").get_by_role("listitem")
    expect(counts).to_have_text(["2Latte (Regular)"])

    # The screen keeps its station across a reload.
    bar.reload()
    expect(bar.get_by_role("banner")).to_contain_text("· Drinks")
    expect(item(ticket(bar, mixed), "2 Latte (Regular), to make")).to_be_visible()
    expect(ticket(bar, mixed)).not_to_contain_text("Burger")
    expect(ticket(bar, food_only)).to_have_count(0)


def test_the_screen_catches_up_after_the_server_restarts(
    browser: Browser, restaurant: Restaurant, screen_server: ServerProcess
) -> None:
    clear_board(restaurant)
    kitchen = open_kitchen(browser, restaurant)
    screen_server.stop()
    expect(kitchen.get_by_role("status", name="Connection")).to_have_text(re.compile("Offline"))
    screen_server.start()
    # Sent the moment the server is back, before the screen reconnects: the stream resumes
    # after the last event it saw (Last-Event-ID) and replays it.
    order = signed_in_server(restaurant, "Ben").send([("Fish of the day", 1)], table="2")
    expect(ticket(kitchen, order)).to_contain_text("Fish of the day")
    expect(kitchen.get_by_role("status", name="Connection")).to_have_text(re.compile("Online"))
    assert httpx.get(f"{screen_server.base_url}/health").status_code == 200


def test_quantities_and_messages_in_words(browser: Browser, restaurant: Restaurant) -> None:
    """A half reads ½; a line shared between checks after it was sent stays whole on its
    ticket; a line taken down after it was sent says so in words; a refusal that names an item
    by its id shows its name and ticket, never the id."""
    clear_board(restaurant)
    kitchen = open_kitchen(browser, restaurant)
    ben = signed_in_server(restaurant, "Ben")

    # Shared in two before it was sent: each half is a line of the ticket.
    with restaurant.http() as http:
        tab = {"orderType": "BAR_TAB", "locationId": restaurant.location_id}
        halves = _created(http.post("/api/orders", json=tab))
        line = {"productId": restaurant.products["Lemonade"]["id"], "quantity": 1}
        lemonade = _created(http.post(f"/api/orders/{halves['id']}/items", json=line))
        shared = http.post(
            f"/api/orders/{halves['id']}/items/{lemonade['id']}/share", json={"parts": 2}
        )
        assert shared.status_code == 200, shared.text
        _created(http.post(f"/api/orders/{halves['id']}/send"))
    expect(item(ticket(kitchen, halves), "½ Lemonade, to make")).to_have_count(2)

    # Shared after it was sent: still one to make, on one line.
    sent = ben.send([("Lemonade", 1)], table="1")
    card = ticket(kitchen, sent)
    expect(item(card, "1 Lemonade, to make")).to_be_visible()
    with restaurant.http() as http:
        first = http.get(f"/api/orders/{sent['id']}").json()["items"][0]
        url = f"/api/orders/{sent['id']}/items/{first['id']}/share"
        assert http.post(url, json={"parts": 2}).status_code == 200
    # Taken down after it was sent (a partial void): make less, and from how many.
    lattes = ben.send([("Latte", 2)], table="2")
    with restaurant.http() as http:
        latte = http.get(f"/api/orders/{lattes['id']}").json()["items"][0]
        less = {"quantity": 1, "reason": "Guest changed their mind"}
        url = f"/api/orders/{lattes['id']}/items/{latte['id']}"
        assert http.put(url, json=less).status_code == 200
    reduced = item(ticket(kitchen, lattes), "1 Latte (Regular), to make")
    expect(reduced).to_contain_text("reduced from 2")
    # The share's events came before the void's: the shared line reads one, whole.
    expect(item(card, "1 Lemonade, to make")).to_be_visible()
    expect(card).not_to_contain_text("½")
    expect(card).not_to_contain_text("reduced")

    # A refusal that names the item by its id (as the server's "not found" does).
    def refuse(route: Route) -> None:
        detail = f"order item {latte['id']} was not found"
        problem = {"type": "about:blank", "title": "Not found", "status": 404, "detail": detail,
                   "code": "not_found"}  # fmt: skip
        route.fulfill(status=404, content_type="application/problem+json", json=problem)

    kitchen.route(f"**/api/orders/{lattes['id']}/items/**", refuse)
    reduced.click()
    alert = kitchen.get_by_role("alert")
    expect(alert).to_have_text(f"Latte (Regular) on {lattes['orderNumber']} was not found")
    assert latte["id"] not in alert.inner_text()
    kitchen.unroute(f"**/api/orders/{lattes['id']}/items/**")


def test_in_the_pseudo_locale_every_word_is_a_catalogues_and_none_is_cut_off(
    browser: Browser, restaurant: Restaurant
) -> None:
    """The wall with a ticket and its all-day counts, the "More" menu, and the station, recall
    and 86 sheets: every word from the catalogues, none cut off."""
    clear_board(restaurant)
    kitchen = open_kitchen(browser, restaurant)
    signed_in_server(restaurant, "Ben").send([("Fries", 2), ("Salad", 1)], table="1")
    with restaurant.http() as http:
        where = {"locationId": restaurant.location_id}
        categories = [c["name"] for c in http.get("/api/categories", params=where).json()["data"]]
        sold = http.get("/api/products", params={**where, "isActive": True, "limit": 100}).json()
    names = ["Harbour St", "Ben", *categories, *(product["name"] for product in sold["data"])]
    show_pseudo(kitchen)
    expect(kitchen.locator(".connection.online")).to_be_visible()
    expect(kitchen.locator(".ticket")).to_have_count(1)
    all_words_from_catalogues(kitchen, names)

    for sheet in range(3):  # the station, the recall list, the 86 sheet
        kitchen.locator(".kds-more-button").click()
        expect(kitchen.get_by_role("menu")).to_be_visible()
        all_words_from_catalogues(kitchen, names)
        if sheet < 2:
            kitchen.get_by_role("menuitem").nth(sheet).click()
        else:
            kitchen.keyboard.press("Escape")
            kitchen.locator(".kds-bar > .btn").first.click()
        expect(kitchen.get_by_role("dialog")).to_be_visible()
        shown = [".station-grid", ".sheet-body .hint, .recall-list li", ".soldout-list li"][sheet]
        expect(kitchen.locator(shown).first).to_be_visible()
        all_words_from_catalogues(kitchen, names)
        kitchen.keyboard.press("Escape")
        expect(kitchen.get_by_role("dialog")).to_have_count(0)

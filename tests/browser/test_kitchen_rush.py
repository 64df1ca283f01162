"""The kitchen display in a Saturday rush (docs/design.md §21): 40 open tickets at 1920x1080,
packed by height, then paged, oldest first, every one reachable; a dozen at once, two dozen in
compact mode; the top bar fitting at 1280 and 1024 wide; a bump bar's keys; the undo of READY
(and of a bump, by an item made again); the recall list; the sound prompt; ages on the server's
clock."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, expect

from browser.kitchen_wall import (
    KITCHEN_VIEWPORT,
    choose,
    clear_board,
    item,
    kitchen_token,
    open_kitchen,
    seed_rush,
    setting,
    signed_in_server,
    ticket,
)
from browser.restaurant import Restaurant, paste_token, screenshot


def _shown(page: Page) -> list[str]:
    """The cards on the wall, as a screen reader meets them: "Ticket #1001", ..."""
    labels: list[str] = page.get_by_role("article").evaluate_all(
        "cards => cards.map(card => card.getAttribute('aria-label'))"
    )
    return labels


_PAGE = """() => {
  const count = (pattern) => {
    const button = [...document.querySelectorAll("button")]
      .find((b) => pattern.test(b.textContent));
    return button ? Number(button.textContent.match(/\\d+/)[0]) : 0;
  };
  const cards = document.querySelectorAll(".ticket-place article").length;
  return [count(/^← \\d+ earlier$/), cards, count(/^\\d+ more →$/)];
}"""


def _settled(page: Page, total: int) -> list[str]:
    """The cards of the page once its layout has settled (a card's height is measured once it is
    shown, which may move the page's end once): the earlier, shown and later counts add up to
    ``total`` and hold for a moment."""
    before = None
    for _ in range(50):
        counts = page.evaluate(_PAGE)
        if sum(counts) == total and counts == before:
            return _shown(page)
        before = counts
        page.wait_for_timeout(150)
    raise AssertionError(f"the page never settled: {before}")


def _all_inside(page: Page) -> bool:
    """Every card on the wall is whole on the screen."""
    inside: bool = page.get_by_role("article").evaluate_all(
        "cards => cards.every(card => { const r = card.getBoundingClientRect();"
        " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })"
    )
    return inside


_WHOLE_ON_SCREEN = """() => [...document.querySelectorAll(".ticket-place article")]
  .filter((card) => {
    const r = card.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.left >= 0
      && r.bottom <= innerHeight && r.right <= innerWidth;
  }).length"""


def _whole_on_screen(page: Page) -> int:
    """How many cards stand whole inside the viewport, counted from their boxes in the DOM."""
    count: int = page.evaluate(_WHOLE_ON_SCREEN)
    return count


_OVERLAPS = """() => {
  const controls = [...document.querySelector(".kds-bar").children].map((e) => ({
    name: e.getAttribute("aria-label") || e.textContent.trim(),
    box: e.getBoundingClientRect(),
    cut: e.matches("button") && e.scrollWidth > e.clientWidth,
  }));
  const wrong = [];
  for (const c of controls) {
    if (c.box.left < 0 || c.box.right > innerWidth) wrong.push(`${c.name} is off the screen`);
    if (c.cut) wrong.push(`${c.name} is cut off`);
  }
  controls.forEach((a, i) => controls.slice(i + 1).forEach((b) => {
    if (a.box.left < b.box.right && b.box.left < a.box.right
        && a.box.top < b.box.bottom && b.box.top < a.box.bottom)
      wrong.push(`${a.name} overlaps ${b.name}`);
  }));
  return [controls.map((c) => c.name), wrong];
}"""


def _bar_overlaps(page: Page) -> list[str]:
    """What is wrong with the top bar: two controls overlapping (their boxes), one off the
    screen or its words cut off; [] when it fits."""
    names, wrong = page.evaluate(_OVERLAPS)
    assert len(names) >= 8, names  # the brand, 86, recall, the pager, the count, online, more
    return list(wrong)


def _the_oldest_whole(page: Page, orders: list[dict[str, Any]], *, at_least: int) -> None:
    """The first page, once settled, shows the oldest ``orders`` in order, at least
    ``at_least`` of them, every one whole on the screen."""
    shown = _settled(page, len(orders))
    assert shown == _names(orders)[: len(shown)]
    whole = _whole_on_screen(page)
    assert whole >= at_least, f"{whole} tickets whole on the screen"
    assert whole == len(shown)
    page.mouse.move(0, 0)


def _names(orders: list[dict[str, Any]]) -> list[str]:
    return [f"Ticket {order['orderNumber']}" for order in orders]


def test_forty_tickets_are_all_reachable_oldest_first(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    orders = seed_rush(restaurant, 40, notes=True)
    kitchen = open_kitchen(browser, restaurant)
    expect(kitchen.get_by_text("40 open")).to_be_visible()
    more = kitchen.get_by_role("button", name=re.compile(r"^\d+ more →$"))
    expect(more).to_be_visible()
    expect(kitchen.get_by_role("button", name=re.compile("earlier"))).to_have_count(0)

    # Page by page: whole cards only, the hidden count said, every ticket met once, in age order.
    seen: list[str] = []
    while True:
        expect(kitchen.get_by_role("article").first).to_be_visible()
        shown = _settled(kitchen, 40)
        assert shown, "an empty page"
        assert _all_inside(kitchen)
        if seen:
            earlier = kitchen.get_by_role("button", name=re.compile("earlier"))
            expect(earlier).to_have_text(f"← {len(seen)} earlier")
        seen += shown
        if len(seen) == 40:
            expect(more).to_have_count(0)
            break
        expect(more).to_have_text(f"{40 - len(seen)} more →")
        if len(seen) == len(shown):
            kitchen.mouse.move(0, 0)
            screenshot(kitchen, "kitchen-40-tickets", target=44, text=20)
        more.click()
        expect(kitchen.get_by_role("article").first).not_to_have_accessible_name(shown[0])
    assert seen == _names(orders)

    # The keys page back; compact mode folds long tickets and fits more on a page.
    while kitchen.get_by_role("button", name=re.compile("earlier")).count():
        kitchen.keyboard.press("PageUp")
    expect(kitchen.get_by_role("article").first).to_have_accessible_name(_names(orders)[0])
    on_first_page = len(_settled(kitchen, 40))
    setting(kitchen, "Compact").click()
    expect(
        kitchen.get_by_role("button", name=re.compile(r"^\+\d more items$")).first
    ).to_be_visible()
    assert len(_settled(kitchen, 40)) > on_first_page
    assert _all_inside(kitchen)
    # Compact is kept by this screen.
    kitchen.reload()
    expect(setting(kitchen, "Compact")).to_have_attribute("aria-checked", "true")
    setting(kitchen, "Compact").click()
    expect(kitchen.locator("main.tickets-compact")).to_have_count(0)


def test_a_dozen_at_once_two_dozen_compact_and_the_bar_fits(
    browser: Browser, restaurant: Restaurant
) -> None:
    """40 open tickets of 3 to 5 lines: at 1920x1080 at least 12 stand whole on the screen, 24
    in compact; the top bar's controls never overlap, at 1920, 1280 and 1024 wide."""
    clear_board(restaurant)
    orders = seed_rush(restaurant, 40, sizes=lambda n: 3 + n % 3)
    kitchen = open_kitchen(browser, restaurant)
    expect(kitchen.get_by_text("40 open")).to_be_visible()
    expect(kitchen.get_by_role("article").first).to_be_visible()
    _the_oldest_whole(kitchen, orders, at_least=12)
    screenshot(kitchen, "kitchen-rush", target=44, text=20)

    setting(kitchen, "Compact").click()
    expect(kitchen.locator("main.tickets-compact")).to_have_count(1)
    _the_oldest_whole(kitchen, orders, at_least=24)
    # The compact view's lines are one row (34 px) and its small type 18 px (docs/decisions.md).
    screenshot(kitchen, "kitchen-rush-compact", target=34, text=18)
    setting(kitchen, "Compact").click()
    expect(kitchen.locator("main.tickets-compact")).to_have_count(0)

    # The bar at its fullest: a recall to offer, pages before and after.
    first = orders[0]
    ticket(kitchen, first).get_by_role("button", name=f"Bump {first['orderNumber']}").click()
    expect(kitchen.get_by_role("button", name=f"Recall {first['orderNumber']}")).to_be_visible()
    kitchen.get_by_role("button", name=re.compile(r"^\d+ more →$")).click()
    expect(kitchen.get_by_role("button", name=re.compile("earlier"))).to_be_visible()
    sizes: list[tuple[ViewportSize, str | None]] = [
        (KITCHEN_VIEWPORT, None),
        ({"width": 1280, "height": 800}, "kitchen-1280"),
        ({"width": 1024, "height": 768}, "kitchen-1024"),
    ]
    for size, name in sizes:
        kitchen.set_viewport_size(size)
        _settled(kitchen, 39)
        expect(kitchen.get_by_role("button", name=re.compile("earlier"))).to_be_visible()
        assert _bar_overlaps(kitchen) == [], size
        assert _all_inside(kitchen)
        if name:
            kitchen.mouse.move(0, 0)
            screenshot(kitchen, name, target=44, text=20)
    # What the bar leaves out is one tap away, in a menu a screen reader knows as one.
    kitchen.get_by_role("button", name="More", exact=True).click()
    menu = kitchen.get_by_role("menu", name="More")
    expect(menu.get_by_role("menuitem", name="Station: Everything")).to_be_focused()
    kitchen.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitemcheckbox", name="Compact")).to_be_focused()
    # The menu's arrows are not a bump bar's: no ticket was picked.
    expect(kitchen.locator("article[aria-current='true']")).to_have_count(0)
    expect(menu.get_by_role("menuitemcheckbox", name="Sound")).to_have_attribute(
        "aria-checked", "true"
    )
    expect(menu.get_by_role("menuitem", name="Recall list")).to_be_visible()
    kitchen.mouse.move(0, 0)
    screenshot(kitchen, "kitchen-1024-menu", target=44, text=20)
    kitchen.keyboard.press("Escape")
    expect(menu).to_have_count(0)
    expect(kitchen.get_by_role("button", name="More", exact=True)).to_be_focused()
    # Sound off: the bar says so, and still fits.
    setting(kitchen, "Sound").click()
    expect(kitchen.get_by_role("status", name="Sound")).to_have_text("Muted")
    assert _bar_overlaps(kitchen) == []
    setting(kitchen, "Sound").click()
    expect(kitchen.get_by_role("status", name="Sound")).to_have_count(0)
    kitchen.set_viewport_size(KITCHEN_VIEWPORT)


def test_a_bump_bar_picks_bumps_and_recalls(browser: Browser, restaurant: Restaurant) -> None:
    clear_board(restaurant)
    ben = signed_in_server(restaurant, "Ben")
    orders = [ben.send([("Fries", 1)], table=str(n)) for n in (1, 2, 3, 4)]
    kitchen = open_kitchen(browser, restaurant)
    expect(kitchen.get_by_role("article")).to_have_count(4)

    kitchen.keyboard.press("2")
    picked = kitchen.locator("article[aria-current='true']")
    expect(picked).to_have_accessible_name(f"Ticket {orders[1]['orderNumber']}")
    kitchen.keyboard.press("ArrowRight")
    expect(picked).to_have_accessible_name(f"Ticket {orders[2]['orderNumber']}")
    # The ring shows: a white outline around the picked card.
    assert picked.evaluate("card => getComputedStyle(card).outlineStyle") == "solid"
    kitchen.keyboard.press("Enter")
    expect(ticket(kitchen, orders[2])).to_have_count(0)
    # The pick moves to the card that took the bumped one's place.
    expect(picked).to_have_accessible_name(f"Ticket {orders[3]['orderNumber']}")
    assert restaurant.order(orders[2]["id"])["items"][0]["status"] == "READY"
    kitchen.keyboard.press("r")
    expect(ticket(kitchen, orders[2])).to_be_visible()
    expect(kitchen.get_by_role("article")).to_have_count(4)


def test_ready_is_undone_and_an_item_made_again_brings_its_ticket_back(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    ana = signed_in_server(restaurant, "Ana")
    order = ana.send([("Salad", 1), ("Fries", 1)], table="2")
    kitchen = open_kitchen(browser, restaurant)
    card = ticket(kitchen, order)
    item(card, "1 Salad, to make").click()
    item(card, "1 Salad, preparing").click()
    expect(item(card, "1 Salad, ready")).to_be_visible()
    # Tapped once too often: tapped again, it is being made again, here and on the check.
    item(card, "1 Salad, ready").click()
    expect(item(card, "1 Salad, preparing")).to_be_visible()
    assert restaurant.order(order["id"])["items"][0]["status"] == "PREPARING"

    # Bumped, then the salad set back to PREPARING: the ticket is on the wall again.
    card.get_by_role("button", name=f"Bump {order['orderNumber']}").click()
    expect(card).to_have_count(0)
    salad = restaurant.order(order["id"])["items"][0]
    with restaurant.http() as http:
        url = f"/api/orders/{order['id']}/items/{salad['id']}"
        assert http.put(url, json={"status": "PREPARING"}).status_code == 200
    expect(item(card, "1 Salad, preparing")).to_be_visible()
    expect(item(card, "1 Fries, ready")).to_be_visible()


def test_the_recall_list_brings_back_the_third_last_bump(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    ben = signed_in_server(restaurant, "Ben")
    orders = [ben.send([("Burger", 1), ("Fries", 1)], table=str(n)) for n in (1, 2, 3, 4, 5)]
    kitchen = open_kitchen(browser, restaurant)
    for order in orders[:4]:
        ticket(kitchen, order).get_by_role("button", name=f"Bump {order['orderNumber']}").click()
        expect(ticket(kitchen, order)).to_have_count(0)

    # The recall hint survives choosing a station.
    choose(kitchen, "Station: Everything")
    sheet = kitchen.get_by_role("dialog", name="Station")
    sheet.get_by_role("button", name="Mains").click()
    sheet.get_by_role("button", name="Close").click()
    expect(kitchen.get_by_role("button", name=f"Recall {orders[3]['orderNumber']}")).to_be_visible()

    choose(kitchen, "Recall list")
    recall = kitchen.get_by_role("dialog", name="Recall")
    rows = recall.get_by_role("list", name="Recently bumped").get_by_role("listitem")
    # Newest first (what earlier tests bumped comes after).
    for row, table in enumerate((4, 3, 2, 1)):
        expect(rows.nth(row)).to_contain_text(f"{orders[table - 1]['orderNumber']}Table {table}")
    kitchen.mouse.move(0, 0)
    screenshot(kitchen, "kitchen-recall", target=44, text=20)
    recall.get_by_role("button", name=f"Recall {orders[1]['orderNumber']}").click()
    expect(recall).to_have_count(0)
    expect(ticket(kitchen, orders[1])).to_be_visible()
    expect(kitchen.get_by_role("article")).to_have_count(2)
    expect(kitchen.get_by_role("button", name=f"Recall {orders[3]['orderNumber']}")).to_be_visible()
    choose(kitchen, "Station: Mains")
    kitchen.get_by_role("dialog", name="Station").get_by_role("button", name="Everything").click()


def test_sound_asks_for_a_tap_and_ages_count_on_the_server_s_clock(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    context = browser.new_context(viewport=KITCHEN_VIEWPORT, base_url=restaurant.base_url)
    kitchen = context.new_page()
    # The wall's clock is five minutes slow.
    kitchen.clock.install(time=time.time() - 300)
    kitchen.goto("/kitchen")
    paste_token(kitchen, kitchen_token(restaurant))
    expect(kitchen.get_by_role("status", name="Connection")).to_have_text(re.compile("Online"))
    order = signed_in_server(restaurant, "Ana").send([("Ribeye", 1)], table="3")
    timer = ticket(kitchen, order).get_by_role("timer", name="Age")
    expect(timer).to_have_text(re.compile(r"^00:0\d$"))

    prompt = kitchen.get_by_role("button", name="Tap to turn on sound")
    expect(prompt).to_be_visible()
    prompt.click()
    expect(prompt).to_have_count(0)
    context.close()

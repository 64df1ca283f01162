"""The guests' board in a browser (docs/design.md §20): a paired BOARD device on a wall at
1920x1080; a takeout sent shows under Preparing and, once the kitchen bumps its ticket, under
Ready within a second."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from browser.kitchen_wall import KITCHEN_VIEWPORT, clear_board, signed_in_server
from browser.languages import all_words_from_catalogues, show_pseudo
from browser.restaurant import Restaurant, _created, open_screen, paste_token, screenshot


def _board_token(restaurant: Restaurant) -> str:
    with restaurant.http() as http:
        body = {"name": "Wall", "kind": "BOARD", "locationId": restaurant.location_id}
        return str(_created(http.post("/api/devices", json=body))["token"])


def _open_board(browser: Browser, restaurant: Restaurant) -> Page:
    page = open_screen(browser, restaurant, "/board", KITCHEN_VIEWPORT)
    paste_token(page, _board_token(restaurant))
    expect(page.get_by_role("heading", name="Ready")).to_be_visible()
    return page


def _column(page: Page, name: str) -> Locator:
    return page.get_by_role("list", name=f"{name} orders")


def _number(page: Page, column: str, order: dict[str, Any]) -> Locator:
    return _column(page, column).get_by_text(order["orderNumber"].lstrip("#"), exact=True)


def _bump(restaurant: Restaurant, order: dict[str, Any]) -> None:
    """The kitchen bumps the order's tickets (as its display's Bump does)."""
    with restaurant.http() as http:
        board = http.get("/api/kitchen/board", params={"locationId": restaurant.location_id})
        for ticket in board.json()["tickets"]:
            if ticket["orderId"] == order["id"]:
                assert http.post(f"/api/kitchen/tickets/{ticket['id']}/bump").status_code == 200


def test_a_takeout_shows_preparing_then_ready_within_a_second_of_the_bump(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    board = _open_board(browser, restaurant)
    ana = signed_in_server(restaurant, "Ana")
    takeout = ana.send([("Fries", 1), ("Latte", 1)], order_type="TAKEOUT")
    dine_in = ana.send([("Fries", 1)], table="1")
    expect(_number(board, "Preparing", takeout)).to_be_visible()

    _bump(restaurant, takeout)
    bumped = time.monotonic()
    expect(_number(board, "Ready", takeout)).to_be_visible(timeout=1000)
    assert time.monotonic() - bumped < 1.5
    expect(_number(board, "Preparing", takeout)).to_have_count(0)
    # Newly ready: lit for a few seconds, and said once for a screen reader.
    expect(_number(board, "Ready", takeout)).to_have_class("board-number new")
    expect(board.get_by_role("status")).to_have_text(f"Ready: {takeout['orderNumber'][1:]}")
    expect(_number(board, "Ready", takeout)).to_have_class("board-number", timeout=10_000)
    # A dine-in order is not the guests' board's (the location did not ask for it).
    board.wait_for_timeout(500)
    expect(_number(board, "Preparing", dine_in)).to_have_count(0)
    expect(_number(board, "Ready", dine_in)).to_have_count(0)
    # Only the numbers: no names, prices or items anywhere on the wall.
    text = board.locator("body").inner_text()
    for secret in ("Fries", "Latte", "Ana", "$"):
        assert secret not in text


def test_the_board_at_1920x1080(browser: Browser, restaurant: Restaurant) -> None:
    clear_board(restaurant)
    ben = signed_in_server(restaurant, "Ben")
    orders = [
        ben.send([("Burger", 1), ("Fries", 1)], order_type="TAKEOUT"),
        ben.send([("Latte", 2)], order_type="TAKEOUT"),
        ben.send([("Fish of the day", 1)], order_type="DELIVERY"),
        ben.send([("Lemonade", 2)], order_type="TAKEOUT"),
        ben.send([("Salad", 1)], order_type="TAKEOUT"),
        ben.send([("Burger", 2)], order_type="DELIVERY"),
        ben.send([("Fries", 3)], order_type="TAKEOUT"),
        ben.send([("Latte", 1)], order_type="TAKEOUT"),
        ben.send([("Ribeye", 1)], order_type="DELIVERY"),
        ben.send([("Salad", 2)], order_type="TAKEOUT"),
    ]
    for order in orders[:4]:
        _bump(restaurant, order)
    board = _open_board(browser, restaurant)
    for order in orders[:4]:
        # Ready before the screen looked: not lit.
        expect(_number(board, "Ready", order)).to_have_class("board-number")
    _bump(restaurant, orders[4])
    expect(_number(board, "Ready", orders[4])).to_have_class("board-number new", timeout=1000)
    for order in orders[5:]:
        expect(_number(board, "Preparing", order)).to_be_visible()
    board.mouse.move(0, 0)
    screenshot(board, "board", target=64, text=20)


def test_in_the_pseudo_locale_every_word_is_a_catalogues_and_none_is_cut_off(
    browser: Browser, restaurant: Restaurant
) -> None:
    clear_board(restaurant)
    board = _open_board(browser, restaurant)
    signed_in_server(restaurant, "Ana").send([("Fries", 1)], order_type="TAKEOUT")
    show_pseudo(board)
    expect(board.get_by_role("heading", name="[Řḗḗȧȧḓẏ]")).to_be_visible()
    expect(board.get_by_role("listitem").first).to_be_visible()
    all_words_from_catalogues(board)

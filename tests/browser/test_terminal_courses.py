"""Seats and courses on the terminal (docs/design.md §5): lines rung up on seats 1 and 2, a main
on course 2; Send sends course 1 and holds course 2 (the kitchen board shows only course 1);
Fire course 2 sends it. Screenshot of the check with its held course to docs/screens/."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from browser.kitchen_wall import clear_board
from browser.restaurant import (
    Restaurant,
    add,
    all_sent,
    line,
    open_category,
    screenshot,
    seat,
    signed_in_terminal,
)


def _board(restaurant: Restaurant) -> list[tuple[str, int | None, int]]:
    """Every line on the kitchen board: its name, seat and course."""
    with restaurant.http() as http:
        board = http.get("/api/kitchen/board", params={"locationId": restaurant.location_id})
        assert board.status_code == 200, board.text
    tickets: list[dict[str, Any]] = board.json()["tickets"]
    return [(i["name"], i["seat"], i["course"]) for t in tickets for i in t["items"]]


def _next(page: Page, choice: str) -> None:
    """The seat or course the next products tapped go to."""
    page.get_by_label("Next lines").get_by_role("button", name=choice, exact=True).click()


def test_a_held_course_waits_for_its_fire(browser: Browser, restaurant: Restaurant) -> None:
    clear_board(restaurant)
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, "5", 2)
    open_category(page, "Sides")
    _next(page, "Seat 1")
    add(page, "Fries")
    _next(page, "Seat 2")
    add(page, "Salad")
    _next(page, "Course 2")
    page.get_by_role("button", name="Menu", exact=True).click()
    open_category(page, "Mains")
    add(page, "Fish of the day")
    expect(line(page, "1 Fries")).to_contain_text("Seat 1")
    expect(line(page, "1 Fish of the day")).to_contain_text("Seat 2 · Course 2")

    page.get_by_role("button", name="Send (2)").click()
    held = page.get_by_test_id("course-2")
    expect(held).to_contain_text("Course 2 · held")
    expect(line(page, "1 Fries")).to_contain_text(re.compile(r"\bsent"))
    expect(line(page, "1 Fish of the day")).to_contain_text("unsent")
    all_sent(page)
    assert _board(restaurant) == [("Fries", 1, 1), ("Salad", 2, 1)]
    line(page, "1 Fish of the day").scroll_into_view_if_needed()
    screenshot(page, "terminal-courses")

    held.get_by_role("button", name="Fire course 2").click()
    expect(line(page, "1 Fish of the day")).to_contain_text(re.compile(r"\bsent"))
    expect(page.get_by_role("button", name="Fire course 2")).to_have_count(0)
    all_sent(page)
    assert _board(restaurant)[-1] == ("Fish of the day", 2, 2)
    with restaurant.http() as http:
        listed = http.get("/api/orders", params={"locationId": restaurant.location_id})
        (order_id,) = [o["id"] for o in listed.json()["data"] if o["tableName"] == "5"]
    check = restaurant.order(order_id)
    assert check["firedCourses"] == [1, 2]
    assert [(i["seat"], i["course"], i["status"]) for i in check["items"]] == [
        (1, 1, "SENT"),
        (2, 1, "SENT"),
        (2, 2, "SENT"),
    ]

"""The terminal with no network (docs/design.md §16): taps answered from the tablet,
kept across a reload offline, sent once when the network is back; a table seated twice
offline is one check; a change the server refuses meanwhile is told in one message and its
line stays on the check, marked and in no total; a change is recorded as made by whoever made
it, not by whoever is signed in when it lands."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, Request, ViewportSize, expect

from browser.restaurant import (
    VIEWPORT,
    Restaurant,
    add,
    all_sent,
    line,
    open_category,
    screenshot,
    seat,
    sign_in,
    signed_in_terminal,
)

PORTRAIT: ViewportSize = {"width": 768, "height": 1024}


def _network_cut(page: Page) -> None:
    """Cuts the tablet's network once its shell is kept by the service worker and the whole
    menu on the tablet. The wait is a function, not an expression: Playwright evals an expression
    in the page, which the screens' CSP (no 'unsafe-eval') refuses in newer Chromiums."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    expect(page.get_by_role("region", name="Menu")).to_have_attribute("data-kept", "true")
    page.context.set_offline(True)


def _open_table(page: Page, table: str) -> None:
    page.get_by_role("button", name=re.compile(rf"^Table {table}, occupied")).click()
    expect(page.get_by_role("complementary", name="Check")).to_contain_text(f"Table {table}")


def _open_orders(restaurant: Restaurant, table: str) -> list[dict[str, object]]:
    with restaurant.http() as http:
        answer = http.get(f"/api/tables/{restaurant.tables[table]['id']}")
        assert answer.status_code == 200, answer.text
        seated: list[dict[str, object]] = answer.json()["openOrders"]
        return seated


def _screenshots(page: Page, name: str) -> None:
    """The screen as a landscape tablet (1024 by 768) and a portrait one (768 by 1024) shows it."""
    screenshot(page, name)
    page.set_viewport_size(PORTRAIT)
    screenshot(page, f"{name}-portrait")
    page.set_viewport_size(VIEWPORT)


def _one_refusal(page: Page, line_name: str, words: str) -> None:
    """The refused change is told once, on its line, which stays on the check marked "not
    added"; nothing says it was made."""
    refused = page.get_by_test_id("refused-operation")
    expect(refused).to_have_count(1)
    kept = line(page, f"{line_name}, not added")
    expect(kept).to_contain_text("not added")
    expect(kept).to_contain_text(words)
    check = page.get_by_role("complementary", name="Check")
    expect(check.get_by_text(words)).to_have_count(1)
    expect(check.get_by_text(re.compile("made on top|was not made"))).to_have_count(0)
    expect(line(page, f"{line_name}, sending")).to_have_count(0)


def _balance(restaurant: Restaurant, table: str) -> str:
    """The balance the server holds for the check at ``table``, as the check shows it."""
    (seated,) = _open_orders(restaurant, table)
    return f"${restaurant.order(str(seated['id']))['balanceDue']:.2f}"


def _seated_at(browser: Browser, restaurant: Restaurant, table: str) -> Page:
    """A new tablet, Ana signed in, two seated at ``table``, the menu at Sides."""
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, table, 2)
    open_category(page, "Sides")
    return page


def test_three_taps_offline_survive_a_reload_and_land_once(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _seated_at(browser, restaurant, "1")
    _network_cut(page)
    add(page, "Fries")
    add(page, "Salad")
    page.get_by_role("button", name="Menu", exact=True).click()
    open_category(page, "Drinks")
    add(page, "Lemonade")
    banner = page.get_by_test_id("offline-banner")
    expect(banner).to_contain_text("Offline — 3 changes waiting")
    for name in ("Fries", "Salad", "Lemonade"):
        expect(line(page, f"1 {name}, sending")).to_contain_text("sending…")
    expect(page.get_by_test_id("check-waiting")).to_contain_text("3 changes waiting for the server")
    screenshot(page, "terminal-offline-pending")

    # A reload with no network opens the terminal from the tablet, where it was left.
    page.reload()
    expect(page.get_by_role("navigation", name="Floor")).to_be_visible()
    expect(banner).to_contain_text("Offline — 3 changes waiting")
    _open_table(page, "1")
    expect(line(page, "1 Lemonade, sending")).to_be_visible()

    page.context.set_offline(False)
    for name in ("Fries", "Salad", "Lemonade"):
        expect(line(page, f"1 {name}")).to_contain_text("unsent")
    expect(banner).to_be_hidden()
    expect(page.get_by_test_id("pending-clock")).to_have_count(0)

    (seated,) = _open_orders(restaurant, "1")
    order = restaurant.order(str(seated["id"]))
    assert sorted(item["name"] for item in order["items"]) == ["Fries", "Lemonade", "Salad"]


def test_seating_a_table_twice_offline_opens_one_check(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = signed_in_terminal(browser, restaurant, "Ben")
    _network_cut(page)
    seat(page, "2", 3)
    open_category(page, "Sides")
    add(page, "Fries")
    page.get_by_role("button", name="Close check").click()
    # The table is taken on the tablet at once: a second tap opens its check, not a second.
    expect(page.get_by_role("button", name="Table 2, free")).to_have_count(0)
    _open_table(page, "2")
    expect(page.get_by_role("complementary", name="Check")).to_contain_text("Table 2 · 3 guests")
    expect(line(page, "1 Fries, sending")).to_be_visible()
    add(page, "Salad")

    page.context.set_offline(False)
    expect(line(page, "1 Salad")).to_contain_text("unsent")
    expect(page.get_by_test_id("offline-banner")).to_be_hidden()
    (seated,) = _open_orders(restaurant, "2")
    order = restaurant.order(str(seated["id"]))
    assert order["guestCount"] == 3
    assert sorted(item["name"] for item in order["items"]) == ["Fries", "Salad"]


def test_a_change_refused_meanwhile_is_told_once_and_its_line_kept(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _seated_at(browser, restaurant, "3")
    add(page, "Salad")
    expect(line(page, "1 Salad")).to_contain_text("unsent")
    page.get_by_role("button", name="Menu", exact=True).click()
    open_category(page, "Mains")
    fish = restaurant.products["Fish of the day"]["id"]
    _network_cut(page)
    add(page, "Fish of the day")
    expect(line(page, "1 Fish of the day, sending")).to_be_visible()
    # The kitchen runs out of fish while the tablet is offline with it queued.
    with restaurant.http() as http:
        assert http.post(f"/api/products/{fish}/86").status_code == 200
    page.context.set_offline(False)

    _one_refusal(
        page,
        "1 Fish of the day",
        "1 Fish of the day wasn't added: sold out (86'd) before this reached the server. "
        "Offer something else, then discard this.",
    )
    expect(page.get_by_test_id("offline-banner")).to_be_hidden()
    # Kept: still there once nothing else waits, for a person to decide; in no total.
    expect(page.get_by_test_id("check-waiting")).to_have_count(0)
    expect(page.get_by_test_id("refused-operation")).to_have_count(1)
    expect(page.get_by_label("Balance", exact=True)).to_have_text(_balance(restaurant, "3"))
    _screenshots(page, "terminal-refused-operation")

    page.get_by_role("button", name="Discard: 1 Fish of the day").click()
    expect(page.get_by_test_id("refused-operation")).to_have_count(0)
    with restaurant.http() as http:
        assert http.delete(f"/api/products/{fish}/86").status_code == 200
    (seated,) = _open_orders(restaurant, "3")
    items = restaurant.order(str(seated["id"]))["items"]
    assert [item["name"] for item in items] == ["Salad"]


def test_a_change_made_offline_lands_as_made_by_its_maker_after_a_sign_out(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = signed_in_terminal(browser, restaurant, "Ana")
    # The changes and sign-outs that reached the server, in order, with their token.
    landed: list[tuple[str, str]] = []

    def finished(request: Request) -> None:
        if request.method != "GET" and re.search(r"/api/(orders|sessions/current)", request.url):
            landed.append((request.method, request.headers.get("authorization", "")))

    page.on("requestfinished", finished)
    _network_cut(page)
    seat(page, "4", 2)
    open_category(page, "Sides")
    add(page, "Fries")
    expect(line(page, "1 Fries, sending")).to_be_visible()
    # Ana signs out at once, her changes still waiting on the tablet; the Fries are not sent
    # to the kitchen, so she is asked first and leaves them unsent on the check.
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("dialog", name="Table 4 has 1 unsent item").get_by_role(
        "button", name="Sign out anyway"
    ).click()
    expect(page.get_by_role("heading", name="Who is working?")).to_be_visible()

    page.context.set_offline(False)
    sign_in(page, "Ben")
    _open_table(page, "4")
    expect(line(page, "1 Fries")).to_contain_text("unsent")
    expect(page.get_by_test_id("pending-clock")).to_have_count(0)

    (seated,) = _open_orders(restaurant, "4")
    order = restaurant.order(str(seated["id"]))
    assert [item["name"] for item in order["items"]] == ["Fries"]
    assert order["openedBy"]["staffId"] == restaurant.staff["Ana"]["id"]
    # Sent under Ana's token; her session ended on the server only after they landed.
    anas = landed[0][1]
    assert landed[:3] == [("POST", anas), ("POST", anas), ("DELETE", anas)]


def _completed_at(restaurant: Restaurant, table: str) -> dict[str, Any]:
    """The one completed check of ``table``, once the tablet's changes have landed."""
    deadline = time.monotonic() + 10
    with restaurant.http() as http:
        while True:
            answer = http.get(
                "/api/orders",
                params={"locationId": restaurant.location_id, "status": "COMPLETED"},
            )
            assert answer.status_code == 200, answer.text
            completed = [order for order in answer.json()["data"] if order["tableName"] == table]
            if completed or time.monotonic() > deadline:
                break
            time.sleep(0.2)
    (listed,) = completed
    return restaurant.order(str(listed["id"]))


def test_a_check_paid_in_cash_offline_completes_while_its_payment_waits(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _seated_at(browser, restaurant, "6")
    _network_cut(page)
    add(page, "Fries")
    page.get_by_role("button", name=re.compile(r"^Send \(")).click()
    page.get_by_role("button", name="Pay", exact=True).click()
    paying = page.get_by_role("dialog", name=re.compile("^Pay check"))
    paying.get_by_role("button", name="Cash", exact=True).click()
    paying.get_by_role("button", name=re.compile("^Take cash")).click()
    expect(paying.get_by_role("status")).to_contain_text("Change to give: $0.00")

    # Back online, the line added offline lands (the server adds the tax the tablet does
    # not know) while its send, and the payment after it, cannot reach the server yet: the
    # payment still pays the whole balance.
    sends = re.compile(r"/api/orders/[^/]+/send$")
    page.route(sends, lambda route: route.abort("internetdisconnected"))
    page.context.set_offline(False)
    expect(page.get_by_test_id("check-waiting")).to_contain_text("2 changes waiting")
    expect(paying.get_by_label("Balance due")).to_have_text("$0.00")
    paying.get_by_role("button", name="Complete").click()
    page.get_by_role("dialog", name=re.compile("^Receipt")).get_by_role(
        "button", name="Done"
    ).click()
    expect(page.get_by_role("button", name="Table 6, free")).to_be_visible()

    page.unroute(sends)
    expect(page.get_by_test_id("offline-banner")).to_be_hidden()
    order = _completed_at(restaurant, "6")
    assert [(payment["method"], payment["amount"]) for payment in order["payments"]] == [
        ("CASH", order["total"])
    ]
    assert order["balanceDue"] == 0


def test_many_refused_changes_leave_the_checks_buttons_in_reach(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _seated_at(browser, restaurant, "5")
    sold_out = [restaurant.products[name]["id"] for name in ("Fish of the day", "Fries")]
    _network_cut(page)
    # Eight lines, one per seat and product; the fish tapped twice on each seat.
    for product, category, taps in (("Fish of the day", "Mains", 2), ("Fries", "Sides", 1)):
        page.get_by_role("button", name="Menu", exact=True).click()
        open_category(page, category)
        for seat_number in range(1, 5):
            seats = page.get_by_role("group", name="Seat")
            seats.get_by_role("button", name=f"Seat {seat_number}").click()
            for _ in range(taps):
                add(page, product)
    with restaurant.http() as http:
        for product in sold_out:
            assert http.post(f"/api/products/{product}/86").status_code == 200
    page.context.set_offline(False)
    try:
        expect(page.get_by_test_id("refused-operation")).to_have_count(8)
        # A line tapped twice is one line, told once.
        expect(line(page, "2 Fish of the day, not added")).to_have_count(4)
        expect(page.get_by_text("2 Fish of the day weren't added", exact=False)).to_have_count(4)
        # The lines scroll within their own height: the check's buttons stay where a tap
        # reaches, and so does the last refused line's Discard.
        discount = page.get_by_role("button", name="Discount", exact=True)
        expect(discount).to_be_in_viewport(ratio=1)
        discount.click(trial=True)
        page.get_by_role("button", name="Discard: 1 Fries").last.click()
        expect(page.get_by_test_id("refused-operation")).to_have_count(7)
        expect(discount).to_be_in_viewport(ratio=1)
    finally:
        with restaurant.http() as http:
            for product in sold_out:
                assert http.delete(f"/api/products/{product}/86").status_code == 200


def test_a_line_added_offline_to_a_check_paid_elsewhere_is_told_once_and_kept(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = _seated_at(browser, restaurant, "6")
    add(page, "Salad")
    page.get_by_role("button", name=re.compile(r"^Send \(")).click()
    all_sent(page)
    (seated,) = _open_orders(restaurant, "6")
    order_id = str(seated["id"])
    _network_cut(page)
    add(page, "Fries")
    expect(line(page, "1 Fries, sending")).to_be_visible()
    # Another terminal takes the whole balance in cash meanwhile: the check completes.
    due = restaurant.order(order_id)["balanceDue"]
    with restaurant.http() as http:
        paid = http.post(
            f"/api/orders/{order_id}/payments", json={"amount": due, "paymentMethod": "CASH"}
        )
        assert paid.status_code == 201, paid.text
    assert restaurant.order(order_id)["status"] == "COMPLETED"
    page.context.set_offline(False)

    paid_elsewhere = (
        "1 Fries wasn't added: the check was paid and closed on another terminal. "
        "Ask a manager to reopen the check and tap Add again, or discard this."
    )
    _one_refusal(page, "1 Fries", paid_elsewhere)
    expect(page.get_by_label("Balance", exact=True)).to_have_text("$0.00")
    _screenshots(page, "terminal-refused-paid-elsewhere")

    # Added again while the check is still closed: refused again, still one message.
    additions = re.compile(rf"/api/orders/{order_id}/items$")
    with page.expect_response(lambda answer: bool(additions.search(answer.url))) as answered:
        page.get_by_role("button", name="Add again: 1 Fries").click()
    assert answered.value.status == 409
    _one_refusal(page, "1 Fries", paid_elsewhere)
    page.get_by_role("button", name="Discard: 1 Fries").click()
    expect(page.get_by_test_id("refused-operation")).to_have_count(0)
    assert [item["name"] for item in restaurant.order(order_id)["items"]] == ["Salad"]

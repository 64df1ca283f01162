"""Two terminals on one check, and a payment whose answer is lost: nothing is lost, nothing
is doubled, and what happened is said in words."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, Route, expect

from browser.restaurant import (
    Restaurant,
    add,
    all_sent,
    line,
    open_category,
    scan,
    seat,
    signed_in_terminal,
)


def _open_table(page: Page, table: str) -> None:
    page.get_by_role("button", name=re.compile(rf"^Table {table}, occupied")).click()
    expect(page.get_by_role("heading", name=re.compile(r"^Check #"))).to_be_visible()


def _order_id(restaurant: Restaurant, table: str) -> str:
    with restaurant.http() as http:
        (seated,) = http.get(f"/api/tables/{restaurant.tables[table]['id']}").json()["openOrders"]
    return str(seated["id"])


def test_two_terminals_on_one_check(browser: Browser, restaurant: Restaurant) -> None:
    ana = signed_in_terminal(browser, restaurant, "Ana")
    ben = signed_in_terminal(browser, restaurant, "Ben")

    seat(ana, "2", 2)
    open_category(ana, "Sides")
    add(ana, "Fries")
    expect(line(ana, "1 Fries")).to_be_visible()

    # Ben's floor shows table 2 taken without a reload; his check follows Ana's taps live.
    _open_table(ben, "2")
    expect(line(ben, "1 Fries")).to_be_visible()
    add(ana, "Salad")
    expect(line(ben, "1 Salad")).to_be_visible()

    # Ben's tablet loses the network; his tap is kept and retried. Meanwhile Ana sends the
    # round, so when Ben's addition lands it was made against an older check: the server
    # refuses it (412), and Ben's screen says what changed and adds it on top.
    open_category(ben, "Sides")
    ben.context.set_offline(True)
    add(ben, "Fries")
    expect(ben.get_by_role("alert").filter(has_text="Offline")).to_be_visible()
    ana.get_by_role("button", name="Send (2)").click()
    expect(line(ana, "1 Salad")).to_contain_text(re.compile(r"\bsent"))
    all_sent(ana)
    ben.context.set_offline(False)
    notice = ben.get_by_role("status").filter(has_text="changed on another terminal")
    expect(notice).to_contain_text("Fries is now sent")
    expect(notice).to_contain_text("Your addition was made on top of it.")
    expect(ben.get_by_role("list", name="Lines").get_by_role("listitem")).to_have_count(3)
    expect(
        ana.get_by_role("list", name="Lines").get_by_role("listitem", name="1 Fries")
    ).to_have_count(2)

    order_id = _order_id(restaurant, "2")
    order = restaurant.order(order_id)
    assert sorted((i["name"], i["status"]) for i in order["items"]) == [
        ("Fries", "PENDING"),
        ("Fries", "SENT"),
        ("Salad", "SENT"),
    ]

    # The kitchen runs out of salad: both menus grey it out as it happens, and back.
    salad = restaurant.products["Salad"]["id"]
    with restaurant.http() as http:
        assert http.post(f"/api/products/{salad}/86").status_code == 200
    for terminal in (ana, ben):
        expect(terminal.get_by_role("button", name="Salad, 86")).to_be_disabled()
    with restaurant.http() as http:
        assert http.delete(f"/api/products/{salad}/86").status_code == 200
    expect(ben.get_by_role("button", name="Salad", exact=True)).to_be_enabled()

    # The party moves to table 3: both floors show it.
    ana.get_by_role("button", name="Move").click()
    ana.get_by_role("button", name="Move to table 3").click()
    for terminal in (ana, ben):
        expect(terminal.get_by_role("button", name="Table 2, free")).to_be_visible()
        expect(
            terminal.get_by_role("button", name=re.compile("^Table 3, occupied"))
        ).to_be_visible()
    assert restaurant.order(order_id)["tableName"] == "3"


def test_a_payment_whose_answer_is_lost_charges_once(
    browser: Browser, restaurant: Restaurant
) -> None:
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, "5", 1)
    # A barcode scanner types the digits fast and presses Enter.
    scan(page, restaurant.products["Lemonade"]["barcode"])
    expect(line(page, "1 Lemonade")).to_be_visible()
    page.get_by_label("Search the menu").fill("lemon")
    expect(page.get_by_role("group", name="Products").get_by_role("button")).to_have_count(1)

    # The first payment reaches the server, but its answer never reaches the terminal.
    keys: list[str | None] = []

    def drop_first_answer(route: Route) -> None:
        keys.append(route.request.headers.get("idempotency-key"))
        if len(keys) == 1:
            route.fetch()
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route(re.compile(r"/api/orders/[^/]+/payments$"), drop_first_answer)
    page.get_by_role("button", name="Pay").click()
    paying = page.get_by_role("dialog", name=re.compile("Pay check"))
    paying.get_by_role("button", name="Cash").click()
    paying.get_by_role("button", name=re.compile("^Exact")).click()
    # The terminal sends it again with the same key: the server answers with the first answer.
    with page.expect_response(re.compile(r"/payments$")) as retried:
        paying.get_by_role("button", name=re.compile("^Take cash")).click()
    assert retried.value.status == 201
    assert retried.value.headers.get("idempotent-replayed") == "true"
    expect(paying.get_by_role("button", name="Complete")).to_be_visible()

    assert len(keys) == 2
    assert keys[0] == keys[1]
    assert keys[0]
    order = restaurant.order(_order_id(restaurant, "5"))
    assert [(p["method"], p["amount"]) for p in order["payments"]] == [("CASH", 3.85)]
    assert order["balanceDue"] == 0

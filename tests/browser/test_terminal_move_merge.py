"""Moving lines between checks and merging checks on the terminal, in a real browser against a
real server: a sent and an unsent line moved from one table's check to another's (the totals
add up to before, no new kitchen ticket), a line moved to a free table (a check opens there),
and a bar tab with a payment merged into a table's check (the tab leaves the floor, its
payment is on the table's check). Screenshots of the Move sheet, landscape and portrait, and of
the merge."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

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

# The sign between a quantity and a name, as the terminal writes a line.
TIMES = "\N{MULTIPLICATION SIGN}"


def _open_checks(restaurant: Restaurant) -> dict[str, dict[str, Any]]:
    """The location's open checks, by table name (a tab by its customer's name), read whole."""
    with restaurant.http() as http:
        params = [("locationId", restaurant.location_id), ("status", "DRAFT"), ("status", "OPEN")]
        listed = http.get("/api/orders", params=[*params, ("limit", 100)])
        assert listed.status_code == 200, listed.text
        found = {o["tableName"] or o["customerName"]: o["id"] for o in listed.json()["data"]}
    return {where: restaurant.order(order_id) for where, order_id in found.items()}


def _tickets(restaurant: Restaurant) -> int:
    with restaurant.http() as http:
        params: dict[str, str | int] = {"locationId": restaurant.location_id, "limit": 100}
        listed = http.get("/api/kitchen/tickets", params=params)
        assert listed.status_code == 200, listed.text
        return int(listed.json()["total"])


def _cents(*amounts: float) -> int:
    return sum(round(amount * 100) for amount in amounts)


def _added(page: Page, category: str, *products: str) -> None:
    page.get_by_role("navigation", name="Categories path").get_by_role(
        "button", name="Menu"
    ).click()
    open_category(page, category)
    for product in products:
        add(page, product)
        expect(line(page, f"1 {product}")).to_be_visible()


def _at_table(page: Page, table: str) -> None:
    page.get_by_role("button", name=re.compile(rf"^Table {table}, occupied")).click()
    expect(page.get_by_role("complementary", name="Check")).to_contain_text(f"Table {table}")


def _move_sheet(page: Page) -> Any:
    page.get_by_role("complementary", name="Check").get_by_role(
        "button", name="Move", exact=True
    ).click()
    sheet = page.get_by_role("dialog", name=re.compile("^Move from check #"))
    expect(sheet).to_be_visible()
    return sheet


def _lines_picked(page: Page, *products: str) -> Any:
    sheet = _move_sheet(page)
    sheet.get_by_role("button", name="Items to another check").click()
    lines = sheet.get_by_role("group", name="Lines to move")
    for product in products:
        lines.get_by_role("button", name=re.compile(rf"^1 {TIMES} {product} ·")).click()
    return sheet


def test_lines_move_between_tables_and_a_tab_merges_into_a_table(
    browser: Browser, restaurant: Restaurant
) -> None:
    ana = signed_in_terminal(browser, restaurant, "Ana")
    seat(ana, "1", 2)
    _added(ana, "Mains", "Fish of the day")
    ana.get_by_role("button", name="Send (1)").click()
    expect(line(ana, "1 Fish of the day")).to_contain_text(re.compile(r"\bsent"))
    _added(ana, "Sides", "Fries", "Salad")
    seat(ana, "2", 2)
    _added(ana, "Drinks", "Lemonade")
    ana.get_by_role("button", name="Send (1)").click()
    all_sent(ana)
    before = _open_checks(restaurant)
    tickets = _tickets(restaurant)

    # A sent line and an unsent one from table 1 to table 2's check.
    _at_table(ana, "1")
    sheet = _lines_picked(ana, "Fish of the day", "Fries")
    table_2 = f"Table 2 · check {before['2']['orderNumber']}"
    sheet.get_by_role("group", name="Move to").get_by_role("button", name=table_2).click()
    expect(sheet.get_by_role("button", name="Move 2 items")).to_be_enabled()
    screenshot(ana, "terminal-move-items")
    sheet.get_by_role("button", name="Move 2 items").click()
    expect(sheet).to_be_hidden()
    expect(line(ana, "1 Fish of the day")).to_have_count(0)
    expect(line(ana, "1 Salad")).to_be_visible()
    after = _open_checks(restaurant)
    assert [i["name"] for i in after["1"]["items"]] == ["Salad"]
    assert sorted(i["name"] for i in after["2"]["items"]) == [
        "Fish of the day",
        "Fries",
        "Lemonade",
    ]
    assert _cents(after["1"]["total"], after["2"]["total"]) == _cents(
        before["1"]["total"], before["2"]["total"]
    )
    # The fish stays sent, the Fries unsent; nothing went to the kitchen again.
    statuses = {i["name"]: i["status"] for i in after["2"]["items"]}
    assert (statuses["Fish of the day"], statuses["Fries"]) == ("SENT", "PENDING")
    assert _tickets(restaurant) == tickets

    # The Salad to a free table, in portrait: a check opens at table 3 with it.
    ana.set_viewport_size({"width": 768, "height": 1024})
    sheet = _lines_picked(ana, "Salad")
    sheet.get_by_role("group", name="Move to").get_by_role("button", name="Table 3 (free)").click()
    screenshot(ana, "terminal-move-items-portrait")
    sheet.get_by_role("button", name="Move 1 item").click()
    expect(sheet).to_be_hidden()
    expect(ana.get_by_role("button", name=re.compile("^Table 3, occupied"))).to_be_visible()
    moved = _open_checks(restaurant)
    assert [i["name"] for i in moved["3"]["items"]] == ["Salad"]
    assert moved["1"]["items"] == []
    ana.set_viewport_size({"width": 1024, "height": 768})

    # Sam's bar tab, paid in part, merged into table 2's check.
    with restaurant.http() as http:
        body = {"orderType": "BAR_TAB", "customerName": "Sam", "locationId": restaurant.location_id}
        tab = http.post("/api/orders", json=body).json()
        item = {"productId": restaurant.products["Salad"]["id"], "quantity": 1}
        assert http.post(f"/api/orders/{tab['id']}/items", json=item).status_code == 201
        payment = {"amount": 2, "paymentMethod": "CASH"}
        assert http.post(f"/api/orders/{tab['id']}/payments", json=payment).status_code == 201
    tab_tile = ana.get_by_role("navigation", name="Floor").get_by_role(
        "button", name=f"Bar tab · Sam {tab['orderNumber']}"
    )
    expect(tab_tile).to_be_visible()
    owed = _cents(
        restaurant.order(before["2"]["id"])["total"], restaurant.order(tab["id"])["total"]
    )
    _at_table(ana, "2")
    sheet = _move_sheet(ana)
    sheet.get_by_role("button", name="Merge a check into this one").click()
    sheet.get_by_role("group", name="Check to merge").get_by_role(
        "button", name=f"Bar tab · Sam · check {tab['orderNumber']}"
    ).click()
    merge = sheet.get_by_role("button", name=f"Merge check {tab['orderNumber']} into this one")
    expect(merge).to_be_visible()
    screenshot(ana, "terminal-merge")
    merge.click()
    expect(sheet).to_be_hidden()
    expect(tab_tile).to_have_count(0)
    expect(line(ana, "1 Salad")).to_be_visible()
    merged = restaurant.order(before["2"]["id"])
    assert merged["paidAmount"] == 2
    assert _cents(merged["total"]) == owed
    assert restaurant.order(tab["id"])["mergedInto"] == merged["id"]

"""Paid today's "Awaiting tip" on the terminal, in a real browser against a real server: the
card payments of today with no tip yet, on open and completed checks; one tipped from its row
leaves the list. Screenshot of the list to docs/screens/."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from browser.restaurant import Restaurant, screenshot, signed_in_terminal


def _card_paid(
    http: httpx.Client, restaurant: Restaurant, table: str, *, last_four: str, **payment: Any
) -> dict[str, Any]:
    """A check at ``table`` with a lemonade, sent, paid on card (in full unless ``amount``):
    the order as it is after."""
    body = {"orderType": "DINE_IN", "tableId": restaurant.tables[table]["id"]}
    made = http.post("/api/orders", params={"locationId": restaurant.location_id}, json=body)
    assert made.status_code == 201, made.text
    order_id = made.json()["id"]
    item = {"productId": restaurant.products["Lemonade"]["id"], "quantity": 1}
    assert http.post(f"/api/orders/{order_id}/items", json=item).status_code == 201
    assert http.post(f"/api/orders/{order_id}/send").status_code == 200
    due = http.get(f"/api/orders/{order_id}").json()["balanceDue"]
    card = {"amount": due, "paymentMethod": "CARD", "cardLastFour": last_four} | payment
    paid = http.post(f"/api/orders/{order_id}/payments", json=card)
    assert paid.status_code == 201, paid.text
    return restaurant.order(order_id)


def test_a_server_tips_todays_card_payments_from_the_awaiting_list(
    browser: Browser, restaurant: Restaurant
) -> None:
    with restaurant.http() as http:
        completed = _card_paid(http, restaurant, "1", last_four="1111")
        still_open = _card_paid(http, restaurant, "2", last_four="2222", amount=2)
        _card_paid(http, restaurant, "3", last_four="3333", tipAmount=1)
    assert (completed["status"], still_open["status"]) == ("COMPLETED", "OPEN")

    page = signed_in_terminal(browser, restaurant, "Ana")
    page.get_by_role("button", name="Paid today").click()
    closed = page.get_by_role("region", name="Closed checks")
    awaiting_tab = closed.get_by_role("tab", name="Awaiting tip", exact=True)
    expect(awaiting_tab).to_have_text("Awaiting tip (2)")
    awaiting_tab.click()
    awaiting = closed.get_by_role("tabpanel", name="Awaiting tip")
    rows = awaiting.get_by_role("listitem")
    expect(rows).to_have_count(2)
    # Newest first: the open check's partial payment, then the completed check's.
    expect(rows.nth(0)).to_contain_text(re.compile(r"Table 2.*\$2\.00.*····2222"))
    expect(rows.nth(1)).to_contain_text(re.compile(r"Table 1.*\$3\.\d\d.*····1111"))
    screenshot(page, "terminal-awaiting-tip")

    number = completed["orderNumber"]
    awaiting.get_by_role("button", name=f"Add tip to check {number}").click()
    tipping = page.get_by_role("dialog", name="Tip on card ····1111")
    keypad = tipping.get_by_role("group", name="Keypad")
    for key in ("5", "0"):
        keypad.get_by_role("button", name=key, exact=True).click()
    tipping.get_by_role("button", name="Save tip $0.50").click()
    expect(awaiting.get_by_role("status")).to_have_text(f"Tip of $0.50 entered on check {number}.")
    expect(rows).to_have_count(1)
    expect(awaiting_tab).to_have_text("Awaiting tip (1)")
    expect(awaiting.get_by_role("button", name=f"Add tip to check {number}")).to_have_count(0)
    [payment] = restaurant.order(completed["id"])["payments"]
    assert (payment["method"], payment["tipAmount"]) == ("CARD", 0.5)

    # Offline, the lists say they need the server, as they always did.
    page.context.set_offline(True)
    closed.get_by_role("button", name="Back to the floor").click()
    page.get_by_role("button", name="Paid today").click()
    expect(closed.get_by_test_id("needs-server")).to_be_visible(timeout=20_000)

"""A table paid on a card reader, in a real browser against a real server (docs/design.md
§27): a manager pairs a manual simulator reader in the back office; the server charges the
check on it from the terminal and watches it wait for the card; the guest, played on the
reader's page, chooses a tip there and taps; the check closes by itself with one card payment
carrying the guest's tip; half of it refunded from today's closed checks goes back to the card
through the provider. A tab held on the card from the payment sheet, closed there with the
guest's tip. At 1024 x 768; screenshots of the back office's readers, the terminal waiting for
the card, the reader's page and a tab held to docs/screens/."""

from __future__ import annotations

import re
import time
from decimal import Decimal
from typing import Any

from playwright.sync_api import Browser, Page, expect

from browser.back_office import go_to, sign_in, staff_token
from browser.restaurant import (
    VIEWPORT,
    Restaurant,
    add,
    approve,
    closed_once_paid,
    line,
    open_category,
    screenshot,
    seat,
    signed_in_terminal,
)


def _manager_page(browser: Browser, restaurant: Restaurant, path: str) -> Page:
    with restaurant.http() as http:
        token = staff_token(http, "Rita", "MANAGER")
    context = browser.new_context(viewport=VIEWPORT, base_url=restaurant.base_url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(path)
    sign_in(page, token)
    expect(page.get_by_role("navigation", name="Back office")).to_be_visible()
    return page


def _card_refunds(restaurant: Restaurant, order_id: str) -> list[dict[str, Any]]:
    with restaurant.http() as http:
        found = http.get("/api/card-refunds", params={"orderId": order_id})
        assert found.status_code == 200, found.text
        refunds: list[dict[str, Any]] = found.json()
        return refunds


def test_a_table_paid_on_the_readers_page_with_a_tip_then_half_refunded_to_the_card(
    browser: Browser, restaurant: Restaurant
) -> None:
    office = _manager_page(browser, restaurant, "/manage")
    go_to(office, "Card readers")
    office.get_by_role("button", name="New reader").click()
    panel = office.get_by_role("dialog", name="New reader")
    panel.get_by_label("Reader name").fill("Bar reader")
    panel.get_by_label("Manual: a person taps the card on its page").check()
    panel.get_by_role("button", name="Add reader").click()
    readers = office.get_by_role("table", name="Card readers")
    expect(readers.get_by_role("row", name=re.compile("Bar reader"))).to_contain_text("Idle")
    screenshot(office, "manage-card-readers")
    with restaurant.http() as http:
        [reader] = http.get(
            "/api/payment-readers", params={"locationId": restaurant.location_id}
        ).json()

    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, "5", 2)
    open_category(page, "Drinks")
    for _ in range(2):
        add(page, "Lemonade")
    expect(line(page, "2 Lemonade")).to_be_visible()
    page.get_by_role("button", name="Send (1)").click()
    page.get_by_role("button", name="Pay").click()
    paying = page.get_by_role("dialog", name=re.compile("^Pay check"))
    # The location's only reader is the terminal's: the sheet charges on it first.
    expect(paying.get_by_role("button", name="Reader", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    paying.get_by_role("button", name=re.compile(r"^Charge \$\d+\.\d\d on Bar reader$")).click()
    waiting = paying.get_by_role("status").filter(has_text="Waiting for the card on Bar reader")
    expect(waiting).to_be_visible()
    expect(paying.get_by_role("button", name="Cancel the charge")).to_be_enabled()
    screenshot(page, "terminal-card-reader-waiting")

    pad = _manager_page(browser, restaurant, f"/reader/{reader['id']}")
    screen = pad.get_by_role("group", name="The reader's screen")
    expect(screen.get_by_role("status")).to_contain_text("To pay:")
    screen.get_by_role("button", name=re.compile(r"^15 % ")).click()
    expect(screen).to_contain_text("Total:")
    screenshot(pad, "reader-page-tip")
    screen.get_by_role("button", name="Tap the card").click()

    closed_once_paid(page)
    with restaurant.http() as http:
        params = {"locationId": restaurant.location_id, "tableId": restaurant.tables["5"]["id"]}
        (found,) = http.get("/api/orders", params=params).json()["data"]
    order = restaurant.order(found["id"])
    [payment] = order["payments"]
    paid = Decimal(str(payment["amount"]))
    assert payment["method"] == "CARD"
    assert Decimal(str(payment["tipAmount"])) == (paid * Decimal("0.15")).quantize(Decimal("0.01"))
    assert len(payment["cardLastFour"]) == 4
    assert payment["cardBrand"]
    expect(screen.get_by_role("status")).to_have_text("Ready: no charge shown")

    half = (paid / 2).quantize(Decimal("0.01"))
    page.get_by_role("button", name="Paid today").click()
    closed = page.get_by_role("region", name="Closed checks")
    closed.get_by_role("button", name=re.compile(r", Table 5, ")).click()
    shown = closed.get_by_role("complementary", name=re.compile(r"^Closed #"))
    shown.get_by_role("button", name="Refund").click()
    refunding = page.get_by_role("dialog", name=re.compile("^Refund check"))
    keypad = refunding.get_by_role("group", name="Keypad")
    for key in f"{int(half * 100)}":
        keypad.get_by_role("button", name=key, exact=True).click()
    refunding.get_by_role("button", name=f"Refund ${half}").click()
    approve(page)
    expect(shown.get_by_role("status")).to_have_text(f"Refunded ${half}.")

    # The poller sends the refund to the provider: it goes back to the card.
    deadline = time.monotonic() + 15
    while True:
        refunds = _card_refunds(restaurant, order["id"])
        if [refund["status"] for refund in refunds] == ["SUCCEEDED"] or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert [(r["status"], Decimal(str(r["amount"]))) for r in refunds] == [("SUCCEEDED", half)]


def _one_manual_reader(restaurant: Restaurant) -> dict[str, Any]:
    """The location's one reader, a manual simulator's (the test above pairs it in the back
    office; alone, this test pairs it over the API)."""
    with restaurant.http() as http:
        where = {"locationId": restaurant.location_id}
        readers: list[dict[str, Any]] = http.get("/api/payment-readers", params=where).json()
        if not readers:
            body = where | {"provider": "simulator", "name": "Bar reader", "mode": "MANUAL"}
            made = http.post("/api/payment-readers", json=body)
            assert made.status_code == 201, made.text
            readers = [made.json()]
    [reader] = readers
    return reader


def test_a_tab_held_on_a_card_closes_with_the_guests_tip(
    browser: Browser, restaurant: Restaurant
) -> None:
    reader = _one_manual_reader(restaurant)
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, "5", 1)
    open_category(page, "Drinks")
    add(page, "Lemonade")
    page.get_by_role("button", name="Send (1)").click()
    page.get_by_role("button", name="Pay").click()
    paying = page.get_by_role("dialog", name=re.compile("^Pay check"))
    tab = paying.get_by_role("group", name="Tab on a card")
    tab.get_by_role("button", name="Hold $50.00").click()
    expect(tab.get_by_role("status")).to_contain_text("Tap the card on the reader to open the tab")

    pad = _manager_page(browser, restaurant, f"/reader/{reader['id']}")
    pad.get_by_role("group", name="The reader's screen").get_by_role(
        "button", name="Tap the card"
    ).click()
    expect(tab.get_by_role("status")).to_have_text("Tab open on VISA 4242, held up to $50.00")
    # Nothing is paid while the tab runs.
    expect(paying.get_by_role("button", name="Reader", exact=True)).to_be_visible()
    tab.get_by_role("button", name=re.compile(r"^15% ")).click()
    screenshot(page, "terminal-card-tab-held")
    tab.get_by_role("button", name=re.compile(r"^Close the tab: \$")).click()

    closed_once_paid(page)
    with restaurant.http() as http:
        params = {"locationId": restaurant.location_id, "tableId": restaurant.tables["5"]["id"]}
        found = http.get("/api/orders", params=params).json()["data"]
    order = restaurant.order(max(found, key=lambda o: o["createdAt"])["id"])
    [payment] = order["payments"]
    paid = Decimal(str(payment["amount"]))
    assert (payment["method"], payment["cardLastFour"]) == ("CARD", "4242")
    assert Decimal(str(payment["tipAmount"])) == (paid * Decimal("0.15")).quantize(Decimal("0.01"))

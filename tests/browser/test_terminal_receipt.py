"""A receipt on the terminal, in a real browser against a real server that prints (its print
worker on) to fake printers on 127.0.0.1: with no receipt printer the receipt is shown and
the terminal says there is none; with one, Print sends it straight away; with two, the server
picks one. The bytes the fake till receives decode to the total on screen. Screenshot of the
receipt sheet."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from browser.restaurant import (
    Restaurant,
    add,
    add_receipt_printer,
    closed_once_paid,
    line,
    open_category,
    screenshot,
    seat,
    signed_in_terminal,
)
from printers import FakePrinter

# Fries 4.50 and a salad 6.00, with 10% tax on each.
TOTAL = "11.55"


@pytest.fixture
def till() -> Iterator[FakePrinter]:
    with FakePrinter() as fake:
        fake.switch_on()
        yield fake


def _receipt_from_the_check(page: Page) -> Locator:
    page.get_by_role("complementary", name="Check").get_by_role("button", name="Receipt").click()
    sheet = page.get_by_role("dialog", name=re.compile("^Receipt"))
    expect(sheet.get_by_label("Receipt text")).to_contain_text(re.compile(rf"TOTAL USD +\${TOTAL}"))
    return sheet


def test_a_receipt_is_shown_and_printed_on_the_till(
    browser: Browser, restaurant: Restaurant, till: FakePrinter
) -> None:
    page = signed_in_terminal(browser, restaurant, "Ana")
    seat(page, "1", 2)
    open_category(page, "Sides")
    for side in ("Fries", "Salad"):
        add(page, side)
        expect(line(page, f"1 {side}")).to_be_visible()
    page.get_by_role("button", name="Send (2)").click()
    expect(line(page, "1 Salad")).to_contain_text(re.compile(r"\bsent"))

    # No receipt printer yet: the receipt is still shown, and the terminal says why no Print.
    sheet = _receipt_from_the_check(page)
    expect(sheet).to_contain_text("no receipt printer")
    expect(sheet.get_by_role("button", name=re.compile("^Print"))).to_have_count(0)
    sheet.get_by_role("button", name="Done").click()
    expect(sheet).to_be_hidden()

    # One printer: Print sends it there straight away.
    add_receipt_printer(restaurant, "Till", till.port)
    sheet = _receipt_from_the_check(page)
    sheet.get_by_role("button", name="Print on Till").click()
    expect(sheet.get_by_role("status")).to_have_text("Sent to Till printer")
    (printed,) = till.wait_for(1)
    assert re.search(rf"TOTAL USD +\${TOTAL}", printed), printed
    assert "Fries" in printed
    sheet.get_by_role("button", name="Done").click()

    # Paid (the check closes itself), with two receipt printers: Ana picks the till, from the
    # check under Paid today.
    with FakePrinter() as bar:
        bar.switch_on()
        add_receipt_printer(restaurant, "Bar", bar.port)
        page.get_by_role("button", name="Pay").click()
        paying = page.get_by_role("dialog", name=re.compile("Pay check"))
        paying.get_by_role("button", name="Cash").click()
        paying.get_by_role("button", name=re.compile("^Exact")).click()
        number = paying.get_by_role("heading").inner_text().removeprefix("Pay check ")
        paying.get_by_role("button", name=re.compile("^Take cash")).click()
        closed_once_paid(page)
        expect(page.get_by_role("button", name="Table 1, free")).to_be_visible()
        page.get_by_role("button", name="Paid today").click()
        closed = page.get_by_role("region", name="Closed checks")
        closed.get_by_role("button", name=re.compile(rf"^{re.escape(number)}, ")).click()
        closed.get_by_role("complementary", name=f"Closed {number}").get_by_role(
            "button", name="Receipt"
        ).click()
        sheet = page.get_by_role("dialog", name=re.compile("^Receipt"))
        paper = sheet.get_by_label("Receipt text")
        expect(paper).to_contain_text(re.compile(rf"TOTAL USD +\${TOTAL}"))
        expect(paper).to_contain_text("CASH")
        expect(sheet.get_by_role("button", name="Print on Bar")).to_be_visible()
        sheet.get_by_role("button", name="Print on Till").click()
        expect(sheet.get_by_role("status")).to_have_text("Sent to Till printer")
        screenshot(page, "receipt")
        printed = till.wait_for(2)[1]
        assert re.search(rf"TOTAL USD +\${TOTAL}", printed), printed
        assert "CASH" in printed
        assert bar.jobs == []
    sheet.get_by_role("button", name="Done").click()
    expect(sheet).to_be_hidden()

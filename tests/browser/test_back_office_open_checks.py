"""Money reported the day it is taken, on the screens (docs/design.md §13): in a Paris bistro
with VAT-inclusive prices, Today's main figure is the sales net of VAT with the gross beside
it, and Today and the X both list the open checks holding payments, a reopened, fully paid
check among them, as GET /api/reports/sales and GET /api/reports/x answer them."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from browser.back_office import Office, both_sizes, go_to, open_back_office
from browser.restaurant import screenshot
from browser.till_steps import till_tab

PROFILE = {
    "name": "Le Comptoir",
    "timezone": "Europe/Paris",
    "currency": "EUR",
    "taxMode": "INCLUSIVE",
}
# name: (price, VAT rate's name)
MENU = {"Steak frites": (24, "Plats"), "Tarte tatin": (7, "Plats"), "Verre de vin": (6, "Vin")}
VAT = {"Plats": 0.1, "Vin": 0.2}


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    body: dict[str, Any] = response.json()
    return body


def _check(
    http: httpx.Client, location: str, products: dict[str, str], table: str, lines: dict[str, int]
) -> str:
    """A check at ``table`` holding ``lines``, sent to the kitchen: its URL."""
    body = {"orderType": "DINE_IN", "locationId": location, "tableId": table}
    url = f"/api/orders/{_ok(http.post('/api/orders', json=body))['id']}"
    for name, quantity in lines.items():
        _ok(http.post(f"{url}/items", json={"productId": products[name], "quantity": quantity}))
    _ok(http.post(f"{url}/send"))
    return url


def _pay(http: httpx.Client, url: str, amount: float, method: str, tip: float = 0) -> None:
    _ok(http.post(f"{url}/payments", json={"amount": amount, "paymentMethod": method,
                                           "tipAmount": tip}))  # fmt: skip


def _tonight(http: httpx.Client, location: str) -> None:
    """Table 2 paid and gone; table 4 paid in full by card with a tip and reopened for a
    dessert; table 7 paying by halves, 24.50 in cash so far: 61.50 paid of 74.00 open."""
    _ok(http.put(f"/api/locations/{location}", json=PROFILE))
    rates = {
        name: _ok(http.post("/api/tax-rates", json={"name": name, "rate": rate,
                                                     "locationId": location}))["id"]
        for name, rate in VAT.items()
    }  # fmt: skip
    products = {
        name: _ok(http.post("/api/products", json={"name": name, "price": price,
                                                   "taxRateId": rates[rate],
                                                   "locationId": location}))["id"]
        for name, (price, rate) in MENU.items()
    }  # fmt: skip
    tables = {
        name: _ok(http.post("/api/tables", json={"locationId": location, "name": name,
                                                 "section": "Salle", "seats": 4}))["id"]
        for name in ("2", "4", "7")
    }  # fmt: skip
    gone = _check(http, location, products, tables["2"], {"Steak frites": 2, "Verre de vin": 3})
    _pay(http, gone, 66, "CARD", 6)
    dessert = {"Steak frites": 1, "Tarte tatin": 1, "Verre de vin": 1}
    reopened = _check(http, location, products, tables["4"], dessert)
    _pay(http, reopened, 37, "CARD", 4)
    _ok(http.post(f"{reopened}/reopen", json={"reason": "a second dessert"}))
    halves = _check(http, location, products, tables["7"], dessert)
    _pay(http, halves, 24.5, "CASH")


@pytest.fixture(scope="module")
def office(office: Office) -> Office:
    with office.http() as http:
        _tonight(http, office.restaurant.location_id)
    return office


def _euros(amount: float) -> str:
    return f"€{amount:,.2f}"


def _open_checks_shown(page: Page, which: str, name: str, found: dict[str, Any]) -> None:
    """The heading says how many and what they paid of their totals; the list ``name``, each
    check."""
    heading = f"{which}: 2, €61.50 paid of €74.00"
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    rows = page.get_by_role("table", name=name).get_by_role("row")
    expect(rows).to_have_count(1 + len(found["checks"]))
    for check in found["checks"]:
        row = rows.filter(has_text=f"#{check['number']}")
        expect(row).to_contain_text(
            re.compile(rf"{check['table']}.*{re.escape(_euros(check['total']))}"
                       rf".*{re.escape(_euros(check['paid']))}")
        )  # fmt: skip


def _scrolled_to(element: Locator, block: str) -> Callable[[Page, str], None]:
    """A screenshot taken with ``element`` scrolled to the ``block`` edge of the screen."""

    def take(page: Page, name: str) -> None:
        element.evaluate("(found, block) => found.scrollIntoView({block})", block)
        screenshot(page, name)

    return take


def test_today_and_the_x_show_the_open_checks_holding_the_days_money(
    browser: Browser, office: Office
) -> None:
    location = office.restaurant.location_id
    today = datetime.now(ZoneInfo("Europe/Paris")).date().isoformat()
    with office.http() as http:
        report = _ok(http.get("/api/reports/sales", params={"locationId": location, "from": today}))
        x = _ok(http.get("/api/reports/x", params={"locationId": location}))
    assert (report["openChecks"]["count"], report["openChecks"]["paid"]) == (2, 61.5)
    assert [method["count"] for method in report["byPaymentMethod"]] == [2, 1]
    assert x["openChecks"] == report["openChecks"]

    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    expect(page.get_by_role("definition").first).not_to_have_text("€0.00")
    figures = dict(
        zip(
            page.get_by_role("term").all_inner_texts(),
            page.get_by_role("definition").all_inner_texts(),
            strict=True,
        )
    )
    # Table 2's sale: 48.00 at 10 % (4.36 of VAT inside) and 18.00 at 20 % (3.00).
    assert figures["Net sales (excl. VAT)"] == _euros(report["netOfTax"]) == "€58.64"
    assert figures["Gross sales (incl. VAT)"] == _euros(report["netSales"]) == "€66.00"
    # The reopened check's card and tip are in the day's money.
    assert figures["Collected"] == _euros(report["totalCollected"]) == "€137.50"
    _open_checks_shown(page, "Open checks", "Open checks of these days", report["openChecks"])
    # The figures at the top, the open checks under them, at each size.
    figures_first = _scrolled_to(page.get_by_label("Headline figures", exact=True), "start")
    both_sizes(page, "manage-today-open-checks", figures_first)

    go_to(page, "Till")
    till_tab(page, "X and Z")
    x_figures = page.get_by_role("table", name="X figures")
    expect(x_figures.get_by_role("row", name="Net sales (excl. VAT)")).to_contain_text("€58.64")
    expect(x_figures.get_by_role("row", name="Gross sales (incl. VAT)")).to_contain_text("€66.00")
    paid = "Open checks with payments"
    _open_checks_shown(page, paid, paid, x["openChecks"])
    listed = page.get_by_role("table", name="Open checks with payments")
    both_sizes(page, "manage-till-x-open-checks", _scrolled_to(listed, "end"))

"""Today in /manage shows the day's sales report: orders completed through the API today (in
the location's timezone, New York) appear in the headline figures, the charts and the CSV,
exactly as GET /api/reports/sales answers them."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, expect

from browser.back_office import Office, office_screenshot, open_back_office, set_up_office
from browser.languages import all_words_from_catalogues, show_pseudo
from server import ServerProcess

# (products and quantities, payments as (method, amount share, tip)), each a completed order.
ORDERS: list[tuple[dict[str, int], list[tuple[str, float, float]]]] = [
    ({"Burger": 2, "Latte": 1}, [("CARD", 1.0, 5)]),
    ({"Ribeye": 1, "Fries": 2}, [("CARD", 0.5, 3), ("CASH", 0.5, 0)]),
    ({"Latte": 3}, [("CASH", 1.0, 1)]),
    ({"Burger": 1, "Fries": 1, "Latte": 2}, [("CARD", 1.0, 4.5)]),
]
MENU: dict[str, dict[str, float]] = {
    "Mains": {"Burger": 14.5, "Ribeye": 34},
    "Drinks": {"Latte": 4},
    "Sides": {"Fries": 4.5},
}


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    body: dict[str, Any] = response.json()
    return body


def _sell(http: httpx.Client, location: str) -> None:
    products: dict[str, str] = {}
    for category, items in MENU.items():
        made = _ok(http.post("/api/categories", json={"name": category, "locationId": location}))
        for name, price in items.items():
            body = {"name": name, "price": price, "taxRate": 0.08875, "categoryId": made["id"]}
            products[name] = _ok(http.post("/api/products", json=body | {"locationId": location}))[
                "id"
            ]
    for lines, payments in ORDERS:
        order = _ok(http.post("/api/orders", json={"orderType": "TAKEOUT", "locationId": location}))
        url = f"/api/orders/{order['id']}"
        for name, quantity in lines.items():
            _ok(http.post(f"{url}/items", json={"productId": products[name], "quantity": quantity}))
        total = _ok(http.get(url))["total"]
        paid = 0.0
        for i, (method, share, tip) in enumerate(payments):
            amount = round(total - paid, 2) if i == len(payments) - 1 else round(total * share, 2)
            paid += amount
            body = {"amount": amount, "paymentMethod": method, "tipAmount": tip}
            _ok(http.post(f"{url}/payments", json=body))
        _ok(http.post(f"{url}/complete"))


@pytest.fixture(scope="module")
def office(screen_server: ServerProcess) -> Office:
    made = set_up_office(screen_server.base_url)
    with made.http() as http:
        _sell(http, made.restaurant.location_id)
    return made


def _money(amount: float) -> str:
    return f"${amount:,.2f}"


def test_today_shows_the_days_report(browser: Browser, office: Office) -> None:
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    figures = page.get_by_role("definition")
    expect(figures.first).not_to_have_text("$0.00")
    # The business day the page shows is New York's, not UTC's.
    today = datetime.now(ZoneInfo("America/New_York")).date()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"Sales · {today.day} {today.strftime('%b %Y')}"
    )
    with office.http() as http:
        params = {"locationId": office.restaurant.location_id, "from": today.isoformat()}
        report = _ok(http.get("/api/reports/sales", params=params))
    assert report["orderCount"] == len(ORDERS)

    shown = dict(
        zip(
            page.get_by_role("term").all_inner_texts(),
            page.get_by_role("definition").all_inner_texts(),
            strict=True,
        )
    )
    assert shown["Net sales"] == _money(report["netSales"])
    assert shown["Orders"] == str(report["orderCount"])
    assert shown["Avg. check"] == _money(report["averageCheck"])
    assert shown["Tips"] == _money(report["tips"])
    assert shown["Collected"] == _money(report["totalCollected"])
    assert shown["Tax"] == _money(report["tax"])

    (hour,) = [row for row in report["byHour"] if row["orderCount"]]
    bars = page.get_by_role("list", name="Net sales by hour").get_by_role("listitem")
    expect(bars).to_have_count(1)
    expect(bars.first).to_have_accessible_name(
        re.compile(rf": {re.escape(_money(hour['netSales']))}, {len(ORDERS)} orders$")
    )
    mix = page.get_by_role("list", name="Payment mix")
    for row in report["byPaymentMethod"]:
        method = row["method"].capitalize()
        expect(mix.get_by_role("listitem", name=re.compile(f"^{method}: "))).to_contain_text(
            _money(row["amount"])
        )
    top = page.get_by_role("list", name="Top products").get_by_role("listitem")
    best = max(report["productMix"], key=lambda row: row["netSales"])
    expect(top.first).to_contain_text(best["name"])
    expect(top.first).to_contain_text(_money(best["netSales"]))
    office_screenshot(page, "manage-today")

    page.get_by_label("Breakdown").select_option(label="Product mix")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download CSV").click()
    saved = download.value.path().read_bytes().decode()
    with office.http() as http:
        csv = http.get(
            "/api/reports/sales",
            params={
                "locationId": office.restaurant.location_id,
                "from": report["from"],
                "format": "csv",
                "breakdown": "productMix",
            },
        )
    assert saved == csv.text


def test_in_the_pseudo_locale_every_word_is_a_catalogues(browser: Browser, office: Office) -> None:
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    expect(page.get_by_role("list", name="Payment mix")).to_be_visible()
    show_pseudo(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text("[")
    expect(page.get_by_role("definition").first).not_to_have_text("$0.00")
    # The orders were taken with the bootstrap admin's token: the server names it so.
    names = [
        "Harbour St",
        "Marco",
        "bootstrap admin (BRIGADE_ADMIN_TOKEN)",
        "America/New_York",
        *MENU,
        *(n for m in MENU.values() for n in m),
    ]
    all_words_from_catalogues(page, names=names)

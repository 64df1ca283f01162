"""Money the world uses (docs/design.md §15), in a real browser: a Zurich restaurant in CHF whose
prices include VAT (20 % on food, 10 % on drinks), which rounds cash to 0.05 and adds 12.5 %
service (taxed at 20 %) for parties of 6 or more. A dinner for 6 on the terminal: the check
lists the service charge and the VAT its total includes, a server's own charge goes on and off,
cash exact pays the rounded amount, the receipt prints the VAT block; a manager approves taking
the automatic charge off; the back office's Taxes & charges page. Screenshots:
terminal-vat-check, terminal-vat-receipt, manage-taxes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from browser.back_office import go_to, menu_part, open_back_office
from browser.restaurant import (
    MANAGER_PIN,
    SERVER_PIN,
    Restaurant,
    add,
    all_sent,
    closed_once_paid,
    line,
    open_category,
    open_terminal,
    pair,
    screenshot,
    seat,
    sign_in,
    type_pin,
)
from factories import ADMIN_TOKEN, LOCATION
from server import ServerProcess

RATES = {"Standard 20%": 0.2, "Reduced 10%": 0.1}
# Category: its rate and products.
MENU: dict[str, tuple[str, dict[str, float]]] = {
    "Mains": ("Standard 20%", {"Geschnetzeltes": 38.5, "Rösti": 24.5, "Salad": 14.9}),
    "Drinks": ("Reduced 10%", {"Mineral water": 5.9, "Espresso": 4.6}),
}
# What table 1's party of 6 has: 143.30 in all, 17.91 service, 161.21 to pay, 161.20 in cash.
DINNER = {"Geschnetzeltes": 2, "Rösti": 1, "Salad": 1, "Mineral water": 3, "Espresso": 2}
# How long a tapped line may take to land (ms): the context's default for actions.
LANDED = 15_000


@dataclass
class VatRestaurant:
    restaurant: Restaurant
    manager_token: str
    rates: dict[str, dict[str, Any]]
    charges: dict[str, dict[str, Any]]


def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    body: dict[str, Any] = response.json()
    return body


@pytest.fixture(scope="module")
def zurich(screen_server: ServerProcess) -> VatRestaurant:
    restaurant = Restaurant(base_url=screen_server.base_url, location_id=LOCATION)
    with restaurant.http() as http:
        profile = {
            "name": "Seeblick",
            "timezone": "Europe/Zurich",
            "currency": "CHF",
            "taxMode": "INCLUSIVE",
            "cashRounding": 0.05,
        }
        _created(http.put(f"/api/locations/{LOCATION}", json=profile))
        rates = {
            name: _created(
                http.post(
                    "/api/tax-rates", json={"locationId": LOCATION, "name": name, "rate": rate}
                )
            )
            for name, rate in RATES.items()
        }
        service = {
            "locationId": LOCATION,
            "name": "Service",
            "rate": 0.125,
            "taxRateId": rates["Standard 20%"]["id"],
            "automatic": True,
            "minGuests": 6,
            "orderTypes": ["DINE_IN"],
        }
        corkage = {
            "locationId": LOCATION,
            "name": "Corkage",
            "amount": 15,
            "taxRateId": rates["Standard 20%"]["id"],
        }
        charges = {
            body["name"]: _created(http.post("/api/service-charges", json=body))
            for body in (service, corkage)
        }
        for sort_order, (category, (rate, products)) in enumerate(MENU.items()):
            body = {"name": category, "locationId": LOCATION, "sortOrder": sort_order}
            made = _created(http.post("/api/categories", json=body))
            for name, price in products.items():
                product = {
                    "name": name,
                    "price": price,
                    "taxRateId": rates[rate]["id"],
                    "categoryId": made["id"],
                    "locationId": LOCATION,
                }
                restaurant.products[name] = _created(http.post("/api/products", json=product))
        for name in ("1", "2"):
            body = {"locationId": LOCATION, "name": name, "section": "Inside", "seats": 8}
            restaurant.tables[name] = _created(http.post("/api/tables", json=body))
        marco = _created(http.post("/api/staff", json={"name": "Marco", "role": "MANAGER"}))
        _created(http.put(f"/api/staff/{marco['id']}/pin", json={"pin": MANAGER_PIN}))
        body = {"staffId": marco["id"], "name": "Back office"}
        token = str(_created(http.post("/api/tokens", json=body))["token"])
        ana = _created(http.post("/api/staff", json={"name": "Ana", "role": "SERVER"}))
        _created(http.put(f"/api/staff/{ana['id']}/pin", json={"pin": SERVER_PIN}))
    return VatRestaurant(restaurant, token, rates, charges)


def _chf(amount: float) -> re.Pattern[str]:
    """CHF as the screens write it ("CHF 161.21", a no-break space between)."""
    return re.compile(rf"CHF\s{re.escape(f'{amount:,.2f}')}")


def _open_order(restaurant: Restaurant, table: str) -> dict[str, Any]:
    with restaurant.http() as http:
        seated = _created(http.get(f"/api/tables/{restaurant.tables[table]['id']}"))["openOrders"]
    return restaurant.order(seated[0]["id"])


def _ring_up(page: Page) -> None:
    """The party's dinner, a tap per product and "One more" for the rest (each waited for as
    long as an action may take: a loaded machine answers a tap in seconds, not milliseconds)."""
    for category, (_, products) in MENU.items():
        open_category(page, category)
        for name in products:
            add(page, name)
            expect(line(page, f"1 {name}")).to_be_visible(timeout=LANDED)
            for quantity in range(2, DINNER[name] + 1):
                page.get_by_role("button", name=f"One more {name}").click()
                expect(line(page, f"{quantity} {name}")).to_be_visible(timeout=LANDED)
        page.get_by_role("button", name="Menu", exact=True).click()


def test_a_vat_dinner_paid_in_cash(browser: Browser, zurich: VatRestaurant) -> None:
    restaurant = zurich.restaurant
    page = open_terminal(browser, restaurant)
    pair(page, restaurant)
    sign_in(page, "Ana")
    seat(page, "1", 6)
    _ring_up(page)

    # A server's own charge goes on from the check and comes off with its remove button.
    check = page.get_by_role("complementary", name="Check")
    totals = check.get_by_label("Totals")
    page.get_by_role("button", name="Add a service charge").click()
    page.get_by_role("dialog", name="Add a service charge").get_by_role(
        "button", name=re.compile("^Corkage")
    ).click()
    expect(totals).to_contain_text("Corkage")
    expect(totals).to_contain_text(_chf(15))
    page.get_by_role("button", name="Remove Corkage").click()
    expect(totals).not_to_contain_text("Corkage")

    page.get_by_role("button", name="Send (5)").click()
    expect(page.get_by_role("button", name=re.compile("^Send"))).to_be_disabled()
    order = _open_order(restaurant, "1")
    assert (order["currency"], order["taxMode"]) == ("CHF", "INCLUSIVE")
    assert (order["subtotal"], order["serviceChargeTotal"], order["total"]) == (
        143.3,
        17.91,
        161.21,
    )
    assert order["cashBalanceDue"] == 161.2
    ((service),) = order["serviceCharges"]
    assert (service["name"], service["automatic"]) == ("Service", True)
    vat = {tax["rate"]: tax["taxAmount"] for tax in order["taxes"]}
    assert set(vat) == {0.2, 0.1}

    expect(totals).to_contain_text("Service 12.5%")
    expect(totals).to_contain_text(_chf(17.91))
    expect(totals).to_contain_text(_chf(161.21))
    for rate, label in ((0.2, "incl. VAT 20%"), (0.1, "incl. VAT 10%")):
        expect(totals).to_contain_text(label)
        expect(totals).to_contain_text(_chf(vat[rate]))
    # The total comes before the VAT it includes.
    text = totals.inner_text()
    assert text.index("Total") < text.index("incl. VAT 20%") < text.index("incl. VAT 10%")
    screenshot(page, "terminal-vat-check")

    # Cash exact in three taps from the check: Pay, Cash, Take cash (the rounded amount).
    page.get_by_role("button", name="Pay").click()
    paying = page.get_by_role("dialog", name=re.compile("Pay check"))
    expect(paying.get_by_label("Balance due")).to_have_text(_chf(161.21))
    paying.get_by_role("button", name="Cash").click()
    expect(paying.get_by_text(re.compile(r"^Cash due"))).to_have_text(
        re.compile(r"Cash due CHF\s161\.20 \(rounded from CHF\s161\.21\)")
    )
    expect(
        paying.get_by_role("button", name=re.compile(r"^Exact CHF\s161\.20$"))
    ).to_have_attribute("aria-pressed", "true")
    paying.get_by_role("button", name=re.compile("^Take cash")).click()
    closed_once_paid(page)  # no change to give: the check closed itself

    # Its receipt from Paid today: the closed check, then Receipt.
    page.get_by_role("button", name="Paid today").click()
    closed = page.get_by_role("region", name="Closed checks")
    closed.get_by_role("button", name=re.compile(rf"^{re.escape(order['orderNumber'])}, ")).click()
    paid = closed.get_by_role("complementary", name=f"Closed {order['orderNumber']}")
    expect(paid.get_by_role("table", name="VAT")).to_contain_text("20%")
    expect(paid).to_contain_text("Cash rounding")
    paid.get_by_role("button", name="Receipt").click()
    receipt = page.get_by_role("dialog", name=re.compile("^Receipt"))
    paper = receipt.get_by_label("Receipt text")
    for shown in ("Service", "TOTAL CHF", "VAT", "Net", "Gross", "Cash rounding", "-CHF0.01"):
        expect(paper).to_contain_text(shown)
    expect(paper).to_contain_text(re.compile(r"VAT +Net +Tax +Gross"))
    # The location's receipt printers answered (none): the screenshot no longer races them.
    expect(receipt).to_contain_text("This location has no receipt printer")
    # The VAT block at the bottom of the paper is what the screenshot shows.
    paper.evaluate(
        "paper => { const sheet = paper.closest('.sheet'); sheet.scrollTo(0, sheet.scrollHeight); }"
    )
    screenshot(page, "terminal-vat-receipt")

    all_sent(page)
    done = restaurant.order(order["id"])
    assert done["status"] == "COMPLETED"
    assert done["balanceDue"] == 0
    assert done["roundingAdjustment"] == -0.01
    ((cash),) = done["payments"]
    assert (cash["method"], cash["amount"], cash["roundingAdjustment"]) == ("CASH", 161.2, -0.01)
    assert Decimal(str(cash["amount"])) - Decimal(str(done["total"])) == Decimal("-0.01")


def test_taking_off_the_automatic_service_charge_takes_a_manager(
    browser: Browser, zurich: VatRestaurant
) -> None:
    restaurant = zurich.restaurant
    page = open_terminal(browser, restaurant)
    pair(page, restaurant)
    sign_in(page, "Ana")
    seat(page, "2", 6)
    open_category(page, "Mains")
    add(page, "Rösti")
    expect(line(page, "1 Rösti")).to_be_visible()
    totals = page.get_by_role("complementary", name="Check").get_by_label("Totals")
    expect(totals).to_contain_text("Service 12.5%")
    expect(totals).to_contain_text(_chf(3.06))
    page.get_by_role("button", name="Remove Service 12.5%").click()
    approval = page.get_by_role("dialog", name="Manager approval")
    expect(approval).to_contain_text("service charge removal")
    approval.get_by_role("button", name="Marco").click()
    type_pin(approval, MANAGER_PIN)  # type: ignore[arg-type]
    expect(approval).to_be_hidden()
    expect(totals).not_to_contain_text("Service")
    expect(totals).to_contain_text(_chf(24.5))
    order = _open_order(restaurant, "2")
    assert order["serviceCharges"] == []
    assert order["total"] == 24.5


def test_taxes_and_charges_in_the_back_office(browser: Browser, zurich: VatRestaurant) -> None:
    page = open_back_office(browser, zurich.restaurant.base_url, zurich.manager_token)
    go_to(page, "Taxes & charges")
    expect(page.get_by_role("combobox", name=re.compile("^Prices"))).to_have_value("INCLUSIVE")
    expect(page.get_by_label("Cash rounding")).to_have_value("0.05")
    # A manager sees them; changing them is an admin's.
    expect(page.get_by_label("Cash rounding")).to_be_disabled()
    rates = page.get_by_role("table", name="Tax rates")
    expect(rates).to_contain_text("Standard 20%")
    charges = page.get_by_role("table", name="Service charges")
    expect(charges.get_by_role("row", name=re.compile("^Service"))).to_contain_text(
        "Automatic from 6 guests · Dine in"
    )
    expect(charges.get_by_role("row", name=re.compile("^Corkage"))).to_contain_text(_chf(15))

    # A new rate typed as a percentage is kept as a fraction.
    page.get_by_role("button", name="New tax rate").click()
    panel = page.get_by_role("dialog", name="New tax rate")
    panel.get_by_label("Name", exact=True).fill("Accommodation")
    panel.get_by_label("Rate (%)", exact=True).fill("3.8")
    panel.get_by_role("button", name="Create tax rate").click()
    expect(rates.get_by_role("row", name=re.compile("^Accommodation"))).to_contain_text("3.8%")
    with zurich.restaurant.http() as http:
        found = http.get("/api/tax-rates", params={"locationId": LOCATION}).json()["data"]
    assert {rate["name"]: rate["rate"] for rate in found}["Accommodation"] == 0.038

    page.get_by_role("button", name="Edit service charge Service").click()
    panel = page.get_by_role("dialog", name="Edit service charge Service")
    expect(panel.get_by_label("Percentage (%)")).to_have_value("12.5")
    expect(panel.get_by_label("From this many guests")).to_have_value("6")
    expect(panel.get_by_label("Dine in")).to_be_checked()
    # Both tables whole beside the panel: the page scrolled to its end.
    page.get_by_role("main").evaluate("main => main.scrollTo(0, main.scrollHeight)")
    screenshot(page, "manage-taxes")

    # A charge switches between a set amount and a percentage (and back).
    corkage = charges.get_by_role("row", name=re.compile("^Corkage"))
    for kind, value, shown, kept in (
        ("A percentage", "5", "5%", {"rate": 0.05, "amount": None}),
        ("A set amount", "15", "CHF 15.00", {"rate": None, "amount": 15}),
    ):
        page.get_by_role("button", name="Edit service charge Corkage").click()
        panel = page.get_by_role("dialog", name="Edit service charge Corkage")
        panel.get_by_label("Charged as").select_option(label=kind)
        panel.get_by_role("textbox", name=re.compile("^(Percentage|Amount)")).fill(value)
        panel.get_by_role("button", name="Save service charge").click()
        expect(panel).to_be_hidden()
        expect(corkage).to_contain_text(shown)
        with zurich.restaurant.http() as http:
            found = http.get(f"/api/service-charges/{zurich.charges['Corkage']['id']}").json()
        assert {"rate": found["rate"], "amount": found["amount"]} == kept

    # A product names its rate in its panel; the named rate replaces its own percentage.
    go_to(page, "Menu")
    menu_part(page, "Products")
    page.get_by_role("button", name="Edit Salad").click()
    panel = page.get_by_role("dialog", name="Edit Salad")
    tax = panel.get_by_role("combobox", name=re.compile("^Tax"))
    expect(tax).to_have_value(zurich.rates["Standard 20%"]["id"])
    expect(panel.get_by_label("Tax rate (%)")).to_have_count(0)
    tax.select_option(label="Reduced 10%")
    panel.get_by_role("button", name="Save product").click()
    expect(panel.get_by_role("status")).to_have_text("Saved.")
    with zurich.restaurant.http() as http:
        salad = http.get(f"/api/products/{zurich.restaurant.products['Salad']['id']}").json()
    assert (salad["taxRateId"], salad["taxRate"]) == (zurich.rates["Reduced 10%"]["id"], 0.1)
    tax.select_option(label="Standard 20%")
    panel.get_by_role("button", name="Save product").click()
    expect(panel.get_by_role("status")).to_have_text("Saved.")


def test_an_admin_sets_how_cash_is_rounded(browser: Browser, zurich: VatRestaurant) -> None:
    """The tax mode and cash rounding are the location profile's: an admin's to change (a
    manager sees them, above)."""
    page = open_back_office(browser, zurich.restaurant.base_url, ADMIN_TOKEN)
    go_to(page, "Taxes & charges")
    rounding = page.get_by_label("Cash rounding")
    for step, kept in (("0.10", 0.1), ("0.05", 0.05)):
        rounding.select_option(step)
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.get_by_role("status")).to_have_text("Saved.")
        with zurich.restaurant.http() as http:
            profile = http.get(f"/api/locations/{LOCATION}").json()
        assert (profile["cashRounding"], profile["taxMode"], profile["name"]) == (
            kept,
            "INCLUSIVE",
            "Seeblick",
        )


def test_today_shows_tax_by_rate_and_service_charges(
    browser: Browser, zurich: VatRestaurant
) -> None:
    """A takeout with corkage paid in cash: Today's table of tax by rate and of service charges
    says what the report answers."""
    with zurich.restaurant.http() as http:
        body = {"orderType": "TAKEOUT", "locationId": LOCATION}
        url = f"/api/orders/{_created(http.post('/api/orders', json=body))['id']}"
        for name in ("Salad", "Espresso"):
            product = zurich.restaurant.products[name]["id"]
            _created(http.post(f"{url}/items", json={"productId": product, "quantity": 1}))
        corkage = {"serviceChargeId": zurich.charges["Corkage"]["id"]}
        due = _created(http.post(f"{url}/service-charges", json=corkage))["cashBalanceDue"]
        _created(http.post(f"{url}/payments", json={"amount": due, "paymentMethod": "CASH"}))
        _created(http.post(f"{url}/complete"))
        today = datetime.now(ZoneInfo("Europe/Zurich")).date().isoformat()
        query = {"locationId": LOCATION, "from": today, "to": today}
        report = _created(http.get("/api/reports/sales", params=query))
    page = open_back_office(browser, zurich.restaurant.base_url, zurich.manager_token)
    by_rate = page.get_by_role("table", name="Tax by rate")
    for tax in report["taxes"]:
        row = by_rate.get_by_role("row", name=re.compile(f"^{re.escape(tax['name'])}"))
        expect(row).to_contain_text(_chf(tax["taxAmount"]))
        expect(row).to_contain_text(_chf(tax["grossAmount"]))
    charges = page.get_by_role("table", name="Service charges")
    expect(charges.get_by_role("row", name=re.compile("^Corkage"))).to_contain_text(_chf(15))

"""The till in /manage: a drawer opened with a cash sale, a card sale and a pay-out is counted
and closed (its variance in words), the manager's shift shows, the X holds the day's figures,
closing the day is refused while a check is open and then forced with a reason, the Z prints
on a receipt printer, and the journal says it is intact (docs/design.md §17, §18)."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from browser.back_office import Office, go_to, office_screenshot, open_back_office
from browser.restaurant import screenshot
from browser.till_steps import till_tab
from printers import FakePrinter


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in (200, 201, 202), response.text
    body: dict[str, Any] = response.json()
    return body


def _order(http: httpx.Client, location: str, price: float) -> dict[str, Any]:
    """A counter order with one item at ``price`` (10% tax on top), left open."""
    product = _ok(
        http.post(
            "/api/products",
            json={"name": f"Dish {price}", "price": price, "taxRate": 0.1, "locationId": location},
        )
    )
    order = _ok(http.post("/api/orders", json={"orderType": "TAKEOUT", "locationId": location}))
    item = {"productId": product["id"], "quantity": 1}
    _ok(http.post(f"/api/orders/{order['id']}/items", json=item))
    return _ok(http.get(f"/api/orders/{order['id']}"))


def _sell(http: httpx.Client, location: str, price: float, method: str) -> float:
    order = _order(http, location, price)
    body = {"amount": order["total"], "paymentMethod": method}
    _ok(http.post(f"/api/orders/{order['id']}/payments", json=body))
    _ok(http.post(f"/api/orders/{order['id']}/complete"))
    total: float = order["total"]
    return total


def _seed(office: Office) -> dict[str, Any]:
    """The day so far: the Front till's drawer (float 100), a cash sale of 22.00 into it, a
    card sale of 13.75, a 5.00 pay-out, Marco clocked in, and a check still open."""
    location = office.restaurant.location_id
    manager = {"Authorization": f"Bearer {office.manager_token}"}
    with (
        office.http() as http,
        httpx.Client(base_url=office.restaurant.base_url, headers=manager, timeout=10) as marco,
    ):
        device = _ok(
            http.post(
                "/api/devices",
                json={"name": "Front till", "kind": "TERMINAL", "locationId": location},
            )
        )
        drawer = _ok(
            marco.post(
                "/api/cash-drawers",
                json={"locationId": location, "deviceId": device["id"], "openingFloat": 100},
            )
        )
        cash = _sell(http, location, 20, "CASH")
        card = _sell(http, location, 12.5, "CARD")
        pay_out = {"type": "PAY_OUT", "amount": 5, "reason": "Milk"}
        _ok(marco.post(f"/api/cash-drawers/{drawer['id']}/movements", json=pay_out))
        _ok(marco.post("/api/shifts/clock-in", json={"locationId": location}))
        still_open = _order(http, location, 4)
    assert (cash, card) == (22.0, 13.75)
    return {"drawer": drawer, "open": still_open}


def test_a_manager_counts_the_drawer_closes_the_day_and_prints_the_z(
    browser: Browser, office: Office
) -> None:
    seeded = _seed(office)
    page = open_back_office(browser, office.restaurant.base_url, office.manager_token)
    go_to(page, "Till")

    # Drawers: the open drawer, counted 2.00 short of its 117.00 (100 + 22 - 5).
    drawers = page.get_by_role("table", name="Drawers")
    row = drawers.get_by_role("row", name=re.compile("Front till"))
    expect(row).to_contain_text("Open")
    expect(row).to_contain_text("$100.00")
    expect(row).to_contain_text("$117.00")
    expect(row).to_contain_text("Marco")
    row.get_by_role("button", name="Movements").click()
    movements = page.get_by_role("table", name="Movements")
    expect(movements.get_by_role("row", name=re.compile("^Cash sales · 1"))).to_contain_text(
        "$22.00"
    )
    expect(movements.get_by_role("row", name=re.compile("^Pay-out"))).to_contain_text(
        re.compile(r"Milk · Marco · \d\d:\d\d.*-\$5\.00")
    )
    office_screenshot(page, "manage-till-drawers")
    row.get_by_role("button", name="Count and close").click()
    counting = page.get_by_role("form", name="Count and close")
    counting.get_by_label("Counted cash").fill("115")
    counting.get_by_role("button", name="Close drawer").click()
    expect(counting).to_be_hidden()
    expect(row).to_contain_text("$115.00")
    expect(row).to_contain_text("Short $2.00")
    expect(row.get_by_role("button", name="Count and close")).to_have_count(0)
    with office.http() as http:
        closed = _ok(http.get(f"/api/cash-drawers/{seeded['drawer']['id']}"))
    assert (closed["status"], closed["countedAmount"], closed["variance"]) == ("CLOSED", 115, -2)

    # Shifts (the arrow keys move along the tabs): Marco, still in.
    tabs = page.get_by_role("tablist", name="Till")
    tabs.get_by_role("tab", name="Drawers").press("ArrowRight")
    expect(tabs.get_by_role("tab", name="Shifts")).to_be_focused()
    expect(tabs.get_by_role("tab", name="Shifts")).to_have_attribute("aria-selected", "true")
    shift = page.get_by_role("table", name="Shifts").get_by_role("row", name=re.compile("Marco"))
    expect(shift).to_contain_text("still in")
    office_screenshot(page, "manage-till-shifts")

    # X: the two sales since no Z yet, and the drawer.
    till_tab(page, "X and Z")
    figures = page.get_by_role("table", name="X figures")
    expect(figures.get_by_role("row", name="Orders")).to_contain_text("2")
    expect(figures.get_by_role("row", name="Net sales")).to_contain_text("$32.50")
    expect(figures.get_by_role("row", name=re.compile("^Tax"))).to_contain_text("$3.25")
    expect(figures.get_by_role("row", name=re.compile("^Card"))).to_contain_text("$13.75")
    expect(figures.get_by_role("row", name=re.compile("^Cash ·"))).to_contain_text("$22.00")
    x_drawer = page.get_by_role("table", name="X drawers").get_by_role(
        "row", name=re.compile("Front till")
    )
    expect(x_drawer).to_contain_text("Short $2.00")
    expect(page.get_by_text("No day closed yet.")).to_be_visible()
    office_screenshot(page, "manage-till-x")

    # Closing the day: refused while the check is open, then forced with a reason.
    page.get_by_role("button", name="Close the day (Z)").click()
    dialog = page.get_by_role("dialog", name="Close the day")
    dialog.get_by_role("button", name="Close the day", exact=True).click()
    open_checks = dialog.get_by_role("list", name="Open checks")
    expect(open_checks).to_contain_text(f"Check {seeded['open']['orderNumber']}")
    close_anyway = dialog.get_by_role("button", name="Close anyway")
    expect(close_anyway).to_be_disabled()
    dialog.get_by_label("Reason").fill("Takeout left for tomorrow")
    close_anyway.click()
    expect(dialog).to_be_hidden()

    z_page = page.get_by_role("article", name="Z #1")
    expect(z_page.get_by_role("heading", name="Z #1")).to_be_visible()
    expect(z_page).to_contain_text("Closed with checks open: Takeout left for tomorrow")
    z_figures = z_page.get_by_role("table", name="Z #1 figures")
    expect(z_figures.get_by_role("row", name="Net sales")).to_contain_text("$32.50")
    expect(z_figures.get_by_role("row", name="Grand total")).to_contain_text("$32.50")
    expect(
        z_page.get_by_role("table", name="Z #1 drawers").get_by_role(
            "row", name=re.compile("Front till")
        )
    ).to_contain_text("$117.00")
    zs = page.get_by_role("table", name="Zs")
    expect(zs.get_by_role("row", name=re.compile("Z #1"))).to_contain_text("$32.50")
    # The X starts again from nothing.
    expect(figures.get_by_role("row", name="Orders")).to_contain_text("0")

    # Printed on a receipt printer made through the API.
    with FakePrinter() as bar, office.http() as http:
        bar.switch_on()
        body = {
            "name": "Bar",
            "kind": "RECEIPT",
            "locationId": office.restaurant.location_id,
            "host": "127.0.0.1",
            "port": bar.port,
        }
        printer = _ok(http.post("/api/printers", json=body))
        # The page reads the receipt printers when it opens: open it again.
        page.reload()
        go_to(page, "Till")
        till_tab(page, "X and Z")
        page.get_by_role("button", name="Show Z #1").click()
        z_page = page.get_by_role("article", name="Z #1")
        expect(z_page.get_by_label("Print on")).to_have_value(printer["id"])
        z_page.get_by_role("button", name="Print", exact=True).click()
        expect(z_page.get_by_role("status")).to_have_text("Sent to Bar printer.")
        printed = bar.wait_for(1)
        jobs = _ok(http.get(f"/api/printers/{printer['id']}/jobs"))["data"]
    assert [job["orderId"] for job in jobs] == [None]
    assert "Z" in printed[0]
    # The browser's print shows the Z page alone.
    page.emulate_media(media="print")
    expect(page.get_by_role("navigation", name="Back office")).to_be_hidden()
    expect(page.get_by_role("table", name="X figures")).to_be_hidden()
    expect(z_page.get_by_role("button", name="Print", exact=True)).to_be_hidden()
    expect(z_page.get_by_role("table", name="Z #1 figures")).to_be_visible()
    page.emulate_media(media="screen")
    # The Z page as a manager reads it: scrolled to its top.
    z_page.evaluate("page => page.scrollIntoView()")
    screenshot(page, "manage-till-z")

    # The journal: two sales and the Z, the chain intact.
    till_tab(page, "Journal")
    expect(page.get_by_role("status")).to_have_text("Journal intact · 3 entries")
    entries = page.get_by_role("table", name="Journal entries")
    expect(entries.get_by_role("row")).to_have_count(4)
    expect(entries.get_by_role("row").nth(1)).to_have_accessible_name(
        re.compile("^3 Z \u2013 .*\\$32\\.50")
    )
    expect(entries.get_by_role("row", name=re.compile(r"^1 Sale 1 "))).to_contain_text("$20.00")
    office_screenshot(page, "manage-till-journal")

"""A small restaurant made over the public API, and a terminal paired and signed in to it,
as a person does it: by role and accessible name."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import httpx
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from factories import ADMIN, LOCATION

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screens"
# docs/screens/ is written by `make screens` alone: a PNG of each screen costs the browser more
# than the checks on it, and a test run leaves the documentation as committed.
WRITE_SCREENSHOTS = bool(os.environ.get("BRIGADE_SCREENSHOTS"))
VIEWPORT: ViewportSize = {"width": 1024, "height": 768}
SERVER_PIN, MANAGER_PIN = "5173", "4826"
# The sign between a quantity and a name, as the terminal writes a line.
TIMES = "\N{MULTIPLICATION SIGN}"
PAID_LINE = re.compile(r"^Check #\d+ paid · ")
# How a screen waiting to be paired names its code for a screen reader: "Pairing code 4 8 2 9 1 3".
PAIRING_CODE = re.compile(r"^Pairing code( \d){6}$")


class Site(Protocol):
    """Where a screen opens: a restaurant made over the API, or a fresh server."""

    @property
    def base_url(self) -> str: ...


@dataclass
class Restaurant:
    base_url: str
    location_id: str
    products: dict[str, dict[str, Any]] = field(default_factory=dict)
    modifiers: dict[str, dict[str, Any]] = field(default_factory=dict)
    variants: dict[str, dict[str, Any]] = field(default_factory=dict)
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    staff: dict[str, dict[str, Any]] = field(default_factory=dict)

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, headers=ADMIN, timeout=10)

    def terminal_token(self) -> str:
        """A newly paired TERMINAL device: each browser is a tablet of its own."""
        return self.device_token("TERMINAL", "Tablet")

    def device_token(self, kind: str, name: str) -> str:
        with self.http() as http:
            body = {"name": name, "kind": kind, "locationId": self.location_id}
            return str(_created(http.post("/api/devices", json=body))["token"])

    def order(self, order_id: str) -> dict[str, Any]:
        with self.http() as http:
            response = http.get(f"/api/orders/{order_id}")
            assert response.status_code == 200, response.text
            body: dict[str, Any] = response.json()
            return body


def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    body: dict[str, Any] = response.json()
    return body


MENU: dict[str, dict[str | None, list[tuple[str, float]]]] = {
    "Mains": {
        "Burgers": [("Burger", 14.5)],
        None: [("Ribeye", 34), ("Fish of the day", 26)],
    },
    "Drinks": {None: [("Latte", 4), ("Lemonade", 3.5)]},
    "Sides": {None: [("Fries", 4.5), ("Salad", 6)]},
}
# The deeper menu (docs/design.md §9): groups of MODIFIER products with their rule (min, max), the
# products that offer them in order, and sizes with their own price (and barcode).
MODIFIER_GROUPS: dict[str, tuple[int, int, list[tuple[str, float]]]] = {
    "Temperature": (1, 1, [("Rare", 0), ("Medium rare", 0), ("Medium", 0), ("Well done", 0)]),
    "Extras": (0, 3, [("Bacon", 2), ("Cheese", 1.5), ("Avocado", 2.5), ("Fried egg", 1.5)]),
}
OFFERED_GROUPS = {"Ribeye": ["Temperature"], "Burger": ["Temperature", "Extras"]}
VARIANTS = {"Latte": [("Regular", 4, None), ("Large", 5.25, "4100000000001")]}
TABLES = {"Inside": ["1", "2", "3", "4"], "Patio": ["5", "6"]}
STAFF = {
    "Ana": ("SERVER", SERVER_PIN),
    "Ben": ("SERVER", SERVER_PIN),
    "Marco": ("MANAGER", MANAGER_PIN),
}


def set_up_restaurant(base_url: str, location_id: str = LOCATION) -> Restaurant:
    restaurant = Restaurant(base_url=base_url, location_id=location_id)
    with restaurant.http() as http:
        profile = {"name": "Harbour St", "timezone": "Europe/London", "currency": "USD"}
        _created(http.put(f"/api/locations/{location_id}", json=profile))
        for sort_order, (top, sections) in enumerate(MENU.items()):
            parent = _created(
                http.post(
                    "/api/categories",
                    json={"name": top, "locationId": location_id, "sortOrder": sort_order},
                )
            )
            for sub, products in sections.items():
                category = parent
                if sub is not None:
                    body = {
                        "name": sub,
                        "locationId": location_id,
                        "parentCategoryId": parent["id"],
                    }
                    category = _created(http.post("/api/categories", json=body))
                for name, price in products:
                    barcode = f"40000000{len(restaurant.products):05d}"
                    restaurant.products[name] = _product(
                        http, restaurant, name, price, categoryId=category["id"], barcode=barcode
                    )
        _deepen_menu(http, restaurant)
        for section, names in TABLES.items():
            for name in names:
                body = {"locationId": location_id, "name": name, "section": section, "seats": 4}
                restaurant.tables[name] = _created(http.post("/api/tables", json=body))
        for name, (role, pin) in STAFF.items():
            member = _created(http.post("/api/staff", json={"name": name, "role": role}))
            _created(http.put(f"/api/staff/{member['id']}/pin", json={"pin": pin}))
            restaurant.staff[name] = member
    return restaurant


def served_to_guests(restaurant: Restaurant, ordering: str) -> Iterator[None]:
    """The restaurant takes guests' phones (``ordering``: MENU, ORDER, ...) for a test, as it
    was before after (docs/design.md §28)."""
    path = f"/api/locations/{restaurant.location_id}"
    with restaurant.http() as http:
        before = http.get(path).json()
        profile = {k: v for k, v in before.items() if k not in ("id", "createdAt", "updatedAt")}
        assert http.put(path, json=profile | {"guestOrdering": ordering}).status_code == 200
    yield
    with restaurant.http() as http:
        assert http.put(path, json=profile).status_code == 200


def settle_channel_orders(restaurant: Restaurant) -> None:
    """Channel orders a test left waiting, cooking or ready end (a NEW one refused, another's
    check cancelled): later tests' terminals open onto a floor with no channel's card."""
    with restaurant.http() as http:
        params = {"locationId": restaurant.location_id}
        for left in http.get("/api/channel-orders", params=params).json():
            if left["status"] == "NEW":
                refuse = {"reason": "the test is over"}
                answer = http.post(f"/api/channel-orders/{left['id']}/refuse", json=refuse)
            else:
                cancel = {"reason": "the test is over"}
                answer = http.request("DELETE", f"/api/orders/{left['orderId']}", json=cancel)
            assert answer.status_code == 200, answer.text


def add_receipt_printer(restaurant: Restaurant, name: str, port: int) -> None:
    """A receipt printer at 127.0.0.1:``port`` (a fake one, tests/printers.py)."""
    body = {
        "name": name,
        "locationId": restaurant.location_id,
        "host": "127.0.0.1",
        "port": port,
        "kind": "RECEIPT",
    }
    with restaurant.http() as http:
        _created(http.post("/api/printers", json=body))


def _product(
    http: httpx.Client, restaurant: Restaurant, name: str, price: float, **fields: str
) -> dict[str, Any]:
    body = {"name": name, "price": price, "taxRate": 0.1, "locationId": restaurant.location_id}
    return _created(http.post("/api/products", json=body | fields))


def _deepen_menu(http: httpx.Client, restaurant: Restaurant) -> None:
    location_id = restaurant.location_id
    groups: dict[str, str] = {}
    for group, (least, most, options) in MODIFIER_GROUPS.items():
        for name, price in options:
            restaurant.modifiers[name] = _product(
                http, restaurant, name, price, productType="MODIFIER"
            )
        body = {
            "name": group,
            "locationId": location_id,
            "minSelections": least,
            "maxSelections": most,
            "options": [{"productId": restaurant.modifiers[name]["id"]} for name, _ in options],
        }
        groups[group] = _created(http.post("/api/modifier-groups", json=body))["id"]
    for product, offered in OFFERED_GROUPS.items():
        body = {"modifierGroupIds": [groups[group] for group in offered]}
        _created(http.put(f"/api/products/{restaurant.products[product]['id']}", json=body))
    for product, sizes in VARIANTS.items():
        for name, price, barcode in sizes:
            path = f"/api/products/{restaurant.products[product]['id']}/variants"
            body = {"name": name, "price": price, "barcode": barcode}
            restaurant.variants[f"{product} ({name})"] = _created(http.post(path, json=body))


def open_terminal(browser: Browser, site: Site, *, fake_clock: bool = False) -> Page:
    """A new tablet (its own browser context) at the terminal's first screen; with
    ``fake_clock`` its timers run only when the test moves ``page.clock`` on."""
    return open_screen(browser, site, "/", VIEWPORT, fake_clock=fake_clock)


def open_screen(
    browser: Browser,
    site: Site,
    path: str,
    viewport: ViewportSize,
    *,
    fake_clock: bool = False,
) -> Page:
    """A new device (its own browser context) at the screen ``path``."""
    context = browser.new_context(viewport=viewport, base_url=site.base_url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    if fake_clock:
        page.clock.install()
    page.goto(path)
    return page


def pair(page: Page, restaurant: Restaurant) -> None:
    paste_token(page, restaurant.terminal_token())


def paste_token(page: Page, token: str) -> None:
    """Pairs a screen the fallback way, with a device token pasted (docs/design.md §23)."""
    page.get_by_role("button", name="Pair with a token instead").click()
    page.get_by_label("Device token").fill(token)
    page.get_by_role("button", name="Pair", exact=True).click()


def shown_code(page: Page) -> str:
    """The pairing code a screen shows, as it reads it: large digits, "482 913"."""
    shown = page.get_by_label(PAIRING_CODE)
    expect(shown).to_have_text(re.compile(r"^\d{3} \d{3}$"))
    size = shown.evaluate("element => parseFloat(getComputedStyle(element).fontSize)")
    assert size >= 72, size
    return shown.inner_text()


def type_pin(page: Page, pin: str) -> None:
    for digit in pin:
        page.get_by_role("button", name=digit, exact=True).click()
    page.get_by_role("button", name="Enter PIN").click()


def sign_in(page: Page, name: str, pin: str = SERVER_PIN) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    type_pin(page, pin)
    expect(page.get_by_role("status", name="Connection")).to_have_text(re.compile("Online"))


def signed_in_terminal(browser: Browser, restaurant: Restaurant, name: str) -> Page:
    page = open_terminal(browser, restaurant)
    pair(page, restaurant)
    sign_in(page, name)
    return page


def guests_of(count: int) -> str:
    """A check's guests as the terminal says them: "1 guest", "3 guests"."""
    return f"{count} guest" if count == 1 else f"{count} guests"


def seat(page: Page, table: str, guests: int) -> None:
    page.get_by_role("button", name=f"Table {table}, free").click()
    page.get_by_role("button", name=guests_of(guests), exact=True).click()
    expect(page.get_by_role("heading", name=re.compile(r"Check #"))).to_be_visible()
    # Keys pressed while the guests dialog still holds the focus are its own, not a scan.
    expect(page.get_by_role("dialog")).to_have_count(0)


def open_category(page: Page, name: str) -> None:
    page.get_by_role("group", name="Categories").get_by_role("button", name=name).click()


def add(page: Page, product: str) -> None:
    page.get_by_role("group", name="Products").get_by_role(
        "button", name=product, exact=True
    ).click()


def chooser(page: Page, product: str) -> Locator:
    """The chooser sheet a product opens (after tapping it)."""
    sheet = page.get_by_role("dialog", name=product, exact=True)
    expect(sheet).to_be_visible()
    return sheet


def pick(sheet: Locator, *options: str) -> None:
    for option in options:
        sheet.get_by_role("button", name=option, exact=True).click()
        expect(sheet.get_by_role("button", name=option, exact=True)).to_have_attribute(
            "aria-pressed", "true"
        )


def add_button(sheet: Locator) -> Locator:
    """The chooser's Add, which says the price: "Add · $18.00", "Add 2 · $36.00"."""
    return sheet.get_by_role("button", name=re.compile(r"^Add (\d+ )?·"))


def add_choice(sheet: Locator, price: str) -> None:
    """Taps Add, checking the price the chooser shows first."""
    expect(add_button(sheet)).to_have_text(re.compile(re.escape(price) + "$"))
    add_button(sheet).click()
    expect(sheet).to_be_hidden()


# A barcode scanner types its digits and Enter within a few milliseconds, as one burst: the
# terminal tells it from a person by that. Typed one key per Playwright call, a busy machine
# can space the keys further apart than any scanner, so the burst is made in the page.
_SCAN = """(code) => {
  for (const key of [...code, "Enter"]) {
    document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  }
}"""


def scan(page: Page, barcode: str) -> None:
    page.evaluate(_SCAN, barcode)


# Every IndexedDB store of the page, by "database/store", and how many records it holds.
_STORED = """async () => {
  const counts = {};
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise((ok, no) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => ok(opening.result);
      opening.onerror = () => no(opening.error);
    });
    for (const store of db.objectStoreNames) {
      counts[`${name}/${store}`] = await new Promise((ok) => {
        const counting = db.transaction(store).objectStore(store).count();
        counting.onsuccess = () => ok(counting.result);
      });
    }
    db.close();
  }
  return counts;
}"""


def stored(page: Page) -> dict[str, int]:
    """How many records each IndexedDB store of the page holds (the outbox among them)."""
    counts: dict[str, int] = page.evaluate(_STORED)
    return counts


def all_sent(page: Page, timeout: float = 10.0) -> None:
    """Waits until the tablet's outbox is empty: every change tapped has reached the server
    (a tap is answered on the tablet at once and sent behind it)."""
    deadline = time.monotonic() + timeout
    while waiting := {k: n for k, n in stored(page).items() if k.endswith("/outbox") and n}:
        assert time.monotonic() < deadline, f"still waiting to be sent: {waiting}"
        page.wait_for_timeout(50)


def line(page: Page, text: str) -> Any:
    return page.get_by_role("list", name="Lines").get_by_role("listitem", name=text, exact=True)


def line_tools(page: Page, text: str) -> Locator:
    """A line of the check with its tools (One less, One more, Note, Seat, Void) shown: one
    line shows them at a time, the newest until another is tapped
    (web/src/terminal/check/selected.ts)."""
    return show_tools(line(page, text))


def show_tools(shown: Locator) -> Locator:
    """The check's line ``shown``, tapped to show its tools unless it shows them already."""
    toggle = shown.locator("button[aria-expanded]")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    return shown


# Every visible control at least ``target`` px high (inline text fields too), every visible
# piece of text at least ``text`` px: what screens.md asks (44 and 16 on the terminal, 64 and
# 20 on the kitchen display).
_TOO_SMALL = """({target, text}) => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const small = [];
  for (const e of document.querySelectorAll("button, input")) {
    if (shown(e) && e.getBoundingClientRect().height < target) small.push(e.outerHTML.slice(0, 80));
  }
  for (const e of document.querySelectorAll("body *")) {
    const words = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (words && shown(e) && parseFloat(getComputedStyle(e).fontSize) < text) {
      small.push(e.outerHTML.slice(0, 80));
    }
  }
  return small;
}"""


def screenshot(page: Page, name: str, *, target: int = 44, text: int = 16) -> None:
    """Checks the screen holds to the size rules, and saves it for docs/screens/ when
    `make screens` asks."""
    too_small = page.evaluate(_TOO_SMALL, {"target": target, "text": text})
    assert too_small == [], too_small
    if not WRITE_SCREENSHOTS:
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}.png", caret="hide", animations="disabled")


def approve(page: Page) -> None:
    """Marco, the manager, approves on the sheet asking for it with his PIN."""
    approval = page.get_by_role("dialog", name="Manager approval")
    approval.get_by_role("button", name="Marco").click()
    for digit in MANAGER_PIN:
        approval.get_by_role("button", name=digit, exact=True).click()
    approval.get_by_role("button", name="Enter PIN").click()
    expect(approval).to_be_hidden()


def charge_card(paying: Locator, last_four: str) -> None:
    """On the payment sheet: the card's last four typed, then Charge card."""
    paying.get_by_label("Card last four").fill(last_four)
    paying.get_by_role("button", name=re.compile("^Charge card")).click()


def paid_line(page: Page) -> Locator:
    """The top bar's word that a check closed by itself once paid ("Check #1001 paid · …")."""
    return page.get_by_role("banner").get_by_role("status").filter(has_text=PAID_LINE)


def closed_once_paid(page: Page) -> None:
    """A check paid in full with no change to give closed by itself (it completed on the
    server): no sheet left, the floor shows and the top bar says it was paid."""
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(paid_line(page)).to_be_visible()
    all_sent(page)


def pay_whole(page: Page, *, card: bool = False) -> None:
    """Pays the open check's balance (cash exact, or on card without a tip): the check
    completes and closes by itself."""
    page.get_by_role("button", name="Pay").click()
    paying = page.get_by_role("dialog", name=re.compile("^Pay check"))
    if card:
        paying.get_by_label("Card last four").fill("4242")
        paying.get_by_role("button", name=re.compile("^Charge card")).click()
    else:
        paying.get_by_role("button", name="Cash", exact=True).click()
        paying.get_by_role("button", name=re.compile("^Take cash")).click()
    closed_once_paid(page)


def change_given(page: Page, change: str | re.Pattern[str]) -> None:
    """The receipt summary of a check paid with cash to hand back: the ``change`` in large
    type, then Done closes the check."""
    receipt = page.get_by_role("dialog", name=re.compile("^Receipt"))
    expect(receipt.locator(".change-big")).to_contain_text("Change to give: ")
    expect(receipt.locator(".change-big strong")).to_have_text(change)
    receipt.get_by_role("button", name="Done").click()
    expect(receipt).to_have_count(0)
    all_sent(page)


def refund_line(page: Page, shown: Locator, name: str) -> None:
    """One ``name`` of the closed check ``shown`` refunded, a manager approving."""
    shown.get_by_role("button", name="Refund").click()
    refunding = page.get_by_role("dialog", name=re.compile("^Refund check"))
    refunding.get_by_role("button", name=f"1 {TIMES} {name}").click()
    refunding.get_by_role("button", name=f"Refund 1 {TIMES} {name}").click()
    approve(page)
    expect(shown.get_by_role("status")).to_have_text(f"Refunded 1 {TIMES} {name}.")

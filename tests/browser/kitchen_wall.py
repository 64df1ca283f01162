"""The kitchen display in a browser: a paired wall screen at 1920x1080, and orders sent over the
public API by servers signed in with their PINs, as a terminal does it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from browser.restaurant import (
    OFFERED_GROUPS,
    SERVER_PIN,
    VARIANTS,
    Restaurant,
    _created,
    open_screen,
    paste_token,
)

KITCHEN_VIEWPORT: ViewportSize = {"width": 1920, "height": 1080}


def kitchen_device(restaurant: Restaurant, name: str = "Pass") -> dict[str, Any]:
    """A new kitchen display (its id and token)."""
    with restaurant.http() as http:
        body = {"name": name, "kind": "KITCHEN_DISPLAY", "locationId": restaurant.location_id}
        return _created(http.post("/api/devices", json=body))


def kitchen_token(restaurant: Restaurant) -> str:
    return str(kitchen_device(restaurant)["token"])


def open_kitchen(
    browser: Browser, restaurant: Restaurant, *, fake_clock: bool = False, token: str | None = None
) -> Page:
    """A new wall screen, paired with ``token`` (else a token of its own), online and showing
    the board."""
    page = open_screen(browser, restaurant, "/kitchen", KITCHEN_VIEWPORT, fake_clock=fake_clock)
    paste_token(page, token or kitchen_token(restaurant))
    expect(page.get_by_role("status", name="Connection")).to_have_text(re.compile("Online"))
    return page


def station_screen(browser: Browser, restaurant: Restaurant, station_id: str, name: str) -> Page:
    """A kitchen display whose station the back office set, paired and showing its board."""
    device = kitchen_device(restaurant, name)
    with restaurant.http() as http:
        url = f"/api/devices/{device['id']}/station"
        _created(http.put(url, json={"stationId": station_id}))
    page = open_kitchen(browser, restaurant, token=device["token"])
    # The top bar names the screen's station after its location's name.
    expect(page.get_by_role("banner")).to_contain_text(f" · {name}")
    return page


def more_menu(page: Page) -> Locator:
    """The top bar's "⋯ More" menu (the station, compact, sound, the recall list), opened."""
    menu = page.get_by_role("menu", name="More")
    if not menu.count():
        page.get_by_role("button", name="More", exact=True).click()
    expect(menu).to_be_visible()
    return menu


def choose(page: Page, name: str) -> None:
    """An action of the "⋯ More" menu ("Station: Everything", "Recall list"), chosen."""
    more_menu(page).get_by_role("menuitem", name=name).click()


def setting(page: Page, name: str) -> Locator:
    """A setting of the "⋯ More" menu ("Compact", "Sound"): tap it to turn it on or off;
    `aria-checked` says which it is."""
    return more_menu(page).get_by_role("menuitemcheckbox", name=name)


def ticket(page: Page, order: dict[str, Any]) -> Locator:
    return page.get_by_role("article", name=f"Ticket {order['orderNumber']}")


def item(card: Locator, label: str) -> Locator:
    """An item of a card by what it says: "2 Burger, to make" (a button: tap it), "1 Fries,
    void" (struck through)."""
    return card.get_by_role("list", name="Items").get_by_label(label, exact=True)


def required_choices(restaurant: Restaurant, product: str) -> dict[str, Any]:
    """What the terminal's chooser would make a server pick for ``product``: a temperature
    (Medium), a size (the first)."""
    choices: dict[str, Any] = {}
    if "Temperature" in OFFERED_GROUPS.get(product, ()):
        choices["modifiers"] = [{"modifierOptionId": restaurant.modifiers["Medium"]["id"]}]
    if product in VARIANTS:
        size = VARIANTS[product][0][0]
        choices["variantId"] = restaurant.variants[f"{product} ({size})"]["id"]
    return choices


@dataclass
class Server:
    """A server signed in with their PIN on a terminal, taking orders over the API."""

    restaurant: Restaurant
    token: str

    def send(
        self,
        lines: list[tuple[str, float] | tuple[str, float, dict[str, Any]]],
        *,
        table: str | None = None,
        order_type: str = "DINE_IN",
        order: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Add ``lines`` (product name, quantity, extra fields) to a new order (or ``order``)
        and send them; answers the order."""
        headers = {"Authorization": f"Bearer {self.token}"}
        with self.restaurant.http() as http:
            http.headers.update(headers)
            if order is None:
                body: dict[str, Any] = {"orderType": order_type}
                if table is not None:
                    body["tableId"] = self.restaurant.tables[table]["id"]
                order = _created(http.post("/api/orders", json=body))
            for name, quantity, *extra in lines:
                product = self.restaurant.products[name]["id"]
                line = {"productId": product, "quantity": quantity}
                line |= required_choices(self.restaurant, name) | (extra[0] if extra else {})
                _created(http.post(f"/api/orders/{order['id']}/items", json=line))
            _created(http.post(f"/api/orders/{order['id']}/send"))
        return order


def signed_in_server(restaurant: Restaurant, name: str) -> Server:
    with restaurant.http() as http:
        body = {"name": "Tablet", "kind": "TERMINAL", "locationId": restaurant.location_id}
        terminal = _created(http.post("/api/devices", json=body))["token"]
        sign_in = {"staffId": restaurant.staff[name]["id"], "pin": SERVER_PIN}
        session = http.post(
            "/api/sessions", json=sign_in, headers={"Authorization": f"Bearer {terminal}"}
        )
        return Server(restaurant, str(_created(session)["token"]))


def clear_board(restaurant: Restaurant) -> None:
    """Bump whatever an earlier test left, so each test reads a board of its own."""
    with restaurant.http() as http:
        board = http.get("/api/kitchen/board", params={"locationId": restaurant.location_id})
        for left in board.json()["tickets"]:
            _created(http.post(f"/api/kitchen/tickets/{left['id']}/bump"))


# The rush's dishes: tickets of 1 to 5 lines, every fourth 8, so the cards differ in height.
RUSH_DISHES = ["Burger", "Fries", "Salad", "Ribeye", "Latte", "Lemonade"]


def seed_rush(
    restaurant: Restaurant,
    count: int,
    *,
    notes: bool = False,
    sizes: Callable[[int], int] | None = None,
) -> list[dict[str, Any]]:
    """``count`` orders sent over the API by two servers, oldest first, the nth of ``sizes(n)``
    lines (else 1 to 5, every fourth 8; every fifth with an allergy note on its first line when
    ``notes``)."""
    servers = [signed_in_server(restaurant, "Ana"), signed_in_server(restaurant, "Ben")]
    orders = []
    for n in range(count):
        size = sizes(n) if sizes else 8 if n % 4 == 3 else 1 + n % 5
        lines: list[Any] = [(RUSH_DISHES[(n + k) % 6], 1 + k % 2) for k in range(size)]
        if notes and n % 5 == 0:
            lines[0] = (lines[0][0], lines[0][1], {"notes": "allergy: nuts"})
        orders.append(servers[n % 2].send(lines, table=str(1 + n % 6)))
    return orders

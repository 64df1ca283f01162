"""Channels' orders on the terminal's floor (docs/design.md §29, screens.md "Channels on the
terminal"), in a real browser against a real server: two platforms push signed orders as the
channel simulator signs them, one before the terminal signs in (the floor lists it), one after
(the event stream brings it). Each shows as a card at the top of the floor with its channel,
number, customer, pickup time in the location's time zone, lines, total and who took the
payment, and a countdown to accept that ticks (red in its last minute). Accept sends one to
the kitchen (PREPARING); once the kitchen bumps it, it is READY and "Picked up" hands it over
with the platform's payment (PICKED_UP). The other is refused with a reason (REFUSED)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import orjson
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from browser.restaurant import (
    TIMES,
    Restaurant,
    screenshot,
    settle_channel_orders,
    signed_in_terminal,
)
from channels.channel_simulator import an_order, sign

Json = dict[str, Any]
# The products' PLUs, as the platforms name them (a PLU is the product's sku).
PLUS = {"Salad": "SAL", "Fries": "FRY", "Lemonade": "LEM"}
COUNTDOWN = re.compile(r"^\d\d:\d\d$")


def _ok(response: httpx.Response, status: int = 200) -> Json:
    assert response.status_code == status, response.text
    body: Json = response.json()
    return body


def _platform(http: httpx.Client, restaurant: Restaurant, name: str, **fields: Any) -> Json:
    """An INBOUND channel for the platform ``name``, with its secret."""
    body = {"locationId": restaurant.location_id, "kind": "INBOUND", "name": name} | fields
    return _ok(http.post("/api/channels", json=body), 201)


def _push(http: httpx.Client, channel: Json, order: Json) -> Json:
    """The platform pushes ``order``, signed with the channel's secret, as the platform would:
    with no credential of Brigade's."""
    body = orjson.dumps(order)
    headers = sign(channel["secret"], body) | {"Authorization": ""}
    return _ok(
        http.post(f"/api/channels/{channel['id']}/orders", content=body, headers=headers), 201
    )


def _card(floor: Page, channel: str, pushed: Json) -> Locator:
    return floor.get_by_role("article", name=f"{channel} order #{pushed['orderNumber']}")


def _pickup(pushed: Json) -> str:
    """The pickup time as the terminal writes it, in the location's time zone: "6:30 PM"."""
    at = datetime.fromisoformat(pushed["pickupAt"]).astimezone(ZoneInfo("Europe/London"))
    return at.strftime("%I:%M %p").lstrip("0")


@pytest.fixture(autouse=True)
def _settled(restaurant: Restaurant) -> Iterator[None]:
    """Whatever the test leaves (a failure half-way) ends with it: the next terminal's floor
    shows no channel's card."""
    yield
    settle_channel_orders(restaurant)


def test_platform_orders_are_accepted_refused_and_handed_over_on_the_floor(
    browser: Browser, restaurant: Restaurant
) -> None:
    with restaurant.http() as http:
        for name, plu in PLUS.items():
            path = f"/api/products/{restaurant.products[name]['id']}"
            _ok(http.put(path, json={"sku": plu}))
        uber = _platform(http, restaurant, "Uber Eats")
        # A short window: its card is in its last minute at once.
        deliveroo = _platform(http, restaurant, "Deliveroo", acceptWindowSeconds=62)
        # One pushed before the terminal signs in: the floor lists it as it opens ...
        delivery = an_order(("SAL", 2), ("FRY", 1), ("LEM", 2), paid=True, customerName="Ana")
        delivery["items"][0]["notes"] = "Dressing on the side"
        paid = _push(http, uber, delivery)
    floor = signed_in_terminal(browser, restaurant, "Ana")
    expect(_card(floor, "Uber Eats", paid)).to_be_visible()
    # ... and one pushed while the floor is open: the stream brings its card.
    with restaurant.http() as http:
        takeout = an_order(("FRY", 2), orderType="TAKEOUT", customerName="Sam")
        unpaid = _push(http, deliveroo, takeout)
    accepting, refusing = _card(floor, "Uber Eats", paid), _card(floor, "Deliveroo", unpaid)

    expect(accepting).to_contain_text("Ana")
    expect(accepting).to_contain_text(f"Delivery · pickup {_pickup(paid)}")
    expect(accepting.get_by_role("list", name="What was ordered")).to_contain_text(
        f"2 {TIMES} Salad"
    )
    expect(accepting).to_contain_text("Dressing on the side")
    expect(accepting).to_contain_text(f"${paid['total']:.2f}")
    expect(accepting).to_contain_text("Paid online")
    expect(refusing).to_contain_text(f"Takeout · pickup {_pickup(unpaid)}")
    expect(refusing).to_contain_text("Pay at pickup")

    # The countdown to accept: ten minutes less what has passed, ticking every second.
    timer = accepting.get_by_role("timer")
    expect(timer).to_have_text(re.compile(r"^(10:00|09:[0-5]\d)$"))
    shown = timer.inner_text()
    expect(timer).not_to_have_text(shown, timeout=3_000)
    expect(timer).to_have_attribute("aria-label", f"Accept within {timer.inner_text()}")
    expect(accepting).not_to_have_class(re.compile("urgent"))
    # In its last minute, the other card turns red.
    expect(refusing.get_by_role("timer")).to_have_text(re.compile(r"^00:[0-5]\d$"), timeout=5_000)
    expect(refusing).to_have_class(re.compile("urgent"))
    screenshot(floor, "channel-order-countdown")

    # Accept: the card leaves and the order goes to the kitchen.
    accepting.get_by_role("button", name="Accept").click()
    expect(accepting).to_have_count(0)
    with restaurant.http() as http:
        assert _ok(http.get(f"/api/channel-orders/{paid['id']}"))["status"] == "PREPARING"

    # Refuse, with a quick reason and a word more: the platform is told it.
    refusing.get_by_role("button", name="Refuse").click()
    sheet = floor.get_by_role("dialog", name=f"Refuse Deliveroo order #{unpaid['orderNumber']}")
    sheet.get_by_role("button", name="Too busy").click()
    expect(sheet.get_by_role("button", name="Too busy")).to_have_attribute("aria-pressed", "true")
    reason = sheet.get_by_label("Why (the platform tells the guest)")
    reason.press("End")
    reason.press_sequentially(", sorry")
    expect(reason).to_have_value("Too busy, sorry")
    screenshot(floor, "channel-order-refuse")
    sheet.get_by_role("button", name="Refuse order").click()
    expect(sheet).to_have_count(0)
    expect(refusing).to_have_count(0)
    # Its check is cancelled: off the floor's takeouts, the accepted one's left.
    tabs = floor.get_by_test_id("tab-list").get_by_role("button")
    expect(tabs).to_have_count(1)
    expect(tabs).to_contain_text(f"#{paid['orderNumber']}")
    with restaurant.http() as http:
        refused = _ok(http.get(f"/api/channel-orders/{unpaid['id']}"))
        assert (refused["status"], refused["reason"]) == ("REFUSED", "Too busy, sorry")

        # The kitchen bumps the accepted one: ready, and handed to its courier from the floor.
        tickets = _ok(http.get("/api/kitchen/tickets"))["data"]
        [ticket] = [each for each in tickets if each["orderId"] == paid["orderId"]]
        _ok(http.post(f"/api/kitchen/tickets/{ticket['id']}/bump"))
    ready = floor.get_by_role("article", name=f"Uber Eats order #{paid['orderNumber']} is ready")
    expect(ready).to_contain_text("Paid online")
    screenshot(floor, "channel-order-ready")
    ready.get_by_role("button", name="Picked up").click()
    expect(ready).to_have_count(0)
    with restaurant.http() as http:
        assert _ok(http.get(f"/api/channel-orders/{paid['id']}"))["status"] == "PICKED_UP"
        assert _ok(http.get(f"/api/orders/{paid['orderId']}"))["status"] == "COMPLETED"

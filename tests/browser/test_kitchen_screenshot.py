"""The kitchen display's screenshot (docs/screens/kitchen.png): a dozen tickets of a busy
service at 1920x1080, in all three ages, with modifiers, notes, additions, a void, items being
made and ready. The location's thresholds are 1 and 2 minutes so one minute of sends shows
every colour: the tickets are sent at once, then moved back in the server's database as if sent
eight seconds apart, the newest 40 seconds ago (waiting two minutes for real cost more than the
rest of the screen tests together). The wall's clock is the server's (docs/design.md §21), so
the tickets are moved on the server, not the browser's clock forward."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from playwright.sync_api import Browser, expect
from sqlalchemy import select
from sqlalchemy.ext.asyncio import create_async_engine

from brigade.kit.db.engine import async_url
from brigade.kitchen.tables import kitchen_tickets
from browser.kitchen_wall import open_kitchen, signed_in_server, ticket
from browser.restaurant import Restaurant, screenshot
from server import ServerProcess

SECONDS_BETWEEN_SENDS = 8
NEWEST_AGE = 40


async def _spread_out(database_url: str) -> None:
    """Every send's ticket moved back, SECONDS_BETWEEN_SENDS apart, the newest by NEWEST_AGE (the
    void's ticket, made after them all, stays as it is)."""
    engine = create_async_engine(async_url(database_url))
    try:
        async with engine.begin() as connection:
            rows = await connection.execute(
                select(kitchen_tickets.c.id, kitchen_tickets.c.created_at)
                .where(kitchen_tickets.c.kind == "ORDER")
                .order_by(kitchen_tickets.c.created_at.desc())
            )
            for back, (ticket_id, created_at) in enumerate(rows.all()):
                back_by = NEWEST_AGE + back * SECONDS_BETWEEN_SENDS
                earlier = created_at - timedelta(seconds=back_by)
                await connection.execute(
                    kitchen_tickets.update()
                    .where(kitchen_tickets.c.id == ticket_id)
                    .values(created_at=earlier)
                )
    finally:
        await engine.dispose()


def _options(restaurant: Restaurant, *names: str) -> list[dict[str, Any]]:
    """The menu's own modifier options (a burger's temperature and extras)."""
    return [{"modifierOptionId": restaurant.modifiers[name]["id"]} for name in names]


def _set_status(restaurant: Restaurant, order: dict[str, Any], index: int, status: str) -> None:
    with restaurant.http() as http:
        item = http.get(f"/api/orders/{order['id']}").json()["items"][index]
        url = f"/api/orders/{order['id']}/items/{item['id']}"
        assert http.put(url, json={"status": status}).status_code == 200


def test_a_dozen_tickets_at_1920x1080(
    browser: Browser, restaurant: Restaurant, screen_server: ServerProcess
) -> None:
    with restaurant.http() as http:
        profile = {"name": "Harbour St", "timezone": "Europe/London"}
        thresholds = {"ticketWarnMinutes": 1, "ticketLateMinutes": 2}
        assert http.put(f"/api/locations/{restaurant.location_id}", json=profile | thresholds)
    ana, ben = signed_in_server(restaurant, "Ana"), signed_in_server(restaurant, "Ben")
    options = {name: _options(restaurant, *choices) for name, choices in
               (("bacon", ("Medium", "Bacon", "Cheese")), ("medium rare", ("Medium rare",)),
                ("rare", ("Rare",)))}  # fmt: skip
    bacon = {"modifiers": options["bacon"], "notes": "no onions"}
    rounds: list[Any] = [
        lambda: ana.send([("Burger", 2, bacon), ("Fries", 2)], table="1"),
        lambda: ben.send(
            [("Ribeye", 1, {"modifiers": options["medium rare"]}), ("Salad", 1)], table="2"
        ),
        lambda: ana.send([("Latte", 2), ("Lemonade", 1)], order_type="TAKEOUT"),
        lambda: ben.send([("Fish of the day", 1), ("Fries", 1)], table="3"),
        lambda: ana.send([("Lemonade", 3)], order_type="BAR_TAB"),
        lambda: ben.send(
            [("Burger", 2), ("Salad", 1, {"notes": "dressing on the side"})], table="4"
        ),
        lambda: ana.send([("Ribeye", 2, {"modifiers": options["rare"]})], table="5"),
        lambda: ana.send([("Fries", 1)], order=orders[0]),
        lambda: ben.send([("Burger", 1), ("Fries", 1)], order_type="TAKEOUT"),
        lambda: ana.send([("Latte", 4)], table="6"),
        lambda: ben.send([("Salad", 1, {"notes": "allergy: nuts"})], order=orders[1]),
        lambda: ana.send([("Fish of the day", 2), ("Lemonade", 2)], order_type="DELIVERY"),
    ]
    orders: list[dict[str, Any]] = []  # two rounds add to the orders sent before them
    for send in rounds:
        orders.append(send())
    with restaurant.http() as http:
        fries = http.get(f"/api/orders/{orders[3]['id']}").json()["items"][1]
        void = {"reason": "Out of fries"}
        url = f"/api/orders/{orders[3]['id']}/items/{fries['id']}"
        assert http.request("DELETE", url, json=void).status_code == 200
    _set_status(restaurant, orders[0], 0, "READY")
    _set_status(restaurant, orders[0], 1, "PREPARING")
    _set_status(restaurant, orders[5], 0, "PREPARING")
    _set_status(restaurant, orders[6], 0, "READY")
    # On another thread: Playwright's sync API keeps an event loop running on this one.
    with ThreadPoolExecutor(max_workers=1) as other_thread:
        other_thread.submit(asyncio.run, _spread_out(screen_server.database_url)).result()
    kitchen = open_kitchen(browser, restaurant)

    # The newest ticket is under a minute old (fresh); the oldest past two minutes (late).
    expect(kitchen.get_by_role("article")).to_have_count(12)
    expect(ticket(kitchen, orders[0]).first.get_by_role("timer")).to_contain_text("LATE")
    expect(ticket(kitchen, orders[11]).get_by_role("timer")).to_have_text(
        re.compile(r"^00:[45]\d$")
    )
    kitchen.mouse.move(0, 0)
    screenshot(kitchen, "kitchen", target=44, text=20)

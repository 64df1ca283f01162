"""Events stay small whatever the order: the probe's order of 500 items x 20 modifiers of 100
characters with 500-character notes made every change a 2.2 MB `order.updated`, a 256 MB
catch-up page and a worker of 1 GB. Here the bound is 8 KiB (the setting) and the order a
dozen such items, so the same overflow happens in a few requests: an order or ticket past the
bound is a summary with a link, and a page stops at its byte budget without skipping any
event. bench/heavy_events.py measures a worker's memory with the probe's full order."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from brigade.settings import Settings
from events.api.event_helpers import all_events, read_events
from factories import AppClient, make_order, make_product

MAX_EVENT_BYTES = 8 * 1024
PAGE_BYTES = 16 * 1024
AD_HOC = "0196a1b2-0000-7000-8000-0000000000aa"
ITEMS = 12


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(
        update={"event_max_bytes": MAX_EVENT_BYTES, "event_page_bytes": PAGE_BYTES}
    )


def _heavy_order(client: AppClient) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The probe's heaviest legal lines: 20 modifiers of 100 characters and 500 of notes."""
    product = make_product(client, price=10)
    order = make_order(client)
    modifiers = [
        {"modifierOptionId": AD_HOC, "name": f"{n:03d}" + "m" * 97, "price": 0} for n in range(20)
    ]
    items = []
    for _ in range(ITEMS):
        body = {
            "productId": product["id"],
            "quantity": 1,
            "modifiers": modifiers,
            "notes": "n" * 500,
        }
        response = client.post(f"/api/orders/{order['id']}/items", json=body)
        assert response.status_code == 201, response.text
        items.append(response.json())
    return order, items


def _change_quantities(
    client: AppClient, order: dict[str, Any], items: list[dict[str, Any]], times: int
) -> None:
    for round_ in range(times):
        item = items[round_ % len(items)]
        url = f"/api/orders/{order['id']}/items/{item['id']}"
        response = client.put(url, json={"quantity": 2 + round_})
        assert response.status_code == 200, response.text


def test_a_heavy_orders_events_carry_a_summary_and_a_link_within_the_bound(
    client: AppClient,
) -> None:
    order, items = _heavy_order(client)
    _change_quantities(client, order, items, 3)
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    whole = client.get(f"/api/orders/{order['id']}").json()
    assert len(client.get(f"/api/orders/{order['id']}").content) > 4 * MAX_EVENT_BYTES

    events = all_events(client, limit=500)
    assert max(len(orjson.dumps(event["data"])) for event in events) <= MAX_EVENT_BYTES
    updated = [e["data"] for e in events if e["type"] == "order.updated"]
    assert len(updated) == 3
    assert all(data["truncated"] for data in updated)
    last = updated[-1]
    assert last["href"] == f"/api/orders/{order['id']}"
    assert (last["id"], last["itemCount"]) == (order["id"], ITEMS)
    assert (last["total"], last["balanceDue"]) == (whole["total"], whole["balanceDue"])
    assert last["orderNumber"] == whole["orderNumber"]
    assert "items" not in last
    (sent,) = [e["data"] for e in events if e["type"] == "order.sent"]
    assert sent["truncated"]
    assert (sent["status"], sent["version"]) == (
        whole["status"],
        whole["version"],
    )
    (ticket,) = [e["data"] for e in events if e["type"] == "kitchen_ticket.created"]
    assert ticket["truncated"]
    assert ticket["itemCount"] == ITEMS
    assert client.get(ticket["href"]).status_code == 200
    # The link answers the whole order, as the event would have carried it.
    assert client.get(last["href"]).json()["items"] == whole["items"]
    # Each line alone is under the bound: its events stay whole.
    added = [e["data"] for e in events if e["type"] == "item.added"]
    assert len(added) == ITEMS
    assert all("truncated" not in data for data in added)
    assert added[0]["notes"] == "n" * 500


def test_a_light_orders_events_stay_whole(client: AppClient) -> None:
    order = make_order(client)
    events = all_events(client, types="order.created")
    assert [e["data"]["id"] for e in events] == [order["id"]]
    assert "truncated" not in events[0]["data"]
    assert events[0]["data"]["items"] == []


def test_a_catch_up_page_stops_at_its_byte_budget_and_paging_gets_every_event_once(
    client: AppClient,
) -> None:
    order, items = _heavy_order(client)
    _change_quantities(client, order, items, 12)
    # One event at a time: the reference, whatever the budget.
    one_by_one = []
    after = 0
    while page := read_events(client, after=after, limit=1)["data"]:
        one_by_one.append(page[0])
        after = page[0]["id"]
    assert len(one_by_one) > 30

    response = client.get("/api/events", params={"after": 0, "limit": 500})
    assert response.status_code == 200
    first = response.json()
    assert 0 < len(first["data"]) < len(one_by_one)
    assert len(response.content) <= PAGE_BYTES + 100  # the page's envelope
    assert first["lastId"] == first["data"][-1]["id"]

    paged = all_events(client, limit=500)
    assert [e["id"] for e in paged] == [e["id"] for e in one_by_one]
    assert paged == one_by_one

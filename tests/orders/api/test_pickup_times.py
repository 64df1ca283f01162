"""An order's pickup time (docs/design.md §5, "Pickup time"): a TAKEOUT or DELIVERY order may
be promised for a time, set when it opens; the detail, the list and its events show it, the
kitchen display and the printed kitchen ticket call it out; another order type refuses one."""

from __future__ import annotations

from typing import Any

import pytest

from brigade.settings import Settings
from events.api.event_helpers import all_events
from factories import LOCATION, AppClient, make_order, make_product
from orders.api.order_helpers import add_item, order_detail, problem
from printers import printed_on_send

Json = dict[str, Any]
# 19:30 in Paris (UTC+1 in December).
PICKUP = "2026-12-07T18:30:00Z"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The fake kitchen printer's host allowed, as in tests/printing/api/conftest.py."""
    return settings.model_copy(update={"printer_allow_hosts": "127.0.0.1"})


def _takeout(client: AppClient, **overrides: Any) -> Json:
    return make_order(client, orderType="TAKEOUT", tableId=None, customerName="Kim", **overrides)


def test_a_takeout_and_a_delivery_keep_their_pickup_time_in_utc(client: AppClient) -> None:
    takeout = _takeout(client, pickupAt=PICKUP)
    delivery = make_order(
        client, orderType="DELIVERY", tableId=None, pickupAt="2026-12-07T19:45:00+01:00"
    )
    unsaid = _takeout(client)

    assert takeout["pickupAt"] == PICKUP
    assert order_detail(client, takeout)["pickupAt"] == PICKUP
    assert order_detail(client, delivery)["pickupAt"] == "2026-12-07T18:45:00Z"
    assert unsaid["pickupAt"] is None
    assert order_detail(client, make_order(client))["pickupAt"] is None
    listed = {o["id"]: o["pickupAt"] for o in client.get("/api/orders").json()["data"]}
    assert listed[takeout["id"]] == PICKUP
    assert listed[unsaid["id"]] is None
    (created,) = [
        e["data"]
        for e in all_events(client)
        if e["type"] == "order.created" and e["data"]["id"] == takeout["id"]
    ]
    assert created["pickupAt"] == PICKUP


@pytest.mark.parametrize("order_type", ["DINE_IN", "BAR_TAB"])
def test_a_dine_in_or_a_bar_tab_with_a_pickup_time_is_refused_and_nothing_is_made(
    client: AppClient, order_type: str
) -> None:
    body = {"orderType": order_type, "locationId": LOCATION, "pickupAt": PICKUP}
    refused = problem(client.post("/api/orders", json=body), 422, "validation_failed")
    assert refused["errors"][0]["field"] == "pickupAt"
    assert client.get("/api/orders").json()["total"] == 0


@pytest.mark.parametrize("when", ["tomorrow", 1765132200, "2026-13-07T18:30:00Z"])
def test_a_pickup_time_that_is_not_a_date_time_is_refused(client: AppClient, when: Any) -> None:
    body = {"orderType": "TAKEOUT", "locationId": LOCATION, "pickupAt": when}
    refused = problem(client.post("/api/orders", json=body), 422, "validation_failed")
    assert "pickupAt" in refused["errors"][0]["field"]


def test_the_kitchen_display_and_the_printed_ticket_show_the_pickup_time(
    client: AppClient,
) -> None:
    profile = {"name": "Lyon", "timezone": "Europe/Paris", "currency": "EUR"}
    assert client.put(f"/api/locations/{LOCATION}", json=profile).is_success
    order = _takeout(client, pickupAt=PICKUP)
    add_item(client, order, make_product(client, name="Falafel wrap", price=8))
    # In the location's zone, as its language (English) writes a time.
    assert "Pickup 7:30\xa0PM" in printed_on_send(client, order["id"]).splitlines()
    (card,) = client.get("/api/kitchen/board", params={"locationId": LOCATION}).json()["tickets"]
    assert (card["orderId"], card["customerName"], card["pickupAt"]) == (order["id"], "Kim", PICKUP)

"""The one naming scheme (the API guide, "Naming"): the new names work, the old ones still
work as deprecated aliases with the same meaning, and both at odds is 422."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from events.api.event_helpers import all_events
from factories import LOCATION, OTHER_LOCATION, AppClient, make_order, make_product
from orders.api.order_helpers import add_item, problem

pytestmark = pytest.mark.once("the server's HTTP handling, the same whatever the database")


def _total(client: AppClient, path: str, **params: Any) -> int:
    response = client.get(path, params=params)
    assert response.status_code == 200, response.text
    total: int = response.json()["total"]
    return total


def test_orders_take_a_window_from_inclusive_to_exclusive(client: AppClient) -> None:
    order = make_order(client)
    created = datetime.fromisoformat(order["createdAt"]).astimezone(UTC)
    at = created.isoformat()
    just_after = (created + timedelta(microseconds=1)).isoformat()
    day = created.date()

    def total(**params: Any) -> int:
        return _total(client, "/api/orders", **params)

    assert total(**{"from": at}) == 1
    assert total(**{"from": just_after}) == 0
    # `to` excludes its instant, and includes a date's whole day (as the sales report's does).
    assert total(to=at) == 0
    assert total(to=just_after) == 1
    assert total(**{"from": day.isoformat(), "to": day.isoformat()}) == 1
    assert total(to=(day - timedelta(days=1)).isoformat()) == 0
    problem(client.get("/api/orders", params={"to": "2026-02-30"}), 422, "validation_failed")


def test_orders_old_date_names_still_work_and_must_agree_with_the_new(client: AppClient) -> None:
    order = make_order(client)
    created = datetime.fromisoformat(order["createdAt"]).astimezone(UTC)
    day = created.date().isoformat()
    next_day = (created.date() + timedelta(days=1)).isoformat()

    assert _total(client, "/api/orders", startDate=day, **{"from": day}) == 1
    # `endDate` includes its day; so does `to` for a date: the same bound.
    assert _total(client, "/api/orders", endDate=day, to=day) == 1
    # An instant: `endDate` includes it, `to` excludes it, so `to` one microsecond later agrees.
    at = created.isoformat()
    after = (created + timedelta(microseconds=1)).isoformat()
    assert _total(client, "/api/orders", endDate=at, to=after) == 1

    clash = problem(
        client.get("/api/orders", params={"startDate": day, "from": next_day}),
        422,
        "validation_failed",
    )
    assert clash["errors"][0]["field"] == "startDate"
    problem(client.get("/api/orders", params={"endDate": at, "to": at}), 422, "validation_failed")


def test_kitchen_tickets_poll_with_created_after_or_the_old_since(client: AppClient) -> None:
    product = make_product(client)
    orders = [make_order(client) for _ in range(2)]
    for order in orders:
        add_item(client, order, product)
        assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    tickets = client.get("/api/kitchen/tickets", params={"locationId": LOCATION}).json()["data"]
    first = tickets[0]["createdAt"]

    newer = client.get("/api/kitchen/tickets", params={"createdAfter": first}).json()
    assert [t["id"] for t in newer["data"]] == [tickets[1]["id"]]
    assert client.get("/api/kitchen/tickets", params={"since": first}).json() == newer
    both = client.get("/api/kitchen/tickets", params={"since": first, "createdAfter": first})
    assert both.json() == newer
    problem(
        client.get(
            "/api/kitchen/tickets",
            params={"since": first, "createdAfter": tickets[1]["createdAt"]},
        ),
        422,
        "validation_failed",
    )


def test_event_types_repeat_and_the_comma_form_still_reads(client: AppClient) -> None:
    here = make_order(client)
    make_order(client, locationId=OTHER_LOCATION)
    product = make_product(client)
    assert client.post(f"/api/products/{product['id']}/86").status_code == 200

    repeated = all_events(client, types=["order.created", "product.86d"], locationId=LOCATION)
    assert [(e["type"], e["entityId"]) for e in repeated] == [
        ("order.created", here["id"]),
        ("product.86d", product["id"]),
    ]
    comma = all_events(client, types="order.created,product.86d", locationId=LOCATION)
    assert comma == repeated
    mixed = all_events(client, types=["order.created, product.86d", "order.created"])
    assert {e["type"] for e in mixed} == {"order.created", "product.86d"}
    problem(
        client.get("/api/events", params={"types": ["order.created", "order.eaten"]}),
        422,
        "validation_failed",
    )

"""GET /api/events: the cursor, filters, bad input, retention (410), and events that exist
exactly when their change does (every event type from its use case: test_event_types.py)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from httpx import Response

from brigade.catalogue.domain.events import CatalogueEvents, product_event
from brigade.events import service as events
from brigade.events.repository import EventRepository
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from events.api.event_helpers import all_events, load_product, read_events
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    in_transaction,
    make_order,
    make_product,
    make_staff_token,
)

PROBLEM = "application/problem+json"


def _problem(response: Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert body["code"] == code
    return body


def test_creating_an_order_emits_order_created_with_the_order_detail(client: AppClient) -> None:
    order = make_order(client)
    [event] = all_events(client)
    assert event["type"] == "order.created"
    assert isinstance(event["id"], int)
    assert event["at"].endswith("Z")
    assert (event["locationId"], event["entityId"], event["orderId"]) == (
        LOCATION,
        order["id"],
        order["id"],
    )
    assert event["data"] == client.get(f"/api/orders/{order['id']}").json() == order


def test_pages_ascend_and_resume_after_the_last_id(client: AppClient) -> None:
    for _ in range(5):
        make_order(client)
    everything = read_events(client, after=0, limit=500)
    ids = [event["id"] for event in everything["data"]]
    assert ids == sorted(ids)
    assert len(ids) == 5
    assert everything["lastId"] == ids[-1]
    first = read_events(client, after=0, limit=2)
    assert [e["id"] for e in first["data"]] == ids[:2]
    assert first["lastId"] == ids[1]
    rest = read_events(client, after=first["lastId"], limit=100)
    assert [e["id"] for e in rest["data"]] == ids[2:]
    empty = read_events(client, after=ids[-1])
    assert empty == {"data": [], "lastId": ids[-1]}
    # No cursor: from the oldest event kept; the default page is 100.
    assert read_events(client)["data"] == everything["data"]


def test_filters_by_location_and_types(client: AppClient) -> None:
    here = make_order(client)
    there = make_order(client, locationId=OTHER_LOCATION)
    product = make_product(client, locationId=OTHER_LOCATION)
    assert client.post(f"/api/products/{product['id']}/86").status_code == 200
    at_other = all_events(client, locationId=OTHER_LOCATION)
    assert [(e["type"], e["entityId"]) for e in at_other] == [
        ("order.created", there["id"]),
        ("product.created", product["id"]),
        ("product.86d", product["id"]),
    ]
    created = all_events(client, types="order.created")
    assert [e["entityId"] for e in created] == [here["id"], there["id"]]
    both = all_events(client, types="product.86d, order.created", locationId=LOCATION)
    assert [e["entityId"] for e in both] == [here["id"]]


@pytest.mark.parametrize(
    "params",
    [
        {"after": -1},
        {"after": "x"},
        {"after": 2**63},
        {"limit": 0},
        {"limit": 501},
        {"types": "order.created,order.eaten"},
        {"types": ""},
        {"locationId": "not-a-uuid"},
    ],
    ids=str,
)
def test_bad_input_is_422(client: AppClient, params: dict[str, Any]) -> None:
    body = _problem(client.get("/api/events", params=params), 422, "validation_failed")
    assert body["errors"]


def test_the_kitchen_reads_events_and_a_missing_token_is_401(client: AppClient) -> None:
    make_order(client)
    kitchen = bearer(make_staff_token(client, "KITCHEN"))
    assert len(client.get("/api/events", headers=kitchen).json()["data"]) == 1
    _problem(client.get("/api/events", headers={"Authorization": ""}), 401, "unauthorized")
    _problem(client.get("/api/events", headers=bearer("brg_wrong")), 401, "unauthorized")


def test_a_cursor_older_than_retention_is_410_and_newer_ones_still_read(client: AppClient) -> None:
    make_order(client)
    make_order(client)
    first, second = (event["id"] for event in all_events(client))

    async def sweep_everything_so_far(uow: UnitOfWork) -> int:
        return await EventRepository(await uow.connection()).sweep(now() + timedelta(seconds=1))

    assert in_transaction(client, sweep_everything_so_far) == 2
    third = make_order(client)
    for stale in (0, first):
        body = _problem(client.get("/api/events", params={"after": stale}), 410, "events_expired")
        assert "reload" in body["detail"]
    assert [e["entityId"] for e in all_events(client, after=second)] == [third["id"]]
    # Without a cursor: from the oldest kept, no 410.
    assert [e["entityId"] for e in read_events(client)["data"]] == [third["id"]]


def test_retention_keeps_what_is_newer_than_its_days(client: AppClient) -> None:
    make_order(client)

    async def sweep(uow: UnitOfWork) -> int:
        return await events.sweep_events(uow, retention_days=7)

    assert in_transaction(client, sweep) == 0
    assert len(all_events(client)) == 1


def test_a_rolled_back_change_emits_nothing_and_ids_keep_growing(client: AppClient) -> None:
    product = make_product(client)
    [created] = all_events(client)

    async def emit_then_fail(uow: UnitOfWork) -> None:
        product_ = await load_product(uow, product["id"])
        uow.record([product_event(CatalogueEvents.PRODUCT_UPDATED, product_)])
        raise RuntimeError("the change fails after emitting")

    with pytest.raises(RuntimeError):
        in_transaction(client, emit_then_fail)
    assert all_events(client, after=created["id"]) == []
    # A refused request (here: a product that does not exist) emits nothing either.
    missing = {"productId": product["id"].replace(product["id"][-4:], "0000"), "quantity": 1}
    order = make_order(client)
    assert client.post(f"/api/orders/{order['id']}/items", json=missing).status_code in (404, 422)
    assert [e["type"] for e in all_events(client, after=created["id"])] == ["order.created"]


def test_a_rolled_back_savepoint_takes_its_events_with_it(client: AppClient) -> None:
    product = make_product(client)
    [created] = all_events(client)

    async def partly(uow: UnitOfWork) -> None:
        product_ = await load_product(uow, product["id"])
        uow.record([product_event(CatalogueEvents.PRODUCT_UPDATED, product_)])
        try:
            async with uow.savepoint():
                uow.record([product_event(CatalogueEvents.PRODUCT_DELETED, product_)])
                raise RuntimeError("this part is undone")
        except RuntimeError:
            pass

    in_transaction(client, partly)
    assert [e["type"] for e in all_events(client, after=created["id"])] == ["product.updated"]


def test_the_openapi_documents_the_page_and_410(client: AppClient) -> None:
    operation = client.app.openapi()["paths"]["/api/events"]["get"]
    assert {"200", "401", "410", "422"} <= set(operation["responses"])
    stream = client.app.openapi()["paths"]["/api/events/stream"]["get"]
    assert "text/event-stream" in stream["responses"]["200"]["content"]

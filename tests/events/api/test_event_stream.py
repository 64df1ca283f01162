"""GET /api/events/stream in-process: server-sent events, resuming, filters, heartbeats, and
events committed while the stream is open. Streams here end after a short lifetime (with
a retry hint), so a test client can read them to the end."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import orjson

from brigade.events.repository import EventRepository
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from events.api.event_helpers import all_events, sse_events, sse_messages
from factories import (
    OTHER_LOCATION,
    AppClient,
    bearer,
    in_transaction,
    make_order,
    make_product,
    make_staff_token,
)


def _stream(client: AppClient, **kwargs: Any) -> str:
    response = client.get("/api/events/stream", **kwargs)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["cache-control"] == "no-store"
    body: str = response.text
    return body


def test_a_stream_sends_each_event_with_id_type_and_json_then_a_retry_hint(
    client: AppClient,
) -> None:
    orders = [make_order(client) for _ in range(3)]
    body = _stream(client, params={"after": 0})
    sent = sse_events(body)
    page = all_events(client)
    assert [int(m["id"]) for m in sent] == [e["id"] for e in page]
    assert [m["event"] for m in sent] == ["order.created"] * 3
    assert [orjson.loads(m["data"]) for m in sent] == page
    assert [orjson.loads(m["data"])["entityId"] for m in sent] == [o["id"] for o in orders]
    assert sse_messages(body)[-1]["retry"] == "1000"


def test_it_resumes_after_last_event_id_which_wins_over_after(client: AppClient) -> None:
    for _ in range(3):
        make_order(client)
    first, second, third = (e["id"] for e in all_events(client))
    body = _stream(client, params={"after": 0}, headers={"Last-Event-ID": str(first)})
    assert [int(m["id"]) for m in sse_events(body)] == [second, third]
    body = _stream(client, params={"after": second})
    assert [int(m["id"]) for m in sse_events(body)] == [third]


def test_filters_by_type_and_location(client: AppClient) -> None:
    make_order(client)
    there = make_order(client, locationId=OTHER_LOCATION)
    product = make_product(client)
    body = _stream(client, params={"after": 0, "locationId": OTHER_LOCATION})
    assert [orjson.loads(m["data"])["entityId"] for m in sse_events(body)] == [there["id"]]
    body = _stream(client, params={"after": 0, "types": "product.created"})
    assert [orjson.loads(m["data"])["entityId"] for m in sse_events(body)] == [product["id"]]
    body = _stream(client, params={"after": 0, "types": "product.deleted"})
    assert sse_events(body) == []


def test_a_quiet_stream_sends_comment_lines(client: AppClient) -> None:
    body = _stream(client)
    comments = [m[""] for m in sse_messages(body) if "" in m]
    assert comments[0] == "connected"
    assert comments.count("keep-alive") >= 3


def test_the_kitchen_may_stream_and_bad_input_is_a_problem(client: AppClient) -> None:
    kitchen = bearer(make_staff_token(client, "KITCHEN"))
    assert client.get("/api/events/stream", headers=kitchen).status_code == 200
    assert client.get("/api/events/stream", headers={"Authorization": ""}).status_code == 401
    for params, headers in (
        ({"types": "order.nope"}, {}),
        ({"after": -1}, {}),
        ({}, {"Last-Event-ID": "twelve"}),
        ({}, {"Last-Event-ID": "-3"}),
        ({}, {"Last-Event-ID": str(2**63)}),
    ):
        response = client.get("/api/events/stream", params=params, headers=headers)
        assert response.status_code == 422, (params, headers)
        assert response.json()["code"] == "validation_failed"


def test_a_stale_cursor_is_410_before_the_stream_starts(client: AppClient) -> None:
    make_order(client)

    async def sweep(uow: UnitOfWork) -> int:
        return await EventRepository(await uow.connection()).sweep(now() + timedelta(seconds=1))

    assert in_transaction(client, sweep) == 1
    response = client.get("/api/events/stream", headers={"Last-Event-ID": "0"})
    assert response.status_code == 410
    assert response.json()["code"] == "events_expired"

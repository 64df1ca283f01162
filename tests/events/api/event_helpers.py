"""Helpers shared by the event API tests (this module holds no tests)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any
from uuid import UUID

from prometheus_client import REGISTRY

from brigade.catalogue.domain.records import Product
from brigade.catalogue.service import products
from brigade.kit.db.engine import UnitOfWork
from factories import AppClient


async def load_product(uow: UnitOfWork, product_id: str) -> Product:
    return await products.get_product(uow, UUID(product_id))


def read_events(
    client: AppClient, headers: dict[str, str] | None = None, **params: Any
) -> dict[str, Any]:
    """A page of events, read by the client's own token or by ``headers``'."""
    response = client.get("/api/events", params=params, headers=headers)
    assert response.status_code == 200, response.text
    page: dict[str, Any] = response.json()
    return page


def all_events(
    client: AppClient, headers: dict[str, str] | None = None, **params: Any
) -> list[dict[str, Any]]:
    """Every matching event, paging with the cursor until a page comes back empty."""
    found: list[dict[str, Any]] = []
    after = params.pop("after", 0)
    while True:
        page = read_events(client, headers, after=after, **params)
        if not page["data"]:
            assert page["lastId"] == after
            return found
        found += page["data"]
        after = page["lastId"]


def sse_messages(body: str) -> list[dict[str, str]]:
    """The stream's messages: each a dict of its fields; comments under ":"."""
    messages = []
    for block in body.split("\n\n"):
        if not block:
            continue
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
        messages.append(fields)
    return messages


def sse_events(body: str) -> list[dict[str, str]]:
    return [m for m in sse_messages(body) if "id" in m]


def _streams_open() -> float:
    return REGISTRY.get_sample_value("brigade_event_streams_open") or 0.0


def stream_while(client: AppClient, then: Callable[[], Any], **kwargs: Any) -> str:
    """The body of ``GET /api/events/stream``, read to its end, with ``then`` run once the
    stream is open (its cursor fixed, its first line sent): waits on that, not on a sleep,
    so a slow machine cannot run ``then`` before the stream starts."""
    before = _streams_open()
    bodies: list[str] = []
    reader = threading.Thread(
        target=lambda: bodies.append(client.get("/api/events/stream", **kwargs).text)
    )
    reader.start()
    deadline = time.monotonic() + 10
    while _streams_open() <= before:
        assert time.monotonic() < deadline, "the stream never opened"
        assert reader.is_alive(), f"the stream ended before it opened: {bodies}"
        time.sleep(0.01)
    then()
    reader.join(timeout=15)
    assert not reader.is_alive(), "the stream outlived its lifetime"
    return bodies[0]

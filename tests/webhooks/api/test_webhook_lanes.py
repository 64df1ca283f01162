"""Webhook deliveries do not stall each other, and each attempt is bounded: the probe saw one
receiver answering in 8 s hold every other webhook to one event per 8 s, a receiver
trickling a byte every 4 s block the rest silently, and an 800 MB answer read whole. Here
the receivers are real HTTP servers on 127.0.0.1 and the deliverer runs as a worker runs it.
bench/webhook_lanes.py measures a healthy webhook's latency beside a slow one."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import orjson
import pytest

from brigade.settings import Settings
from brigade.webhooks.service import Deliverer
from factories import AppClient, make_order
from receivers import LOCAL, Receiver, local_deliverer, one_round


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"webhook_allow_hosts": LOCAL})


@pytest.fixture
def receivers() -> Iterator[list[Receiver]]:
    made: list[Receiver] = []
    yield made
    for receiver in made:
        receiver.close()


def _receiver(receivers: list[Receiver], **behaviour: Any) -> Receiver:
    receiver = Receiver(**behaviour)
    receivers.append(receiver)
    return receiver


def _webhook(client: AppClient, url: str) -> dict[str, Any]:
    response = client.post("/api/webhooks", json={"url": url, "types": ["order.created"]})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


_deliverer = local_deliverer


@contextmanager
def _delivering(client: AppClient, deliverer: Deliverer) -> Iterator[None]:
    """The deliverer running in the background, as in a worker, for the block."""
    stopping = client.portal.call(asyncio.Event)
    running = client.portal.start_task_soon(deliverer.run, stopping)
    try:
        yield
    finally:
        client.portal.call(stopping.set)
        running.result(timeout=30)


_one_round = one_round


def _deliveries(client: AppClient, webhook: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get(f"/api/webhooks/{webhook['id']}/deliveries").json()[
        "data"
    ]
    return sorted(found, key=lambda delivery: delivery["at"])


def test_a_healthy_webhook_gets_its_events_while_a_slow_one_is_answering(
    client: AppClient, receivers: list[Receiver]
) -> None:
    slow = _receiver(receivers, answer_after=5)
    healthy = _receiver(receivers)
    _webhook(client, slow.url)
    _webhook(client, healthy.url)
    orders = [make_order(client) for _ in range(3)]
    started = time.monotonic()
    with _delivering(client, _deliverer(client)):
        received = healthy.wait_for(3, timeout=30)
        # The slow receiver has not answered yet (5 s) when the healthy one has all.
        assert time.monotonic() - started < 4
    delivered = [orjson.loads(body)["entityId"] for _, body in received]
    # Three orders: ordered per order only, so they may come in any order among themselves.
    assert sorted(delivered) == sorted(order["id"] for order in orders)


def test_a_trickling_answer_is_cut_at_the_deadline_and_tried_again(
    client: AppClient, receivers: list[Receiver]
) -> None:
    trickling = _receiver(receivers, trickle_seconds=0.5)  # 1000 bytes: 500 s
    webhook = _webhook(client, trickling.url)
    make_order(client)
    deliverer = _deliverer(client, deadline_seconds=1)
    started = time.monotonic()
    assert _one_round(client, deliverer)
    assert time.monotonic() - started < 10  # generous: the attempt ends at its 1 s deadline
    (attempt,) = _deliveries(client, webhook)
    assert attempt["outcome"] == "retrying"
    assert "within 1 s" in attempt["error"]
    time.sleep(1.2)  # the first retry comes 1 s later
    assert _one_round(client, deliverer)
    assert len(trickling.received) == 2
    assert [d["outcome"] for d in _deliveries(client, webhook)] == ["retrying", "retrying"]


def test_a_huge_answer_is_not_read_whole(client: AppClient, receivers: list[Receiver]) -> None:
    huge = _receiver(receivers, answer_bytes=800 * 1024 * 1024)
    webhook = _webhook(client, huge.url)
    make_order(client)
    assert _one_round(client, _deliverer(client))
    (attempt,) = _deliveries(client, webhook)
    assert (attempt["outcome"], attempt["statusCode"]) == ("delivered", 200)
    time.sleep(0.5)  # the receiver notices the sender hung up
    # What the kernel's buffers took before the hang-up, not 800 MB.
    assert huge.answered_bytes < 64 * 1024 * 1024

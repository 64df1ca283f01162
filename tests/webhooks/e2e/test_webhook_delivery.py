"""Webhook deliveries from a real server to a receiver on 127.0.0.1 (allowed by
BRIGADE_WEBHOOK_ALLOW_HOSTS): signed (checked by hand and by the Standard Webhooks library),
each once; retried while the receiver fails, and still delivered after the server is killed
with SIGKILL mid-retries."""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
import standardwebhooks

from factories import ADMIN, ADMIN_TOKEN, LOCATION
from receivers import Receiver
from server import ServerProcess
from throwaway_db import throwaway_database

ORDER = {"orderType": "TAKEOUT", "locationId": LOCATION}


def verify(secret: str, headers: dict[str, str], body: bytes) -> dict[str, Any]:
    """What a receiver does (the README shows the same): check the signature, then parse."""
    parts = dict(part.split("=", 1) for part in headers["Brigade-Signature"].split(","))
    signed = parts["t"].encode() + b"." + body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(expected, parts["v1"]), "the signature matches"
    assert abs(time.time() - int(parts["t"])) < 300, "and is recent"
    standardwebhooks.Webhook(secret).verify(body, headers)
    event: dict[str, Any] = orjson.loads(body)
    return event


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    receiving = Receiver()
    yield receiving
    receiving.close()


@pytest.fixture
def webhook_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    option = request.config.getoption("--db-url")
    environment = {
        "BRIGADE_ADMIN_TOKEN": ADMIN_TOKEN,
        "BRIGADE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1",
        "BRIGADE_WEBHOOK_POLL_SECONDS": "0.2",
    }
    with throwaway_database(option, tmp_path) as url:
        server = ServerProcess(url, tmp_path / "server.log", workers=2, environment=environment)
        server.start()
        try:
            yield server
        finally:
            server.stop()


def _webhook(server: ServerProcess, url: str, types: list[str]) -> dict[str, Any]:
    response = httpx.post(
        f"{server.base_url}/api/webhooks", json={"url": url, "types": types}, headers=ADMIN
    )
    assert response.status_code == 201, response.text
    webhook: dict[str, Any] = response.json()
    return webhook


def _deliveries(server: ServerProcess, webhook: dict[str, Any]) -> list[dict[str, Any]]:
    response = httpx.get(
        f"{server.base_url}/api/webhooks/{webhook['id']}/deliveries",
        params={"limit": 100},
        headers=ADMIN,
    )
    data: list[dict[str, Any]] = response.json()["data"]
    return data


@pytest.mark.e2e
def test_deliveries_are_signed_in_order_and_once_each(
    webhook_server: ServerProcess, receiver: Receiver
) -> None:
    server = webhook_server
    httpx.post(f"{server.base_url}/api/orders", json=ORDER, headers=ADMIN)  # before: not sent
    webhook = _webhook(server, receiver.url, ["order.created"])
    orders = [
        httpx.post(f"{server.base_url}/api/orders", json=ORDER, headers=ADMIN).json()
        for _ in range(6)
    ]
    received = receiver.wait_for(6, timeout=15)
    time.sleep(1)  # nothing more comes
    assert len(receiver.received) == 6
    events = [verify(webhook["secret"], headers, body) for headers, body in received]
    # Six orders: ordered per order only (tests/webhooks/api/test_webhook_ordering.py).
    assert sorted(event["data"]["id"] for event in events) == sorted(o["id"] for o in orders)
    ids = [event["id"] for event in events]
    assert len(set(ids)) == 6
    assert len({headers["webhook-id"] for headers, _body in received}) == 6
    for (headers, _body), event in zip(received, events, strict=True):
        assert headers["Brigade-Event-Id"] == str(event["id"])
        assert headers["Brigade-Event-Type"] == "order.created"
        assert headers["Content-Type"] == "application/json"
    log = _deliveries(server, webhook)
    assert sorted((d["eventId"], d["outcome"], d["attempt"], d["statusCode"]) for d in log) == [
        (event_id, "delivered", 1, 204) for event_id in sorted(ids)
    ]


@pytest.mark.e2e
def test_a_failing_receiver_is_retried_and_sigkill_loses_no_pending_delivery(
    webhook_server: ServerProcess, receiver: Receiver
) -> None:
    server = webhook_server
    receiver.failing = True
    webhook = _webhook(server, receiver.url, ["order.created"])
    order = httpx.post(f"{server.base_url}/api/orders", json=ORDER, headers=ADMIN).json()
    receiver.wait_for(3, timeout=15)  # attempts after 0, 1 and 2 more seconds
    log = _deliveries(server, webhook)
    assert {d["outcome"] for d in log} == {"retrying"}
    assert [d["attempt"] for d in reversed(log)] == list(range(1, len(log) + 1))
    assert all(d["statusCode"] == 500 for d in log)
    failing_since = httpx.get(
        f"{server.base_url}/api/webhooks/{webhook['id']}", headers=ADMIN
    ).json()["failingSince"]
    assert failing_since is not None

    server.crash()
    failed_attempts = len(receiver.received)
    receiver.failing = False
    server.start()
    received = receiver.wait_for(failed_attempts + 1, timeout=30)
    time.sleep(1)
    assert len(receiver.received) == failed_attempts + 1, "delivered once after the restart"
    bodies = {body for _headers, body in received}
    assert len(bodies) == 1, "every attempt carried the same event"
    event = verify(webhook["secret"], *received[-1])
    assert event["data"]["id"] == order["id"]
    log = _deliveries(server, webhook)
    assert log[0]["outcome"] == "delivered"
    assert log[0]["attempt"] == len(log)
    assert all(d["outcome"] == "retrying" for d in log[1:])
    state = httpx.get(f"{server.base_url}/api/webhooks/{webhook['id']}", headers=ADMIN).json()
    assert state["failingSince"] is None
    assert state["lastEventId"] == event["id"]

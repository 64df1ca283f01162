"""Webhooks CRUD: the secret shown once, the SSRF guard, who may manage them, the delivery log
of a webhook, and a new webhook starting after the events already committed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from uuid import UUID

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from brigade.app import create_app
from brigade.events import service as events
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.ids import new_id
from brigade.settings import Settings
from brigade.webhooks import service as webhook_service
from brigade.webhooks.domain import Delivery, derive_secret
from brigade.webhooks.repository import WebhookRepository
from factories import AppClient, bearer, in_transaction, make_order, make_staff_token

PUBLIC_URL = "https://93.184.215.14/brigade/events"


def _create(client: AppClient, **overrides: Any) -> dict[str, Any]:
    body = {"url": PUBLIC_URL, "types": ["order.created", "order.sent"]} | overrides
    response = client.post("/api/webhooks", json=body)
    assert response.status_code == 201, response.text
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["location"] == f"/api/webhooks/{response.json()['id']}"
    created: dict[str, Any] = response.json()
    return created


def test_create_shows_the_secret_once_then_get_list_and_delete(client: AppClient) -> None:
    created = _create(client, description="Accounting")
    assert created["secret"].startswith("whsec_")
    assert len(created["secret"]) > 40
    shown = {k: v for k, v in created.items() if k != "secret"}
    assert shown["types"] == ["order.created", "order.sent"]
    assert shown["description"] == "Accounting"
    assert shown["failingSince"] is None
    fetched = client.get(f"/api/webhooks/{created['id']}")
    assert fetched.json() == shown
    assert "secret" not in fetched.json()
    assert created["secret"] not in fetched.text
    listed = client.get("/api/webhooks").json()
    assert listed == {"data": [shown], "total": 1, "page": 1, "limit": 20}
    deleted = client.delete(f"/api/webhooks/{created['id']}")
    assert deleted.json() == shown
    assert client.get(f"/api/webhooks/{created['id']}").status_code == 404
    assert client.delete(f"/api/webhooks/{created['id']}").status_code == 404
    assert client.get(f"/api/webhooks/{created['id']}/deliveries").status_code == 404


def test_each_webhook_has_its_own_secret_derived_from_the_server_key(
    client: AppClient, settings: Settings
) -> None:
    first, second = _create(client), _create(client)
    assert first["secret"] != second["secret"]
    keyed = settings.model_copy(update={"webhook_signing_key": SecretStr("k" * 40)})
    with TestClient(create_app(keyed), headers=client.headers) as other:
        third = _create(other)
    assert third["secret"] == derive_secret(b"k" * 40, UUID(third["id"]), version=1)


def test_a_new_webhook_starts_after_the_events_already_committed(client: AppClient) -> None:
    make_order(client)
    make_order(client)
    last = client.get("/api/events").json()["lastId"]
    created = _create(client)
    assert created["lastEventId"] == last
    deliveries = client.get(f"/api/webhooks/{created['id']}/deliveries")
    assert deliveries.json() == {"data": [], "total": 0, "page": 1, "limit": 20}


# Loopback, private, link-local and other non-public targets (SSRF), then URLs that are not
# plain http(s) targets at all.
REFUSED_URLS = [
    "http://127.0.0.1:8080/hook",
    "http://localhost/hook",
    "http://[::1]/hook",
    "http://10.0.0.7/hook",
    "http://192.168.1.20/hook",
    "http://172.16.4.4/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://[fe80::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://0.0.0.0/hook",
    "http://100.64.0.1/hook",
    "ftp://93.184.215.14/hook",
    "file:///etc/passwd",
    "https://user:pass@93.184.215.14/hook",
    "https:///no-host",
    "not a url",
    "http://93.184.215.14:99999/hook",
    "http://host-that-does-not-resolve.invalid/hook",
]


@pytest.mark.parametrize("url", REFUSED_URLS)
def test_targets_inside_the_network_or_not_http_are_refused(client: AppClient, url: str) -> None:
    response = client.post("/api/webhooks", json={"url": url, "types": ["order.created"]})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "validation_failed"
    assert body["errors"][0]["field"] == "url"
    assert client.get("/api/webhooks").json()["total"] == 0


def test_allowed_hosts_may_be_loopback(client: AppClient, settings: Settings) -> None:
    allowing = settings.model_copy(update={"webhook_allow_hosts": "localhost, 127.0.0.1"})
    with TestClient(create_app(allowing), headers=client.headers) as other:
        created = _create(other, url="http://127.0.0.1:9/hook")
        assert created["url"] == "http://127.0.0.1:9/hook"
        refused = other.post(
            "/api/webhooks", json={"url": "http://10.1.1.1/hook", "types": ["order.created"]}
        )
        assert refused.status_code == 422


@pytest.mark.parametrize(
    "body",
    [
        {"url": PUBLIC_URL},
        {"url": PUBLIC_URL, "types": []},
        {"url": PUBLIC_URL, "types": ["order.eaten"]},
        {"types": ["order.created"]},
        {"url": PUBLIC_URL, "types": ["order.created"], "secret": "mine"},
        {"url": "", "types": ["order.created"]},
        {"url": PUBLIC_URL + "x" * 2000, "types": ["order.created"]},
    ],
    ids=str,
)
def test_bad_bodies_are_422(client: AppClient, body: dict[str, Any]) -> None:
    response = client.post("/api/webhooks", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "validation_failed"


def test_only_an_admin_manages_webhooks(client: AppClient) -> None:
    created = _create(client)
    manager = bearer(make_staff_token(client, "MANAGER"))
    for method, url in (
        ("GET", "/api/webhooks"),
        ("POST", "/api/webhooks"),
        ("GET", f"/api/webhooks/{created['id']}"),
        ("DELETE", f"/api/webhooks/{created['id']}"),
        ("GET", f"/api/webhooks/{created['id']}/deliveries"),
    ):
        body = {"url": PUBLIC_URL, "types": ["order.created"]} if method == "POST" else None
        response = client.request(method, url, json=body, headers=manager)
        assert response.status_code == 403, (method, url)
        assert client.request(method, url, headers={"Authorization": ""}).status_code == 401
    assert client.get("/api/webhooks").json()["total"] == 1


def test_retention_sweeps_old_delivery_attempts(client: AppClient) -> None:
    webhook = _create(client)

    async def log_attempts(uow: UnitOfWork) -> None:
        repository = WebhookRepository(uow)
        for days_ago in (8, 1):
            await repository.log(
                Delivery(
                    id=new_id(),
                    webhook_id=UUID(webhook["id"]),
                    delivery_id=None,
                    event_id=1,
                    event_type="order.created",
                    attempt=1,
                    at=now() - timedelta(days=days_ago),
                    duration_ms=12,
                    status_code=204,
                    outcome="delivered",
                    error=None,
                )
            )

    async def sweep(uow: UnitOfWork) -> None:
        await events.sweep_events(uow, retention_days=7, also=(webhook_service.sweep_deliveries,))

    in_transaction(client, log_attempts)
    assert client.get(f"/api/webhooks/{webhook['id']}/deliveries").json()["total"] == 2
    in_transaction(client, sweep)
    [kept] = client.get(f"/api/webhooks/{webhook['id']}/deliveries").json()["data"]
    assert (kept["eventId"], kept["outcome"], kept["statusCode"]) == (1, "delivered", 204)

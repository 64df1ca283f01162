"""POST /api/events/stream-tickets and GET /api/events/stream?ticket=: a browser's
EventSource, which sends no header, follows the stream as the credential that asked for the
ticket; a ticket opens one stream, once, within its minute, and is no credential elsewhere."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from brigade.access.service import stream_tickets
from brigade.kit.clock import now
from events.api.event_helpers import sse_events, sse_messages
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    every_stored_value,
    make_device,
    make_order,
    make_staff_token,
)

# What a browser's EventSource sends: no Authorization header (the client's own is the admin's).
NO_HEADER = {"Authorization": ""}


def _ticket(client: AppClient, token: str) -> dict[str, Any]:
    response = client.post("/api/events/stream-tickets", headers=bearer(token))
    assert response.status_code == 201, response.text
    assert response.headers["cache-control"] == "no-store"
    ticket: dict[str, Any] = response.json()
    return ticket


def _follow(client: AppClient, ticket: str, **params: Any) -> Any:
    return client.get("/api/events/stream", params={"ticket": ticket, **params}, headers=NO_HEADER)


def _refused_ticket(response: Any) -> None:
    assert response.status_code == 401, response.text
    assert response.json()["code"] == "invalid_ticket"


def test_a_ticket_opens_the_stream_once(client: AppClient) -> None:
    order = make_order(client)
    ticket = _ticket(client, make_staff_token(client, "KITCHEN"))
    assert ticket["ticket"].startswith("bre_")
    lifetime = (datetime.fromisoformat(ticket["expiresAt"]) - now()).total_seconds()
    assert 0 < lifetime <= 60

    opened = _follow(client, ticket["ticket"], after=0)
    assert opened.status_code == 200, opened.text
    assert sse_messages(opened.text)[0] == {"": "connected"}
    assert [event["event"] for event in sse_events(opened.text)] == ["order.created"]
    assert order["id"] in sse_events(opened.text)[0]["data"]

    _refused_ticket(_follow(client, ticket["ticket"], after=0))


def test_an_expired_or_unknown_ticket_is_refused(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ticket = _ticket(client, make_staff_token(client, "KITCHEN"))["ticket"]
    _refused_ticket(_follow(client, ticket[:-2] + "xx"))
    later = now() + timedelta(seconds=61)
    monkeypatch.setattr(stream_tickets, "now", lambda: later)
    _refused_ticket(_follow(client, ticket))


def test_only_its_hash_is_stored(client: AppClient) -> None:
    ticket = _ticket(client, make_staff_token(client, "KITCHEN"))["ticket"]
    stored = client.portal.call(every_stored_value, client.app)
    assert not any(ticket in value for value in stored)


def test_a_ticket_is_no_bearer_token_and_opens_nothing_else(client: AppClient) -> None:
    ticket = _ticket(client, make_staff_token(client, "MANAGER"))["ticket"]
    as_bearer = client.get("/api/orders", headers=bearer(ticket))
    assert as_bearer.status_code == 401
    assert as_bearer.json()["code"] == "unauthorized"
    elsewhere = client.get("/api/events", params={"ticket": ticket}, headers=NO_HEADER)
    assert elsewhere.status_code == 401
    # Neither spent it: the stream still opens with it.
    assert _follow(client, ticket).status_code == 200


def test_a_revoked_credential_cannot_spend_its_ticket(client: AppClient) -> None:
    token = make_staff_token(client, "KITCHEN")
    ticket = _ticket(client, token)["ticket"]
    [made] = [t for t in client.get("/api/tokens").json()["data"] if token.startswith(t["hint"])]
    assert client.delete(f"/api/tokens/{made['id']}").status_code == 200
    refused = _follow(client, ticket)
    assert refused.status_code == 401
    assert refused.json()["code"] == "unauthorized"


def test_a_devices_ticket_follows_its_own_location_only(client: AppClient) -> None:
    here = make_order(client)
    make_order(client, locationId=OTHER_LOCATION)
    display = make_device(client, "KITCHEN_DISPLAY")
    body = _follow(client, _ticket(client, display["token"])["ticket"], after=0).text
    events = sse_events(body)
    assert [event["event"] for event in events] == ["order.created"]
    assert here["id"] in events[0]["data"]
    assert LOCATION in events[0]["data"]

    other = _follow(client, _ticket(client, display["token"])["ticket"], locationId=OTHER_LOCATION)
    assert other.status_code == 403
    assert other.json()["code"] == "other_location"


def test_a_ticket_keeps_its_tokens_scopes(client: AppClient) -> None:
    member = client.post("/api/staff", json={"name": "Feed", "role": "MANAGER"}).json()
    body = {"staffId": member["id"], "name": "Feed", "scopes": ["reports:read"]}
    scoped = client.post("/api/tokens", json=body).json()["token"]
    refused = client.post("/api/events/stream-tickets", headers=bearer(scoped))
    assert refused.status_code == 403
    assert refused.json()["code"] == "insufficient_scope"
    body = {"staffId": member["id"], "name": "Feed", "scopes": ["events:read"]}
    follower = client.post("/api/tokens", json=body).json()["token"]
    assert _follow(client, _ticket(client, follower)["ticket"]).status_code == 200

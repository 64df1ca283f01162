"""A stream outlived its credential by up to an hour (the probe): it checks the credential again
every BRIGADE_EVENT_STREAM_RECHECK_SECONDS and ends once it is revoked, signed out, or its
person deactivated; a person given another role meanwhile gets the events as that role may.
Streams here live 6 s (a busy machine once held a stream's first beat past a 3-second life,
and it ended before the test saw it open), beat every 0.1 s and re-check every 0.2 s."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import orjson
import pytest

from brigade.settings import Settings
from events.api.event_helpers import sse_events, stream_while
from factories import (
    AppClient,
    bearer,
    make_card_paid_order,
    make_device,
    make_staff_with_pin,
    sign_in,
)

REVOKED = ": credential revoked"
RECONNECT = ": reconnect"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(
        update={
            "event_stream_max_seconds": 6.0,
            "event_heartbeat_seconds": 0.1,
            "event_stream_recheck_seconds": 0.2,
        }
    )


def _streamed_while(client: AppClient, token: str, revoke: Callable[[], Any]) -> str:
    """The stream's body, read to its end, with ``revoke`` run once it is open."""
    return stream_while(client, revoke, headers=bearer(token))


def _staff_token(client: AppClient, role: str = "KITCHEN") -> tuple[str, str]:
    member = client.post("/api/staff", json={"name": "Kit", "role": role}).json()
    made = client.post("/api/tokens", json={"staffId": member["id"], "name": "Kit"}).json()
    return member["id"], made["token"]


def test_a_stream_whose_credential_holds_lives_its_time(client: AppClient) -> None:
    _staff_id, token = _staff_token(client)
    body = _streamed_while(client, token, lambda: None)
    assert REVOKED not in body
    assert body.rstrip().endswith(RECONNECT)


def test_a_revoked_token_ends_its_stream(client: AppClient) -> None:
    _staff_id, token = _staff_token(client)
    token_id = client.get("/api/tokens").json()["data"][0]["id"]
    body = _streamed_while(client, token, lambda: client.delete(f"/api/tokens/{token_id}"))
    assert body.rstrip().endswith(REVOKED)
    assert RECONNECT not in body


def test_a_deactivated_persons_stream_ends(client: AppClient) -> None:
    staff_id, token = _staff_token(client)
    deactivate = lambda: client.patch(f"/api/staff/{staff_id}", json={"isActive": False})  # noqa: E731
    body = _streamed_while(client, token, deactivate)
    assert body.rstrip().endswith(REVOKED)


def test_a_revoked_kitchen_display_and_a_signed_out_session_end_their_streams(
    client: AppClient,
) -> None:
    display = make_device(client, "KITCHEN_DISPLAY")
    revoke = lambda: client.delete(f"/api/devices/{display['id']}")  # noqa: E731
    assert _streamed_while(client, display["token"], revoke).rstrip().endswith(REVOKED)

    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    session = sign_in(client, terminal, member["id"], "4826").json()["token"]
    sign_out = lambda: client.delete("/api/sessions/current", headers=bearer(session))  # noqa: E731
    assert _streamed_while(client, session, sign_out).rstrip().endswith(REVOKED)


def test_a_server_made_kitchen_while_streaming_stops_getting_card_details(
    client: AppClient,
) -> None:
    staff_id, token = _staff_token(client, "SERVER")

    def demote_then_pay() -> None:
        make_card_paid_order(client)
        time.sleep(1.0)  # streamed as the server's (SQLite is polled every 0.15 s)
        changed = client.patch(f"/api/staff/{staff_id}", json={"role": "KITCHEN"})
        assert changed.status_code == 200, changed.text
        time.sleep(1.0)  # several re-checks (every 0.2 s)
        make_card_paid_order(client)

    body = _streamed_while(client, token, demote_then_pay)
    assert REVOKED not in body
    payments = [
        orjson.loads(message["data"])["data"]
        for message in sse_events(body)
        if message["event"] == "payment.created"
    ]
    assert [payment["cardBrand"] for payment in payments] == ["VISA", None]


def test_a_stream_opened_by_ticket_ends_when_the_credential_behind_it_is_revoked(
    client: AppClient,
) -> None:
    _staff_id, token = _staff_token(client)
    token_id = client.get("/api/tokens").json()["data"][0]["id"]
    ticket = client.post("/api/events/stream-tickets", headers=bearer(token)).json()["ticket"]
    body = stream_while(
        client,
        lambda: client.delete(f"/api/tokens/{token_id}"),
        params={"ticket": ticket},
        headers={"Authorization": ""},
    )
    assert body.rstrip().endswith(REVOKED)
    assert RECONNECT not in body

"""A manager signs in to the back office with their PIN on a paired terminal (docs/design.md
§7): the same cookie session as a password's, acting only at the terminal's location and
ending with its pairing; wrong PINs count as a terminal sign-in's do."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from brigade.access.service import passwords
from brigade.kit.clock import now
from factories import (
    LOCATION,
    NO_BEARER,
    OTHER_LOCATION,
    AppClient,
    bearer,
    csrf_header,
    make_device,
    make_staff_token,
    make_staff_with_pin,
)
from orders.api.order_helpers import problem


def _pin_sign_in(client: AppClient, device_token: str, staff_id: str, pin: str = "4826") -> Any:
    body = {"staffId": staff_id, "pin": pin}
    return client.post("/api/auth/pin-sign-in", json=body, headers=bearer(device_token))


def test_a_managers_pin_opens_a_session_at_the_terminals_location(client: AppClient) -> None:
    terminal = make_device(client)
    manager = make_staff_with_pin(client, "MANAGER")
    answer = _pin_sign_in(client, terminal["token"], manager["id"])
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "staffId": manager["id"],
        "name": manager["name"],
        "role": "MANAGER",
        "locationId": LOCATION,
        "language": "en",
    }
    assert answer.headers["cache-control"] == "no-store"
    assert "httponly" in answer.headers["set-cookie"].lower()
    me = client.get("/api/staff/me", headers=NO_BEARER)
    assert me.json()["locationId"] == LOCATION
    here = client.get("/api/orders", params={"locationId": LOCATION}, headers=NO_BEARER)
    assert here.status_code == 200, here.text
    elsewhere = client.get("/api/orders", params={"locationId": OTHER_LOCATION}, headers=NO_BEARER)
    problem(elsewhere, 403, "other_location")
    # A change made with it needs the CSRF token, as a password's session does.
    table = {"name": "By PIN", "locationId": LOCATION, "seats": 2}
    problem(client.post("/api/tables", json=table, headers=NO_BEARER), 403, "csrf_failed")
    made = client.post("/api/tables", json=table, headers=csrf_header(client))
    assert made.status_code == 201, made.text


def test_below_manager_a_pin_opens_no_back_office(client: AppClient) -> None:
    terminal = make_device(client)
    server = make_staff_with_pin(client, "SERVER")
    refused = problem(_pin_sign_in(client, terminal["token"], server["id"]), 403, "not_back_office")
    assert "terminal" in refused["detail"]
    assert "brigade_session" not in client.cookies


def test_only_a_paired_terminal_signs_in_by_pin(client: AppClient) -> None:
    manager = make_staff_with_pin(client, "MANAGER")
    display = make_device(client, "KITCHEN_DISPLAY")["token"]
    for token in (display, make_staff_token(client, "MANAGER")):
        problem(_pin_sign_in(client, token, manager["id"]), 403, "forbidden")
    assert "brigade_session" not in client.cookies


def test_wrong_pins_count_and_lock_as_a_terminal_sign_ins_do(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    manager = make_staff_with_pin(client, "MANAGER")
    answers = [_pin_sign_in(client, terminal, manager["id"], "9371") for _ in range(5)]
    assert [a.json()["code"] for a in answers] == ["wrong_pin"] * 4 + ["pin_locked"]
    assert answers[-1].status_code == 429
    limited = answers[-1].headers
    assert (limited["ratelimit-limit"], limited["ratelimit-remaining"]) == ("5", "0")
    assert limited["ratelimit-reset"] == limited["retry-after"]
    problem(_pin_sign_in(client, terminal, manager["id"]), 429, "pin_locked")
    assert "brigade_session" not in client.cookies


def test_the_session_ends_with_its_terminals_pairing(client: AppClient) -> None:
    terminal = make_device(client)
    manager = make_staff_with_pin(client, "MANAGER")
    _pin_sign_in(client, terminal["token"], manager["id"])
    assert client.get("/api/staff/me", headers=NO_BEARER).status_code == 200
    revoked = client.delete(f"/api/devices/{terminal['id']}")
    assert revoked.status_code == 200, revoked.text
    problem(client.get("/api/staff/me", headers=NO_BEARER), 401, "unauthorized")


def test_the_session_ends_after_15_minutes_left_alone(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = make_device(client)
    manager = make_staff_with_pin(client, "MANAGER")
    _pin_sign_in(client, terminal["token"], manager["id"])
    start = now()
    monkeypatch.setattr(passwords, "now", lambda: start + timedelta(minutes=14))
    assert client.get("/api/staff/me", headers=NO_BEARER).status_code == 200
    monkeypatch.setattr(passwords, "now", lambda: start + timedelta(minutes=30))
    problem(client.get("/api/staff/me", headers=NO_BEARER), 401, "unauthorized")

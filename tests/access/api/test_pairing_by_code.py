"""Pairing a device by a short code (docs/design.md §23): a code made with no credential,
approved by a manager at its location, claimed once; and a device unpairing itself, revoked
as the back office revokes it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from brigade.access.service import pairing
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_device,
    make_session,
    make_staff_token,
    make_staff_with_pin,
    sign_in,
)


def _ask(client: AppClient, kind: str = "TERMINAL") -> dict[str, Any]:
    # No credential: a fresh device has none.
    response = client.post("/api/pairing-codes", json={"kind": kind}, headers={"Authorization": ""})
    assert response.status_code == 201, response.text
    return dict(response.json())


def _approve(
    client: AppClient, code: str, headers: dict[str, str] | None = None, **overrides: Any
) -> Any:
    body = {"code": code, "locationId": LOCATION, "name": "Bar terminal"} | overrides
    return client.post("/api/pairing-codes/approve", json=body, headers=headers)


def _claim(client: AppClient, claim: str) -> Any:
    return client.post(
        "/api/pairing-codes/claim", json={"claim": claim}, headers={"Authorization": ""}
    )


def _later_by(monkeypatch: pytest.MonkeyPatch, delay: timedelta) -> None:
    later = datetime.now(UTC) + delay
    monkeypatch.setattr(pairing, "now", lambda: later)


def test_a_code_approved_by_a_manager_pairs_its_device_once(client: AppClient) -> None:
    asked = _ask(client, "KITCHEN_DISPLAY")
    assert re.fullmatch(r"[0-9]{6}", asked["code"])
    assert asked["claim"].startswith("brp_")
    assert len(asked["claim"]) > 40
    assert _claim(client, asked["claim"]).json()["status"] == "PENDING"

    manager = bearer(make_staff_token(client, "MANAGER"))
    approved = _approve(client, asked["code"], name="Grill", headers=manager)
    assert approved.status_code == 201, approved.text
    device = approved.json()
    assert (device["kind"], device["locationId"], device["name"]) == (
        "KITCHEN_DISPLAY",
        LOCATION,
        "Grill",
    )
    assert "token" not in device
    assert approved.headers["location"] == f"/api/devices/{device['id']}"

    claimed = _claim(client, asked["claim"])
    assert claimed.status_code == 200, claimed.text
    assert claimed.headers["cache-control"] == "no-store"
    paired = claimed.json()
    assert paired["status"] == "PAIRED"
    assert paired["device"] == device
    assert paired["token"].startswith("brd_")
    assert paired["token"][:10] == device["hint"]
    current = client.get("/api/devices/current", headers=bearer(paired["token"]))
    assert current.status_code == 200
    assert (current.json()["id"], current.json()["kind"]) == (device["id"], "KITCHEN_DISPLAY")

    again = _claim(client, asked["claim"])
    assert (again.status_code, again.json()["code"]) == (410, "pairing_code_used")
    used = _approve(client, asked["code"], headers=manager)
    assert (used.status_code, used.json()["code"]) == (409, "pairing_code_used")
    audited = client.get("/api/audit", params={"action": "device.paired"}).json()
    assert audited["total"] == 1


def test_a_claim_waits_while_the_code_is_unapproved(client: AppClient) -> None:
    asked = _ask(client)
    waiting = _claim(client, asked["claim"])
    assert waiting.status_code == 202
    assert waiting.json() == {"status": "PENDING", "expiresAt": asked["expiresAt"]}
    assert client.get("/api/devices").json()["total"] == 0


def test_an_expired_code_is_not_found_and_its_claim_expired(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _ask(client)
    _later_by(monkeypatch, timedelta(minutes=10, seconds=1))
    refused = _approve(client, asked["code"])
    assert (refused.status_code, refused.json()["code"]) == (404, "pairing_code_not_found")
    expired = _claim(client, asked["claim"])
    assert (expired.status_code, expired.json()["code"]) == (410, "pairing_code_expired")
    assert client.get("/api/devices").json()["total"] == 0


def test_an_approved_code_is_collected_a_little_past_its_life(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _ask(client)
    _later_by(monkeypatch, timedelta(minutes=9, seconds=59))
    assert _approve(client, asked["code"]).status_code == 201
    _later_by(monkeypatch, timedelta(minutes=11))
    assert _claim(client, asked["claim"]).status_code == 200


def test_a_wrong_code_is_404_and_makes_nothing(client: AppClient) -> None:
    _ask(client)
    for typed in ("000000x", "12345", ""):
        refused = _approve(client, typed)
        assert refused.status_code in (404, 422), typed
    unknown = _claim(client, "brp_nothing")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "pairing_code_not_found")
    assert client.get("/api/devices").json()["total"] == 0
    assert client.get("/api/audit", params={"action": "device.paired"}).json()["total"] == 0


@pytest.mark.parametrize("typed", ["{}{}", "{} {}", "{}-{}", " {} {} "])
def test_the_ways_people_type_a_code_are_accepted(client: AppClient, typed: str) -> None:
    code = _ask(client)["code"]
    assert _approve(client, typed.format(code[:3], code[3:])).status_code == 201


def test_another_locations_session_and_a_server_are_refused(client: AppClient) -> None:
    asked = _ask(client)
    terminal = make_device(client)["token"]
    manager_here = bearer(make_session(client, "MANAGER", terminal))
    elsewhere = _approve(client, asked["code"], locationId=OTHER_LOCATION, headers=manager_here)
    assert (elsewhere.status_code, elsewhere.json()["code"]) == (403, "other_location")
    server = bearer(make_staff_token(client, "SERVER"))
    assert _approve(client, asked["code"], headers=server).status_code == 403
    assert _approve(client, asked["code"], headers=manager_here).status_code == 201


def test_codes_from_one_address_are_limited(client: AppClient) -> None:
    for _ in range(30):
        _ask(client)
    refused = client.post("/api/pairing-codes", json={"kind": "BOARD"})
    assert (refused.status_code, refused.json()["code"]) == (429, "too_many_pairing_codes")
    assert int(refused.headers["retry-after"]) > 0


# --- a device unpairing itself --------------------------------------------------------------


def _unpair(client: AppClient, headers: dict[str, str]) -> Any:
    return client.post("/api/devices/current/unpair", headers=headers)


def _unpair_approval(
    client: AppClient, token: str, device_id: str, manager_id: str, pin: str = "5173"
) -> Any:
    body = {
        "staffId": manager_id,
        "pin": pin,
        "action": "device.unpair",
        "resource": {"deviceId": device_id},
    }
    return client.post("/api/approvals", json=body, headers=bearer(token))


def _state_in_list(client: AppClient, device_id: str) -> str | None:
    listed = client.get("/api/devices").json()["data"]
    found: str | None = next(entry["revokedAt"] for entry in listed if entry["id"] == device_id)
    return found


@pytest.mark.parametrize("kind", ["TERMINAL", "KITCHEN_DISPLAY", "BOARD"])
def test_a_device_unpairs_itself_with_a_managers_approval(client: AppClient, kind: str) -> None:
    device = make_device(client, kind)
    token = device["token"]
    assert _unpair(client, bearer(token)).status_code == 403
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    granted = _unpair_approval(client, token, device["id"], manager["id"])
    assert granted.status_code == 201, granted.text
    unpaired = _unpair(client, bearer(token) | {"Brigade-Approval": granted.json()["token"]})
    assert unpaired.status_code == 200, unpaired.text
    assert unpaired.json()["revokedAt"] is not None
    assert client.get("/api/devices/current", headers=bearer(token)).status_code == 401
    assert _state_in_list(client, device["id"]) == unpaired.json()["revokedAt"]
    revoked = client.get("/api/audit", params={"action": "device.revoked"}).json()["data"]
    assert revoked[0]["approvedByName"] == manager["name"]


def test_a_managers_own_session_unpairs_its_terminal_without_approval(client: AppClient) -> None:
    device = make_device(client)
    session = bearer(make_session(client, "MANAGER", device["token"]))
    assert _unpair(client, session).status_code == 200
    assert client.get("/api/devices/current", headers=session).status_code == 401
    assert _state_in_list(client, device["id"]) is not None


def test_a_servers_session_needs_a_managers_approval(client: AppClient) -> None:
    device = make_device(client)
    server = make_staff_with_pin(client, "SERVER")
    session = sign_in(client, device["token"], server["id"], "4826").json()["token"]
    assert _unpair(client, bearer(session)).status_code == 403
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    granted = _unpair_approval(client, session, device["id"], manager["id"])
    assert granted.status_code == 201, granted.text
    approved = bearer(session) | {"Brigade-Approval": granted.json()["token"]}
    assert _unpair(client, approved).status_code == 200


def test_an_approval_for_another_device_is_refused(client: AppClient) -> None:
    device, other = make_device(client), make_device(client)
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    asked_for_other = _unpair_approval(client, device["token"], other["id"], manager["id"])
    assert (asked_for_other.status_code, asked_for_other.json()["code"]) == (
        403,
        "approval_invalid",
    )
    # Another device's approval does not carry over either: it is for its asker only.
    granted = _unpair_approval(client, other["token"], other["id"], manager["id"])
    stolen = bearer(device["token"]) | {"Brigade-Approval": granted.json()["token"]}
    assert (_unpair(client, stolen).status_code, _state_in_list(client, device["id"])) == (
        403,
        None,
    )
    assert _state_in_list(client, other["id"]) is None


def test_a_device_alone_may_ask_for_no_other_approval(client: AppClient) -> None:
    device = make_device(client)
    manager = make_staff_with_pin(client, "MANAGER", "5173")
    body = {
        "staffId": manager["id"],
        "pin": "5173",
        "action": "order.cancel",
        "resource": {"orderId": device["id"]},
    }
    refused = client.post("/api/approvals", json=body, headers=bearer(device["token"]))
    assert refused.status_code == 403


def test_a_staff_token_has_no_device_to_unpair(client: AppClient) -> None:
    assert _unpair(client, bearer(make_staff_token(client, "MANAGER"))).status_code == 404

"""Devices, PINs and PIN sessions: tokens shown once and stored hashed, what a terminal and a
kitchen display may do, PIN rules, sign-in and sign-out, expiry, the wrong-PIN lock-out, and
sessions ending at once when their staff member is deactivated or their device revoked."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from typer.testing import CliRunner

from brigade.access.service import staff as access
from brigade.access.service import terminals
from brigade.cli import cli
from brigade.settings import Settings
from factories import (
    ADMIN,
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    every_stored_value,
    make_category,
    make_device,
    make_order,
    make_product,
    make_session,
    make_staff_token,
    make_staff_with_pin,
    sign_in,
)


def _later_by(monkeypatch: pytest.MonkeyPatch, delay: timedelta) -> None:
    """Time moves on for authentication: the token cache's clock and the session lookup's."""
    later = datetime.now(UTC) + delay
    for module in (access, terminals):
        monkeypatch.setattr(module, "now", lambda: later)


# --- devices --------------------------------------------------------------------------------


def test_a_device_token_is_shown_once_and_listed_without_it(client: AppClient) -> None:
    response = client.post(
        "/api/devices", json={"name": "Bar terminal", "kind": "TERMINAL", "locationId": LOCATION}
    )
    assert response.status_code == 201, response.text
    assert response.headers["cache-control"] == "no-store"
    device = response.json()
    assert response.headers["location"] == f"/api/devices/{device['id']}"
    assert re.fullmatch(r"brd_[A-Za-z0-9_-]{43}", device["token"])
    assert device["hint"] == device["token"][:10]
    assert (device["kind"], device["locationId"], device["revokedAt"]) == (
        "TERMINAL",
        LOCATION,
        None,
    )

    make_device(client, "KITCHEN_DISPLAY", locationId=OTHER_LOCATION)
    listed = client.get("/api/devices").json()
    assert listed["total"] == 2
    assert all("token" not in entry for entry in listed["data"])
    assert client.get("/api/devices", params={"locationId": LOCATION}).json()["total"] == 1
    assert client.get("/api/audit", params={"action": "device.paired"}).json()["total"] == 2


@pytest.mark.parametrize(
    "body",
    [
        {"name": "X", "kind": "PRINTER", "locationId": LOCATION},
        {"name": "X", "kind": "TERMINAL"},
        {"name": "", "kind": "TERMINAL", "locationId": LOCATION},
        {"name": "X", "kind": "TERMINAL", "locationId": LOCATION, "token": "brd_mine"},
    ],
)
def test_a_bad_device_is_422(client: AppClient, body: dict[str, str]) -> None:
    assert client.post("/api/devices", json=body).status_code == 422
    assert client.get("/api/devices").json()["total"] == 0


def test_a_kitchen_display_acts_with_the_kitchen_role(client: AppClient) -> None:
    display_token = make_device(client, "KITCHEN_DISPLAY")["token"]
    display = bearer(display_token)
    product = make_product(client)
    assert client.get("/api/orders", headers=display).status_code == 200
    assert client.get("/api/kitchen/tickets", headers=display).status_code == 200
    assert client.post(f"/api/products/{product['id']}/86", headers=display).status_code == 200
    refused = client.post("/api/orders", json={"orderType": "TAKEOUT"}, headers=display)
    assert refused.status_code == 403
    assert client.get("/api/staff/directory", headers=display).status_code == 200
    member = make_staff_with_pin(client, "SERVER")
    assert sign_in(client, display_token, member["id"], "4826").status_code == 403


def test_a_terminal_alone_reads_the_menu_and_the_directory_and_signs_in_nothing_else(
    client: AppClient,
) -> None:
    terminal = bearer(make_device(client)["token"])
    category = make_category(client)
    product = make_product(client, categoryId=category["id"], barcode="4006381333931")
    for url in (
        "/api/products",
        f"/api/products/{product['id']}",
        "/api/products/barcode/4006381333931",
        "/api/categories",
        f"/api/categories/{category['id']}",
        "/api/staff/directory",
    ):
        assert client.get(url, headers=terminal).status_code == 200, url
    for method, url, body in (
        ("GET", "/api/orders", None),
        ("GET", "/api/tables", None),
        ("GET", "/api/locations", None),
        ("GET", "/api/kitchen/tickets", None),
        ("POST", "/api/orders", {"orderType": "TAKEOUT"}),
        ("POST", f"/api/products/{product['id']}/86", None),
        ("PUT", f"/api/staff/{uuid.uuid4()}/pin", {"pin": "1234"}),
        ("DELETE", "/api/sessions/current", None),
        (
            "POST",
            "/api/approvals",
            {
                "staffId": str(uuid.uuid4()),
                "pin": "1234",
                "action": "order.discount",
                "amount": 5,
                "resource": {"orderId": str(uuid.uuid4())},
            },
        ),
    ):
        response = client.request(method, url, json=body, headers=terminal)
        assert response.status_code == 403, (method, url, response.text)
        assert "sign in with a PIN first" in response.json()["detail"]


def test_a_device_and_its_sessions_read_the_device_they_act_through(client: AppClient) -> None:
    terminal = make_device(client)
    display = make_device(client, "KITCHEN_DISPLAY", locationId=OTHER_LOCATION)
    session = make_session(client, "SERVER", terminal["token"])
    for token, device in (
        (terminal["token"], terminal),
        (session, terminal),
        (display["token"], display),
    ):
        response = client.get("/api/devices/current", headers=bearer(token))
        assert response.status_code == 200, response.text
        current = response.json()
        assert "token" not in current
        assert (current["id"], current["kind"], current["locationId"]) == (
            device["id"],
            device["kind"],
            device["locationId"],
        )
    for headers in (ADMIN, bearer(make_staff_token(client, "MANAGER"))):
        missing = client.get("/api/devices/current", headers=headers)
        assert missing.status_code == 404
        assert missing.json()["code"] == "not_found"
    client.delete(f"/api/devices/{terminal['id']}")
    assert client.get("/api/devices/current", headers=bearer(terminal["token"])).status_code == 401


def test_only_a_terminal_signs_staff_in(client: AppClient) -> None:
    member = make_staff_with_pin(client, "SERVER")
    body = {"staffId": member["id"], "pin": "4826"}
    for headers in (ADMIN, bearer(make_staff_token(client, "MANAGER"))):
        refused = client.post("/api/sessions", json=body, headers=headers)
        assert refused.status_code == 403
        assert "TERMINAL" in refused.json()["detail"]
    session = make_session(client, "MANAGER")
    assert client.post("/api/sessions", json=body, headers=bearer(session)).status_code == 403


def test_revoking_a_device_stops_its_token_and_its_sessions_at_once_for_good(
    client: AppClient,
) -> None:
    device = make_device(client)
    session = make_session(client, "SERVER", device["token"])
    assert client.get("/api/orders", headers=bearer(session)).status_code == 200
    revoked = client.delete(f"/api/devices/{device['id']}")
    assert revoked.status_code == 200
    assert revoked.json()["revokedAt"] is not None
    assert client.get("/api/products", headers=bearer(device["token"])).status_code == 401
    assert client.get("/api/orders", headers=bearer(session)).status_code == 401
    again = client.delete(f"/api/devices/{device['id']}").json()
    assert again["revokedAt"] == revoked.json()["revokedAt"]
    assert client.get("/api/audit", params={"action": "device.revoked"}).json()["total"] == 1
    assert client.delete(f"/api/devices/{uuid.uuid4()}").status_code == 404


def test_the_cli_pairs_a_device_and_prints_its_token(
    client: AppClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRIGADE_DATABASE_URL", settings.database_url)
    result = CliRunner().invoke(
        cli,
        ["device", "create", "--kind", "TERMINAL", "--location", LOCATION, "--name", "Patio"],
    )
    assert result.exit_code == 0, result.output
    token = result.output.strip()
    assert re.fullmatch(r"brd_[A-Za-z0-9_-]{43}", token)
    assert client.get("/api/staff/directory", headers=bearer(token)).status_code == 200
    listed = client.get("/api/devices").json()["data"]
    assert [(d["name"], d["kind"], d["locationId"]) for d in listed] == [
        ("Patio", "TERMINAL", LOCATION)
    ]
    bad = CliRunner().invoke(
        cli, ["device", "create", "--kind", "TOASTER", "--location", LOCATION, "--name", "X"]
    )
    assert bad.exit_code != 0


# --- PINs and the directory -----------------------------------------------------------------


def test_an_admin_sets_anyones_pin_and_staff_their_own_only(client: AppClient) -> None:
    member = client.post("/api/staff", json={"name": "Ana", "role": "SERVER"}).json()
    set_by_admin = client.put(f"/api/staff/{member['id']}/pin", json={"pin": "7314"})
    assert set_by_admin.status_code == 200
    assert set_by_admin.json() == {"staffId": member["id"], "hasPin": True}

    own_token = client.post("/api/tokens", json={"staffId": member["id"], "name": "Ana"}).json()
    own = bearer(own_token["token"])
    assert (
        client.put(f"/api/staff/{member['id']}/pin", json={"pin": "3852"}, headers=own).status_code
        == 200
    )
    other = make_staff_with_pin(client, "KITCHEN")
    refused = client.put(f"/api/staff/{other['id']}/pin", json={"pin": "3852"}, headers=own)
    assert refused.status_code == 403
    manager = bearer(make_staff_token(client, "MANAGER"))
    assert (
        client.put(
            f"/api/staff/{other['id']}/pin", json={"pin": "3852"}, headers=manager
        ).status_code
        == 403
    )

    terminal = make_device(client)["token"]
    assert sign_in(client, terminal, member["id"], "7314").status_code == 401
    assert sign_in(client, terminal, member["id"], "3852").status_code == 201
    audit = client.get("/api/audit", params={"action": "staff.pin_set"}).json()
    assert audit["total"] == 3
    assert all(entry["after"] is None and entry["before"] is None for entry in audit["data"])


def test_a_session_sets_its_own_pin(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "KITCHEN")
    session = bearer(sign_in(client, terminal, member["id"], "4826").json()["token"])
    assert (
        client.put(
            f"/api/staff/{member['id']}/pin", json={"pin": "95173"}, headers=session
        ).status_code
        == 200
    )
    assert sign_in(client, terminal, member["id"], "95173").status_code == 201


@pytest.mark.parametrize(
    "pin", ["123", "123456789", "12a4", "", " 1234", 1234, None, "\uff11\uff12\uff13\uff14"]
)
def test_a_pin_is_4_to_8_digits(client: AppClient, pin: str | int | None) -> None:
    member = client.post("/api/staff", json={"name": "Ana", "role": "SERVER"}).json()
    response = client.put(f"/api/staff/{member['id']}/pin", json={"pin": pin})
    assert response.status_code == 422, response.text
    assert response.json()["errors"][0]["field"] == "pin"
    assert client.get("/api/staff/directory").json()["total"] == 0


def test_setting_the_pin_of_nobody_is_404(client: AppClient) -> None:
    assert client.put(f"/api/staff/{uuid.uuid4()}/pin", json={"pin": "7314"}).status_code == 404


def test_the_directory_lists_active_staff_with_a_pin_and_nothing_more(client: AppClient) -> None:
    bo = make_staff_with_pin(client, "SERVER")
    client.patch(f"/api/staff/{bo['id']}", json={"name": "Bo"})
    ana = make_staff_with_pin(client, "MANAGER")
    client.patch(f"/api/staff/{ana['id']}", json={"name": "Ana"})
    gone = make_staff_with_pin(client, "KITCHEN")
    client.patch(f"/api/staff/{gone['id']}", json={"isActive": False})
    client.post("/api/staff", json={"name": "No PIN", "role": "SERVER"})

    terminal = bearer(make_device(client)["token"])
    listed = client.get("/api/staff/directory", headers=terminal).json()
    assert listed["total"] == 2
    assert listed["data"] == [
        {"id": ana["id"], "name": "Ana", "role": "MANAGER"},
        {"id": bo["id"], "name": "Bo", "role": "SERVER"},
    ]
    paged = client.get("/api/staff/directory", params={"limit": 1, "page": 2}).json()
    assert [entry["name"] for entry in paged["data"]] == ["Bo"]


# --- sessions -------------------------------------------------------------------------------


def test_a_session_acts_as_its_staff_member_until_signed_out(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    started = datetime.now(UTC)
    response = sign_in(client, terminal, member["id"], "4826")
    assert response.status_code == 201, response.text
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["location"] == "/api/sessions/current"
    body = response.json()
    assert set(body) == {"token", "expiresAt", "staff", "language"}
    assert re.fullmatch(r"brs_[A-Za-z0-9_-]{43}", body["token"])
    assert body["staff"] == {"id": member["id"], "name": member["name"], "role": "SERVER"}
    expires = datetime.fromisoformat(body["expiresAt"])
    assert timedelta(hours=12) <= expires - started < timedelta(hours=12, minutes=1)

    session = bearer(body["token"])
    order = client.post("/api/orders", json={"orderType": "TAKEOUT"}, headers=session)
    assert order.status_code == 201
    assert order.json()["openedBy"] == {"staffId": member["id"], "name": member["name"]}
    discount = client.post(
        f"/api/orders/{order.json()['id']}/discount", json={"discountAmount": 0}, headers=session
    )
    assert discount.status_code == 403

    out = client.delete("/api/sessions/current", headers=session)
    assert out.status_code == 200
    assert client.get("/api/orders", headers=session).status_code == 401
    assert client.delete("/api/sessions/current", headers=session).status_code == 401


def test_a_staff_token_has_no_current_session(client: AppClient) -> None:
    token = bearer(make_staff_token(client, "SERVER"))
    response = client.delete("/api/sessions/current", headers=token)
    assert response.status_code == 404
    assert client.delete("/api/sessions/current").status_code == 404


def test_sessions_last_brigade_session_hours_then_stop(
    client: AppClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # BRIGADE_SESSION_HOURS=2: the settings are read when a session starts.
    client.app.state.settings = settings.model_copy(update={"session_hours": 2})
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "KITCHEN")
    body = sign_in(client, terminal, member["id"], "4826").json()
    expires = datetime.fromisoformat(body["expiresAt"])
    assert timedelta(hours=1, minutes=59) < expires - datetime.now(UTC) <= timedelta(hours=2)
    assert client.get("/api/orders", headers=bearer(body["token"])).status_code == 200
    # Answered from this worker's token cache now, yet not past the session's end.
    _later_by(monkeypatch, timedelta(hours=1, minutes=59))
    assert client.get("/api/orders", headers=bearer(body["token"])).status_code == 200
    _later_by(monkeypatch, timedelta(hours=2, seconds=1))
    assert client.get("/api/orders", headers=bearer(body["token"])).status_code == 401


def test_deactivating_a_staff_member_ends_their_sessions_for_good(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    session = bearer(sign_in(client, terminal, member["id"], "4826").json()["token"])
    assert client.patch(f"/api/staff/{member['id']}", json={"isActive": False}).status_code == 200
    assert client.get("/api/orders", headers=session).status_code == 401
    assert sign_in(client, terminal, member["id"], "4826").status_code == 401
    assert client.patch(f"/api/staff/{member['id']}", json={"isActive": True}).status_code == 200
    assert client.get("/api/orders", headers=session).status_code == 401
    assert sign_in(client, terminal, member["id"], "4826").status_code == 201


def test_a_role_change_applies_to_open_sessions_at_once(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    session = bearer(sign_in(client, terminal, member["id"], "4826").json()["token"])
    order = make_order(client)
    discount = {"discountAmount": 0}
    url = f"/api/orders/{order['id']}/discount"
    assert client.post(url, json=discount, headers=session).status_code == 403
    client.patch(f"/api/staff/{member['id']}", json={"role": "MANAGER"})
    assert client.post(url, json=discount, headers=session).status_code == 200


def test_a_wrong_pin_or_a_stranger_is_401(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    for staff_id, pin in ((member["id"], "1111"), (str(uuid.uuid4()), "4826")):
        response = sign_in(client, terminal, staff_id, pin)
        assert response.status_code == 401
        assert response.json()["code"] == "wrong_pin"
    no_pin = client.post("/api/staff", json={"name": "Cy", "role": "SERVER"}).json()
    assert sign_in(client, terminal, no_pin["id"], "4826").status_code == 401


def test_five_wrong_pins_in_five_minutes_lock_pin_sign_in_and_the_lock_is_audited(
    client: AppClient,
) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    other = make_staff_with_pin(client, "SERVER")
    statuses = [sign_in(client, terminal, member["id"], "0000").status_code for _ in range(4)]
    assert statuses == [401] * 4
    locked = sign_in(client, terminal, member["id"], "0000")
    assert locked.status_code == 429
    assert locked.json()["code"] == "pin_locked"
    assert 295 <= int(locked.headers["retry-after"]) <= 300
    right_pin = sign_in(client, terminal, member["id"], "4826")
    assert right_pin.status_code == 429
    assert int(right_pin.headers["retry-after"]) <= 300
    assert sign_in(client, terminal, other["id"], "4826").status_code == 201

    entries = client.get("/api/audit", params={"action": "staff.pin_locked"}).json()
    assert entries["total"] == 1
    entry = entries["data"][0]
    assert (entry["entityId"], entry["locationId"]) == (member["id"], LOCATION)
    assert entry["after"]["lockedUntil"]


def test_a_right_pin_clears_the_count(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    for _ in range(4):
        assert sign_in(client, terminal, member["id"], "0000").status_code == 401
    assert sign_in(client, terminal, member["id"], "4826").status_code == 201
    for _ in range(4):
        assert sign_in(client, terminal, member["id"], "0000").status_code == 401
    assert sign_in(client, terminal, member["id"], "4826").status_code == 201


def test_no_pin_or_token_is_stored_in_clear(client: AppClient) -> None:
    pin = "90817263"
    member = client.post("/api/staff", json={"name": "Ana", "role": "MANAGER"}).json()
    assert client.put(f"/api/staff/{member['id']}/pin", json={"pin": pin}).status_code == 200
    device = make_device(client)
    session = sign_in(client, device["token"], member["id"], pin).json()["token"]
    ask = {
        "staffId": member["id"],
        "pin": pin,
        "action": "order.discount",
        "amount": 5,
        "resource": {"orderId": make_order(client)["id"]},
    }
    approval = client.post("/api/approvals", json=ask, headers=bearer(session)).json()["token"]
    sign_in(client, device["token"], member["id"], "11112222")

    stored = client.portal.call(every_stored_value, client.app)
    for secret in (pin, device["token"], session, approval):
        assert not any(secret in value for value in stored), secret
    # A token without its four-character prefix is still the secret; a PIN's last four digits
    # are not worth checking: four random digits turn up in stored ids and hashes by chance.
    for token in (device["token"], session, approval):
        assert not any(token[4:] in value for value in stored), token
    pin_hash = next(value for value in stored if value.startswith("scrypt$"))
    assert pin not in pin_hash

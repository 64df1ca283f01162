"""Staff and tokens: shown once, stored hashed, revoked and deactivated at once; role checks
that depend on the order's state; failed authentication limited per client address."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from brigade.app import create_app
from brigade.settings import Settings
from factories import (
    AppClient,
    bearer,
    every_stored_value,
    make_order,
    make_product,
    make_staff_token,
)


def _as(token: str) -> dict[str, str]:
    return bearer(token)


def _new_token(client: AppClient, role: str = "SERVER") -> tuple[dict[str, Any], dict[str, Any]]:
    member = client.post("/api/staff", json={"name": "Ana", "role": role}).json()
    response = client.post("/api/tokens", json={"staffId": member["id"], "name": "Bar terminal"})
    assert response.status_code == 201, response.text
    assert response.headers["cache-control"] == "no-store"
    return member, response.json()


def test_a_token_is_shown_once_and_only_its_hash_is_stored(client: AppClient) -> None:
    member, created = _new_token(client)
    secret = created["token"]
    assert secret.startswith("brg_")
    assert len(secret) == 4 + 43  # 32 random bytes, base64url
    assert created["hint"] == secret[:10]

    listed = client.get("/api/tokens", params={"staffId": member["id"]}).json()
    assert listed["total"] == 1
    assert "token" not in listed["data"][0]

    stored = client.portal.call(every_stored_value, client.app)
    assert not any(secret in value for value in stored)
    assert not any(secret[len("brg_") :] in value for value in stored)
    assert hashlib.sha256(secret.encode()).hexdigest() in stored


def test_a_new_token_works_at_once_and_records_its_last_use(client: AppClient) -> None:
    _member, created = _new_token(client)
    assert created["lastUsedAt"] is None
    assert client.get("/api/products", headers=_as(created["token"])).status_code == 200
    token = client.get("/api/tokens").json()["data"][0]
    assert token["lastUsedAt"] is not None


def test_a_revoked_token_is_refused_and_revoking_twice_is_harmless(client: AppClient) -> None:
    _member, created = _new_token(client)
    revoked = client.delete(f"/api/tokens/{created['id']}")
    assert revoked.status_code == 200
    assert revoked.json()["revokedAt"] is not None
    assert client.get("/api/products", headers=_as(created["token"])).status_code == 401
    again = client.delete(f"/api/tokens/{created['id']}").json()
    assert again["revokedAt"] == revoked.json()["revokedAt"]


def test_deactivating_staff_revokes_their_tokens_for_good(client: AppClient) -> None:
    member, created = _new_token(client)
    headers = _as(created["token"])
    off = client.patch(f"/api/staff/{member['id']}", json={"isActive": False})
    assert off.json()["isActive"] is False
    assert client.get("/api/products", headers=headers).status_code == 401
    [token] = client.get("/api/tokens", params={"staffId": member["id"]}).json()["data"]
    assert token["revokedAt"] is not None

    on = client.patch(f"/api/staff/{member['id']}", json={"isActive": True})
    assert on.json()["isActive"] is True
    assert client.get("/api/products", headers=headers).status_code == 401
    fresh = client.post("/api/tokens", json={"staffId": member["id"], "name": "New terminal"})
    assert client.get("/api/products", headers=_as(fresh.json()["token"])).status_code == 200
    audit = client.get("/api/audit", params={"action": "staff.changed"}).json()["data"]
    deactivation = next(entry for entry in audit if entry["after"].get("isActive") is False)
    assert deactivation["after"]["revokedTokens"] == 1


def test_a_role_change_takes_effect_on_the_next_request(client: AppClient) -> None:
    member, created = _new_token(client, role="KITCHEN")
    order = {"orderType": "TAKEOUT"}
    assert client.post("/api/orders", json=order, headers=_as(created["token"])).status_code == 403
    client.patch(f"/api/staff/{member['id']}", json={"role": "SERVER"})
    assert client.post("/api/orders", json=order, headers=_as(created["token"])).status_code == 201


def test_an_admin_cannot_lock_themselves_out(client: AppClient) -> None:
    member, created = _new_token(client, role="ADMIN")
    for change in ({"isActive": False}, {"role": "MANAGER"}):
        response = client.patch(
            f"/api/staff/{member['id']}", json=change, headers=_as(created["token"])
        )
        assert response.status_code == 409, response.text
    renamed = client.patch(
        f"/api/staff/{member['id']}", json={"name": "Ana B."}, headers=_as(created["token"])
    )
    assert renamed.json()["name"] == "Ana B."


def test_tokens_only_for_active_staff_that_exist(client: AppClient) -> None:
    member, _created = _new_token(client)
    client.patch(f"/api/staff/{member['id']}", json={"isActive": False})
    for staff_id in (member["id"], "0196a1b2-0000-7000-8000-0000000000ff"):
        response = client.post("/api/tokens", json={"staffId": staff_id, "name": "x"})
        assert response.status_code == 404, response.text


def test_staff_list_is_paginated_by_name(client: AppClient) -> None:
    for name in ("Cy", "Ana", "Bo"):
        client.post("/api/staff", json={"name": name, "role": "KITCHEN"})
    page = client.get("/api/staff", params={"limit": 2}).json()
    assert (page["total"], [m["name"] for m in page["data"]]) == (3, ["Ana", "Bo"])


# --- state-dependent permissions ------------------------------------------------------------


def _sent_item(client: AppClient) -> tuple[dict[str, Any], dict[str, Any]]:
    order = make_order(client)
    product = make_product(client, price=10)
    item = client.post(
        f"/api/orders/{order['id']}/items", json={"productId": product["id"], "quantity": 1}
    ).json()
    client.post(f"/api/orders/{order['id']}/send")
    return order, item


def test_voiding_a_sent_item_takes_a_manager(client: AppClient) -> None:
    order, item = _sent_item(client)
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    server = _as(make_staff_token(client, "SERVER"))
    refused = client.request("DELETE", url, json={"reason": "cold"}, headers=server)
    assert (refused.status_code, refused.json()["code"]) == (403, "forbidden")
    assert client.get(url).json()["status"] == "SENT"
    manager = _as(make_staff_token(client, "MANAGER"))
    assert (
        client.request("DELETE", url, json={"reason": "cold"}, headers=manager).status_code == 200
    )


def test_cancelling_what_was_sent_or_paid_takes_a_manager(client: AppClient) -> None:
    sent, _item = _sent_item(client)
    paid = make_order(client)
    product = make_product(client, price=8)
    client.post(f"/api/orders/{paid['id']}/items", json={"productId": product["id"], "quantity": 1})
    client.post(f"/api/orders/{paid['id']}/payments", json={"amount": 8, "paymentMethod": "CASH"})
    server = _as(make_staff_token(client, "SERVER"))
    manager = _as(make_staff_token(client, "MANAGER"))
    for order in (sent, paid):
        url = f"/api/orders/{order['id']}"
        body = {"reason": "walked out"}
        assert client.request("DELETE", url, json=body, headers=server).status_code == 403
        assert client.get(url).json()["status"] != "CANCELLED"
        assert client.request("DELETE", url, json=body, headers=manager).status_code == 200


def test_the_kitchen_moves_item_status_but_not_quantity_or_notes(client: AppClient) -> None:
    order, item = _sent_item(client)
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    kitchen = _as(make_staff_token(client, "KITCHEN"))
    assert client.put(url, json={"status": "PREPARING"}, headers=kitchen).status_code == 200
    for change in ({"notes": "no salt"}, {"status": "READY", "quantity": 2}):
        assert client.put(url, json=change, headers=kitchen).status_code == 403
    assert client.get(url).json()["status"] == "PREPARING"


def test_idempotency_keys_belong_to_their_caller(client: AppClient) -> None:
    order = make_order(client)
    product = make_product(client, price=5)
    body = {"productId": product["id"], "quantity": 1}
    url = f"/api/orders/{order['id']}/items"
    first = _as(make_staff_token(client, "SERVER")) | {"Idempotency-Key": "k-1"}
    second = _as(make_staff_token(client, "SERVER")) | {"Idempotency-Key": "k-1"}
    assert client.post(url, json=body, headers=first).status_code == 201
    replay = client.post(url, json=body, headers=first)
    assert replay.headers.get("idempotent-replayed") == "true"
    other = client.post(url, json=body, headers=second)
    assert (other.status_code, other.headers.get("idempotent-replayed")) == (201, None)


# --- failed authentication ------------------------------------------------------------------


def test_twenty_failures_a_minute_then_429_while_a_good_token_still_works(
    client: AppClient, within_one_minute: None
) -> None:
    wrong = bearer("brg_guess")
    statuses = [client.get("/api/products", headers=wrong).status_code for _ in range(20)]
    assert statuses == [401] * 20
    limited = client.get("/api/products", headers=wrong)
    assert (limited.status_code, limited.json()["code"]) == (429, "too_many_failed_authentications")
    assert 1 <= int(limited.headers["retry-after"]) <= 61
    assert client.get("/api/products").status_code == 200


def test_a_missing_token_is_not_counted_as_a_guess(client: AppClient) -> None:
    for _ in range(25):
        assert client.get("/api/products", headers={"Authorization": ""}).status_code == 401


# --- configuration --------------------------------------------------------------------------


def test_auth_off_serves_everyone_as_an_admin_and_says_so(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(Settings(database_url=database_url, auth="off"))) as open_client:
        assert "AUTHENTICATION IS OFF" in caplog.text
        assert open_client.get("/api/staff").status_code == 200
        assert open_client.get("/api/audit", headers=bearer("brg_anything")).status_code == 200


def test_a_short_admin_token_is_refused_at_start_up(database_url: str) -> None:
    with pytest.raises(ValidationError):
        Settings(database_url=database_url, admin_token="too-short")

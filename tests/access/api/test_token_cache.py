"""The per-worker token cache through the API: a token seen is not looked up again, and every
revocation made through this worker refuses the very next request; a rolled-back one changes
nothing; bad tokens are still refused and counted; a change made through another worker or
host is seen within BRIGADE_TOKEN_CACHE_SECONDS."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from brigade.access.domain.staff import StaffChanges, token_digest
from brigade.access.service import staff as access
from brigade.access.service import terminals
from brigade.access.service import token_cache as worker_token_cache
from brigade.access.tables import api_tokens, auth_failures
from brigade.app import create_app
from brigade.kit.access import SYSTEM
from brigade.settings import Settings
from factories import (
    AppClient,
    bearer,
    in_transaction,
    make_device,
    make_staff_with_pin,
    sign_in,
)
from orders.api.order_helpers import recorded_statements

Json = dict[str, Any]


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # The longest bound allowed, so that a slow machine never lets an entry go stale within a
    # test that counts on it being kept (the default, 5 s, runs through the rest of the suite).
    return settings.model_copy(update={"token_cache_seconds": 60})


def _lookups(statements: list[str]) -> list[str]:
    """The statements that look a presented token up (staff, device or session)."""
    return [s for s in statements if "token_digest" in s and s.startswith("select")]


def _staff_token(client: AppClient, role: str = "SERVER") -> tuple[Json, Json]:
    member = client.post("/api/staff", json={"name": "Ana", "role": role}).json()
    token = client.post("/api/tokens", json={"staffId": member["id"], "name": "Bar"}).json()
    return member, token


def _warm(client: AppClient, token: str, url: str = "/api/staff/me") -> None:
    """Use ``token`` once, so this worker keeps it, and check that the next use is not looked
    up: what the tests below revoke is really cached."""
    assert client.get(url, headers=bearer(token)).status_code == 200
    with recorded_statements(client) as seen:
        assert client.get(url, headers=bearer(token)).status_code == 200
    assert _lookups(seen) == []
    assert token_digest(token) in worker_token_cache.cache()


# --- the cache at work ----------------------------------------------------------------------


def test_a_token_seen_is_answered_from_memory_kept_only_by_its_digest(client: AppClient) -> None:
    _member, token = _staff_token(client)
    with recorded_statements(client) as first:
        assert client.get("/api/products", headers=bearer(token["token"])).status_code == 200
    assert len(_lookups(first)) == 1
    with recorded_statements(client) as second:
        for _ in range(3):
            assert client.get("/api/products", headers=bearer(token["token"])).status_code == 200
    assert _lookups(second) == []
    assert token_digest(token["token"]) in worker_token_cache.cache()
    assert token["token"] not in worker_token_cache.cache()


def test_last_use_is_still_recorded_at_most_once_a_minute(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    _member, token = _staff_token(client)
    headers = bearer(token["token"])

    def touches(seen: list[str]) -> int:
        return sum("update api_tokens set last_used_at" in s for s in seen)

    with recorded_statements(client) as seen:
        for _ in range(3):
            assert client.get("/api/products", headers=headers).status_code == 200
    assert touches(seen) == 1
    first_use = _last_use(client)

    later = datetime.now(UTC) + timedelta(minutes=1, seconds=1)
    monkeypatch.setattr(access, "now", lambda: later)
    with recorded_statements(client) as seen:
        for _ in range(3):
            assert client.get("/api/products", headers=headers).status_code == 200
    # Answered from memory, and its use a minute on recorded once more.
    assert _lookups(seen) == []
    assert touches(seen) == 1
    assert _last_use(client) >= first_use + timedelta(minutes=1)


def _last_use(client: AppClient) -> datetime:
    return datetime.fromisoformat(client.get("/api/tokens").json()["data"][0]["lastUsedAt"])


def test_zero_seconds_looks_every_token_up(client: AppClient, settings: Settings) -> None:
    _member, token = _staff_token(client)
    uncached = settings.model_copy(update={"token_cache_seconds": 0})
    other = TestClient(create_app(uncached), headers=bearer(token["token"]))
    with other, recorded_statements(other) as seen:
        for _ in range(3):
            assert other.get("/api/products").status_code == 200
    assert len(_lookups(seen)) == 3
    assert len(worker_token_cache.cache()) == 0


# --- revocations made through this worker: the very next request is refused -----------------


def test_revoking_a_token_refuses_its_next_request(client: AppClient) -> None:
    _member, token = _staff_token(client)
    _warm(client, token["token"])
    assert client.delete(f"/api/tokens/{token['id']}").status_code == 200
    assert client.get("/api/staff/me", headers=bearer(token["token"])).status_code == 401


def test_revoking_one_token_leaves_the_same_persons_others_working(client: AppClient) -> None:
    member, token = _staff_token(client)
    other = client.post("/api/tokens", json={"staffId": member["id"], "name": "Pass"}).json()
    _warm(client, token["token"])
    _warm(client, other["token"])
    assert client.delete(f"/api/tokens/{token['id']}").status_code == 200
    assert client.get("/api/staff/me", headers=bearer(other["token"])).status_code == 200


def test_deactivating_staff_refuses_their_tokens_and_sessions_next(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    token = client.post("/api/tokens", json={"staffId": member["id"], "name": "Bar"}).json()
    session = sign_in(client, terminal, member["id"], "4826").json()["token"]
    _warm(client, token["token"])
    _warm(client, session)
    off = client.patch(f"/api/staff/{member['id']}", json={"isActive": False})
    assert off.status_code == 200, off.text
    assert client.get("/api/staff/me", headers=bearer(token["token"])).status_code == 401
    assert client.get("/api/staff/me", headers=bearer(session)).status_code == 401
    # The terminal they signed in on is not theirs: it goes on.
    assert client.get("/api/staff/directory", headers=bearer(terminal)).status_code == 200


def test_a_role_change_applies_to_the_next_request(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    token = client.post("/api/tokens", json={"staffId": member["id"], "name": "Bar"}).json()
    session = sign_in(client, terminal, member["id"], "4826").json()["token"]
    order = {"orderType": "TAKEOUT"}
    for credential in (token["token"], session):
        _warm(client, credential)
        assert client.post("/api/orders", json=order, headers=bearer(credential)).status_code == 201
    down = client.patch(f"/api/staff/{member['id']}", json={"role": "KITCHEN"})
    assert down.status_code == 200, down.text
    for credential in (token["token"], session):
        assert client.post("/api/orders", json=order, headers=bearer(credential)).status_code == 403
        assert client.get("/api/staff/me", headers=bearer(credential)).json()["role"] == "KITCHEN"


def test_a_new_name_shows_on_the_next_request(client: AppClient) -> None:
    member, token = _staff_token(client)
    _warm(client, token["token"])
    client.patch(f"/api/staff/{member['id']}", json={"name": "Ana Lima"})
    assert client.get("/api/staff/me", headers=bearer(token["token"])).json()["name"] == "Ana Lima"


def test_revoking_a_device_refuses_its_token_and_its_sessions_next(client: AppClient) -> None:
    device = make_device(client)
    member = make_staff_with_pin(client, "SERVER")
    session = sign_in(client, device["token"], member["id"], "4826").json()["token"]
    _warm(client, device["token"], "/api/staff/directory")
    _warm(client, session)
    assert client.delete(f"/api/devices/{device['id']}").status_code == 200
    assert client.get("/api/staff/directory", headers=bearer(device["token"])).status_code == 401
    assert client.get("/api/staff/me", headers=bearer(session)).status_code == 401


def test_signing_out_refuses_that_session_next_and_no_other(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    ended = sign_in(client, terminal, member["id"], "4826").json()["token"]
    other = sign_in(client, terminal, member["id"], "4826").json()["token"]
    _warm(client, ended)
    _warm(client, other)
    assert client.delete("/api/sessions/current", headers=bearer(ended)).status_code == 200
    assert client.get("/api/staff/me", headers=bearer(ended)).status_code == 401
    assert client.get("/api/staff/me", headers=bearer(other)).status_code == 200
    assert client.get("/api/staff/directory", headers=bearer(terminal)).status_code == 200


def test_a_session_cached_is_refused_once_it_expires(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = make_device(client)["token"]
    member = make_staff_with_pin(client, "SERVER")
    signed_in = sign_in(client, terminal, member["id"], "4826").json()
    _warm(client, signed_in["token"])
    past_its_end = datetime.fromisoformat(signed_in["expiresAt"]) + timedelta(seconds=1)
    # Past the session's end by the cache's clock only: it no longer answers for the session
    # (the lookup runs again, and by its own clock still finds the session live).
    monkeypatch.setattr(access, "now", lambda: past_its_end)
    with recorded_statements(client) as seen:
        assert client.get("/api/staff/me", headers=bearer(signed_in["token"])).status_code == 200
    assert len(_lookups(seen)) == 1
    # Past it by both: refused.
    monkeypatch.setattr(terminals, "now", lambda: past_its_end)
    assert client.get("/api/staff/me", headers=bearer(signed_in["token"])).status_code == 401


# --- what does not reach the cache ----------------------------------------------------------


def test_a_rolled_back_revocation_changes_nothing(client: AppClient) -> None:
    member, token = _staff_token(client)
    _warm(client, token["token"])

    async def revoke_then_fail(uow: Any) -> None:
        await access.revoke_token(uow, SYSTEM, UUID(token["id"]))
        await access.update_staff(uow, SYSTEM, UUID(member["id"]), StaffChanges(is_active=False))
        raise RuntimeError("the transaction fails after the revocation")

    with pytest.raises(RuntimeError):
        in_transaction(client, revoke_then_fail)
    with recorded_statements(client) as seen:
        assert client.get("/api/staff/me", headers=bearer(token["token"])).status_code == 200
    # Still answered from memory: the rollback forgot nothing, and nothing needed forgetting.
    assert _lookups(seen) == []
    assert client.get("/api/tokens").json()["data"][0]["revokedAt"] is None
    assert client.get(f"/api/staff/{member['id']}").json()["isActive"] is True


async def _failures(app: Any) -> int:
    async with app.state.database.unit_of_work(write=False) as uow:
        connection = await uow.connection()
        counts = await connection.execute(select(auth_failures.c.failures))
        return sum(count for (count,) in counts)


def test_bad_tokens_are_still_refused_and_counted_beside_a_cached_one(
    client: AppClient, within_one_minute: None
) -> None:
    _member, token = _staff_token(client)
    _warm(client, token["token"])
    near_miss = token["token"][:-1] + ("A" if token["token"][-1] != "A" else "B")
    for bad in (near_miss, near_miss, "brg_guess", "brd_guess", "brs_guess"):
        with recorded_statements(client) as seen:
            assert client.get("/api/staff/me", headers=bearer(bad)).status_code == 401
        # Each is looked up again: unknown tokens are never kept.
        assert len(_lookups(seen)) == 1, bad
    assert client.portal.call(_failures, client.app) == 5
    assert token_digest(near_miss) not in worker_token_cache.cache()
    assert client.get("/api/staff/me", headers=bearer(token["token"])).status_code == 200


# --- a change made through another worker or host --------------------------------------------


async def _revoke_elsewhere(app: Any, token_id: str) -> None:
    """What another worker's revocation looks like from here: the row changes, this worker's
    cache is not told."""
    async with app.state.database.unit_of_work(write=True) as uow:
        connection = await uow.connection()
        statement = update(api_tokens).where(api_tokens.c.id == UUID(token_id))
        await connection.execute(statement.values(revoked_at=datetime.now(UTC)))


def test_a_revocation_elsewhere_is_seen_within_the_setting(
    client: AppClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    _member, token = _staff_token(client)
    _warm(client, token["token"])
    client.portal.call(_revoke_elsewhere, client.app, token["id"])
    bound = settings.token_cache_seconds
    # The clock the cache reads, as the test patches it below.
    started = worker_token_cache.monotonic()  # type: ignore[attr-defined]
    monkeypatch.setattr(worker_token_cache, "monotonic", lambda: started + bound)
    assert client.get("/api/staff/me", headers=bearer(token["token"])).status_code == 401

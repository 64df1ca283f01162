"""The back office's password sign-in into a cookie session: the cookies, CSRF, the lock-out,
expiry, sign-out, and who may open one (docs/design.md §7)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from brigade.access.service import passwords
from brigade.kit.clock import now
from factories import (
    NO_BEARER,
    AppClient,
    bearer,
    csrf_header,
    make_staff_token,
    make_staff_with_password,
    password_sign_in,
)


def _set_cookies(response: object) -> dict[str, str]:
    headers = response.headers.get_list("set-cookie")  # type: ignore[attr-defined]
    return {header.split("=", 1)[0]: header for header in headers}


def test_sign_in_answers_the_caller_and_sets_both_cookies(client: AppClient) -> None:
    manager = make_staff_with_password(client, "MANAGER")
    answer = password_sign_in(client, manager["login"].upper())
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "staffId": manager["id"],
        "name": manager["name"],
        "role": "MANAGER",
        "locationId": None,
        "language": "en",
    }
    cookies = _set_cookies(answer)
    session = cookies["brigade_session"].lower()
    for attribute in ("httponly", "samesite=strict", "path=/"):
        assert attribute in session
    assert "secure" not in session  # plain HTTP, and no setting says so
    csrf = cookies["brigade_csrf"].lower()
    assert "httponly" not in csrf
    assert "samesite=strict" in csrf
    assert answer.headers["cache-control"] == "no-store"


def test_the_cookie_authenticates_a_read(client: AppClient) -> None:
    manager = make_staff_with_password(client, "MANAGER")
    password_sign_in(client, manager["login"])
    me = client.get("/api/staff/me", headers=NO_BEARER)
    assert me.status_code == 200, me.text
    assert me.json()["staffId"] == manager["id"]


def test_a_change_with_the_cookie_needs_the_csrf_token(client: AppClient) -> None:
    make_staff_with_password(client, "ADMIN", login="boss")
    password_sign_in(client, "boss")
    body = {"name": "Intruder", "role": "ADMIN"}
    for headers in (NO_BEARER, NO_BEARER | {"X-CSRF-Token": "forged"}):
        refused = client.post("/api/staff", json=body, headers=headers)
        assert refused.status_code == 403, refused.text
        assert refused.json()["code"] == "csrf_failed"
    names = [member["name"] for member in client.get("/api/staff").json()["data"]]
    assert "Intruder" not in names
    made = client.post("/api/staff", json=body, headers=csrf_header(client))
    assert made.status_code == 201, made.text


def _replace_cookie(client: AppClient, name: str, value: str) -> None:
    client.cookies.delete(name)
    client.cookies.set(name, value)


def test_a_csrf_token_serves_its_own_session_only(client: AppClient) -> None:
    """The token was any value the cookie and the header agreed on (issue 51): one planted in
    the browser's cookie (by a sibling site, say) went with another session's cookie."""
    make_staff_with_password(client, "ADMIN", login="boss")
    password_sign_in(client, "boss")
    first_csrf = client.cookies["brigade_csrf"]
    password_sign_in(client, "boss")
    second_session, second_csrf = client.cookies["brigade_session"], client.cookies["brigade_csrf"]
    assert second_csrf != first_csrf
    body = {"name": "Planted", "role": "ADMIN"}
    _replace_cookie(client, "brigade_csrf", first_csrf)
    refused = client.post("/api/staff", json=body, headers=NO_BEARER | {"X-CSRF-Token": first_csrf})
    assert refused.status_code == 403, refused.text
    assert refused.json()["code"] == "csrf_failed"
    assert "Planted" not in [member["name"] for member in client.get("/api/staff").json()["data"]]
    _replace_cookie(client, "brigade_csrf", second_csrf)
    assert client.cookies["brigade_session"] == second_session
    made = client.post("/api/staff", json=body, headers=csrf_header(client))
    assert made.status_code == 201, made.text


def test_a_change_from_another_origin_is_refused(client: AppClient) -> None:
    make_staff_with_password(client, "ADMIN", login="boss")
    password_sign_in(client, "boss")
    body = {"name": "From elsewhere", "role": "SERVER"}
    foreign = csrf_header(client) | {"Origin": "https://evil.example"}
    refused = client.post("/api/staff", json=body, headers=foreign)
    assert refused.status_code == 403
    assert refused.json()["code"] == "csrf_failed"
    own = csrf_header(client) | {"Origin": "http://testserver"}
    assert client.post("/api/staff", json=body, headers=own).status_code == 201


def test_a_bearer_request_ignores_the_cookie(client: AppClient) -> None:
    make_staff_with_password(client, "MANAGER", login="mgr")
    password_sign_in(client, "mgr")
    server = make_staff_token(client, "SERVER")
    me = client.get("/api/staff/me", headers=bearer(server)).json()
    assert me["role"] == "SERVER"
    # No CSRF token needed with a bearer token, cookie or not.
    made = client.post("/api/staff", json={"name": "By token", "role": "SERVER"})
    assert made.status_code == 201, made.text


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client: AppClient) -> None:
    make_staff_with_password(client, "MANAGER", login="mgr")
    wrong = password_sign_in(client, "mgr", "not the password")
    unknown = password_sign_in(client, "nobody", "not the password")
    assert (wrong.status_code, unknown.status_code) == (401, 401)
    assert wrong.json()["code"] == unknown.json()["code"] == "wrong_password"
    assert wrong.json()["detail"] == unknown.json()["detail"]
    assert "brigade_session" not in client.cookies


@pytest.mark.parametrize("login", ["mgr", "nobody"])
def test_ten_wrong_passwords_lock_the_name_even_for_the_right_one(
    client: AppClient, login: str
) -> None:
    make_staff_with_password(client, "MANAGER", login="mgr")
    answers = [password_sign_in(client, login, f"wrong guess {n}") for n in range(10)]
    assert [a.status_code for a in answers] == [401] * 9 + [429]
    locked = answers[-1]
    assert locked.json()["code"] == "too_many_attempts"
    assert 0 < int(locked.headers["retry-after"]) <= 15 * 60
    assert locked.headers["ratelimit-limit"] == "10"
    assert locked.headers["ratelimit-remaining"] == "0"
    still = password_sign_in(client, login)
    assert still.status_code == 429
    assert "brigade_session" not in client.cookies


def test_a_server_cannot_open_a_back_office_session(client: AppClient) -> None:
    server = make_staff_with_password(client, "SERVER")
    refused = password_sign_in(client, server["login"])
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_back_office"
    assert "PIN" in refused.json()["detail"]
    assert "brigade_session" not in client.cookies


def test_sign_out_ends_the_session_and_clears_the_cookies(client: AppClient) -> None:
    manager = make_staff_with_password(client, "MANAGER")
    password_sign_in(client, manager["login"])
    session = client.cookies["brigade_session"]
    out = client.post("/api/auth/sign-out", headers=csrf_header(client))
    assert out.status_code == 200, out.text
    assert "brigade_session" not in client.cookies
    client.cookies.set("brigade_session", session)
    again = client.get("/api/staff/me", headers=NO_BEARER)
    assert again.status_code == 401


def test_a_session_ends_when_idle_and_after_a_week(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = make_staff_with_password(client, "MANAGER")
    password_sign_in(client, manager["login"])
    start = now()

    def at(moment: timedelta) -> None:
        monkeypatch.setattr(passwords, "now", lambda: start + moment)

    at(timedelta(hours=11))
    assert client.get("/api/staff/me", headers=NO_BEARER).status_code == 200
    at(timedelta(hours=11, minutes=1) + timedelta(hours=12))
    assert client.get("/api/staff/me", headers=NO_BEARER).status_code == 401


def test_a_busy_session_still_ends_a_week_after_sign_in(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = make_staff_with_password(client, "MANAGER")
    password_sign_in(client, manager["login"])
    start = now()
    # A request every 6 hours keeps it from idling, until the week is up.
    for hours in range(6, 7 * 24 + 1, 6):
        moment = start + timedelta(hours=hours)
        monkeypatch.setattr(passwords, "now", lambda moment=moment: moment)
        status = client.get("/api/staff/me", headers=NO_BEARER).status_code
        assert status == (200 if hours < 7 * 24 else 401), hours


def test_a_demoted_or_deactivated_managers_sessions_stop(client: AppClient) -> None:
    for change in ({"role": "SERVER"}, {"isActive": False}):
        manager = make_staff_with_password(client, "MANAGER")
        password_sign_in(client, manager["login"])
        assert client.get("/api/staff/me", headers=NO_BEARER).status_code == 200
        changed = client.patch(f"/api/staff/{manager['id']}", json=change)
        assert changed.status_code == 200, changed.text
        assert client.get("/api/staff/me", headers=NO_BEARER).status_code == 401


def test_the_event_stream_follows_with_the_cookie(client: AppClient) -> None:
    manager = make_staff_with_password(client, "MANAGER")
    password_sign_in(client, manager["login"])
    with client.stream("GET", "/api/events/stream", headers=NO_BEARER) as stream:
        assert stream.status_code == 200


def test_cors_never_allows_credentials(client: AppClient) -> None:
    preflight = client.options(
        "/api/staff/me",
        headers={"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "GET"},
    )
    assert "access-control-allow-credentials" not in preflight.headers

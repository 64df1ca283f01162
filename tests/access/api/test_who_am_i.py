"""GET /api/staff/me: who a token acts as, so a screen signed in with a pasted token can say
"this is a SERVER's token" before anything else."""

from __future__ import annotations

from factories import LOCATION, AppClient, bearer, make_device, make_session, make_staff_token


def test_a_staff_token_answers_its_staff_member_and_role(client: AppClient) -> None:
    token = make_staff_token(client, "MANAGER", name="Marco")
    me = client.get("/api/staff/me", headers=bearer(token))
    assert me.status_code == 200, me.text
    body = me.json()
    assert (body["name"], body["role"], body["locationId"]) == ("Marco", "MANAGER", None)
    member = client.get(f"/api/staff/{body['staffId']}").json()
    assert (member["name"], member["role"]) == ("Marco", "MANAGER")


def test_the_bootstrap_admin_is_an_admin_with_no_staff_record(client: AppClient) -> None:
    body = client.get("/api/staff/me").json()
    assert body["role"] == "ADMIN"
    assert body["staffId"] is None


def test_a_pin_session_acts_at_its_terminals_location(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    body = client.get("/api/staff/me", headers=bearer(make_session(client, "SERVER", terminal)))
    assert (body.json()["role"], body.json()["locationId"]) == ("SERVER", LOCATION)


def test_a_terminal_alone_is_no_one(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    refused = client.get("/api/staff/me", headers=bearer(terminal))
    assert refused.status_code == 403
    assert refused.json()["code"] == "forbidden"

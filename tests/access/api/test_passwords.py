"""PUT /api/staff/{id}/password: who may set whose, the rules, the audit, never echoed."""

from __future__ import annotations

from typing import Any

from factories import (
    PASSWORD,
    AppClient,
    bearer,
    every_stored_value,
    make_staff_token,
    make_staff_with_password,
)


def _new_staff(client: AppClient, role: str, name: str) -> dict[str, Any]:
    response = client.post("/api/staff", json={"name": name, "role": role})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_an_admin_sets_a_password_which_staff_answers_show_but_never_the_password(
    client: AppClient,
) -> None:
    member = _new_staff(client, "MANAGER", "Marco")
    assert (member["login"], member["hasPassword"]) == (None, False)
    body = {"login": "Marco@Example.com", "password": PASSWORD}
    answer = client.put(f"/api/staff/{member['id']}/password", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "staffId": member["id"],
        "login": "marco@example.com",
        "hasPassword": True,
    }
    shown = client.get(f"/api/staff/{member['id']}").json()
    assert (shown["login"], shown["hasPassword"]) == ("marco@example.com", True)
    assert PASSWORD not in client.get("/api/staff").text
    assert PASSWORD not in client.get("/api/audit?action=staff.password_set").text
    stored = client.portal.call(every_stored_value, client.app)
    assert not any(PASSWORD in value for value in stored)


def test_setting_a_password_is_audited_without_it(client: AppClient) -> None:
    member = make_staff_with_password(client, "SERVER", login="sam")
    entries = client.get("/api/audit", params={"action": "staff.password_set"}).json()["data"]
    assert [(e["entityId"], e["after"]) for e in entries] == [(member["id"], {"login": "sam"})]


def test_the_rules_refuse_short_passwords_and_odd_names_changing_nothing(
    client: AppClient,
) -> None:
    member = _new_staff(client, "MANAGER", "Mina")
    for body, field in [
        ({"login": "mina", "password": "short"}, "password"),
        ({"login": "mina", "password": "aaaaaaaaaaaa"}, "password"),
        ({"login": "mi", "password": PASSWORD}, "login"),
        ({"login": "mina lee", "password": PASSWORD}, "login"),
    ]:
        refused = client.put(f"/api/staff/{member['id']}/password", json=body)
        assert refused.status_code == 422, (body, refused.text)
        assert field in refused.text
    assert client.get(f"/api/staff/{member['id']}").json()["hasPassword"] is False


def test_a_sign_in_name_is_unique_whatever_its_case(client: AppClient) -> None:
    make_staff_with_password(client, "MANAGER", login="chef")
    other = _new_staff(client, "MANAGER", "Other")
    body = {"login": "CHEF", "password": PASSWORD}
    refused = client.put(f"/api/staff/{other['id']}/password", json=body)
    assert refused.status_code == 409
    assert refused.json()["code"] == "login_taken"


def test_anyone_sets_their_own_password(client: AppClient) -> None:
    token = make_staff_token(client, "KITCHEN", name="Kit")
    me = client.get("/api/staff/me", headers=bearer(token)).json()
    body = {"login": "kit", "password": PASSWORD}
    answer = client.put(f"/api/staff/{me['staffId']}/password", json=body, headers=bearer(token))
    assert answer.status_code == 200, answer.text


def test_a_manager_sets_those_below_admin_and_not_an_admins(client: AppClient) -> None:
    manager = make_staff_token(client, "MANAGER")
    server = _new_staff(client, "SERVER", "Sara")
    admin = _new_staff(client, "ADMIN", "Ada")
    body = {"login": "sara", "password": PASSWORD}
    allowed = client.put(f"/api/staff/{server['id']}/password", json=body, headers=bearer(manager))
    assert allowed.status_code == 200, allowed.text
    body = {"login": "ada", "password": PASSWORD}
    refused = client.put(f"/api/staff/{admin['id']}/password", json=body, headers=bearer(manager))
    assert refused.status_code == 403
    assert client.get(f"/api/staff/{admin['id']}").json()["hasPassword"] is False


def test_a_server_cannot_set_someone_elses_password(client: AppClient) -> None:
    server = make_staff_token(client, "SERVER")
    other = _new_staff(client, "KITCHEN", "Kai")
    body = {"login": "kai", "password": PASSWORD}
    refused = client.put(f"/api/staff/{other['id']}/password", json=body, headers=bearer(server))
    assert refused.status_code == 403

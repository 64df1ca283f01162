"""A staff member created or changed with their PIN, sign-in name and password in one request
(docs/design.md §7, §19): the separate endpoints' rules and audit entries, and a refusal that
creates nobody and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from factories import (
    NO_BEARER,
    PASSWORD,
    AppClient,
    csrf_header,
    make_staff_with_password,
    password_sign_in,
)


def _totals(client: AppClient) -> tuple[int, int]:
    """How many staff and audit entries there are."""
    staff = client.get("/api/staff").json()["total"]
    entries = client.get("/api/audit").json()["total"]
    return staff, entries


def _audited(client: AppClient, staff_id: str) -> list[tuple[str, Any, Any]]:
    entries = client.get("/api/audit", params={"limit": 100}).json()["data"]
    return sorted(
        (e["action"], e["before"], e["after"]) for e in entries if e["entityId"] == staff_id
    )


def test_a_new_member_comes_with_a_pin_and_a_password_in_one_request(client: AppClient) -> None:
    body = {"name": "Ana", "role": "MANAGER", "pin": "4826", "login": "Ana@Example.com"}
    answer = client.post("/api/staff", json=body | {"password": PASSWORD})
    assert answer.status_code == 201, answer.text
    ana = answer.json()
    assert (ana["login"], ana["hasPassword"]) == ("ana@example.com", True)
    assert PASSWORD not in answer.text
    directory = client.get("/api/staff/directory").json()["data"]
    assert ana["id"] in [card["id"] for card in directory]
    assert password_sign_in(client, "ana@example.com").status_code == 200
    assert _audited(client, ana["id"]) == [
        (
            "staff.created",
            None,
            {"name": "Ana", "role": "MANAGER", "isActive": True, "language": None},
        ),
        ("staff.password_set", {"login": None}, {"login": "ana@example.com"}),
        ("staff.pin_set", None, None),
    ]


REFUSED = [
    pytest.param({"pin": "1234"}, 422, "trivial_pin", id="trivial PIN"),
    pytest.param({"pin": "12"}, 422, "validation_failed", id="short PIN"),
    pytest.param({"login": "lea", "password": "aaaaaaaaaaaa"}, 422, "weak_password", id="weak"),
    pytest.param({"login": "lea", "password": "short"}, 422, "validation_failed", id="short"),
    pytest.param({"login": "le a", "password": PASSWORD}, 422, "validation_failed", id="name"),
    pytest.param({"login": "CHEF", "password": PASSWORD}, 409, "login_taken", id="taken"),
    pytest.param({"login": "lea"}, 422, "validation_failed", id="no password"),
    pytest.param({"password": PASSWORD}, 422, "validation_failed", id="no sign-in name"),
]


@pytest.mark.parametrize(("sign_in", "status", "code"), REFUSED)
def test_a_refused_pin_name_or_password_creates_nobody(
    client: AppClient, sign_in: dict[str, str], status: int, code: str
) -> None:
    make_staff_with_password(client, "MANAGER", login="chef")
    before = _totals(client)
    body = {"name": "Lea", "role": "SERVER", "pin": "4826"} | sign_in
    refused = client.post("/api/staff", json=body)
    assert (refused.status_code, refused.json()["code"]) == (status, code), refused.text
    assert _totals(client) == before


@pytest.mark.parametrize(("sign_in", "status", "code"), REFUSED[:6])
def test_a_refusal_is_the_one_its_own_endpoint_answers(
    client: AppClient, sign_in: dict[str, str], status: int, code: str
) -> None:
    make_staff_with_password(client, "MANAGER", login="chef")
    lea = client.post("/api/staff", json={"name": "Lea", "role": "SERVER"}).json()
    own = "pin" if "pin" in sign_in else "password"
    refused = client.put(f"/api/staff/{lea['id']}/{own}", json=sign_in)
    assert (refused.status_code, refused.json()["code"]) == (status, code), refused.text


def test_a_refused_edit_changes_nothing(client: AppClient) -> None:
    make_staff_with_password(client, "MANAGER", login="chef")
    ben = make_staff_with_password(client, "SERVER", login="ben")
    before = _totals(client)
    for change, code in [
        ({"name": "Benjamin", "pin": "1111"}, "trivial_pin"),
        ({"role": "MANAGER", "login": "chef"}, "login_taken"),
        ({"isActive": False, "password": "abababababab"}, "weak_password"),
        ({"login": None, "password": PASSWORD}, "validation_failed"),
    ]:
        refused = client.patch(f"/api/staff/{ben['id']}", json=change)
        assert refused.json()["code"] == code, (change, refused.text)
    assert _totals(client) == before
    shown = client.get(f"/api/staff/{ben['id']}").json()
    assert (shown["name"], shown["role"], shown["isActive"]) == (ben["name"], "SERVER", True)
    assert (shown["login"], shown["hasPassword"]) == ("ben", True)


def test_an_edit_sets_a_pin_a_sign_in_name_and_a_password_at_once(client: AppClient) -> None:
    mia = client.post("/api/staff", json={"name": "Mia", "role": "SERVER"}).json()
    refused = client.patch(f"/api/staff/{mia['id']}", json={"login": "mia"})
    assert refused.status_code == 422
    assert refused.json()["errors"][0]["field"] == "password"
    change = {"role": "MANAGER", "pin": "4826", "login": "Mia", "password": PASSWORD}
    answer = client.patch(f"/api/staff/{mia['id']}", json=change)
    assert answer.status_code == 200, answer.text
    assert (answer.json()["role"], answer.json()["login"]) == ("MANAGER", "mia")
    assert mia["id"] in [card["id"] for card in client.get("/api/staff/directory").json()["data"]]
    assert password_sign_in(client, "mia").status_code == 200
    assert [entry[0] for entry in _audited(client, mia["id"])] == [
        "staff.changed",
        "staff.created",
        "staff.password_set",
        "staff.pin_set",
    ]


def test_a_new_sign_in_name_keeps_the_password(client: AppClient) -> None:
    ada = make_staff_with_password(client, "MANAGER", login="ada")
    answer = client.patch(f"/api/staff/{ada['id']}", json={"login": "Ada.L"})
    assert answer.status_code == 200, answer.text
    assert (answer.json()["login"], answer.json()["hasPassword"]) == ("ada.l", True)
    assert password_sign_in(client, "ada").status_code == 401
    assert password_sign_in(client, "ada.l").status_code == 200
    changed = [entry for entry in _audited(client, ada["id"]) if entry[0] == "staff.changed"]
    assert changed == [("staff.changed", {"login": "ada"}, {"login": "ada.l"})]


def test_clearing_the_sign_in_name_takes_the_password_sign_in_away(client: AppClient) -> None:
    marco = make_staff_with_password(client, "MANAGER", login="marco")
    assert password_sign_in(client, "marco").status_code == 200
    assert client.get("/api/staff/me", headers=NO_BEARER).status_code == 200
    answer = client.patch(f"/api/staff/{marco['id']}", json={"login": None})
    assert answer.status_code == 200, answer.text
    assert (answer.json()["login"], answer.json()["hasPassword"]) == (None, False)
    # Their open session ended, and the password opens none any more.
    assert client.get("/api/staff/me", headers=NO_BEARER).status_code == 401
    assert password_sign_in(client, "marco").status_code == 401
    changed = [entry for entry in _audited(client, marco["id"]) if entry[0] == "staff.changed"]
    assert changed == [("staff.changed", {"login": "marco"}, {"login": None})]
    # A new one later comes with a new password; someone else may now have the old name.
    again = client.patch(f"/api/staff/{marco['id']}", json={"login": "marco"})
    assert again.status_code == 422
    other = make_staff_with_password(client, "MANAGER", login="marco")
    assert other["login"] == "marco"


def test_one_cannot_take_away_ones_own_sign_in_name(client: AppClient) -> None:
    boss = make_staff_with_password(client, "ADMIN", login="boss")
    password_sign_in(client, "boss")
    refused = client.patch(
        f"/api/staff/{boss['id']}", json={"login": None}, headers=csrf_header(client)
    )
    assert refused.status_code == 409, refused.text
    assert client.get(f"/api/staff/{boss['id']}").json()["login"] == "boss"

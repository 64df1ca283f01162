"""A staff member's own `language` (docs/design.md §26): null follows the location; one sets
one's own, an ADMIN anyone's; `GET /api/staff/me` and a PIN sign-in answer the one in force."""

from __future__ import annotations

from factories import (
    LOCATION,
    AppClient,
    bearer,
    make_device,
    make_staff_token,
    make_staff_with_pin,
    sign_in,
)


def _location_speaks(client: AppClient, language: str) -> None:
    profile = {"name": "Lyon", "timezone": "Europe/Paris", "currency": "EUR", "language": language}
    assert client.put(f"/api/locations/{LOCATION}", json=profile).status_code == 200


def test_a_new_staff_member_follows_the_location(client: AppClient) -> None:
    _location_speaks(client, "fr")
    terminal = make_device(client)["token"]
    server = make_staff_with_pin(client, "SERVER")
    assert client.get(f"/api/staff/{server['id']}").json()["language"] is None
    signed_in = sign_in(client, terminal, server["id"], "4826").json()
    assert signed_in["language"] == "fr"
    me = client.get("/api/staff/me", headers=bearer(signed_in["token"])).json()
    assert me["language"] == "fr"


def test_one_chooses_ones_own_language_and_the_screens_follow(client: AppClient) -> None:
    _location_speaks(client, "fr")
    terminal = make_device(client)["token"]
    server = make_staff_with_pin(client, "SERVER")
    session = bearer(sign_in(client, terminal, server["id"], "4826").json()["token"])
    chosen = client.put(
        f"/api/staff/{server['id']}/language", json={"language": "ar"}, headers=session
    )
    assert chosen.status_code == 200, chosen.text
    assert chosen.json()["language"] == "ar"
    assert client.get("/api/staff/me", headers=session).json()["language"] == "ar"
    again = sign_in(client, terminal, server["id"], "4826").json()
    assert again["language"] == "ar"
    back = client.put(
        f"/api/staff/{server['id']}/language", json={"language": None}, headers=session
    )
    assert back.json()["language"] is None
    assert client.get("/api/staff/me", headers=session).json()["language"] == "fr"


def test_someone_elses_language_is_an_admins_to_choose(client: AppClient) -> None:
    colleague = make_staff_with_pin(client, "SERVER")
    manager = make_staff_token(client, "MANAGER")
    refused = client.put(
        f"/api/staff/{colleague['id']}/language", json={"language": "de"}, headers=bearer(manager)
    )
    assert refused.status_code == 403
    assert client.get(f"/api/staff/{colleague['id']}").json()["language"] is None
    by_admin = client.put(f"/api/staff/{colleague['id']}/language", json={"language": "de"})
    assert by_admin.json()["language"] == "de"
    patched = client.patch(f"/api/staff/{colleague['id']}", json={"language": "es"})
    assert patched.json()["language"] == "es"
    audit = client.get("/api/audit", params={"action": "staff.changed"}).json()["data"]
    changes = [entry["after"] for entry in audit if entry["entityId"] == colleague["id"]]
    assert {"language": "es"} in changes


def test_a_language_brigade_does_not_speak_is_refused(client: AppClient) -> None:
    member = make_staff_with_pin(client, "SERVER")
    refused = client.put(f"/api/staff/{member['id']}/language", json={"language": "xx"})
    assert refused.status_code == 422
    assert refused.json()["code"] == "validation_failed"


def test_a_token_without_a_location_shows_its_own_language_or_english(
    client: AppClient,
) -> None:
    _location_speaks(client, "de")
    token = make_staff_token(client, "MANAGER")
    assert client.get("/api/staff/me", headers=bearer(token)).json()["language"] == "en"
    assert client.get("/api/staff/me").json()["language"] == "en"

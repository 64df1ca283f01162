"""GET and POST /api/setup: the first run makes the location, its first ADMIN and the demo
menu in one transaction, once (docs/design.md §22)."""

from __future__ import annotations

from typing import Any

from brigade.access.service import passwords
from brigade.kit.db.engine import UnitOfWork
from factories import NO_BEARER, PASSWORD, AppClient, in_transaction, make_staff_with_password

SETUP_TOKEN = "bsu_the-token-this-start-printed"


def _printed_token(client: AppClient) -> str:
    """What `brigade serve` does at start: a new setup token while no one has a password."""

    async def prepare(uow: UnitOfWork) -> str | None:
        return await passwords.prepare_setup(uow, SETUP_TOKEN)

    token: str = in_transaction(client, prepare)
    return token


def _setup(token: str = SETUP_TOKEN, **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "token": token,
        "location": {
            "name": "Chez Brigade",
            "timezone": "Europe/Paris",
            "currency": "EUR",
            "taxMode": "INCLUSIVE",
        },
        "manager": {"name": "Camille", "login": "camille@example.com", "password": PASSWORD},
        "demoMenu": False,
    }
    return body | overrides


def test_setup_is_needed_until_someone_has_a_password(client: AppClient) -> None:
    assert client.get("/api/setup", headers=NO_BEARER).json() == {"needed": True}
    make_staff_with_password(client, "MANAGER")
    assert client.get("/api/setup", headers=NO_BEARER).json() == {"needed": False}


def test_setup_makes_the_location_and_an_admin_and_signs_them_in(client: AppClient) -> None:
    token = _printed_token(client)
    done = client.post("/api/setup", json=_setup(token), headers=NO_BEARER)
    assert done.status_code == 200, done.text
    body = done.json()
    assert (body["name"], body["role"]) == ("Camille", "ADMIN")
    assert {"brigade_session", "brigade_csrf"} <= set(client.cookies.keys())
    me = client.get("/api/staff/me", headers=NO_BEARER).json()
    assert (me["staffId"], me["role"]) == (body["staffId"], "ADMIN")
    location = client.get(f"/api/locations/{body['locationId']}").json()
    assert (location["name"], location["timezone"], location["currency"], location["taxMode"]) == (
        "Chez Brigade",
        "Europe/Paris",
        "EUR",
        "INCLUSIVE",
    )
    assert client.get("/api/setup", headers=NO_BEARER).json() == {"needed": False}


def test_setup_is_done_once(client: AppClient) -> None:
    token = _printed_token(client)
    assert client.post("/api/setup", json=_setup(token), headers=NO_BEARER).status_code == 200
    again = client.post("/api/setup", json=_setup(token), headers=NO_BEARER)
    assert again.status_code == 403
    assert again.json()["code"] == "setup_done"


def test_a_wrong_token_is_401_and_changes_nothing(client: AppClient) -> None:
    _printed_token(client)
    refused = client.post("/api/setup", json=_setup("bsu_a-guess"), headers=NO_BEARER)
    assert refused.status_code == 401
    assert refused.json()["code"] == "wrong_setup_token"
    assert client.get("/api/staff").json()["total"] == 0


def test_invalid_answers_are_422_and_change_nothing(client: AppClient) -> None:
    token = _printed_token(client)
    locations = client.get("/api/locations").json()["total"]
    for body in (
        _setup(token, location={"name": "X", "timezone": "Mars/Olympus", "currency": "EUR"}),
        _setup(token, manager={"name": "C", "login": "camille", "password": "short"}),
        _setup(token, manager={"name": "C", "login": "cam", "password": PASSWORD, "pin": "1234"}),
    ):
        refused = client.post("/api/setup", json=body, headers=NO_BEARER)
        assert refused.status_code == 422, refused.text
    assert client.get("/api/staff").json()["total"] == 0
    assert client.get("/api/locations").json()["total"] == locations
    # The token is still good: the refusals were rolled back whole.
    assert client.post("/api/setup", json=_setup(token), headers=NO_BEARER).status_code == 200


def test_the_demo_menu_lands_in_the_new_location(client: AppClient) -> None:
    token = _printed_token(client)
    done = client.post("/api/setup", json=_setup(token, demoMenu=True), headers=NO_BEARER)
    assert done.status_code == 200, done.text
    location_id = done.json()["locationId"]
    products = client.get("/api/products", params={"locationId": location_id, "limit": 100})
    assert products.json()["total"] > 20
    names = [p["name"] for p in products.json()["data"]]
    assert "Steak frites" in names


def test_the_first_person_gets_a_pin_when_given_one(client: AppClient) -> None:
    token = _printed_token(client)
    manager = {"name": "Camille", "login": "camille", "password": PASSWORD, "pin": "4826"}
    done = client.post("/api/setup", json=_setup(token, manager=manager), headers=NO_BEARER)
    assert done.status_code == 200, done.text
    directory = client.get("/api/staff/directory").json()["data"]
    assert [entry["name"] for entry in directory] == ["Camille"]

"""GET and POST /api/setup: the first run makes the location (its tax mode, cash rounding and
named tax rates), its first ADMIN and the demo menu (taxed at those rates, with a floor of 8
tables) in one transaction, once (docs/design.md §22)."""

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
            "cashRounding": 0.05,
        },
        "taxes": {"foodRate": 0.1, "alcoholRate": 0.2, "takeoutRate": None},
        "manager": {"name": "Camille", "login": "camille@example.com", "password": PASSWORD},
        "demoMenu": False,
    }
    return body | overrides


def _needed(client: AppClient) -> bool:
    state = client.get("/api/setup", headers=NO_BEARER)
    assert state.status_code == 200, state.text
    needed: bool = state.json()["needed"]
    return needed


def _nothing_made(client: AppClient, locations: int) -> None:
    assert client.get("/api/staff").json()["total"] == 0
    assert client.get("/api/locations").json()["total"] == locations
    assert client.get("/api/tax-rates").json()["total"] == 0
    assert client.get("/api/tables").json()["total"] == 0


def test_setup_is_needed_until_someone_has_a_password(client: AppClient) -> None:
    assert _needed(client) is True
    make_staff_with_password(client, "MANAGER")
    assert _needed(client) is False


def test_setup_offers_each_country_s_usual_rates(client: AppClient) -> None:
    usual = {
        country["country"]: country
        for country in client.get("/api/setup", headers=NO_BEARER).json()["usualRates"]
    }
    assert {"DE", "FR", "IT", "ES", "AT", "NL", "GB", "US", "CH"} <= set(usual)
    france = usual["FR"]
    assert (france["currency"], france["standardRate"], france["reducedRates"]) == (
        "EUR",
        0.2,
        [0.1, 0.055],
    )
    assert (france["foodRate"], france["alcoholRate"], france["takeoutRate"]) == (0.1, 0.2, None)
    assert "Europe/Paris" in france["timezones"]
    assert (usual["GB"]["standardRate"], usual["GB"]["takeoutRate"]) == (0.2, 0)
    assert usual["NL"]["cashRounding"] == 0.05
    # US sales tax is the state's, the county's and the city's: nothing is offered.
    us = usual["US"]
    assert (us["standardRate"], us["reducedRates"], us["foodRate"], us["alcoholRate"]) == (
        None,
        [],
        None,
        None,
    )


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
    assert location["cashRounding"] == 0.05
    assert _needed(client) is False


def _rates(client: AppClient, location_id: str) -> dict[str, tuple[float, float | None]]:
    listed = client.get("/api/tax-rates", params={"locationId": location_id}).json()["data"]
    return {rate["name"]: (rate["rate"], rate["takeoutRate"]) for rate in listed}


def test_setup_makes_the_location_s_named_rates(client: AppClient) -> None:
    token = _printed_token(client)
    taxes = {"foodRate": 0.081, "alcoholRate": 0.081, "takeoutRate": 0.026}
    done = client.post("/api/setup", json=_setup(token, taxes=taxes), headers=NO_BEARER)
    assert done.status_code == 200, done.text
    assert _rates(client, done.json()["locationId"]) == {
        "Food and soft drinks": (0.081, 0.026),
        "Alcohol": (0.081, None),
    }


def test_food_and_alcohol_taxed_alike_make_one_rate(client: AppClient) -> None:
    token = _printed_token(client)
    taxes = {"foodRate": 0.1, "alcoholRate": 0.1, "takeoutRate": 0.1}
    done = client.post("/api/setup", json=_setup(token, taxes=taxes), headers=NO_BEARER)
    assert done.status_code == 200, done.text
    assert _rates(client, done.json()["locationId"]) == {"Food and drinks": (0.1, None)}


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
    paris = {"name": "X", "timezone": "Europe/Paris", "currency": "EUR"}
    food = {"foodRate": 0.1, "alcoholRate": 0.2}
    for body, field in (
        (_setup(token, location=paris | {"timezone": "Mars/Olympus"}), "timezone"),
        (_setup(token, manager={"name": "C", "login": "camille", "password": "short"}), None),
        (
            _setup(token, manager={"name": "C", "login": "cam", "password": PASSWORD, "pin": "1"}),
            None,
        ),
        ({key: value for key, value in _setup(token).items() if key != "taxes"}, "taxes"),
        (_setup(token, taxes=food | {"foodRate": 1.5}), "taxes.foodRate"),
        (_setup(token, taxes=food | {"alcoholRate": -0.2}), "taxes.alcoholRate"),
        (_setup(token, taxes=food | {"takeoutRate": 1}), "taxes.takeoutRate"),
        (_setup(token, taxes=food | {"foodRate": "ten"}), "taxes.foodRate"),
        (_setup(token, location=paris | {"cashRounding": 0}), "location.cashRounding"),
        (_setup(token, location=paris | {"cashRounding": 0.001}), "location.cashRounding"),
        (_setup(token, location=paris | {"cashRounding": 500}), "cashRounding"),
    ):
        refused = client.post("/api/setup", json=body, headers=NO_BEARER)
        assert refused.status_code == 422, refused.text
        assert refused.headers["content-type"].startswith("application/problem+json")
        assert refused.json()["code"] == "validation_failed", refused.text
        if field is not None:
            assert field in {error["field"] for error in refused.json()["errors"]}, refused.text
    _nothing_made(client, locations)
    # The token is still good: the refusals were rolled back whole.
    assert client.post("/api/setup", json=_setup(token), headers=NO_BEARER).status_code == 200


def test_the_demo_menu_lands_in_the_new_location_at_the_rates_given(client: AppClient) -> None:
    token = _printed_token(client)
    taxes = {"foodRate": 0.1, "alcoholRate": 0.2, "takeoutRate": 0.055}
    body = _setup(token, demoMenu=True, taxes=taxes)
    done = client.post("/api/setup", json=body, headers=NO_BEARER)
    assert done.status_code == 200, done.text
    location_id = done.json()["locationId"]
    listed = client.get("/api/tax-rates", params={"locationId": location_id}).json()["data"]
    rate_ids = {rate["name"]: rate["id"] for rate in listed}
    products = client.get("/api/products", params={"locationId": location_id, "limit": 100})
    assert products.json()["total"] == 40
    taxed = {p["name"]: (p["taxRate"], p["taxRateId"]) for p in products.json()["data"]}
    food = (0.1, rate_ids["Food and soft drinks"])
    alcohol = (0.2, rate_ids["Alcohol"])
    # Food, soft drinks and the modifiers at the food rate (its takeout rate with it), alcohol
    # at its own: no US rate anywhere.
    for name in ("Steak frites", "Classic cheeseburger", "Cola", "Latte", "Bacon", "Rare"):
        assert taxed[name] == food, name
    for name in ("House red (glass)", "Negroni", "IPA (pint)", "Malbec (bottle)"):
        assert taxed[name] == alcohol, name
    assert {rate for rate, _ in taxed.values()} == {0.1, 0.2}
    tables = client.get("/api/tables", params={"locationId": location_id, "limit": 100}).json()
    assert tables["total"] == 8
    assert sorted(table["name"] for table in tables["data"]) == [str(n) for n in range(1, 9)]
    assert {table["status"] for table in tables["data"]} == {"FREE"}


def test_the_first_person_gets_a_pin_when_given_one(client: AppClient) -> None:
    token = _printed_token(client)
    manager = {"name": "Camille", "login": "camille", "password": PASSWORD, "pin": "4826"}
    done = client.post("/api/setup", json=_setup(token, manager=manager), headers=NO_BEARER)
    assert done.status_code == 200, done.text
    directory = client.get("/api/staff/directory").json()["data"]
    assert [entry["name"] for entry in directory] == ["Camille"]


def test_the_demo_s_food_taken_away_is_taxed_at_the_takeout_rate(client: AppClient) -> None:
    token = _printed_token(client)
    taxes = {"foodRate": 0.1, "alcoholRate": 0.2, "takeoutRate": 0.055}
    done = client.post(
        "/api/setup", json=_setup(token, demoMenu=True, taxes=taxes), headers=NO_BEARER
    )
    assert done.status_code == 200, done.text
    location_id = done.json()["locationId"]
    products = client.get("/api/products", params={"locationId": location_id, "limit": 100})
    by_name = {p["name"]: p["id"] for p in products.json()["data"]}
    rates = {}
    for order_type in ("DINE_IN", "TAKEOUT"):
        order = client.post(
            "/api/orders", json={"orderType": order_type, "locationId": location_id}
        )
        assert order.status_code == 201, order.text
        for name in ("Garlic bread", "House red (glass)"):
            body = {"productId": by_name[name], "quantity": 1}
            added = client.post(f"/api/orders/{order.json()['id']}/items", json=body)
            assert added.status_code == 201, added.text
        taxes_now = client.get(f"/api/orders/{order.json()['id']}").json()["taxes"]
        rates[order_type] = sorted(tax["rate"] for tax in taxes_now)
    assert rates == {"DINE_IN": [0.1, 0.2], "TAKEOUT": [0.055, 0.2]}

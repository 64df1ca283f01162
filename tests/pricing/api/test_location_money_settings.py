"""A location profile's taxMode and cashRounding (docs/design.md §15): defaults, round trip,
validation; a PUT without them sets the defaults again."""

from __future__ import annotations

from typing import Any

import pytest

from factories import LOCATION, AppClient
from orders.api.order_helpers import problem

PROFILE = {"name": "Zurich", "timezone": "Europe/Zurich", "currency": "CHF"}
URL = f"/api/locations/{LOCATION}"


def test_a_profile_defaults_to_exclusive_tax_and_no_rounding(client: AppClient) -> None:
    unprofiled = client.get(URL).json()
    assert (unprofiled["taxMode"], unprofiled["cashRounding"]) == ("EXCLUSIVE", None)
    created = client.put(URL, json=PROFILE).json()
    assert (created["taxMode"], created["cashRounding"]) == ("EXCLUSIVE", None)


def test_tax_mode_and_cash_rounding_round_trip(client: AppClient) -> None:
    body = PROFILE | {"taxMode": "INCLUSIVE", "cashRounding": 0.05}
    saved = client.put(URL, json=body)
    assert saved.status_code == 200, saved.text
    assert (saved.json()["taxMode"], saved.json()["cashRounding"]) == ("INCLUSIVE", 0.05)
    assert client.get(URL).json() == saved.json()
    listed = {found["id"]: found for found in client.get("/api/locations").json()["data"]}
    assert listed[LOCATION]["cashRounding"] == 0.05
    audit = client.get("/api/audit", params={"action": "location.profile_set"}).json()
    assert audit["data"][0]["after"]["taxMode"] == "INCLUSIVE"
    assert audit["data"][0]["after"]["cashRounding"] == "0.05"
    # A PUT replaces the whole profile: left out, they go back to their defaults.
    again = client.put(URL, json=PROFILE).json()
    assert (again["taxMode"], again["cashRounding"]) == ("EXCLUSIVE", None)
    whole = client.put(URL, json=PROFILE | {"cashRounding": 100}).json()
    assert whole["cashRounding"] == 100


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"taxMode": "VAT"}, "taxMode"),
        ({"cashRounding": 0}, "cashRounding"),
        ({"cashRounding": -0.05}, "cashRounding"),
        ({"cashRounding": 0.005}, "cashRounding"),
        ({"cashRounding": 100.01}, "cashRounding"),
        ({"cashRounding": "0.05"}, "cashRounding"),
    ],
)
def test_a_bad_setting_is_422(client: AppClient, extra: dict[str, Any], field: str) -> None:
    before = client.get(URL).json()
    response = client.put(URL, json=PROFILE | extra)
    assert problem(response, 422, "validation_failed")["errors"][0]["field"] == field
    assert client.get(URL).json() == before

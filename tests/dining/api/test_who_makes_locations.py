"""Who makes and changes a location (docs/security.md, "Locations"): an ADMIN, a new one or an
existing one; a MANAGER, a SERVER and KITCHEN are 403 for both, even a manager signed in at
that location's terminal, and every role reads them."""

from __future__ import annotations

import uuid

import pytest

from factories import LOCATION, AppClient, bearer, make_device, make_session, make_staff_token

PROFILE = {"name": "Dockside", "timezone": "Europe/London", "currency": "GBP"}


def test_an_admin_makes_a_location_and_changes_it(client: AppClient) -> None:
    admin = bearer(make_staff_token(client, "ADMIN"))
    new = str(uuid.uuid4())
    made = client.put(f"/api/locations/{new}", json=PROFILE, headers=admin)
    assert made.status_code == 200, made.text
    changed = client.put(
        f"/api/locations/{new}", json=PROFILE | {"name": "Dockside Pier"}, headers=admin
    )
    assert changed.json()["name"] == "Dockside Pier"
    listed = {found["id"]: found["name"] for found in client.get("/api/locations").json()["data"]}
    assert listed[new] == "Dockside Pier"


@pytest.mark.parametrize("role", ["MANAGER", "SERVER", "KITCHEN"])
def test_below_admin_neither_makes_nor_changes_a_location(client: AppClient, role: str) -> None:
    caller = bearer(make_staff_token(client, role))
    before = client.get(f"/api/locations/{LOCATION}").json()
    for location_id in (str(uuid.uuid4()), LOCATION):
        refused = client.put(f"/api/locations/{location_id}", json=PROFILE, headers=caller)
        assert refused.status_code == 403, refused.text
    assert client.get(f"/api/locations/{LOCATION}", headers=caller).json() == before
    assert client.get("/api/locations", headers=caller).json()["total"] == 2  # the test ones


def test_a_manager_at_the_locations_terminal_may_not_change_it(client: AppClient) -> None:
    terminal = make_device(client)["token"]
    manager = bearer(make_session(client, "MANAGER", terminal))
    refused = client.put(f"/api/locations/{LOCATION}", json=PROFILE, headers=manager)
    assert refused.status_code == 403
    assert client.get("/api/audit", params={"action": "location.profile_set"}).json()["total"] == 0

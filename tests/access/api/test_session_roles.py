"""A PIN session acts exactly as its staff member's role: every operation of the permission
table, through a session of each role, answers as a staff token of that role does."""

from __future__ import annotations

import pytest

from access.api.test_permissions import ENDPOINTS, ROLES
from factories import LOCATION, OTHER_LOCATION, AppClient, bearer, make_device, make_session
from located_routes import spanning_every_location

pytestmark = pytest.mark.once(
    "who may call a route is decided before any SQL; features test their writes on both databases"
)


@pytest.mark.parametrize("endpoint", list(ENDPOINTS), ids=" ".join)
def test_each_role_through_a_session_is_allowed_or_refused_as_designed(
    client: AppClient, endpoint: tuple[str, str]
) -> None:
    lowest, scenario = ENDPOINTS[endpoint]
    terminal = make_device(client)["token"]
    for role in ROLES:
        session = bearer(make_session(client, role, terminal))
        call = scenario(client)
        response = client.request(call.method, call.url, json=call.json, headers=session)
        if endpoint in spanning_every_location(client.app):
            # Tokens and webhooks reach every location: a terminal's session never does.
            assert response.status_code == 403, (role, response.text)
            assert response.json()["code"] == "other_location"
        elif ROLES.index(role) >= ROLES.index(lowest):
            assert 200 <= response.status_code < 300, (role, response.text)
        else:
            assert response.status_code == 403, (role, response.text)
            assert lowest in response.json()["detail"]


def test_a_sessions_orders_are_at_its_devices_location_and_never_another(
    client: AppClient,
) -> None:
    terminal = make_device(client, locationId=OTHER_LOCATION)["token"]
    session = bearer(make_session(client, "SERVER", terminal))
    here = client.post("/api/orders", json={"orderType": "TAKEOUT"}, headers=session)
    assert here.status_code == 201, here.text
    assert here.json()["locationId"] == OTHER_LOCATION
    named = {"orderType": "TAKEOUT", "locationId": LOCATION}
    elsewhere = client.post("/api/orders", json=named, headers=session)
    assert elsewhere.status_code == 403, elsewhere.text
    assert elsewhere.json()["code"] == "other_location"
    # A staff token belongs to no device: its orders stay where they are asked for.
    assert client.post("/api/orders", json={"orderType": "TAKEOUT"}).json()["locationId"] is None

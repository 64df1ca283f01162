"""A PIN session acts exactly as its staff member's role: every operation of the permission
table, through a session of each role, answers as a staff token of that role does."""

from __future__ import annotations

import pytest

from api.access.test_permissions import ENDPOINTS, ROLES
from factories import bearer, make_device, make_session


@pytest.mark.parametrize("endpoint", list(ENDPOINTS), ids=" ".join)
def test_each_role_through_a_session_is_allowed_or_refused_as_designed(client, endpoint):
    lowest, scenario = ENDPOINTS[endpoint]
    terminal = make_device(client)["token"]
    for role in ROLES:
        session = bearer(make_session(client, role, terminal))
        call = scenario(client)
        response = client.request(call.method, call.url, json=call.json, headers=session)
        if ROLES.index(role) >= ROLES.index(lowest):
            assert 200 <= response.status_code < 300, (role, response.text)
        else:
            assert response.status_code == 403, (role, response.text)
            assert lowest in response.json()["detail"]

"""The location boundary, route by route (docs/security.md, "The location boundary"): every
signed-in route, aimed at location A by a credential of location B (its terminal, its kitchen
display, a PIN session on its terminal, a manager's back-office session opened by PIN there),
is refused before its handler runs, 403 ``other_location``. The routes are read from the app,
so a route added tomorrow is in the matrix the day it is added; a route that acts on the
credential's own things (its device, its session, its shift) has nothing to aim.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest

from access.api.test_permissions import ENDPOINTS, Call
from brigade.kit.http.located import Source, Where
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    back_office_by_pin,
    bearer,
    make_device,
    make_session,
    make_staff_token,
)
from located_routes import located_routes

Credential = Callable[[AppClient], dict[str, str]]


def _terminal(client: AppClient) -> dict[str, str]:
    return bearer(make_device(client, locationId=OTHER_LOCATION)["token"])


def _kitchen_display(client: AppClient) -> dict[str, str]:
    return bearer(make_device(client, "KITCHEN_DISPLAY", locationId=OTHER_LOCATION)["token"])


def _pin_session(client: AppClient) -> dict[str, str]:
    terminal = make_device(client, locationId=OTHER_LOCATION)["token"]
    return bearer(make_session(client, "MANAGER", terminal))


def _back_office_by_pin(client: AppClient) -> dict[str, str]:
    return back_office_by_pin(client, OTHER_LOCATION, "ADMIN")


def _location_bound_token(client: AppClient) -> dict[str, str]:
    return bearer(make_staff_token(client, "ADMIN", location_id=OTHER_LOCATION))


def _location_bound_scoped_token(client: AppClient) -> dict[str, str]:
    """A bound token whose scopes allow every route's permission they can: where it acts is
    refused before what it may do is asked."""
    member = client.post("/api/staff", json={"name": "Integration", "role": "ADMIN"}).json()
    scopes = ["orders:read", "orders:write", "catalogue:read", "catalogue:write", "reports:read"]
    body = {"staffId": member["id"], "name": "till", "scopes": scopes, "locationId": OTHER_LOCATION}
    made = client.post("/api/tokens", json=body)
    assert made.status_code == 201, made.text
    return bearer(made.json()["token"])


CREDENTIALS: dict[str, Credential] = {
    "terminal": _terminal,
    "kitchen display": _kitchen_display,
    "PIN session": _pin_session,
    "back office by PIN": _back_office_by_pin,
    "location-bound staff token": _location_bound_token,
    "location-bound scoped token": _location_bound_scoped_token,
}

_PARAMETER = re.compile(r"{(\w+)}")


def _made_up(method: str, path: str) -> Call:
    """A call to a route the role table does not drive: its path's ids made up (the boundary
    reads no resource for a body's, a query's or no location)."""
    return Call(
        method, _PARAMETER.sub(lambda m: "1" if m[1] == "number" else str(uuid.uuid4()), path)
    )


def _aimed_at_a(call: Call, where: Where) -> tuple[str, Any]:
    """``call`` naming location A wherever its route reads a location from the request."""
    url, body = call.url, call.json
    if where.fills_query:
        parts = urlsplit(url)
        query = [(k, v) for k, v in parse_qsl(parts.query) if k != "locationId"]
        url = urlunsplit(parts._replace(query=urlencode([*query, ("locationId", LOCATION)])))
    if where.fills_body:
        body = (body if isinstance(body, dict) else {}) | {"locationId": LOCATION}
    return url, body


# Every resource's location is read by the same SQL whichever credential aims at it: the
# terminal's run reads each on PostgreSQL too, the other credentials' (what differs is how each
# finds its own location, in memory) run once.
ON_BOTH_DATABASES = "terminal"


@pytest.mark.parametrize(
    "credential",
    [
        pytest.param(
            name,
            marks=()
            if name == ON_BOTH_DATABASES
            else pytest.mark.once("the resources' location reads run on both with the terminal"),
        )
        for name in CREDENTIALS
    ],
)
def test_no_route_lets_a_credential_of_one_location_act_at_another(
    client: AppClient, credential: str
) -> None:
    routes = located_routes(client.app)
    aimed = {key: where for key, where in routes.items() if where.source is not Source.OWN}
    assert len(aimed) > 100, "the matrix reads the app's routes"
    headers = CREDENTIALS[credential](client)
    let_through = []
    for (method, path), where in sorted(aimed.items()):
        if where.source is Source.PATH and (method, path) not in ENDPOINTS:
            let_through.append(f"{method} {path}: no scenario makes its resource at A")
            continue
        call = ENDPOINTS[(method, path)][1](client) if (method, path) in ENDPOINTS else None
        url, body = _aimed_at_a(call or _made_up(method, path), where)
        answer = client.request(method, url, json=body, headers=headers)
        code = (
            answer.json().get("code")
            if answer.headers.get("content-type", "").endswith("problem+json")
            else None
        )
        if answer.status_code != 403 or code != "other_location":
            let_through.append(f"{method} {path}: {answer.status_code} {code or answer.text[:80]}")
    assert not let_through, "\n".join(let_through)


def test_a_credential_that_names_no_location_acts_at_its_own(client: AppClient) -> None:
    """Absent, the location is the credential's own: its lists are its own location's, and
    what it makes is made there (never at the one a staff token would default to)."""
    client.post("/api/tables", json={"name": "A1", "seats": 2, "locationId": LOCATION})
    headers = _back_office_by_pin(client)
    made = client.post("/api/tables", json={"name": "B1", "seats": 2}, headers=headers)
    assert made.status_code == 201, made.text
    assert made.json()["locationId"] == OTHER_LOCATION
    listed = client.get("/api/tables", headers=headers).json()["data"]
    assert [table["name"] for table in listed] == ["B1"]
    located = client.get("/api/locations", headers=headers).json()
    assert {location["id"] for location in located["data"]} <= {OTHER_LOCATION}

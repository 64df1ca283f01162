"""A staff token bound to one location (docs/security.md, "The location boundary"): it acts
there as a terminal's credentials do, and never at another location; a token without one
reaches every location, as before (issue 51: the matrix's location-bound staff token)."""

from __future__ import annotations

from typing import Any

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_order,
    make_staff_token,
)
from orders.api.order_helpers import problem


def _token(client: AppClient, **body: Any) -> Any:
    member = client.post("/api/staff", json={"name": "Ana", "role": "MANAGER"}).json()
    return client.post("/api/tokens", json={"staffId": member["id"], "name": "till"} | body)


def test_a_bound_token_acts_at_its_location_only(client: AppClient) -> None:
    made = _token(client, locationId=OTHER_LOCATION)
    assert made.status_code == 201, made.text
    assert made.json()["locationId"] == OTHER_LOCATION
    bound = bearer(made.json()["token"])
    theirs = make_order(client)  # at LOCATION
    problem(client.get(f"/api/orders/{theirs['id']}", headers=bound), 403, "other_location")
    problem(
        client.get("/api/orders", params={"locationId": LOCATION}, headers=bound),
        403,
        "other_location",
    )
    mine = client.post("/api/orders", json={"orderType": "TAKEOUT"}, headers=bound)
    assert mine.status_code == 201, mine.text
    assert mine.json()["locationId"] == OTHER_LOCATION
    listed = client.get("/api/orders", headers=bound).json()["data"]
    assert [order["id"] for order in listed] == [mine.json()["id"]]
    # What spans every location is refused to it, as to a terminal's session.
    webhook = {"url": "https://example.com/h", "events": ["order.created"]}
    problem(client.post("/api/webhooks", json=webhook, headers=bound), 403, "other_location")


def test_an_unbound_token_reaches_every_location(client: AppClient) -> None:
    anywhere = bearer(make_staff_token(client, "MANAGER"))
    for location in (LOCATION, OTHER_LOCATION):
        made = client.post(
            "/api/orders", json={"orderType": "TAKEOUT", "locationId": location}, headers=anywhere
        )
        assert made.status_code == 201, made.text
    tokens = client.get("/api/tokens").json()["data"]
    assert {token["locationId"] for token in tokens} == {None}


def test_a_token_is_bound_only_to_a_location_that_was_made(client: AppClient) -> None:
    refused = _token(client, locationId="01a22700-0000-7000-8000-000000000000")
    body = problem(refused, 422, "validation_failed")
    assert body["errors"][0]["field"] == "locationId"
    assert client.get("/api/tokens").json()["total"] == 0


def test_binding_a_token_is_audited(client: AppClient) -> None:
    made = _token(client, locationId=OTHER_LOCATION).json()
    (entry,) = client.get("/api/audit", params={"action": "token.created"}).json()["data"]
    assert (entry["entityId"], entry["after"]["locationId"]) == (made["id"], OTHER_LOCATION)

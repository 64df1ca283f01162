"""Setting channels up (docs/design.md §29): a WEB page's address is its own, a platform's
status address is held to the webhooks' rules, the secret is shown once, and a channel is
its location's."""

from __future__ import annotations

from typing import Any

from factories import LOCATION, OTHER_LOCATION, AppClient
from orders.api.order_helpers import problem

Json = dict[str, Any]


def _create(client: AppClient, **fields: Any) -> Any:
    body = {"locationId": LOCATION, "kind": "WEB", "name": "Our website", "slug": "harbour-st"}
    return client.post("/api/channels", json=body | fields)


def test_a_channel_is_made_listed_and_read_with_its_secret_shown_once(client: AppClient) -> None:
    made = _create(client)
    assert made.status_code == 201, made.text
    channel: Json = made.json()
    assert channel["secret"].startswith("whsec_")
    assert made.headers["location"] == f"/api/channels/{channel['id']}"
    assert (channel["slug"], channel["acceptWindowSeconds"], channel["prepMinutes"]) == (
        "harbour-st",
        600,
        20,
    )

    read = client.get(f"/api/channels/{channel['id']}").json()
    listed = client.get("/api/channels", params={"locationId": LOCATION}).json()
    assert "secret" not in read
    assert [found["id"] for found in listed] == [channel["id"]]
    assert client.get("/api/channels", params={"locationId": OTHER_LOCATION}).json() == []


def test_a_pages_address_is_its_own_and_made_from_its_name_when_not_given(
    client: AppClient,
) -> None:
    assert _create(client, slug="the-pier").status_code == 201
    problem(_create(client, slug="the-pier", locationId=OTHER_LOCATION), 409, "slug_taken")
    made = _create(client, slug=None, name="Harbour St — online!")
    assert made.json()["slug"] == "harbour-st-online"
    problem(_create(client, slug="Not A Slug"), 422, "validation_failed")


def test_a_platforms_status_address_follows_the_webhooks_rules(client: AppClient) -> None:
    inbound = {"kind": "INBOUND", "name": "Uber Eats", "slug": None}
    local = _create(client, **inbound, statusUrl="http://127.0.0.1:9/hooks")
    problem(local, 422, "validation_failed")
    assert client.get("/api/channels", params={"locationId": LOCATION}).json() == []

"""Named tax rates (docs/design.md §15): create, read, list, change; names unique per location
among live ones; a rate in use is archived on delete, an unused one deleted; a device or PIN
session acts at its own location only."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_device,
    make_product,
    make_service_charge,
    make_staff_token,
    make_staff_with_pin,
    make_tax_rate,
    sign_in,
)
from orders.api.order_helpers import problem


def test_a_rate_is_created_read_listed_and_changed(client: AppClient) -> None:
    body = {"locationId": LOCATION, "name": "VAT food", "rate": 0.081, "takeoutRate": 0.026}
    created = client.post("/api/tax-rates", json=body)
    assert created.status_code == 201, created.text
    rate = created.json()
    assert created.headers["location"] == f"/api/tax-rates/{rate['id']}"
    assert (rate["name"], rate["rate"], rate["takeoutRate"]) == ("VAT food", 0.081, 0.026)
    assert (rate["locationId"], rate["archivedAt"]) == (LOCATION, None)
    assert client.get(f"/api/tax-rates/{rate['id']}").json() == rate

    make_tax_rate(client, name="Alcohol", rate=0.2)
    make_tax_rate(client, name="Elsewhere", locationId=OTHER_LOCATION)
    listed = client.get("/api/tax-rates", params={"locationId": LOCATION}).json()
    assert [entry["name"] for entry in listed["data"]] == ["Alcohol", "VAT food"]
    assert (listed["total"], listed["page"], listed["limit"]) == (2, 1, 20)
    assert client.get("/api/tax-rates").json()["total"] == 3
    paged = client.get("/api/tax-rates", params={"locationId": LOCATION, "limit": 1, "page": 2})
    assert [entry["name"] for entry in paged.json()["data"]] == ["VAT food"]

    changed = client.patch(f"/api/tax-rates/{rate['id']}", json={"rate": 0.077, "name": "VAT"})
    assert changed.status_code == 200, changed.text
    after = changed.json()
    assert (after["name"], after["rate"], after["takeoutRate"]) == ("VAT", 0.077, 0.026)
    assert after["updatedAt"] > rate["updatedAt"]
    cleared = client.patch(f"/api/tax-rates/{rate['id']}", json={"takeoutRate": None}).json()
    assert (cleared["rate"], cleared["takeoutRate"]) == (0.077, None)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "X", "rate": 1.5}, "rate"),
        ({"name": "X", "rate": -0.1}, "rate"),
        ({"name": "X", "rate": 0.1234567}, "rate"),
        ({"name": "X", "rate": "0.1"}, "rate"),
        ({"name": "X", "rate": 0.1, "takeoutRate": 2}, "takeoutRate"),
        ({"name": "", "rate": 0.1}, "name"),
        ({"rate": 0.1}, "name"),
        ({"name": "X"}, "rate"),
        ({"name": "X", "rate": 0.1, "locationId": None}, "locationId"),
    ],
)
def test_a_bad_rate_is_422(client: AppClient, body: dict[str, Any], field: str) -> None:
    response = client.post("/api/tax-rates", json={"locationId": LOCATION} | body)
    assert problem(response, 422, "validation_failed")["errors"][0]["field"] == field
    assert client.get("/api/tax-rates").json()["total"] == 0


def test_a_name_is_unique_among_the_locations_live_rates(client: AppClient) -> None:
    rate = make_tax_rate(client, name="VAT")
    again = client.post("/api/tax-rates", json={"locationId": LOCATION, "name": "VAT", "rate": 0})
    problem(again, 409, "duplicate_tax_rate_name")
    make_tax_rate(client, name="VAT", locationId=OTHER_LOCATION)
    other = make_tax_rate(client, name="Reduced")
    renamed = client.patch(f"/api/tax-rates/{other['id']}", json={"name": "VAT"})
    problem(renamed, 409, "duplicate_tax_rate_name")
    # Once it is gone, its name is free again.
    assert client.delete(f"/api/tax-rates/{rate['id']}").status_code == 200
    make_tax_rate(client, name="VAT")


def test_an_unused_rate_is_deleted(client: AppClient) -> None:
    rate = make_tax_rate(client)
    deleted = client.delete(f"/api/tax-rates/{rate['id']}")
    assert deleted.status_code == 200, deleted.text
    assert deleted.json() == {"success": True, "message": f"Tax rate {rate['id']} deleted"}
    problem(client.get(f"/api/tax-rates/{rate['id']}"), 404, "not_found")
    problem(client.delete(f"/api/tax-rates/{rate['id']}"), 404, "not_found")
    problem(client.patch(f"/api/tax-rates/{rate['id']}", json={"rate": 0.1}), 404, "not_found")
    listed = client.get("/api/tax-rates", params={"includeArchived": True}).json()
    assert listed["total"] == 0


@pytest.mark.parametrize("named_by", ["product", "service charge"])
def test_a_rate_in_use_is_archived_hidden_and_still_answered(
    client: AppClient, named_by: str
) -> None:
    rate = make_tax_rate(client, name="VAT")
    if named_by == "product":
        make_product(client, taxRateId=rate["id"])
    else:
        make_service_charge(client, taxRateId=rate["id"])
    archived = client.delete(f"/api/tax-rates/{rate['id']}")
    assert archived.status_code == 200, archived.text
    assert archived.json()["message"] == f"Tax rate {rate['id']} archived (in use)"
    found = client.get(f"/api/tax-rates/{rate['id']}").json()
    assert found["archivedAt"] is not None
    assert client.get("/api/tax-rates").json()["total"] == 0
    listed = client.get("/api/tax-rates", params={"includeArchived": "true"}).json()
    assert [entry["id"] for entry in listed["data"]] == [rate["id"]]
    # Its name is free for a new rate; deleting it again changes nothing.
    make_tax_rate(client, name="VAT")
    assert client.delete(f"/api/tax-rates/{rate['id']}").status_code == 200
    assert client.get(f"/api/tax-rates/{rate['id']}").json() == found


def test_a_rate_named_only_by_deleted_products_is_deleted(client: AppClient) -> None:
    rate = make_tax_rate(client)
    product = make_product(client, taxRateId=rate["id"])
    assert client.delete(f"/api/products/{product['id']}").status_code == 200
    assert client.delete(f"/api/tax-rates/{rate['id']}").json()["message"].endswith("deleted")


def test_a_server_reads_rates_but_may_not_set_them(client: AppClient) -> None:
    rate = make_tax_rate(client)
    server = bearer(make_staff_token(client, "SERVER"))
    assert client.get(f"/api/tax-rates/{rate['id']}", headers=server).status_code == 200
    body = {"locationId": LOCATION, "name": "X", "rate": 0.1}
    problem(client.post("/api/tax-rates", json=body, headers=server), 403, "forbidden")
    url = f"/api/tax-rates/{rate['id']}"
    problem(client.patch(url, json={"rate": 0.2}, headers=server), 403, "forbidden")
    problem(client.delete(url, headers=server), 403, "forbidden")


def test_a_managers_pin_session_acts_at_its_terminals_location_only(client: AppClient) -> None:
    terminal = make_device(client)["token"]  # at LOCATION
    manager = make_staff_with_pin(client, "MANAGER")
    session = sign_in(client, terminal, manager["id"], "4826")
    assert session.status_code == 201, session.text
    headers = bearer(session.json()["token"])
    here = make_tax_rate(client)
    there = make_tax_rate(client, locationId=OTHER_LOCATION)

    body = {"locationId": OTHER_LOCATION, "name": "X", "rate": 0.1}
    problem(client.post("/api/tax-rates", json=body, headers=headers), 403, "other_location")
    url = f"/api/tax-rates/{there['id']}"
    problem(client.get(url, headers=headers), 403, "other_location")
    problem(client.patch(url, json={"rate": 0.2}, headers=headers), 403, "other_location")
    problem(client.delete(url, headers=headers), 403, "other_location")
    asked = client.get("/api/tax-rates", params={"locationId": OTHER_LOCATION}, headers=headers)
    problem(asked, 403, "other_location")

    listed = client.get("/api/tax-rates", headers=headers).json()
    assert [entry["id"] for entry in listed["data"]] == [here["id"]]
    mine = client.patch(f"/api/tax-rates/{here['id']}", json={"rate": 0.2}, headers=headers)
    assert mine.status_code == 200, mine.text
    body = {"locationId": LOCATION, "name": "Mine", "rate": 0.1}
    assert client.post("/api/tax-rates", json=body, headers=headers).status_code == 201


def test_an_unknown_rate_is_404(client: AppClient) -> None:
    problem(client.get(f"/api/tax-rates/{uuid.uuid4()}"), 404, "not_found")


def test_archiving_a_rate_in_use_announces_its_deletion_with_archived_at(
    client: AppClient,
) -> None:
    rate = make_tax_rate(client)
    make_product(client, taxRateId=rate["id"])
    before = client.get("/api/events", params={"after": 0}).json()["lastId"]
    assert client.delete(f"/api/tax-rates/{rate['id']}").status_code == 200
    [event] = client.get("/api/events", params={"after": before}).json()["data"]
    assert (event["type"], event["entityId"]) == ("tax_rate.deleted", rate["id"])
    assert event["data"] == client.get(f"/api/tax-rates/{rate['id']}").json()
    assert event["data"]["archivedAt"] is not None
    # A change that changes nothing announces nothing.
    other = make_tax_rate(client, rate=0.1)
    before = client.get("/api/events", params={"after": 0}).json()["lastId"]
    assert client.patch(f"/api/tax-rates/{other['id']}", json={"rate": 0.1}).status_code == 200
    assert client.get("/api/events", params={"after": before}).json()["data"] == []

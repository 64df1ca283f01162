"""Service charges (docs/design.md §15): a rate or an amount, an optional live tax rate of the
same location, automatic ones with their conditions; archived on delete."""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

import pytest

from brigade.pricing import service
from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    bearer,
    in_transaction,
    make_service_charge,
    make_staff_token,
    make_tax_rate,
)
from orders.api.order_helpers import problem


def test_a_charge_is_created_read_listed_and_changed(client: AppClient) -> None:
    rate = make_tax_rate(client)
    body = {
        "locationId": LOCATION,
        "name": "Large party",
        "rate": 0.125,
        "taxRateId": rate["id"],
        "automatic": True,
        "minGuests": 6,
        "orderTypes": ["DINE_IN"],
    }
    created = client.post("/api/service-charges", json=body)
    assert created.status_code == 201, created.text
    charge = created.json()
    assert created.headers["location"] == f"/api/service-charges/{charge['id']}"
    assert {key: charge[key] for key in body} == body
    assert (charge["amount"], charge["archivedAt"]) == (None, None)
    assert client.get(f"/api/service-charges/{charge['id']}").json() == charge

    plain = make_service_charge(client, name="Corkage", rate=None, amount=15)
    assert (plain["rate"], plain["amount"], plain["taxRateId"]) == (None, 15, None)
    assert (plain["automatic"], plain["minGuests"], plain["orderTypes"]) == (False, None, [])
    make_service_charge(client, locationId=OTHER_LOCATION)
    listed = client.get("/api/service-charges", params={"locationId": LOCATION}).json()
    assert [entry["name"] for entry in listed["data"]] == ["Corkage", "Large party"]
    assert listed["total"] == 2

    # An amount turns a rate charge into an amount charge; null clears the tax rate.
    url = f"/api/service-charges/{charge['id']}"
    changed = client.patch(url, json={"amount": 20, "taxRateId": None, "orderTypes": []})
    assert changed.status_code == 200, changed.text
    after = changed.json()
    assert (after["rate"], after["amount"], after["taxRateId"]) == (None, 20, None)
    assert (after["orderTypes"], after["minGuests"], after["automatic"]) == ([], 6, True)
    back = client.patch(url, json={"rate": 0.1, "taxRateId": rate["id"], "minGuests": None})
    assert (back.json()["rate"], back.json()["amount"], back.json()["minGuests"]) == (
        0.1,
        None,
        None,
    )
    assert back.json()["taxRateId"] == rate["id"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, None),
        ({"rate": 0.1, "amount": 5}, None),
        ({"rate": 1.1}, "rate"),
        ({"amount": 0}, "amount"),
        ({"amount": 1.234}, "amount"),
        ({"rate": 0.1, "minGuests": 0}, "minGuests"),
        ({"rate": 0.1, "orderTypes": ["PICNIC"]}, "orderTypes.0"),
        ({"rate": 0.1, "orderTypes": ["DINE_IN", "DINE_IN"]}, "orderTypes"),
        ({"rate": 0.1, "automatic": "yes"}, "automatic"),
        ({"rate": 0.1, "name": ""}, "name"),
    ],
)
def test_a_bad_charge_is_422(client: AppClient, body: dict[str, Any], field: str | None) -> None:
    response = client.post(
        "/api/service-charges", json={"locationId": LOCATION, "name": "Service"} | body
    )
    errors = problem(response, 422, "validation_failed")["errors"]
    if field is not None:
        assert errors[0]["field"] == field
    assert client.get("/api/service-charges").json()["total"] == 0


def test_its_tax_rate_is_a_live_one_of_the_same_location(client: AppClient) -> None:
    elsewhere = make_tax_rate(client, locationId=OTHER_LOCATION)
    archived = make_tax_rate(client)
    make_service_charge(client, taxRateId=archived["id"])
    assert client.delete(f"/api/tax-rates/{archived['id']}").status_code == 200
    base = {"locationId": LOCATION, "name": "Service", "rate": 0.1}
    for tax_rate_id in (elsewhere["id"], archived["id"], str(uuid.uuid4())):
        response = client.post("/api/service-charges", json=base | {"taxRateId": tax_rate_id})
        assert problem(response, 422, "validation_failed")["errors"][0]["field"] == "taxRateId"
    charge = make_service_charge(client)
    patched = client.patch(
        f"/api/service-charges/{charge['id']}", json={"taxRateId": elsewhere["id"]}
    )
    problem(patched, 422, "validation_failed")


def test_a_patch_keeping_neither_rate_nor_amount_is_422(client: AppClient) -> None:
    charge = make_service_charge(client)
    url = f"/api/service-charges/{charge['id']}"
    problem(client.patch(url, json={"rate": None}), 422, "validation_failed")
    problem(client.patch(url, json={"rate": 0.1, "amount": 2}), 422, "validation_failed")
    problem(client.patch(url, json={"minGuests": 0}), 422, "validation_failed")
    assert client.get(url).json() == charge


def test_a_name_is_unique_among_the_locations_live_charges(client: AppClient) -> None:
    charge = make_service_charge(client, name="Service")
    again = client.post(
        "/api/service-charges", json={"locationId": LOCATION, "name": "Service", "amount": 2}
    )
    problem(again, 409, "duplicate_service_charge_name")
    other = make_service_charge(client, name="Other")
    renamed = client.patch(f"/api/service-charges/{other['id']}", json={"name": "Service"})
    problem(renamed, 409, "duplicate_service_charge_name")
    make_service_charge(client, name="Service", locationId=OTHER_LOCATION)
    assert client.delete(f"/api/service-charges/{charge['id']}").status_code == 200
    make_service_charge(client, name="Service")


def test_a_deleted_charge_is_archived(client: AppClient) -> None:
    charge = make_service_charge(client)
    url = f"/api/service-charges/{charge['id']}"
    deleted = client.delete(url)
    assert deleted.status_code == 200, deleted.text
    assert deleted.json()["message"] == f"Service charge {charge['id']} archived"
    found = client.get(url).json()
    assert found["archivedAt"] is not None
    assert client.get("/api/service-charges").json()["total"] == 0
    listed = client.get("/api/service-charges", params={"includeArchived": True}).json()
    assert [entry["id"] for entry in listed["data"]] == [charge["id"]]
    problem(client.patch(url, json={"name": "Again"}), 404, "not_found")
    problem(client.delete(url), 404, "not_found")


def test_what_orders_call_answers_live_charges_with_their_tax_rates(client: AppClient) -> None:
    rate = make_tax_rate(client, rate=0.2, takeoutRate=0.05)
    party = make_service_charge(
        client, name="Party", taxRateId=rate["id"], automatic=True, minGuests=6
    )
    make_service_charge(client, name="Corkage", rate=None, amount=15)
    gone = make_service_charge(client, name="Gone", automatic=True)
    make_service_charge(client, name="Elsewhere", automatic=True, locationId=OTHER_LOCATION)
    assert client.delete(f"/api/service-charges/{gone['id']}").status_code == 200

    automatic = in_transaction(
        client, lambda uow: service.automatic_charges(uow, uuid.UUID(LOCATION))
    )
    assert [charge.name for charge in automatic] == ["Party"]
    [loaded] = automatic
    assert loaded.tax_rate is not None
    assert str(loaded.tax_rate.id) == rate["id"]
    assert loaded.tax_rate.rate_for("TAKEOUT") == Decimal("0.05")
    assert loaded.applies_to(guest_count=6, order_type="DINE_IN")
    assert not loaded.applies_to(guest_count=None, order_type="DINE_IN")

    one = in_transaction(
        client, lambda uow: service.get_service_charge(uow, uuid.UUID(party["id"]))
    )
    assert one == loaded
    with pytest.raises(Exception, match="not found"):
        in_transaction(client, lambda uow: service.get_service_charge(uow, uuid.UUID(gone["id"])))
    tax = in_transaction(client, lambda uow: service.get_tax_rate(uow, uuid.UUID(rate["id"])))
    assert tax == loaded.tax_rate


def test_a_server_reads_charges_but_may_not_set_them(client: AppClient) -> None:
    charge = make_service_charge(client)
    server = bearer(make_staff_token(client, "SERVER"))
    assert client.get("/api/service-charges", headers=server).json()["total"] == 1
    body = {"locationId": LOCATION, "name": "X", "amount": 1}
    problem(client.post("/api/service-charges", json=body, headers=server), 403, "forbidden")
    url = f"/api/service-charges/{charge['id']}"
    problem(client.patch(url, json={"amount": 2}, headers=server), 403, "forbidden")
    problem(client.delete(url, headers=server), 403, "forbidden")

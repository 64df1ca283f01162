"""A product may name a tax rate (docs/design.md §15): a live one of its location; its taxRate
is then that rate's, in its detail and in the lists; null clears it."""

from __future__ import annotations

import uuid

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    make_order,
    make_product,
    make_service_charge,
    make_tax_rate,
)
from orders.api.order_helpers import problem


def test_a_product_names_a_rate_and_answers_its_number(client: AppClient) -> None:
    rate = make_tax_rate(client, rate=0.081)
    product = make_product(client, taxRateId=rate["id"], taxRate=0.2)
    assert (product["taxRateId"], product["taxRate"]) == (rate["id"], 0.081)
    url = f"/api/products/{product['id']}"
    assert client.get(url).json() == product
    listed = client.get("/api/products", params={"locationId": LOCATION}).json()["data"]
    assert [(p["taxRateId"], p["taxRate"]) for p in listed] == [(rate["id"], 0.081)]

    # The rate's number changes: the product's answer follows it.
    client.patch(f"/api/tax-rates/{rate['id']}", json={"rate": 0.077})
    assert client.get(url).json()["taxRate"] == 0.077
    assert client.get("/api/products").json()["data"][0]["taxRate"] == 0.077


def test_a_rate_is_set_by_update_and_cleared_by_null(client: AppClient) -> None:
    rate = make_tax_rate(client, rate=0.2)
    other = make_tax_rate(client, rate=0.1)
    product = make_product(client, taxRate=0.05)
    assert (product["taxRateId"], product["taxRate"]) == (None, 0.05)
    url = f"/api/products/{product['id']}"

    named = client.put(url, json={"taxRateId": rate["id"]})
    assert named.status_code == 200, named.text
    assert (named.json()["taxRateId"], named.json()["taxRate"]) == (rate["id"], 0.2)
    # Other changes keep it; another rate replaces it.
    assert client.put(url, json={"price": 12}).json()["taxRateId"] == rate["id"]
    switched = client.put(url, json={"taxRateId": other["id"]}).json()
    assert (switched["taxRateId"], switched["taxRate"]) == (other["id"], 0.1)

    cleared = client.put(url, json={"taxRateId": None})
    assert cleared.status_code == 200, cleared.text
    assert cleared.json()["taxRateId"] is None
    assert client.get(url).json()["taxRateId"] is None
    own = client.put(url, json={"taxRate": 0.03}).json()
    assert (own["taxRateId"], own["taxRate"]) == (None, 0.03)


def test_a_rate_of_another_location_an_archived_or_unknown_one_is_422(
    client: AppClient,
) -> None:
    elsewhere = make_tax_rate(client, locationId=OTHER_LOCATION)
    archived = make_tax_rate(client)
    make_service_charge(client, taxRateId=archived["id"])
    client.delete(f"/api/tax-rates/{archived['id']}")
    product = make_product(client)
    for bad in (elsewhere["id"], archived["id"], str(uuid.uuid4())):
        body = {"name": "Tea", "price": 3, "locationId": LOCATION, "taxRateId": bad}
        created = client.post("/api/products", json=body)
        assert problem(created, 422, "validation_failed")["errors"][0]["field"] == "taxRateId"
        patched = client.put(f"/api/products/{product['id']}", json={"taxRateId": bad})
        assert problem(patched, 422, "validation_failed")["errors"][0]["field"] == "taxRateId"
    assert client.get("/api/products").json()["total"] == 1
    # A product without a location may name no location's rate.
    here = make_tax_rate(client)
    nowhere = client.post(
        "/api/products", json={"name": "Tea", "price": 3, "taxRateId": here["id"]}
    )
    problem(nowhere, 422, "validation_failed")


def test_a_product_keeps_its_archived_rate(client: AppClient) -> None:
    rate = make_tax_rate(client, rate=0.2)
    product = make_product(client, taxRateId=rate["id"])
    client.delete(f"/api/tax-rates/{rate['id']}")
    url = f"/api/products/{product['id']}"
    kept = client.put(url, json={"price": 11})
    assert kept.status_code == 200, kept.text
    assert (kept.json()["taxRateId"], kept.json()["taxRate"]) == (rate["id"], 0.2)


def test_an_item_rings_up_at_the_named_rate(client: AppClient) -> None:
    rate = make_tax_rate(client, rate=0.1)
    product = make_product(client, price=10, taxRateId=rate["id"])
    order = make_order(client)
    body = {"productId": product["id"], "quantity": 1}
    added = client.post(f"/api/orders/{order['id']}/items", json=body)
    assert added.status_code == 201, added.text
    assert client.get(f"/api/orders/{order['id']}").json()["taxAmount"] == 1

"""POST /api/products/bulk-tax: many products taxed anew in one request and one transaction,
at a named rate or a rate of their own, all or nothing, behind the location's wall."""

from __future__ import annotations

import uuid
from typing import Any

from factories import (
    LOCATION,
    OTHER_LOCATION,
    AppClient,
    back_office_by_pin,
    bearer,
    make_product,
    make_session,
    make_tax_rate,
)

URL = "/api/products/bulk-tax"


def _taxes(client: AppClient, products: list[dict[str, Any]]) -> list[tuple[float, str | None]]:
    found = []
    for product in products:
        detail = client.get(f"/api/products/{product['id']}").json()
        found.append((detail["taxRate"], detail["taxRateId"]))
    return found


def _refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body["code"] == code, body
    return body


def test_ten_products_take_a_named_rate_in_one_request(client: AppClient) -> None:
    products = [make_product(client, taxRate=0.0825) for _ in range(10)]
    vat = make_tax_rate(client, name="VAT 10%", rate=0.1, takeoutRate=0.055)
    ids = [product["id"] for product in products]
    body = {"locationId": LOCATION, "productIds": ids, "taxRateId": vat["id"]}
    done = client.post(URL, json=body)
    assert done.status_code == 200, done.text
    assert done.json()["updated"] == 10
    assert [p["id"] for p in done.json()["products"]] == ids
    assert _taxes(client, products) == [(0.1, vat["id"])] * 10
    # A change of the named rate reaches them all.
    changed = client.patch(f"/api/tax-rates/{vat['id']}", json={"rate": 0.12})
    assert changed.status_code == 200, changed.text
    assert _taxes(client, products) == [(0.12, vat["id"])] * 10


def test_a_rate_of_their_own_lets_go_of_the_named_one(client: AppClient) -> None:
    vat = make_tax_rate(client, rate=0.2)
    products = [make_product(client, taxRateId=vat["id"]) for _ in range(3)]
    body = {"locationId": LOCATION, "productIds": [p["id"] for p in products], "taxRate": 0.055}
    done = client.post(URL, json=body)
    assert done.status_code == 200, done.text
    assert _taxes(client, products) == [(0.055, None)] * 3


def test_a_product_of_another_location_is_422_and_nothing_changes(client: AppClient) -> None:
    here = [make_product(client, taxRate=0.0825) for _ in range(3)]
    elsewhere = make_product(client, locationId=OTHER_LOCATION, taxRate=0.0825)
    vat = make_tax_rate(client, rate=0.1)
    ids = [here[0]["id"], here[1]["id"], elsewhere["id"], here[2]["id"]]
    refused = client.post(URL, json={"locationId": LOCATION, "productIds": ids, "taxRate": 0.1})
    body = _refused(refused, 422, "validation_failed")
    assert [error["field"] for error in body["errors"]] == ["productIds.2"]
    named = {"locationId": LOCATION, "productIds": ids, "taxRateId": vat["id"]}
    _refused(client.post(URL, json=named), 422, "validation_failed")
    assert _taxes(client, [*here, elsewhere]) == [(0.0825, None)] * 4


def test_another_location_s_rate_is_422(client: AppClient) -> None:
    product = make_product(client, taxRate=0.0825)
    theirs = make_tax_rate(client, locationId=OTHER_LOCATION, rate=0.1)
    body = {"locationId": LOCATION, "productIds": [product["id"]], "taxRateId": theirs["id"]}
    _refused(client.post(URL, json=body), 422, "validation_failed")
    assert _taxes(client, [product]) == [(0.0825, None)]


def test_a_credential_of_one_location_reaches_no_other(client: AppClient) -> None:
    theirs = [make_product(client, locationId=OTHER_LOCATION, taxRate=0.0825) for _ in range(2)]
    ids = [product["id"] for product in theirs]
    session = back_office_by_pin(client, LOCATION)
    # Aimed at the other location: refused before anything is read.
    aimed = {"locationId": OTHER_LOCATION, "productIds": ids, "taxRate": 0.2}
    _refused(client.post(URL, json=aimed, headers=session), 403, "other_location")
    # At its own location, naming the other's products: not its products.
    own = {"locationId": LOCATION, "productIds": ids, "taxRate": 0.2}
    _refused(client.post(URL, json=own, headers=session), 422, "validation_failed")
    assert _taxes(client, theirs) == [(0.0825, None)] * 2
    mine = make_product(client, taxRate=0.0825)
    mine_only = {"locationId": LOCATION, "productIds": [mine["id"]], "taxRate": 0.2}
    assert client.post(URL, json=mine_only, headers=session).status_code == 200
    assert _taxes(client, [mine]) == [(0.2, None)]


def test_a_server_may_not_re_tax_the_menu(client: AppClient) -> None:
    product = make_product(client, taxRate=0.0825)
    server = bearer(make_session(client, "SERVER"))
    body = {"locationId": LOCATION, "productIds": [product["id"]], "taxRate": 0.2}
    _refused(client.post(URL, json=body, headers=server), 403, "forbidden")
    assert _taxes(client, [product]) == [(0.0825, None)]


def test_bad_requests_are_422_and_change_nothing(client: AppClient) -> None:
    products = [make_product(client, taxRate=0.0825) for _ in range(2)]
    ids = [product["id"] for product in products]
    vat = make_tax_rate(client, rate=0.1)
    at = {"locationId": LOCATION}
    for body, field in (
        (at | {"productIds": [*ids, str(uuid.uuid4())], "taxRate": 0.1}, "productIds.2"),
        (at | {"productIds": [ids[0], ids[0]], "taxRate": 0.1}, "productIds"),
        (at | {"productIds": ids}, "taxRateId"),
        (at | {"productIds": ids, "taxRate": 0.1, "taxRateId": vat["id"]}, "taxRateId"),
        (at | {"productIds": ids, "taxRate": 1.5}, "taxRate"),
        (at | {"productIds": [], "taxRate": 0.1}, "productIds"),
        (at | {"productIds": ids, "taxRateId": str(uuid.uuid4())}, "taxRateId"),
    ):
        refused = _refused(client.post(URL, json=body), 422, "validation_failed")
        assert field in {error["field"] for error in refused["errors"]}, refused
    assert _taxes(client, products) == [(0.0825, None)] * 2

"""A product's fields for the guests' menu (docs/design.md §28): whether guests see it on their
phones (`guestVisible`) and the EU's allergens it contains (`allergens`), set on create and
update, answered on its detail, in the list and in its events."""

from __future__ import annotations

from typing import Any

from httpx import Response

from events.api.event_helpers import all_events
from factories import AppClient, make_product

PROBLEM = "application/problem+json"


def _detail(client: AppClient, product: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/products/{product['id']}")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _updated(client: AppClient, product: dict[str, Any], **body: Any) -> dict[str, Any]:
    response = client.put(f"/api/products/{product['id']}", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def _summary(client: AppClient, product: dict[str, Any]) -> dict[str, Any]:
    response = client.get("/api/products", params={"search": product["name"]})
    assert response.status_code == 200, response.text
    [found] = response.json()["data"]
    assert found["id"] == product["id"]
    summary: dict[str, Any] = found
    return summary


def _refused(response: Response, field: str) -> None:
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body = response.json()
    assert body["code"] == "validation_failed"
    assert [error["field"] for error in body["errors"]] == [field]


def test_a_new_product_is_off_the_guests_menu_and_declares_no_allergens(
    client: AppClient,
) -> None:
    created = make_product(client)
    assert (created["guestVisible"], created["allergens"]) == (False, [])
    detail = _detail(client, created)
    assert (detail["guestVisible"], detail["allergens"]) == (False, [])
    summary = _summary(client, created)
    assert (summary["guestVisible"], summary["allergens"]) == (False, [])


def test_both_are_set_on_create_the_allergens_each_once_in_the_annexs_order(
    client: AppClient,
) -> None:
    created = make_product(
        client, guestVisible=True, allergens=["MILK", "GLUTEN", "SESAME", "MILK", "CRUSTACEANS"]
    )
    expected = ["GLUTEN", "CRUSTACEANS", "MILK", "SESAME"]
    assert (created["guestVisible"], created["allergens"]) == (True, expected)
    detail = _detail(client, created)
    assert (detail["guestVisible"], detail["allergens"]) == (True, expected)
    summary = _summary(client, created)
    assert (summary["guestVisible"], summary["allergens"]) == (True, expected)


def test_an_update_changes_each_on_its_own_and_keeps_the_other(client: AppClient) -> None:
    product = make_product(client, allergens=["FISH"])
    shown = _updated(client, product, guestVisible=True)
    assert (shown["guestVisible"], shown["allergens"]) == (True, ["FISH"])
    declared = _updated(client, product, allergens=["MOLLUSCS", "EGGS"])
    assert (declared["guestVisible"], declared["allergens"]) == (True, ["EGGS", "MOLLUSCS"])
    renamed = _updated(client, product, name="Paella")
    assert (renamed["guestVisible"], renamed["allergens"]) == (True, ["EGGS", "MOLLUSCS"])
    cleared = _updated(client, product, guestVisible=False, allergens=[])
    assert (cleared["guestVisible"], cleared["allergens"]) == (False, [])
    assert _detail(client, product) == cleared


def test_a_bulk_update_shows_products_to_guests(client: AppClient) -> None:
    first, second = make_product(client), make_product(client, allergens=["NUTS"])
    updates = [
        {"id": first["id"], "data": {"guestVisible": True}},
        {"id": second["id"], "data": {"guestVisible": True, "allergens": ["PEANUTS", "NUTS"]}},
    ]
    response = client.post("/api/products/bulk-update", json={"updates": updates})
    assert response.status_code == 200, response.text
    assert response.json()["updated"] == 2
    assert _detail(client, first)["guestVisible"] is True
    again = _detail(client, second)
    assert (again["guestVisible"], again["allergens"]) == (True, ["PEANUTS", "NUTS"])


def test_an_unknown_allergen_is_422_and_changes_nothing(client: AppClient) -> None:
    refused = client.post(
        "/api/products", json={"name": "Satay", "price": 9, "allergens": ["PEANUTS", "TREE_NUTS"]}
    )
    _refused(refused, "allergens.1")
    assert client.get("/api/products").json()["total"] == 0
    product = make_product(client, allergens=["PEANUTS"])
    for body, field in (
        ({"allergens": ["peanuts"]}, "allergens.0"),
        ({"allergens": "PEANUTS"}, "allergens"),
        ({"allergens": None}, "allergens"),
        ({"guestVisible": "yes"}, "guestVisible"),
        ({"guestVisible": None}, "guestVisible"),
    ):
        _refused(client.put(f"/api/products/{product['id']}", json=body), field)
    unchanged = _detail(client, product)
    assert (unchanged["guestVisible"], unchanged["allergens"]) == (False, ["PEANUTS"])


def test_the_events_carry_both_as_the_detail_does(client: AppClient) -> None:
    product = make_product(client, allergens=["CELERY", "MUSTARD"])
    before = all_events(client)[-1]["id"]
    _updated(client, product, guestVisible=True, allergens=["LUPIN", "CELERY"])
    [updated] = [e for e in all_events(client, after=before) if e["type"] == "product.updated"]
    assert updated["data"] == _detail(client, product)
    assert (updated["data"]["guestVisible"], updated["data"]["allergens"]) == (
        True,
        ["CELERY", "LUPIN"],
    )
    unchanged = all_events(client)[-1]["id"]
    _updated(client, product, guestVisible=True, allergens=["CELERY", "LUPIN", "LUPIN"])
    assert all_events(client, after=unchanged) == []

"""Variants: CRUD under a product, shown in its detail; an item of a product with variants names
one of its own and takes its price and name; sku and barcode unique together with products';
a barcode lookup that hits a variant answers its product with ``matchedVariantId``."""

from __future__ import annotations

from typing import Any

from events.api.event_helpers import all_events
from factories import LOCATION, OTHER_LOCATION, AppClient, make_order, make_product
from orders.api.order_helpers import add_item, post_item, problem

Json = dict[str, Any]


def _add_variant(client: AppClient, product: Json, **body: Any) -> Any:
    return client.post(f"/api/products/{product['id']}/variants", json=body)


def _variant(client: AppClient, product: Json, name: str, price: Any, **extra: Any) -> Json:
    response = _add_variant(client, product, name=name, price=price, **extra)
    assert response.status_code == 201, response.text
    variant: Json = response.json()
    return variant


def _url(product: Json, variant: Json) -> str:
    return f"/api/products/{product['id']}/variants/{variant['id']}"


def _detail(client: AppClient, product: Json) -> Json:
    answer: Json = client.get(f"/api/products/{product['id']}").json()
    return answer


def _latte(client: AppClient, **overrides: Any) -> tuple[Json, Json, Json, Json]:
    latte = make_product(client, name="Latte", price=3, **overrides)
    small = _variant(client, latte, "S", 3.2, sku="LAT-S")
    medium = _variant(client, latte, "M", 3.9)
    large = _variant(client, latte, "L", 4.5, barcode="400100")
    return latte, small, medium, large


def test_a_variant_is_created_listed_changed_and_deleted(client: AppClient) -> None:
    latte = make_product(client, name="Latte", price=3)
    response = _add_variant(client, latte, name="Large", price=4.5, sku="LAT-L", barcode="77")
    assert response.status_code == 201, response.text
    large = response.json()
    assert response.headers["location"] == _url(latte, large)
    assert large == {
        "id": large["id"],
        "name": "Large",
        "price": 4.5,
        "sku": "LAT-L",
        "barcode": "77",
        "isActive": True,
    }
    small = _variant(client, latte, "Small", 3.2)
    assert _detail(client, latte)["variants"] == [large, small]
    changed = client.put(_url(latte, large), json={"price": 4.75, "sku": None, "isActive": False})
    assert changed.status_code == 200, changed.text
    assert (changed.json()["price"], changed.json()["sku"], changed.json()["isActive"]) == (
        4.75,
        None,
        False,
    )
    assert client.delete(_url(latte, small)).json()["success"] is True
    assert _detail(client, latte)["variants"] == [changed.json()]
    assert client.put(_url(latte, small), json={"price": 1}).status_code == 404
    assert client.delete(_url(latte, small)).status_code == 404


def test_a_variant_change_updates_its_product(client: AppClient) -> None:
    latte = make_product(client, name="Latte", price=3)
    before = all_events(client)[-1]["id"]
    variant = _variant(client, latte, "S", 3.2)
    client.put(_url(latte, variant), json={"name": "Small"})
    client.delete(_url(latte, variant))
    emitted = all_events(client, after=before)
    assert [(e["type"], e["entityId"]) for e in emitted] == [("product.updated", latte["id"])] * 3
    assert emitted[-1]["data"] == _detail(client, latte)
    assert emitted[0]["data"]["variants"][0]["name"] == "S"
    assert _detail(client, latte)["updatedAt"] > latte["updatedAt"]


def test_a_variant_of_another_product_is_404_under_this_one(client: AppClient) -> None:
    _latte_product, small, _m, _l = _latte(client)
    other = make_product(client)
    assert client.put(_url(other, small), json={"price": 1}).status_code == 404
    assert client.delete(_url(other, small)).status_code == 404
    missing = "0196a1b2-0000-7000-8000-00000000dead"
    assert _add_variant(client, {"id": missing}, name="S", price=1).status_code == 404


def test_bad_variant_input_is_422(client: AppClient) -> None:
    latte = make_product(client)
    for body in ({"name": "", "price": 1}, {"name": "S", "price": -1}, {"name": "S"}):
        problem(_add_variant(client, latte, **body), 422, "validation_failed")
    assert _detail(client, latte)["variants"] == []


# --- on an order ----------------------------------------------------------------------------


def test_an_item_takes_the_variants_price_and_name_and_keeps_its_id(client: AppClient) -> None:
    latte, _small, _medium, large = _latte(client)
    order = make_order(client)
    item = add_item(client, order, latte, 2, variantId=large["id"])
    assert (item["name"], item["unitPrice"], item["total"], item["variantId"]) == (
        "Latte (L)",
        4.5,
        9,
        large["id"],
    )


def test_a_product_with_variants_needs_one_of_its_own(client: AppClient) -> None:
    latte, _small, _medium, _large = _latte(client)
    order = make_order(client)
    body = problem(post_item(client, order, latte, 1), 422, "variant_required")
    assert body["errors"][0]["field"] == "variantId"
    _other, other_small, _m, _l = _latte(client, locationId=OTHER_LOCATION)
    refused = problem(
        post_item(client, order, latte, 1, variantId=other_small["id"]), 422, "validation_failed"
    )
    assert refused["errors"][0]["field"] == "variantId"
    # Nor does a product without variants take another product's.
    plain = make_product(client)
    problem(
        post_item(client, order, plain, 1, variantId=other_small["id"]), 422, "validation_failed"
    )
    assert client.get(f"/api/orders/{order['id']}").json()["items"] == []


def test_an_inactive_variant_is_unavailable_and_a_deleted_one_no_longer_needed(
    client: AppClient,
) -> None:
    latte = make_product(client, name="Latte", price=3)
    only = _variant(client, latte, "S", 3.2)
    client.put(_url(latte, only), json={"isActive": False})
    order = make_order(client)
    problem(post_item(client, order, latte, 1, variantId=only["id"]), 409, "product_unavailable")
    client.delete(_url(latte, only))
    assert add_item(client, order, latte, 1)["unitPrice"] == 3


# --- codes ----------------------------------------------------------------------------------


def test_sku_and_barcode_are_unique_with_the_products_at_the_location(client: AppClient) -> None:
    make_product(client, sku="TEA", barcode="111")
    latte = make_product(client, name="Latte")
    problem(_add_variant(client, latte, name="S", price=1, sku="TEA"), 409, "duplicate_sku")
    problem(_add_variant(client, latte, name="S", price=1, barcode="111"), 409, "duplicate_barcode")
    small = _variant(client, latte, "S", 1, sku="LAT-S", barcode="222")
    problem(_add_variant(client, latte, name="M", price=1, sku="LAT-S"), 409, "duplicate_sku")
    problem(
        client.post(
            "/api/products",
            json={"name": "X", "price": 1, "locationId": LOCATION, "barcode": "222"},
        ),
        409,
        "duplicate_barcode",
    )
    problem(client.put(f"/api/products/{latte['id']}", json={"sku": "LAT-S"}), 409, "duplicate_sku")
    medium = _variant(client, latte, "M", 1)
    problem(client.put(_url(latte, medium), json={"barcode": "222"}), 409, "duplicate_barcode")
    # A variant keeps its own codes; another location may use them.
    assert client.put(_url(latte, small), json={"sku": "LAT-S"}).status_code == 200
    elsewhere = make_product(client, locationId=OTHER_LOCATION)
    assert _add_variant(client, elsewhere, name="S", price=1, sku="LAT-S").status_code == 201


def test_a_barcode_lookup_that_hits_a_variant_answers_its_product(client: AppClient) -> None:
    latte, _small, _medium, large = _latte(client)
    found = client.get("/api/products/barcode/400100", params={"locationId": LOCATION})
    assert found.status_code == 200, found.text
    answer = found.json()
    assert answer["matchedVariantId"] == large["id"]
    assert {k: v for k, v in answer.items() if k != "matchedVariantId"} == _detail(client, latte)
    own = make_product(client, barcode="400200")
    assert client.get("/api/products/barcode/400200").json()["matchedVariantId"] is None
    assert client.get("/api/products/barcode/400200").json()["id"] == own["id"]
    client.delete(_url(latte, large))
    assert client.get("/api/products/barcode/400100").status_code == 404

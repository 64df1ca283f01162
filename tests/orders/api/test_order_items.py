"""Order items: adding (snapshots, modifiers, availability, stock), updating, voiding."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from httpx import Response

from brigade.orders.domain import aggregate as order_aggregate
from factories import AppClient, make_order, make_product
from orders.api.order_helpers import AD_HOC, add_item, order_detail, post_item, problem


def _stock(client: AppClient, product: dict[str, Any]) -> Any:
    return client.get(f"/api/products/{product['id']}").json()["stockQuantity"]


def _item_url(order: dict[str, Any], item: dict[str, Any]) -> str:
    return f"/api/orders/{order['id']}/items/{item['id']}"


def _void(
    client: AppClient, order: dict[str, Any], item: dict[str, Any], reason: str = "sent back"
) -> Response:
    response: Response = client.request("DELETE", _item_url(order, item), json={"reason": reason})
    return response


# --- adding ---------------------------------------------------------------------------------


def test_add_answers_201_with_the_item_and_its_location(client: AppClient) -> None:
    product = make_product(client, name="Burger", price=12.5, taxRate=0.1)
    order = make_order(client)
    variant = str(uuid.uuid4())
    response = post_item(client, order, product, 2, variantId=variant, notes=" no onions ")
    assert response.status_code == 201, response.text
    item = response.json()
    assert response.headers["location"] == f"/api/orders/{order['id']}/items/{item['id']}"
    assert response.headers["etag"] == '"2"'
    assert item["productId"] == product["id"]
    assert item["variantId"] == variant
    assert (item["name"], item["quantity"], item["unitPrice"], item["total"]) == (
        "Burger",
        2,
        12.5,
        25,
    )
    assert item["modifiers"] == []
    assert item["notes"] == "no onions"
    assert item["status"] == "PENDING"
    assert client.get(response.headers["location"]).json() == item
    detail = order_detail(client, order)
    assert detail["items"] == [item]
    assert (detail["subtotal"], detail["taxAmount"], detail["total"], detail["balanceDue"]) == (
        25,
        2.5,
        27.5,
        27.5,
    )


def test_name_price_and_tax_are_snapshots(client: AppClient) -> None:
    product = make_product(client, name="Soup", price=6, taxRate=0.1)
    order = make_order(client)
    add_item(client, order, product)
    client.put(
        f"/api/products/{product['id']}", json={"name": "Bisque", "price": 9, "taxRate": 0.2}
    )
    detail = order_detail(client, order)
    assert (detail["items"][0]["name"], detail["items"][0]["unitPrice"]) == ("Soup", 6)
    assert (detail["subtotal"], detail["taxAmount"]) == (6, 0.6)
    assert add_item(client, order, product)["name"] == "Bisque"
    assert order_detail(client, order)["taxAmount"] == 2.4


def test_weighed_quantities_round_half_up_once(client: AppClient) -> None:
    product = make_product(client, price=3.99)
    order = make_order(client)
    assert add_item(client, order, product, 1.255)["total"] == 5.01  # 5.00745
    assert add_item(client, order, product, 0.125)["total"] == 0.50  # 0.49875


def test_unknown_product_is_404(client: AppClient) -> None:
    order = make_order(client)
    response = post_item(client, order, {"id": str(uuid.uuid4())})
    problem(response, 404, "not_found")
    problem(post_item(client, order, {"id": "burger"}), 422, "validation_failed")


@pytest.mark.parametrize("quantity", [0, -1, 1.2345, 10000, "2", None, True])
def test_bad_quantity_is_422(client: AppClient, quantity: object) -> None:
    product = make_product(client)
    order = make_order(client)
    problem(post_item(client, order, product, quantity), 422, "validation_failed")
    assert order_detail(client, order)["items"] == []


@pytest.mark.parametrize(
    "state",
    [
        {"is86d": True},
        {"isActive": False},
        {"trackInventory": True, "stockQuantity": 1},
    ],
    ids=["86d", "inactive", "out-of-stock"],
)
def test_unavailable_product_is_409_product_unavailable(
    client: AppClient, state: dict[str, Any]
) -> None:
    product = make_product(client)
    client.put(f"/api/products/{product['id']}", json=state)
    order = make_order(client)
    problem(post_item(client, order, product, 2), 409, "product_unavailable")
    assert order_detail(client, order)["version"] == 1


def test_deleted_product_is_404(client: AppClient) -> None:
    product = make_product(client)
    client.delete(f"/api/products/{product['id']}")
    problem(post_item(client, make_order(client), product), 404, "not_found")


def test_unknown_field_on_add_is_422(client: AppClient) -> None:
    product = make_product(client)
    order = make_order(client)
    problem(post_item(client, order, product, unitPrice=0), 422, "validation_failed")


# --- modifiers ------------------------------------------------------------------------------


def test_catalogue_modifiers_are_priced_from_the_catalogue_and_ad_hoc_from_the_client(
    client: AppClient,
) -> None:
    product = make_product(client, name="Burger", price=10)
    bacon = make_product(client, name="Bacon", price=2, productType="MODIFIER")
    order = make_order(client)
    item = add_item(
        client,
        order,
        product,
        2,
        modifiers=[
            {"modifierOptionId": bacon["id"], "name": "Free bacon", "price": 0},
            {"modifierOptionId": AD_HOC, "name": "Extra sauce", "price": 0.5},
        ],
    )
    assert item["modifiers"] == [
        {"modifierOptionId": bacon["id"], "name": "Bacon", "price": 2},
        {"modifierOptionId": AD_HOC, "name": "Extra sauce", "price": 0.5},
    ]
    assert item["unitPrice"] == 10
    assert item["total"] == 25  # (10 + 2 + 0.5) x 2
    assert order_detail(client, order)["subtotal"] == 25


def test_an_item_product_as_modifier_is_ad_hoc(client: AppClient) -> None:
    product = make_product(client, price=10)
    other = make_product(client, name="Fries", price=4)
    order = make_order(client)
    modifier = {"modifierOptionId": other["id"], "name": "Side of fries", "price": 3}
    item = add_item(client, order, product, modifiers=[modifier])
    assert item["modifiers"] == [modifier]


@pytest.mark.parametrize(
    ("modifier", "field"),
    [
        ({"modifierOptionId": AD_HOC, "price": 1}, "modifiers.0.name"),
        ({"modifierOptionId": AD_HOC, "name": "Sauce"}, "modifiers.0.price"),
        ({"modifierOptionId": AD_HOC, "name": "Sauce", "price": -1}, "modifiers.0.price"),
        ({"modifierOptionId": AD_HOC, "name": "Sauce", "price": 0.001}, "modifiers.0.price"),
        ({"modifierOptionId": AD_HOC, "name": "", "price": 1}, "modifiers.0.name"),
        (
            {"modifierOptionId": "bacon", "name": "Bacon", "price": 1},
            "modifiers.0.modifierOptionId",
        ),
    ],
)
def test_bad_ad_hoc_modifier_is_422_naming_the_field(
    client: AppClient, modifier: dict[str, Any], field: str
) -> None:
    product = make_product(client)
    order = make_order(client)
    body = problem(
        post_item(client, order, product, modifiers=[modifier]), 422, "validation_failed"
    )
    assert field in [error["field"] for error in body["errors"]]
    assert order_detail(client, order)["items"] == []


def test_more_than_20_modifiers_is_422(client: AppClient) -> None:
    product = make_product(client)
    modifiers = [{"modifierOptionId": AD_HOC, "name": "Pickle", "price": 0}] * 21
    problem(
        post_item(client, make_order(client), product, modifiers=modifiers),
        422,
        "validation_failed",
    )


def test_an_86d_catalogue_modifier_is_409(client: AppClient) -> None:
    product = make_product(client)
    avocado = make_product(client, name="Avocado", price=1.5, productType="MODIFIER")
    client.post(f"/api/products/{avocado['id']}/86")
    modifiers = [{"modifierOptionId": avocado["id"]}]
    problem(
        post_item(client, make_order(client), product, modifiers=modifiers),
        409,
        "product_unavailable",
    )


# --- stock ----------------------------------------------------------------------------------


def test_tracked_stock_follows_adds_quantity_changes_and_voids(client: AppClient) -> None:
    product = make_product(client, trackInventory=True, stockQuantity=10)
    untracked = make_product(client, stockQuantity=3)
    order = make_order(client)
    item = add_item(client, order, product, 4)
    add_item(client, order, untracked, 5)  # untracked stock is neither checked nor touched
    assert (_stock(client, product), _stock(client, untracked)) == (6, 3)
    client.put(_item_url(order, item), json={"quantity": 6})
    assert _stock(client, product) == 4
    client.put(_item_url(order, item), json={"quantity": 1.5})
    assert _stock(client, product) == 8.5
    problem(client.put(_item_url(order, item), json={"quantity": 11}), 409, "product_unavailable")
    assert _stock(client, product) == 8.5
    assert _void(client, order, item).status_code == 200
    assert _stock(client, product) == 10


def test_the_last_units_can_be_sold_then_none(client: AppClient) -> None:
    product = make_product(client, trackInventory=True, stockQuantity=2)
    order = make_order(client)
    add_item(client, order, product, 2)
    assert _stock(client, product) == 0
    problem(post_item(client, order, product, 1), 409, "product_unavailable")


def test_an_order_holds_a_bounded_number_of_items(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert order_aggregate.MAX_ITEMS_PER_ORDER == 500
    monkeypatch.setattr(order_aggregate, "MAX_ITEMS_PER_ORDER", 3)  # 500 real adds take seconds
    product = make_product(client, price=1)
    order = make_order(client)
    for _ in range(3):
        add_item(client, order, product)
    problem(post_item(client, order, product), 409, "too_many_items")
    assert order_detail(client, order)["subtotal"] == 3


# --- updating -------------------------------------------------------------------------------


def test_update_quantity_answers_the_recomputed_total(client: AppClient) -> None:
    product = make_product(client, price=4.5)
    order = make_order(client)
    item = add_item(
        client,
        order,
        product,
        2,
        modifiers=[{"modifierOptionId": AD_HOC, "name": "Ice", "price": 0.25}],
    )
    response = client.put(_item_url(order, item), json={"quantity": 3, "notes": "well done"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert (body["id"], body["quantity"], body["total"]) == (item["id"], 3, 14.25)
    assert body["notes"] == "well done"
    assert body["status"] == "PENDING"
    assert body["updatedAt"] > item["updatedAt"]
    assert response.headers["etag"] == '"3"'
    assert order_detail(client, order)["subtotal"] == 14.25


def test_update_can_clear_notes_and_an_empty_update_changes_nothing(client: AppClient) -> None:
    product = make_product(client)
    order = make_order(client)
    item = add_item(client, order, product, notes="extra hot")
    unchanged = client.put(_item_url(order, item), json={})
    assert unchanged.status_code == 200
    assert unchanged.headers["etag"] == '"2"'
    cleared = client.put(_item_url(order, item), json={"notes": None})
    assert cleared.json()["notes"] is None


def test_item_status_moves_forward_only_skipping_allowed(client: AppClient) -> None:
    product = make_product(client)
    order = make_order(client)
    item = add_item(client, order, product)
    url = _item_url(order, item)
    assert client.put(url, json={"status": "PREPARING"}).json()["status"] == "PREPARING"
    assert client.put(url, json={"status": "PREPARING"}).status_code == 200
    problem(client.put(url, json={"status": "SENT"}), 409, "invalid_transition")
    problem(client.put(url, json={"status": "PENDING"}), 409, "invalid_transition")
    assert client.put(url, json={"status": "SERVED"}).json()["status"] == "SERVED"
    problem(client.put(url, json={"status": "READY"}), 409, "invalid_transition")
    problem(client.put(url, json={"status": "served"}), 422, "validation_failed")


def test_status_voided_through_update_is_422(client: AppClient) -> None:
    product = make_product(client)
    order = make_order(client)
    item = add_item(client, order, product)
    body = problem(
        client.put(_item_url(order, item), json={"status": "VOIDED"}), 422, "validation_failed"
    )
    assert body["errors"][0]["field"] == "status"
    assert order_detail(client, order)["items"][0]["status"] == "PENDING"


def test_quantity_of_a_served_item_is_locked(client: AppClient) -> None:
    product = make_product(client)
    order = make_order(client)
    item = add_item(client, order, product)
    client.put(_item_url(order, item), json={"status": "SERVED"})
    problem(client.put(_item_url(order, item), json={"quantity": 2}), 409, "item_not_editable")
    assert client.put(_item_url(order, item), json={"notes": "loved it"}).status_code == 200


@pytest.mark.parametrize(
    "body", [{"quantity": 0}, {"quantity": None}, {"status": None}, {"name": "x"}]
)
def test_bad_update_is_422(client: AppClient, body: dict[str, Any]) -> None:
    product = make_product(client)
    order = make_order(client)
    item = add_item(client, order, product)
    problem(client.put(_item_url(order, item), json=body), 422, "validation_failed")


def test_unknown_item_and_item_of_another_order_are_404(client: AppClient) -> None:
    product = make_product(client)
    order, other = make_order(client), make_order(client)
    item = add_item(client, order, product)
    foreign = f"/api/orders/{other['id']}/items/{item['id']}"
    problem(client.put(foreign, json={"quantity": 2}), 404, "not_found")
    problem(client.request("DELETE", foreign, json={"reason": "x"}), 404, "not_found")
    problem(client.get(foreign), 404, "not_found")
    problem(
        client.put(_item_url(order, {"id": str(uuid.uuid4())}), json={"notes": "x"}),
        404,
        "not_found",
    )
    assert order_detail(client, order)["items"][0]["quantity"] == 1


def test_a_quantity_cut_below_the_discount_or_what_is_paid_is_409(client: AppClient) -> None:
    product = make_product(client, price=10)
    order = make_order(client)
    item = add_item(client, order, product, 3)
    client.post(f"/api/orders/{order['id']}/discount", json={"discountAmount": 15})
    problem(client.put(_item_url(order, item), json={"quantity": 1}), 409, "discount_too_large")
    client.post(f"/api/orders/{order['id']}/payments", json={"amount": 12, "paymentMethod": "CASH"})
    client.post(f"/api/orders/{order['id']}/discount", json={"discountAmount": 0})
    problem(client.put(_item_url(order, item), json={"quantity": 1}), 409, "discount_too_large")
    problem(_void(client, order, item), 409, "discount_too_large")
    assert client.put(_item_url(order, item), json={"quantity": 2}).status_code == 200
    detail = order_detail(client, order)
    assert (detail["subtotal"], detail["balanceDue"]) == (20, 8)


# --- voiding --------------------------------------------------------------------------------


def test_void_keeps_the_item_with_its_reason_out_of_every_total(client: AppClient) -> None:
    product = make_product(client, price=8, taxRate=0.1)
    order = make_order(client)
    kept = add_item(client, order, product)
    voided = add_item(client, order, product, 2)
    response = _void(client, order, voided, "  wrong table  ")
    assert response.status_code == 200, response.text
    assert response.json()["success"] is True
    assert response.json()["message"]
    detail = order_detail(client, order)
    assert [i["status"] for i in detail["items"]] == ["PENDING", "VOIDED"]
    assert detail["items"][1]["voidReason"] == "wrong table"
    assert detail["items"][1]["total"] == 16  # its own total stays, the order's excludes it
    assert (detail["subtotal"], detail["taxAmount"], detail["total"]) == (8, 0.8, 8.8)
    assert kept["id"] == detail["items"][0]["id"]


def test_voided_items_stay_voided(client: AppClient) -> None:
    product = make_product(client)
    order = make_order(client)
    item = add_item(client, order, product)
    assert _void(client, order, item).status_code == 200
    problem(_void(client, order, item), 409, "invalid_transition")
    problem(
        client.put(_item_url(order, item), json={"status": "SERVED"}), 409, "invalid_transition"
    )
    problem(client.put(_item_url(order, item), json={"quantity": 2}), 409, "item_not_editable")


def test_a_sent_item_can_be_voided(client: AppClient) -> None:
    product = make_product(client)
    order = make_order(client)
    item = add_item(client, order, product)
    client.post(f"/api/orders/{order['id']}/send")
    assert _void(client, order, item).status_code == 200
    assert order_detail(client, order)["items"][0]["status"] == "VOIDED"


@pytest.mark.parametrize("body", [None, {}, {"reason": ""}, {"reason": " "}, {"reason": "x" * 501}])
def test_void_needs_a_reason(client: AppClient, body: dict[str, str] | None) -> None:
    product = make_product(client)
    order = make_order(client)
    item = add_item(client, order, product)
    problem(client.request("DELETE", _item_url(order, item), json=body), 422, "validation_failed")
    assert order_detail(client, order)["items"][0]["status"] == "PENDING"

"""Idempotency-Key on POST: retries replay the first answer and never act twice."""

from __future__ import annotations

from factories import LOCATION, make_order, make_product


def _product_count(client) -> int:
    return client.get("/api/products").json()["total"]


def _post_product(client, key: str, **body):
    payload = {"name": "Espresso", "price": 2.8, "locationId": LOCATION} | body
    return client.post("/api/products", json=payload, headers={"Idempotency-Key": key})


def test_retry_with_same_key_and_body_replays_byte_for_byte(client):
    first = _post_product(client, "key-1")
    second = _post_product(client, "key-1")
    assert first.status_code == second.status_code == 201
    assert "idempotent-replayed" not in first.headers
    assert second.headers["idempotent-replayed"] == "true"
    assert second.content == first.content
    assert second.headers["location"] == first.headers["location"]
    assert second.headers["content-type"] == first.headers["content-type"]
    assert _product_count(client) == 1


def test_same_key_with_another_body_is_422_and_acts_not(client):
    _post_product(client, "key-2")
    reused = _post_product(client, "key-2", name="Ristretto")
    assert reused.status_code == 422
    assert reused.json()["code"] == "idempotency_key_reused"
    assert _product_count(client) == 1


def test_keys_are_scoped_to_the_route(client):
    product = _post_product(client, "shared").json()
    eighty_six = client.post(
        f"/api/products/{product['id']}/86", headers={"Idempotency-Key": "shared"}
    )
    assert eighty_six.status_code == 200
    assert "idempotent-replayed" not in eighty_six.headers
    assert eighty_six.json()["is86d"] is True


def test_a_failed_request_does_not_consume_its_key(client):
    failed = _post_product(client, "key-3", price=-1)
    assert failed.status_code == 422
    retried = _post_product(client, "key-3")
    assert retried.status_code == 201
    assert "idempotent-replayed" not in retried.headers
    assert _product_count(client) == 1


def test_without_a_key_every_post_acts(client):
    client.post("/api/products", json={"name": "A", "price": 1})
    client.post("/api/products", json={"name": "A", "price": 1})
    assert _product_count(client) == 2


def test_over_long_key_is_422(client):
    response = _post_product(client, "k" * 256)
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "Idempotency-Key"
    assert _product_count(client) == 0
    assert _post_product(client, "k" * 255).status_code == 201


def _order_with_balance(client) -> dict:
    product = make_product(client, price=50)
    order = make_order(client)
    added = client.post(
        f"/api/orders/{order['id']}/items", json={"productId": product["id"], "quantity": 2}
    )
    assert added.status_code == 201
    return order


def test_a_retried_payment_is_charged_once_and_replayed_byte_for_byte(client):
    order = _order_with_balance(client)
    url = f"/api/orders/{order['id']}/payments"
    body = {"amount": 60, "paymentMethod": "CARD", "tipAmount": 6, "cardLastFour": "1234"}
    headers = {"Idempotency-Key": "pay-once"}
    first = client.post(url, json=body, headers=headers)
    retried = client.post(url, json=body, headers=headers)
    assert first.status_code == retried.status_code == 201
    assert retried.content == first.content
    assert retried.headers["idempotent-replayed"] == "true"
    assert retried.headers["location"] == first.headers["location"]
    detail = client.get(f"/api/orders/{order['id']}").json()
    assert len(detail["payments"]) == 1
    assert detail["paidAmount"] == 60
    assert detail["balanceDue"] == 40


def test_a_reused_payment_key_with_another_amount_charges_nothing_more(client):
    order = _order_with_balance(client)
    url = f"/api/orders/{order['id']}/payments"
    headers = {"Idempotency-Key": "pay-twice"}
    client.post(url, json={"amount": 60, "paymentMethod": "CASH"}, headers=headers)
    reused = client.post(url, json={"amount": 40, "paymentMethod": "CASH"}, headers=headers)
    assert reused.status_code == 422
    assert reused.json()["code"] == "idempotency_key_reused"
    detail = client.get(f"/api/orders/{order['id']}").json()
    assert detail["paidAmount"] == 60
    assert len(detail["payments"]) == 1

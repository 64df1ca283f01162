"""Idempotency-Key on POST: retries replay the first answer and never act twice."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from httpx import Response
from sqlalchemy import select

from brigade.kit.db.tables import idempotency_keys
from factories import LOCATION, AppClient, make_order, make_product


def _product_count(client: AppClient) -> int:
    count: int = client.get("/api/products").json()["total"]
    return count


def _post_product(client: AppClient, key: str, **body: Any) -> Response:
    payload = {"name": "Espresso", "price": 2.8, "locationId": LOCATION} | body
    response: Response = client.post(
        "/api/products", json=payload, headers={"Idempotency-Key": key}
    )
    return response


def test_retry_with_same_key_and_body_replays_byte_for_byte(client: AppClient) -> None:
    first = _post_product(client, "key-1")
    second = _post_product(client, "key-1")
    assert first.status_code == second.status_code == 201
    assert "idempotent-replayed" not in first.headers
    assert second.headers["idempotent-replayed"] == "true"
    assert second.content == first.content
    assert second.headers["location"] == first.headers["location"]
    assert second.headers["content-type"] == first.headers["content-type"]
    assert _product_count(client) == 1


def test_same_key_with_another_body_is_422_and_acts_not(client: AppClient) -> None:
    _post_product(client, "key-2")
    reused = _post_product(client, "key-2", name="Ristretto")
    assert reused.status_code == 422
    assert reused.json()["code"] == "idempotency_key_reused"
    assert _product_count(client) == 1


def test_keys_are_scoped_to_the_route(client: AppClient) -> None:
    product = _post_product(client, "shared").json()
    eighty_six = client.post(
        f"/api/products/{product['id']}/86", headers={"Idempotency-Key": "shared"}
    )
    assert eighty_six.status_code == 200
    assert "idempotent-replayed" not in eighty_six.headers
    assert eighty_six.json()["is86d"] is True


def test_a_failed_request_does_not_consume_its_key(client: AppClient) -> None:
    failed = _post_product(client, "key-3", price=-1)
    assert failed.status_code == 422
    retried = _post_product(client, "key-3")
    assert retried.status_code == 201
    assert "idempotent-replayed" not in retried.headers
    assert _product_count(client) == 1


def test_without_a_key_every_post_acts(client: AppClient) -> None:
    client.post("/api/products", json={"name": "A", "price": 1})
    client.post("/api/products", json={"name": "A", "price": 1})
    assert _product_count(client) == 2


def test_over_long_key_is_422(client: AppClient) -> None:
    response = _post_product(client, "k" * 256)
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "Idempotency-Key"
    assert _product_count(client) == 0
    assert _post_product(client, "k" * 255).status_code == 201


def _order_with_balance(client: AppClient) -> dict[str, Any]:
    product = make_product(client, price=50)
    order = make_order(client)
    added = client.post(
        f"/api/orders/{order['id']}/items", json={"productId": product["id"], "quantity": 2}
    )
    assert added.status_code == 201
    return order


def test_a_retried_payment_is_charged_once_and_replayed_byte_for_byte(client: AppClient) -> None:
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


def test_a_reused_payment_key_with_another_amount_charges_nothing_more(client: AppClient) -> None:
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


# --- answers that carry a secret ------------------------------------------------------------


async def _idempotency_rows(app: FastAPI) -> list[tuple[Any, ...]]:
    async with app.state.database.unit_of_work(write=False) as uow:
        connection = await uow.connection()
        return [tuple(row) for row in await connection.execute(select(idempotency_keys))]


def _create_token(
    client: AppClient, key: str, name: str = "Bar terminal"
) -> tuple[dict[str, Any], Response]:
    member = client.post("/api/staff", json={"name": "Ana", "role": "SERVER"}).json()
    body = {"staffId": member["id"], "name": name}
    return body, client.post("/api/tokens", json=body, headers={"Idempotency-Key": key})


def test_a_new_token_is_never_kept_by_the_retry_store(client: AppClient) -> None:
    _body, created = _create_token(client, "token-once")
    assert created.status_code == 201
    assert created.headers["cache-control"] == "no-store"
    secret = created.json()["token"]
    rows = client.portal.call(_idempotency_rows, client.app)
    assert len(rows) == 1
    stored = " ".join(str(value) for value in rows[0])
    assert secret not in stored
    assert secret[len("brg_") :] not in stored
    assert created.json()["hint"] not in stored


def test_a_retried_token_creation_is_409_pointing_at_the_token_and_creates_none(
    client: AppClient,
) -> None:
    body, created = _create_token(client, "token-retry")
    retried = client.post("/api/tokens", json=body, headers={"Idempotency-Key": "token-retry"})
    assert retried.status_code == 409
    assert retried.json()["code"] == "secret_shown_once"
    assert created.json()["token"] not in retried.text
    assert retried.headers["location"] == created.headers["location"]
    assert client.get("/api/tokens").json()["total"] == 1
    other = client.post(
        "/api/tokens", json=body | {"name": "x"}, headers={"Idempotency-Key": "token-retry"}
    )
    assert other.json()["code"] == "idempotency_key_reused"


def test_secret_answers_declare_their_409_in_the_openapi(client: AppClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "409" in schema["paths"]["/api/tokens"]["post"]["responses"]
    token = schema["components"]["schemas"]["NewToken"]["properties"]["token"]
    assert "only in this answer" in token["description"]


# --- retried voids and cancels, bodies as JSON values ---------------------------------------


def test_a_retried_void_replays_instead_of_refusing_the_voided_item(client: AppClient) -> None:
    order = _order_with_balance(client)
    item = client.get(f"/api/orders/{order['id']}").json()["items"][0]
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    headers = {"Idempotency-Key": "void-once"}
    first = client.request("DELETE", url, json={"reason": "wrong table"}, headers=headers)
    retried = client.request("DELETE", url, json={"reason": "wrong table"}, headers=headers)
    assert first.status_code == retried.status_code == 200
    assert retried.headers["idempotent-replayed"] == "true"
    assert retried.content == first.content
    assert retried.headers["etag"] == first.headers["etag"]
    # Without the key, the same request meets the voided item.
    again = client.request("DELETE", url, json={"reason": "wrong table"})
    assert again.status_code == 409


def test_a_retried_cancel_replays_instead_of_answering_order_closed(client: AppClient) -> None:
    order = _order_with_balance(client)
    url = f"/api/orders/{order['id']}"
    headers = {"Idempotency-Key": "cancel-once"}
    first = client.request("DELETE", url, json={"reason": "walked out"}, headers=headers)
    retried = client.request("DELETE", url, json={"reason": "walked out"}, headers=headers)
    assert first.status_code == retried.status_code == 200
    assert retried.headers["idempotent-replayed"] == "true"
    assert retried.content == first.content
    other = client.request("DELETE", url, json={"reason": "no show"}, headers=headers)
    assert other.status_code == 422
    assert other.json()["code"] == "idempotency_key_reused"
    unkeyed = client.request("DELETE", url, json={"reason": "walked out"})
    assert unkeyed.json()["code"] == "order_closed"


def test_bodies_are_compared_as_json_values(client: AppClient) -> None:
    headers = {"Idempotency-Key": "same-value", "Content-Type": "application/json"}
    first = client.post(
        "/api/products",
        content=f'{{"name": "Espresso", "price": 2.80, "locationId": "{LOCATION}"}}',
        headers=headers,
    )
    reordered = client.post(
        "/api/products",
        content=f'{{"locationId":"{LOCATION}","price":28e-1,\n "name":"Espresso"}}',
        headers=headers,
    )
    assert first.status_code == reordered.status_code == 201
    assert reordered.headers["idempotent-replayed"] == "true"
    assert reordered.content == first.content
    different = client.post(
        "/api/products",
        content=f'{{"locationId":"{LOCATION}","price":2.81,"name":"Espresso"}}',
        headers=headers,
    )
    assert different.json()["code"] == "idempotency_key_reused"
    assert _product_count(client) == 1


def test_voids_and_cancels_declare_the_key_and_its_replay(client: AppClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for operation in (
        paths["/api/orders/{orderId}/items/{itemId}"]["delete"],
        paths["/api/orders/{orderId}"]["delete"],
    ):
        assert "Idempotency-Key" in {p["name"] for p in operation["parameters"]}
        assert "Idempotent-Replayed" in operation["responses"]["200"]["headers"]
        assert "`idempotency_key_reused`" in operation["responses"]["422"]["description"]
    # A DELETE without a body has nothing to replay differently: it takes no key.
    untouched = paths["/api/products/{productId}"]["delete"]
    assert "Idempotency-Key" not in {p["name"] for p in untouched.get("parameters", [])}

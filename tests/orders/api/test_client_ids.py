"""Ids made by the client, and the whole order in a write's answer (docs/design.md §16): a
tablet makes an order, its items and payments offline under ids of its own, sends them when it
can, perhaps twice; the same id and body make one thing, another body under it is refused; and
`Prefer: return=representation` answers the order after each write, so a tap is one round trip.
"""

from __future__ import annotations

import uuid
from typing import Any

from factories import LOCATION, AppClient, make_product
from orders.api.order_helpers import order_detail, problem, scalar

REPRESENTATION = {"Prefer": "return=representation"}


def _new_id() -> str:
    return str(uuid.uuid4())


def _order_body(order_id: str, **overrides: Any) -> dict[str, Any]:
    return {"id": order_id, "orderType": "DINE_IN", "locationId": LOCATION} | overrides


def _count(client: AppClient, table: str) -> int:
    return int(scalar(client, f"SELECT count(*) FROM {table}"))


def test_an_order_made_under_the_clients_id_is_made_once_and_answered_again(
    client: AppClient,
) -> None:
    order_id = _new_id()
    first = client.post("/api/orders", json=_order_body(order_id, guestCount=2))
    assert first.status_code == 201, first.text
    assert first.json()["id"] == order_id
    assert first.headers["location"] == f"/api/orders/{order_id}"
    product = make_product(client, price=4)
    client.post(f"/api/orders/{order_id}/items", json={"productId": product["id"], "quantity": 1})

    # Sent again (an answer lost on the way, a reload), under another Idempotency-Key.
    again = client.post(
        "/api/orders",
        json=_order_body(order_id, guestCount=2),
        headers={"Idempotency-Key": _new_id()},
    )
    assert again.status_code == 200, again.text
    assert again.json() == order_detail(client, {"id": order_id})
    assert again.json()["subtotal"] == 4
    assert _count(client, "orders") == 1


def test_another_body_under_a_used_id_is_refused_and_changes_nothing(client: AppClient) -> None:
    order_id = _new_id()
    assert client.post("/api/orders", json=_order_body(order_id)).status_code == 201
    before = order_detail(client, {"id": order_id})
    refused = client.post("/api/orders", json=_order_body(order_id, orderType="TAKEOUT"))
    assert "another request" in problem(refused, 409, "id_in_use")["detail"]
    assert order_detail(client, {"id": order_id}) == before
    assert _count(client, "orders") == 1


def test_items_made_offline_name_an_order_made_offline_and_land_once(client: AppClient) -> None:
    """What a tablet sends when it is back: the order it made, then its items, each perhaps
    twice; the items answer 201, then 200 with the item as it is now."""
    product = make_product(client, price=2.5)
    order_id, item_id = _new_id(), _new_id()
    body = {"id": item_id, "productId": product["id"], "quantity": 2, "notes": "no ice"}
    assert client.post("/api/orders", json=_order_body(order_id)).status_code == 201
    first = client.post(f"/api/orders/{order_id}/items", json=body)
    assert first.status_code == 201, first.text
    assert first.json()["id"] == item_id
    changed = client.put(f"/api/orders/{order_id}/items/{item_id}", json={"quantity": 3})
    assert changed.status_code == 200, changed.text

    again = client.post(f"/api/orders/{order_id}/items", json=body)
    assert again.status_code == 200, again.text
    assert again.json() == changed.json()
    detail = order_detail(client, {"id": order_id})
    assert [(item["id"], item["quantity"]) for item in detail["items"]] == [(item_id, 3)]
    assert detail["subtotal"] == 7.5

    other = problem(
        client.post(f"/api/orders/{order_id}/items", json=body | {"quantity": 1}),
        409,
        "id_in_use",
    )
    assert "new id for a new item" in other["detail"]
    elsewhere = _new_id()
    assert client.post("/api/orders", json=_order_body(elsewhere)).status_code == 201
    problem(client.post(f"/api/orders/{elsewhere}/items", json=body), 409, "id_in_use")
    assert _count(client, "order_items") == 1


def test_a_payment_under_the_clients_id_is_taken_once(client: AppClient) -> None:
    product = make_product(client, price=10)
    order_id, payment_id = _new_id(), _new_id()
    client.post("/api/orders", json=_order_body(order_id))
    client.post(f"/api/orders/{order_id}/items", json={"productId": product["id"], "quantity": 1})
    body = {"id": payment_id, "amount": 4, "paymentMethod": "CASH"}
    first = client.post(f"/api/orders/{order_id}/payments", json=body)
    assert first.status_code == 201, first.text
    assert first.json()["id"] == payment_id
    again = client.post(f"/api/orders/{order_id}/payments", json=body)
    assert again.status_code == 200, again.text
    assert again.json() == first.json()
    problem(
        client.post(f"/api/orders/{order_id}/payments", json=body | {"amount": 5}),
        409,
        "id_in_use",
    )
    # An id names one thing, whatever its kind.
    item = {"id": payment_id, "productId": product["id"], "quantity": 1}
    problem(client.post(f"/api/orders/{order_id}/items", json=item), 409, "id_in_use")
    detail = order_detail(client, {"id": order_id})
    assert [payment["id"] for payment in detail["payments"]] == [payment_id]
    assert (detail["paidAmount"], detail["balanceDue"]) == (4, 6)


def test_an_id_the_server_made_is_in_use_for_good(client: AppClient) -> None:
    """An order, an item and a payment made without a client's id: their ids sent as a client's
    answered the generic 409 `conflict` ("retry it", issue 51), which no retry could fix."""
    product = make_product(client, price=10)
    made = client.post("/api/orders", json={"orderType": "DINE_IN", "locationId": LOCATION})
    order_id = made.json()["id"]
    item = client.post(
        f"/api/orders/{order_id}/items", json={"productId": product["id"], "quantity": 1}
    ).json()
    payment = client.post(
        f"/api/orders/{order_id}/payments", json={"amount": 4, "paymentMethod": "CASH"}
    ).json()
    before = order_detail(client, {"id": order_id})
    again = [
        ("/api/orders", _order_body(order_id)),
        (
            f"/api/orders/{order_id}/items",
            {"id": item["id"], "productId": product["id"], "quantity": 1},
        ),
        (
            f"/api/orders/{order_id}/payments",
            {"id": payment["id"], "amount": 1, "paymentMethod": "CASH"},
        ),
    ]
    for path, body in again:
        for _retry in range(2):
            refused = client.post(path, json=body, headers={"Idempotency-Key": _new_id()})
            assert "another request" in problem(refused, 409, "id_in_use")["detail"]
    assert order_detail(client, {"id": order_id}) == before
    assert (
        _count(client, "orders"),
        _count(client, "order_items"),
        _count(client, "payments"),
    ) == (1, 1, 1)


def test_an_orders_id_may_name_nothing_else_it_made(client: AppClient) -> None:
    """An order made under a client's id: its id as an item's or a payment's is in use too."""
    product = make_product(client, price=10)
    order_id = _new_id()
    assert client.post("/api/orders", json=_order_body(order_id)).status_code == 201
    item = {"id": order_id, "productId": product["id"], "quantity": 1}
    problem(client.post(f"/api/orders/{order_id}/items", json=item), 409, "id_in_use")
    payment = {"id": order_id, "amount": 1, "paymentMethod": "CASH"}
    problem(client.post(f"/api/orders/{order_id}/payments", json=payment), 409, "id_in_use")
    assert _count(client, "order_items") == 0


def test_writes_answer_the_whole_order_when_asked_and_only_then(client: AppClient) -> None:
    product = make_product(client, price=6)
    order_id, item_id = _new_id(), _new_id()
    client.post("/api/orders", json=_order_body(order_id))
    orders = f"/api/orders/{order_id}"
    item = {"id": item_id, "productId": product["id"], "quantity": 2}
    writes: list[tuple[str, str, dict[str, Any] | None, int]] = [
        ("POST", f"{orders}/items", item, 201),
        ("POST", f"{orders}/items", item, 200),
        ("PUT", f"{orders}/items/{item_id}", {"notes": "well done"}, 200),
        ("POST", f"{orders}/send", None, 200),
        ("POST", f"{orders}/discount", {"discountAmount": 1}, 200),
        ("POST", f"{orders}/payments", {"amount": 11, "paymentMethod": "CASH"}, 201),
        ("POST", f"{orders}/complete", None, 200),
    ]
    for method, path, body, status in writes:
        answer = client.request(method, path, json=body, headers=REPRESENTATION)
        assert answer.status_code == status, (path, answer.text)
        assert answer.headers["preference-applied"] == "return=representation"
        current = client.get(orders)
        assert answer.json()["order"] == current.json(), path
        assert answer.headers["etag"] == current.headers["etag"]
    assert client.get(orders).json()["status"] == "COMPLETED"

    plain = client.post("/api/orders", json=_order_body(_new_id()))
    voided = client.post(
        f"/api/orders/{plain.json()['id']}/items", json={"productId": product["id"], "quantity": 1}
    )
    assert "order" not in voided.json()
    assert "preference-applied" not in voided.headers
    removed = client.request(
        "DELETE",
        f"/api/orders/{plain.json()['id']}/items/{voided.json()['id']}",
        json={"reason": "mistake"},
        headers={"Prefer": "handling=lenient, return=representation"},
    )
    assert removed.status_code == 200, removed.text
    assert removed.json()["success"] is True
    assert removed.json()["order"]["items"][0]["status"] == "VOIDED"
    plain_path = f"/api/orders/{plain.json()['id']}"
    moved = client.post(
        f"{plain_path}/transfer", json={"tableId": _new_id()}, headers=REPRESENTATION
    )
    assert moved.json()["order"]["tableId"] == moved.json()["newTableId"]
    cancelled = client.request(
        "DELETE", plain_path, json={"reason": "seated by mistake"}, headers=REPRESENTATION
    )
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["order"] == client.get(plain_path).json()
    assert cancelled.json()["order"]["status"] == "CANCELLED"


def test_the_openapi_states_the_ids_and_the_order_a_write_can_answer(client: AppClient) -> None:
    document = client.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    for request in ("OrderCreate", "ItemAdd", "PaymentCreate"):
        assert schemas[request]["properties"]["id"]["anyOf"][0]["format"] == "uuid", request
    add = document["paths"]["/api/orders/{orderId}/items"]["post"]
    assert {"201", "200", "409"} <= set(add["responses"])
    documented = add["responses"]["201"]["content"]["application/json"]["schema"]["$ref"]
    with_order = schemas[documented.rsplit("/", 1)[-1]]
    assert with_order["properties"]["order"]["anyOf"][0]["$ref"].endswith("/OrderDetail")
    assert "order" not in with_order.get("required", [])
    prefer = [p for p in add["parameters"] if p["name"] == "Prefer"]
    assert [parameter["in"] for parameter in prefer] == ["header"]

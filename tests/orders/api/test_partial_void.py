"""No quiet void: a sent item's quantity is never raised, and lowering it is a partial void,
a manager's, with a reason, audited, its stock put back, the kitchen told (design.md §5; issue 11,
item 2)."""

from __future__ import annotations

from typing import Any

from httpx import Response

from factories import AppClient, bearer, make_order, make_product, make_staff_token
from orders.api.order_helpers import add_item, order_detail, problem


def _stock(client: AppClient, product: dict[str, Any]) -> Any:
    return client.get(f"/api/products/{product['id']}").json()["stockQuantity"]


def _sent_order(
    client: AppClient, quantity: int = 3
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """An order with one sent line of ``quantity`` burgers at 10.00, stock tracked (20 at first)."""
    product = make_product(client, name="Burger", price=10, trackInventory=True, stockQuantity=20)
    order = make_order(client)
    item = add_item(client, order, product, quantity)
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    return order, item, product


def _put(
    client: AppClient,
    order: dict[str, Any],
    item: dict[str, Any],
    body: dict[str, Any],
    token: str | None = None,
) -> Response:
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    response: Response = client.put(url, json=body, headers=bearer(token) if token else None)
    return response


def _tickets(client: AppClient, order: dict[str, Any]) -> list[dict[str, Any]]:
    response = client.get("/api/kitchen/tickets", params={"limit": 100})
    assert response.status_code == 200, response.text
    return [t for t in response.json()["data"] if t["orderId"] == order["id"]]


def _audit(client: AppClient, action: str) -> list[dict[str, Any]]:
    response = client.get("/api/audit", params={"action": action})
    assert response.status_code == 200, response.text
    entries: list[dict[str, Any]] = response.json()["data"]
    return entries


def test_the_quantity_of_a_sent_item_cannot_be_raised(client: AppClient) -> None:
    order, item, product = _sent_order(client)
    before = order_detail(client, order)
    body = problem(
        _put(client, order, item, {"quantity": 4, "reason": "more"}), 409, "item_already_sent"
    )
    assert "new line" in body["detail"]
    assert order_detail(client, order) == before
    assert _stock(client, product) == 17


def test_a_server_cannot_quietly_void_part_of_a_sent_item(client: AppClient) -> None:
    server = make_staff_token(client, "SERVER")
    order, item, product = _sent_order(client, 2)
    before = order_detail(client, order)
    problem(_put(client, order, item, {"quantity": 0.001}, server), 403, "forbidden")
    problem(_put(client, order, item, {"quantity": 1, "reason": "x"}, server), 403, "forbidden")
    assert order_detail(client, order) == before
    assert len(_tickets(client, order)) == 1
    assert _audit(client, "order.item_partly_voided") == []
    assert _stock(client, product) == 18


def test_a_partial_void_needs_a_reason(client: AppClient) -> None:
    manager = make_staff_token(client, "MANAGER")
    order, item, _product = _sent_order(client)
    before = order_detail(client, order)
    for body in ({"quantity": 1}, {"quantity": 1, "reason": "  "}):
        refused = problem(_put(client, order, item, body, manager), 422, "validation_failed")
        assert refused["errors"][0]["field"] == "reason"
    assert order_detail(client, order) == before


def test_a_manager_voids_part_of_a_sent_item_audited_with_stock_back_and_the_kitchen_told(
    client: AppClient,
) -> None:
    manager = make_staff_token(client, "MANAGER", name="Mia")
    order, item, product = _sent_order(client, 3)
    response = _put(client, order, item, {"quantity": 1, "reason": "guest changed mind"}, manager)
    assert response.status_code == 200, response.text
    assert (response.json()["quantity"], response.json()["total"]) == (1, 10)
    detail = order_detail(client, order)
    assert (detail["subtotal"], detail["items"][0]["status"]) == (10, "SENT")
    assert _stock(client, product) == 19  # 20 - 3 + 2

    [entry] = _audit(client, "order.item_partly_voided")
    assert (entry["staffName"], entry["entityId"], entry["reason"]) == (
        "Mia",
        item["id"],
        "guest changed mind",
    )
    assert entry["before"] == {
        "orderId": order["id"],
        "name": "Burger",
        "status": "SENT",
        "quantity": "3",
        "total": "30.00",
    }
    assert entry["after"] == {"quantity": "1", "total": "10.00"}

    sent, void = _tickets(client, order)
    assert (sent["kind"], void["kind"]) == ("ORDER", "VOID")
    assert (void["reason"], void["sentBy"]["name"]) == ("guest changed mind", "Mia")
    [line] = void["items"]
    assert (line["itemId"], line["name"], line["quantity"]) == (item["id"], "Burger", -2)
    # Every ticket's lines for the item add up to what the kitchen should still make.
    assert sent["items"][0]["quantity"] + line["quantity"] == 1


def test_voiding_a_whole_sent_item_tells_the_kitchen_too(client: AppClient) -> None:
    order, item, _product = _sent_order(client, 2)
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    assert client.request("DELETE", url, json={"reason": "burnt"}).status_code == 200
    _sent, void = _tickets(client, order)
    assert (void["kind"], void["reason"], void["items"][0]["quantity"]) == ("VOID", "burnt", -2)


def test_an_unsent_item_changes_freely_and_the_kitchen_hears_nothing(client: AppClient) -> None:
    server = make_staff_token(client, "SERVER")
    product = make_product(client, price=10)
    order = make_order(client)
    item = add_item(client, order, product, 3)
    assert _put(client, order, item, {"quantity": 1}, server).status_code == 200
    assert (
        _put(client, order, item, {"quantity": 5, "reason": "ignored"}, server).status_code == 200
    )
    voided = add_item(client, order, product)
    url = f"/api/orders/{order['id']}/items/{voided['id']}"
    assert client.request("DELETE", url, json={"reason": "dup"}, headers=bearer(server)).is_success
    assert _tickets(client, order) == []
    assert _audit(client, "order.item_partly_voided") == []


def test_the_openapi_documents_the_reason(client: AppClient) -> None:
    spec = client.get("/openapi.json").json()
    operation = spec["paths"]["/api/orders/{orderId}/items/{itemId}"]["put"]
    assert {"403", "409", "422"} <= set(operation["responses"])
    assert "partial void" in operation["description"]
    assert "reason" in spec["components"]["schemas"]["ItemUpdate"]["properties"]

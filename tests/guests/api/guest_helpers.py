"""Helpers shared by the guests' API tests (this module holds no tests): a location taking
guests' orders, a table with its code, its check opened and closed as the staff do."""

from __future__ import annotations

from typing import Any

from factories import LOCATION, AppClient, make_product
from orders.api.order_helpers import add_item

Json = dict[str, Any]


def ok(response: Any, status: int = 200) -> Json:
    assert response.status_code == status, response.text
    body: Json = response.json()
    return body


def serve_guests(
    client: AppClient, ordering: str = "ORDER", location: str = LOCATION, *, confirm: bool = True
) -> None:
    profile = {
        "name": "Harbour St",
        "timezone": "UTC",
        "guestOrdering": ordering,
        "guestOrdersNeedConfirm": confirm,
    }
    ok(client.put(f"/api/locations/{location}", json=profile))


def make_table(client: AppClient, name: str = "T7", location: str = LOCATION) -> Json:
    return ok(client.post("/api/tables", json={"locationId": location, "name": name}), 201)


def open_check(client: AppClient, table: Json, price: float = 12) -> Json:
    body = {"orderType": "DINE_IN", "locationId": table["locationId"], "tableId": table["id"]}
    order = ok(client.post("/api/orders", json=body), 201)
    add_item(client, order, make_product(client, price=price, locationId=table["locationId"]))
    return order


def close_check(client: AppClient, order: Json) -> None:
    due = ok(client.get(f"/api/orders/{order['id']}"))["balanceDue"]
    cash = {"amount": due, "paymentMethod": "CASH"}
    ok(client.post(f"/api/orders/{order['id']}/payments", json=cash), 201)
    ok(client.post(f"/api/orders/{order['id']}/complete"))


def start_visit(client: AppClient, table: Json) -> Any:
    return client.post(f"/api/guest/tables/{table['guestCode']}/visits")


def visit(client: AppClient, visit_id: str) -> Any:
    return client.get(f"/api/guest/visits/{visit_id}")


def order_round(client: AppClient, visit_id: str, *items: Json) -> Any:
    """A round from the visit's phone: ``items`` as the guests' API takes them."""
    return client.post(f"/api/guest/visits/{visit_id}/orders", json={"items": list(items)})


def waiting_rounds(client: AppClient, location: str = LOCATION) -> list[Json]:
    response = client.get("/api/guest-rounds", params={"locationId": location})
    assert response.status_code == 200, response.text
    answer: list[Json] = response.json()
    return answer

"""Helpers shared by the till's API tests (this module holds no tests)."""

from __future__ import annotations

from typing import Any

from factories import LOCATION, AppClient, make_product
from orders.api.order_helpers import add_item


def ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def open_drawer(
    client: AppClient, headers: dict[str, str] | None = None, **overrides: Any
) -> dict[str, Any]:
    body = {"locationId": LOCATION, "openingFloat": 200} | overrides
    return ok(client.post("/api/cash-drawers", json=body, headers=headers), 201)


def drawer(client: AppClient, drawer_id: str) -> dict[str, Any]:
    return ok(client.get(f"/api/cash-drawers/{drawer_id}"))


def sale(
    client: AppClient,
    price: float,
    method: str = "CASH",
    headers: dict[str, str] | None = None,
    **payment: Any,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A counter sale: one item at ``price``, paid whole in ``method`` and completed (by
    ``headers``' caller, the admin by default): the order after and its payment."""
    opening = {"orderType": "TAKEOUT", "locationId": LOCATION}
    order = ok(client.post("/api/orders", json=opening, headers=headers), 201)
    add_item(client, order, make_product(client, price=price))
    body: dict[str, Any] = {"amount": price, "paymentMethod": method} | payment
    paid = ok(client.post(f"/api/orders/{order['id']}/payments", json=body, headers=headers), 201)
    ok(client.post(f"/api/orders/{order['id']}/complete", headers=headers))
    return ok(client.get(f"/api/orders/{order['id']}")), paid


def movement(
    client: AppClient, drawer_id: str, kind: str, amount: float, reason: str = "float top-up"
) -> Any:
    body = {"type": kind, "amount": amount, "reason": reason}
    return client.post(f"/api/cash-drawers/{drawer_id}/movements", json=body)

"""Helpers shared by the kitchen station API tests (this module holds no tests)."""

from __future__ import annotations

from typing import Any

from factories import LOCATION, AppClient

Json = dict[str, Any]


def ok(response: Any, status: int = 200) -> Json:
    assert response.status_code == status, response.text
    body: Json = response.json()
    return body


def make_station(client: AppClient, name: str, **overrides: Any) -> Json:
    body = {"locationId": LOCATION, "name": name} | overrides
    return ok(client.post("/api/kitchen/stations", json=body), 201)


def board(client: AppClient, headers: dict[str, str] | None = None, **params: Any) -> Json:
    query = {"locationId": LOCATION} | params
    return ok(client.get("/api/kitchen/board", params=query, headers=headers))


def send(client: AppClient, order: Json) -> str:
    ticket: str = ok(client.post(f"/api/orders/{order['id']}/send"))["kitchenOrderId"]
    return ticket

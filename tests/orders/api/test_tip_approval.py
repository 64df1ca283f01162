"""A tip above BRIGADE_TIP_APPROVAL_RATIO x its payment's amount needs a manager and is audited
(design.md §5; issue 11, item 3)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from httpx import Response

from brigade.settings import Settings
from factories import AppClient, bearer, make_order, make_product, make_staff_token
from orders.api.order_helpers import add_item, order_detail, problem


def _pay(
    client: AppClient, order: dict[str, Any], amount: object, tip: object, headers: dict[str, str]
) -> Response:
    body = {"amount": amount, "paymentMethod": "CARD", "tipAmount": tip}
    response: Response = client.post(
        f"/api/orders/{order['id']}/payments", json=body, headers=headers
    )
    return response


def _order_of_20(client: AppClient) -> dict[str, Any]:
    order = make_order(client)
    add_item(client, order, make_product(client, price=20))
    return order


def _tip_entries(client: AppClient) -> list[dict[str, Any]]:
    response = client.get("/api/audit", params={"action": "order.tip_approved"})
    assert response.status_code == 200, response.text
    entries: list[dict[str, Any]] = response.json()["data"]
    return entries


def test_a_server_cannot_take_an_outsized_tip_and_nothing_changes(client: AppClient) -> None:
    server = bearer(make_staff_token(client, "SERVER"))
    order = _order_of_20(client)
    before = order_detail(client, order)
    refused = _pay(client, order, 0.01, 9_999_999.99, server)
    body = problem(refused, 403, "tip_needs_approval")
    assert "MANAGER" in body["detail"]
    assert order_detail(client, order) == before
    assert _tip_entries(client) == []


def test_a_tip_of_up_to_half_the_amount_is_a_servers_and_not_audited(client: AppClient) -> None:
    server = bearer(make_staff_token(client, "SERVER"))
    order = _order_of_20(client)
    assert _pay(client, order, 10, 5, server).status_code == 201
    problem(_pay(client, order, 10, 5.01, server), 403, "tip_needs_approval")
    assert order_detail(client, order)["tipTotal"] == 5
    assert _tip_entries(client) == []


def test_a_manager_approves_an_outsized_tip_and_it_is_audited(client: AppClient) -> None:
    manager_token = make_staff_token(client, "MANAGER", name="Mia")
    order = _order_of_20(client)
    response = _pay(client, order, 4, 50, bearer(manager_token))
    assert response.status_code == 201, response.text
    payment = response.json()
    [entry] = _tip_entries(client)
    assert (entry["staffName"], entry["entityType"], entry["entityId"]) == (
        "Mia",
        "payment",
        payment["id"],
    )
    assert entry["after"] == {
        "orderId": order["id"],
        "amount": "4.00",
        "tip": "50.00",
        "tipApprovalRatio": "0.5",
    }


def test_the_ratio_is_a_setting(client: AppClient, settings: Settings) -> None:
    client.app.state.settings = settings.model_copy(update={"tip_approval_ratio": Decimal(1)})
    server = bearer(make_staff_token(client, "SERVER"))
    order = _order_of_20(client)
    assert _pay(client, order, 5, 5, server).status_code == 201
    problem(_pay(client, order, 5, 5.01, server), 403, "tip_needs_approval")


def test_the_openapi_declares_the_refusal(client: AppClient) -> None:
    operation = client.get("/openapi.json").json()["paths"]["/api/orders/{orderId}/payments"]
    assert "403" in operation["post"]["responses"]
    assert "BRIGADE_TIP_APPROVAL_RATIO" in operation["post"]["description"]

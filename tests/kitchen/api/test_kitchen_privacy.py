"""The kitchen never sees payment details: card, brand, who took it (design.md §7; issue 11,
item 9). It still sees what was paid."""

from __future__ import annotations

from typing import Any

from factories import (
    AppClient,
    bearer,
    make_order,
    make_product,
    make_staff_token,
    written_strings,
)
from orders.api.order_helpers import add_item

PRIVATE = ("cardLastFour", "cardBrand", "takenBy")


def _paid_order(client: AppClient) -> tuple[dict[str, Any], dict[str, Any]]:
    order = make_order(client)
    add_item(client, order, make_product(client, price=20))
    body = {"amount": 20, "paymentMethod": "CARD", "cardLastFour": "4242", "cardBrand": "VISA"}
    response = client.post(f"/api/orders/{order['id']}/payments", json=body)
    assert response.status_code == 201, response.text
    return order, response.json()


def _get(client: AppClient, url: str, token: str) -> dict[str, Any]:
    response = client.get(url, headers=bearer(token))
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_kitchen_reads_payments_without_card_brand_or_who_took_them(client: AppClient) -> None:
    order, payment = _paid_order(client)
    kitchen = make_staff_token(client, "KITCHEN")
    detail = _get(client, f"/api/orders/{order['id']}", kitchen)
    [seen] = detail["payments"]
    assert {field: seen[field] for field in PRIVATE} == dict.fromkeys(PRIVATE)
    assert (seen["amount"], seen["status"], seen["method"]) == (20, "COMPLETED", "CARD")
    assert (detail["paidAmount"], detail["balanceDue"]) == (20, 0)
    single = _get(client, f"/api/orders/{order['id']}/payments/{payment['id']}", kitchen)
    assert {field: single[field] for field in PRIVATE} == dict.fromkeys(PRIVATE)
    written = " ".join(written_strings([detail, single]))
    assert "4242" not in written
    assert "VISA" not in written


def test_a_server_still_sees_them(client: AppClient) -> None:
    order, payment = _paid_order(client)
    server = make_staff_token(client, "SERVER")
    [seen] = _get(client, f"/api/orders/{order['id']}", server)["payments"]
    single = _get(client, f"/api/orders/{order['id']}/payments/{payment['id']}", server)
    for answer in (seen, single):
        assert (answer["cardLastFour"], answer["cardBrand"]) == ("4242", "VISA")
        assert answer["takenBy"]["name"] == "bootstrap admin (BRIGADE_ADMIN_TOKEN)"

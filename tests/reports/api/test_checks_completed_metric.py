"""Reports listen to a check closing (reports/listeners.py): ``brigade_checks_completed_total``
counts a completion once its transaction commits, by order type, and never a refused one."""

from __future__ import annotations

import pytest

from brigade.settings import Settings
from factories import AppClient, make_order, make_product, metric_value

DINE_IN = 'brigade_checks_completed_total{type="DINE_IN"}'
TAKEOUT = 'brigade_checks_completed_total{type="TAKEOUT"}'


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"metrics_cache_seconds": 0})


def _sent_check_of_20(client: AppClient, **overrides: object) -> str:
    order = make_order(client, **overrides)
    body = {"productId": make_product(client, price=20)["id"], "quantity": 1}
    assert client.post(f"/api/orders/{order['id']}/items", json=body).status_code == 201
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    return str(order["id"])


def _pay(client: AppClient, order_id: str, amount: int) -> None:
    body = {"amount": amount, "paymentMethod": "CARD"}
    assert client.post(f"/api/orders/{order_id}/payments", json=body).status_code == 201


def test_a_check_is_counted_when_it_closes_and_a_refused_close_is_not(client: AppClient) -> None:
    before = metric_value(client, DINE_IN)
    order_id = _sent_check_of_20(client)
    _pay(client, order_id, 5)
    refused = client.post(f"/api/orders/{order_id}/complete")
    assert refused.status_code == 409, refused.text
    assert metric_value(client, DINE_IN) == before

    _pay(client, order_id, 15)  # paid to the cent: it closes by itself (autoComplete)
    assert client.get(f"/api/orders/{order_id}").json()["status"] == "COMPLETED"
    assert metric_value(client, DINE_IN) == before + 1
    # The client's pay-then-complete step answers the same close, and counts nothing more.
    assert client.post(f"/api/orders/{order_id}/complete").status_code == 200
    assert metric_value(client, DINE_IN) == before + 1


def test_each_order_type_is_counted_apart(client: AppClient) -> None:
    before_dine_in, before_takeout = metric_value(client, DINE_IN), metric_value(client, TAKEOUT)
    order_id = _sent_check_of_20(client, orderType="TAKEOUT", tableId=None)
    _pay(client, order_id, 20)
    assert metric_value(client, TAKEOUT) == before_takeout + 1
    assert metric_value(client, DINE_IN) == before_dine_in

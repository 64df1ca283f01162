"""Payments, discounts and the exact totals: tax per line, the discount spread, the balance."""

from __future__ import annotations

from typing import Any

import pytest
from httpx import Response

from factories import AppClient, make_order, make_product
from orders.api.order_helpers import order_detail, order_totals, pay, problem, scalar

# The tests' client is the bootstrap admin: no staff row of its own.
BOOTSTRAP_ADMIN_REF = {"staffId": None, "name": "bootstrap admin (BRIGADE_ADMIN_TOKEN)"}


def _order_of(client: AppClient, *lines: tuple[dict[str, Any], object]) -> dict[str, Any]:
    """An order holding ``(product, quantity)`` lines."""
    order = make_order(client)
    for product, quantity in lines:
        body = {"productId": product["id"], "quantity": quantity}
        response = client.post(f"/api/orders/{order['id']}/items", json=body)
        assert response.status_code == 201, response.text
    return order


def _discount(client: AppClient, order: dict[str, Any], amount: object, **extra: Any) -> Response:
    body = {"discountAmount": amount} | extra
    response: Response = client.post(f"/api/orders/{order['id']}/discount", json=body)
    return response


# --- totals ---------------------------------------------------------------------------------


def test_totals_with_two_tax_rates_and_a_discount_spread_over_both_lines(
    client: AppClient,
) -> None:
    burger = make_product(client, name="Burger", price=12.99, taxRate=0.08875)
    wine = make_product(client, name="Wine", price=9.5, taxRate=0.2)
    order = _order_of(client, (burger, 2), (wine, 1))
    assert order_totals(order_detail(client, order)) == (
        35.48,
        0,
        4.21,
        39.69,
        0,
        39.69,
    )  # 2.3057 + 1.9

    response = _discount(client, order, 5, discountCode="HAPPYHOUR")
    assert response.status_code == 200, response.text
    # 5.00 spread 3.66 / 1.34 (largest remainder); tax 22.32 x 8.875% + 8.16 x 20% = 3.6129.
    assert response.json() == {
        "orderId": order["id"],
        "discountAmount": 5,
        "discountCode": "HAPPYHOUR",
        "subtotal": 35.48,
        "taxAmount": 3.61,
        "newTotal": 34.09,
        "balanceDue": 34.09,
    }
    assert order_totals(order_detail(client, order)) == (35.48, 5, 3.61, 34.09, 0, 34.09)


def test_a_discount_replaces_the_previous_one_and_zero_removes_it(client: AppClient) -> None:
    product = make_product(client, price=10, taxRate=0.1)
    order = _order_of(client, (product, 2))
    assert _discount(client, order, 5).json()["newTotal"] == 16.5
    assert _discount(client, order, 2).json()["newTotal"] == 19.8
    removed = _discount(client, order, 0, discountCode="GONE").json()
    assert (removed["discountAmount"], removed["discountCode"], removed["newTotal"]) == (
        0,
        None,
        22,
    )


def test_a_discount_may_equal_but_not_exceed_the_subtotal(client: AppClient) -> None:
    product = make_product(client, price=10, taxRate=0.1)
    order = _order_of(client, (product, 1))
    problem(_discount(client, order, 10.01), 409, "discount_too_large")
    assert _discount(client, order, 10).json()["newTotal"] == 0
    assert order_detail(client, order)["discountAmount"] == 10


def test_a_discount_may_not_push_the_total_under_what_is_paid(client: AppClient) -> None:
    product = make_product(client, price=10)
    order = _order_of(client, (product, 2))
    assert pay(client, order, 15).status_code == 201
    problem(_discount(client, order, 6), 409, "discount_too_large")
    assert _discount(client, order, 5).json()["balanceDue"] == 0


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"discountAmount": -1},
        {"discountAmount": 1.005},
        {"discountAmount": "5"},
        {"discountAmount": 5, "discountCode": "x" * 65},
        {"discountAmount": 5, "percent": 10},
    ],
)
def test_bad_discount_is_422(client: AppClient, body: dict[str, Any]) -> None:
    product = make_product(client)
    order = _order_of(client, (product, 1))
    response = client.post(f"/api/orders/{order['id']}/discount", json=body)
    problem(response, 422, "validation_failed")
    assert order_detail(client, order)["discountAmount"] == 0


# --- payments -------------------------------------------------------------------------------


def test_payment_answers_201_completed_with_location(client: AppClient) -> None:
    product = make_product(client, price=30)
    order = _order_of(client, (product, 1))
    response = pay(
        client,
        order,
        20,
        tipAmount=4,
        cardLastFour="4242",
        cardBrand="VISA",
        processorTransactionId="ch_123",
    )
    assert response.status_code == 201, response.text
    payment = response.json()
    assert response.headers["location"] == f"/api/orders/{order['id']}/payments/{payment['id']}"
    assert response.headers["etag"] == '"3"'
    assert payment == {
        "id": payment["id"],
        "orderId": order["id"],
        "amount": 20,
        "tipAmount": 4,
        "roundingAdjustment": 0,
        "currency": "USD",
        "paymentMethod": "CARD",
        "status": "COMPLETED",
        "cardLastFour": "4242",
        "cardBrand": "VISA",
        "processedAt": payment["processedAt"],
        "takenBy": BOOTSTRAP_ADMIN_REF,
    }
    assert payment["processedAt"].endswith("Z")
    assert client.get(response.headers["location"]).json() == payment

    detail = order_detail(client, order)
    assert detail["payments"] == [
        {
            "id": payment["id"],
            "amount": 20,
            "tipAmount": 4,
            "roundingAdjustment": 0,
            "currency": "USD",
            "paymentMethod": "CARD",
            "method": "CARD",
            "status": "COMPLETED",
            "cardLastFour": "4242",
            "cardBrand": "VISA",
            "processedAt": payment["processedAt"],
            "takenBy": BOOTSTRAP_ADMIN_REF,
        }
    ]
    assert (detail["paidAmount"], detail["tipTotal"], detail["balanceDue"]) == (20, 4, 10)


def test_tips_never_reduce_the_balance_and_default_to_zero(client: AppClient) -> None:
    product = make_product(client, price=10)
    order = _order_of(client, (product, 1))
    assert pay(client, order, 4, tipAmount=50).status_code == 201
    cash = pay(client, order, 6, paymentMethod="CASH")
    assert cash.json()["tipAmount"] == 0
    detail = order_detail(client, order)
    assert (detail["paidAmount"], detail["tipTotal"], detail["balanceDue"]) == (10, 50, 0)


def test_overpayment_is_409_with_the_balance_due(client: AppClient) -> None:
    product = make_product(client, price=10, taxRate=0.1)
    order = _order_of(client, (product, 1))
    body = problem(pay(client, order, 11.01), 409, "overpayment")
    assert body["balanceDue"] == 11
    assert pay(client, order, 11).status_code == 201
    assert problem(pay(client, order, 0.01), 409, "overpayment")["balanceDue"] == 0


def test_an_empty_order_takes_no_payment(client: AppClient) -> None:
    problem(pay(client, make_order(client), 1), 409, "overpayment")


def test_a_payment_of_nothing_is_refused_and_changes_nothing(client: AppClient) -> None:
    """Only cash settling a balance its step rounds away pays 0.00 (test_money_terms.py)."""
    order = _order_of(client, (make_product(client, price=10), 1))
    for method in ("CARD", "CASH"):
        problem(pay(client, order, 0, paymentMethod=method), 409, "overpayment")
    assert order_detail(client, order)["payments"] == []


@pytest.mark.parametrize(
    "body",
    [
        {"paymentMethod": "CARD"},
        {"amount": -5, "paymentMethod": "CARD"},
        {"amount": 1.001, "paymentMethod": "CARD"},
        {"amount": "5", "paymentMethod": "CARD"},
        {"amount": 5},
        {"amount": 5, "paymentMethod": "CHEQUE"},
        {"amount": 5, "paymentMethod": "CARD", "tipAmount": -1},
        {"amount": 5, "paymentMethod": "CARD", "tipAmount": 0.555},
        {"amount": 5, "paymentMethod": "CARD", "cardBrand": "x" * 33},
        {"amount": 5, "paymentMethod": "CARD", "processorTransactionId": "x" * 129},
        {"amount": 5, "paymentMethod": "CARD", "status": "REFUNDED"},
    ],
)
def test_bad_payment_is_422(client: AppClient, body: dict[str, Any]) -> None:
    product = make_product(client, price=10)
    order = _order_of(client, (product, 1))
    response = client.post(f"/api/orders/{order['id']}/payments", json=body)
    problem(response, 422, "validation_failed")
    assert order_detail(client, order)["payments"] == []


def test_non_finite_amount_is_refused(client: AppClient) -> None:
    product = make_product(client, price=10)
    order = _order_of(client, (product, 1))
    response = client.post(
        f"/api/orders/{order['id']}/payments",
        content=b'{"amount": NaN, "paymentMethod": "CARD"}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code in (400, 422)
    assert order_detail(client, order)["payments"] == []


@pytest.mark.parametrize("card", ["12345", "12a4", "123", "4242424242424242", "١٢٣٤", 4242])
def test_card_last_four_must_be_four_digits_and_is_never_stored_or_echoed(
    client: AppClient, card: str | int
) -> None:
    product = make_product(client, price=10)
    order = _order_of(client, (product, 1))
    response = pay(client, order, 5, cardLastFour=card)
    body = problem(response, 422, "validation_failed")
    assert [e["field"] for e in body["errors"]] == ["cardLastFour"]
    assert str(card) not in response.text

    assert scalar(client, "SELECT count(*) FROM payments") == 0

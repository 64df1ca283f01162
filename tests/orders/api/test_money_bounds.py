"""Money past what a JSON number carries exactly is refused where it is made (issue 51): JSON
numbers are doubles, and past 2**53 cents an amount's last cent was lost on its way out. A
price is at most 9,999,999.99; a line's or an order's total at most 10**13 (kit/money.py)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from factories import AppClient, make_order, make_product
from orders.api.order_helpers import add_item, post_item, problem

TOP_PRICE = Decimal("9999999.99")
# A line of the most a line may hold of the dearest product: 99,989,999,900.01.
BIG_LINE = 9999 * TOP_PRICE
# How many such lines an order may hold: the 101st takes it past 10**13.
LINES_BELOW_THE_BOUND = 100


def _order_of_big_lines(client: AppClient, lines: int) -> tuple[dict[str, Any], dict[str, Any]]:
    product = make_product(client, price=9999999.99)
    order = make_order(client)
    for _ in range(lines):
        add_item(client, order, product, 9999)
    return order, product


def _total(client: AppClient, order: dict[str, Any]) -> Decimal:
    answer = client.get(f"/api/orders/{order['id']}")
    assert answer.status_code == 200
    return Decimal(str(answer.json()["total"]))


def _refused_as_too_large(answer: Any) -> None:
    [error] = problem(answer, 422, "validation_failed")["errors"]
    assert error["field"] == "total"
    assert "10000000000000" in error["message"]


def test_a_price_past_the_bound_is_422(client: AppClient) -> None:
    for price in (10**13, "10000000.00"):
        answer = client.post("/api/products", json={"name": "Gold", "price": price})
        assert answer.status_code == 422, answer.text
    assert client.get("/api/products").json()["total"] == 0


def test_an_item_taking_the_order_past_the_bound_is_422_and_changes_nothing(
    client: AppClient,
) -> None:
    order, product = _order_of_big_lines(client, LINES_BELOW_THE_BOUND)
    total = _total(client, order)
    assert total == LINES_BELOW_THE_BOUND * BIG_LINE  # 9,998,999,990,001.00, carried exactly
    _refused_as_too_large(post_item(client, order, product, 9999))
    detail = client.get(f"/api/orders/{order['id']}").json()
    assert len(detail["items"]) == LINES_BELOW_THE_BOUND
    assert _total(client, order) == total


def test_a_quantity_raised_past_the_bound_is_422(client: AppClient) -> None:
    order, product = _order_of_big_lines(client, LINES_BELOW_THE_BOUND)
    small = add_item(client, order, product, 1)
    raised = client.put(f"/api/orders/{order['id']}/items/{small['id']}", json={"quantity": 9999})
    _refused_as_too_large(raised)
    assert _total(client, order) == LINES_BELOW_THE_BOUND * BIG_LINE + TOP_PRICE


def test_a_merge_past_the_bound_is_422_and_both_checks_stay(client: AppClient) -> None:
    half = LINES_BELOW_THE_BOUND // 2 + 1
    kept, _product = _order_of_big_lines(client, half)
    taken, _other = _order_of_big_lines(client, half)
    merged = client.post(f"/api/orders/{kept['id']}/merge", json={"orderId": taken["id"]})
    _refused_as_too_large(merged)
    for order in (kept, taken):
        assert client.get(f"/api/orders/{order['id']}").json()["mergedInto"] is None
        assert _total(client, order) == half * BIG_LINE

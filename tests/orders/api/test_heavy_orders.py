"""One heavy order must not weigh on every writer (issue 11, item 7): a full order refuses a
new item from a count, a write reads whole only the items it changes, and what one item may
carry is bounded. The time figures are bench/heavy_order.py's, not a timed test."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from httpx import Response

from brigade.orders.domain import aggregate as order_aggregate
from factories import (
    OTHER_LOCATION,
    AppClient,
    bearer,
    make_device,
    make_order,
    make_product,
    make_session,
)
from orders.api.order_helpers import (
    AD_HOC,
    add_item,
    order_detail,
    post_item,
    problem,
    recorded_statements,
)

# A write to one line of an order: (client, order, item) -> its answer.
Write = Callable[[AppClient, dict[str, Any], dict[str, Any]], Response]


def _reading_whole_items(statements: list[str]) -> list[str]:
    """The statements that read items whole: only they carry the modifiers."""
    return [s for s in statements if s.startswith("select") and "order_items.modifiers" in s]


def _heavy_order(
    client: AppClient, items: int = 4
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    product = make_product(client, price=10)
    order = make_order(client)
    extras = [{"modifierOptionId": AD_HOC, "name": f"Extra {n}", "price": 1} for n in range(20)]
    lines = [add_item(client, order, product, modifiers=extras) for _ in range(items)]
    return order, lines, product


def test_a_full_order_refuses_a_new_item_from_its_lines_without_reading_items_whole(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(order_aggregate, "MAX_ITEMS_PER_ORDER", 3)
    order, _lines, product = _heavy_order(client, 3)
    client.get(f"/api/orders/{order['id']}")  # warm the pool: connect-time queries don't count
    with recorded_statements(client) as statements:
        problem(post_item(client, order, product), 409, "too_many_items")
    assert _reading_whole_items(statements) == []
    assert len(order_detail(client, order)["items"]) == 3


def test_a_full_order_at_another_location_is_refused_as_elsewhere_first(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(order_aggregate, "MAX_ITEMS_PER_ORDER", 1)
    order, _lines, product = _heavy_order(client, 1)
    terminal = make_device(client, locationId=OTHER_LOCATION)["token"]
    elsewhere = bearer(make_session(client, "SERVER", terminal))
    body = {"productId": product["id"], "quantity": 1}
    refused = client.post(f"/api/orders/{order['id']}/items", json=body, headers=elsewhere)
    problem(refused, 403, "other_location")


# These writes emit only an item or a payment event: they read whole only the item they change.
@pytest.mark.parametrize(
    "write",
    [
        lambda client, order, item: client.request(
            "DELETE", f"/api/orders/{order['id']}/items/{item['id']}", json={"reason": "dup"}
        ),
        lambda client, order, _item: client.post(
            f"/api/orders/{order['id']}/payments", json={"amount": 1, "paymentMethod": "CASH"}
        ),
    ],
)
def test_a_write_reads_whole_only_the_item_it_changes(client: AppClient, write: Write) -> None:
    order, lines, _product = _heavy_order(client)
    with recorded_statements(client) as statements:
        response = write(client, order, lines[1])
    assert response.is_success, response.text
    whole = _reading_whole_items(statements)
    assert all("order_items.id =" in s for s in whole), whole
    assert len(whole) <= 1


# These writes emit an order event whose data is the whole order detail (design.md §8): they
# read the items whole, once, in one statement.
@pytest.mark.parametrize(
    "write",
    [
        lambda client, order, item: client.put(
            f"/api/orders/{order['id']}/items/{item['id']}", json={"quantity": 2}
        ),
        lambda client, order, _item: client.post(
            f"/api/orders/{order['id']}/discount", json={"discountAmount": 5}
        ),
        lambda client, order, _item: client.post(f"/api/orders/{order['id']}/send"),
    ],
)
def test_a_write_whose_event_carries_the_order_reads_its_items_once(
    client: AppClient, write: Write
) -> None:
    order, lines, _product = _heavy_order(client)
    with recorded_statements(client) as statements:
        response = write(client, order, lines[1])
    assert response.is_success, response.text
    [whole] = _reading_whole_items(statements)
    assert "order_items.order_id =" in whole


def test_totals_after_partial_loads_match_a_full_read(client: AppClient) -> None:
    order, lines, product = _heavy_order(client)
    client.post(f"/api/orders/{order['id']}/discount", json={"discountAmount": 7.77})
    client.put(f"/api/orders/{order['id']}/items/{lines[2]['id']}", json={"quantity": 3})
    add_item(client, order, make_product(client, price=3.33, taxRate=0.2))
    detail = order_detail(client, order)
    # 4 lines of 30.00 (10 + 20 modifiers at 1), one of them x3, plus 3.33 at 20%.
    assert (detail["subtotal"], detail["discountAmount"]) == (183.33, 7.77)
    assert detail["total"] == detail["subtotal"] - 7.77 + detail["taxAmount"]
    assert product["id"] in {i["productId"] for i in detail["items"]}


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"notes": "x" * 501}, "notes"),
        ({"modifiers": [{"modifierOptionId": AD_HOC, "name": "x" * 101, "price": 0}]}, "name"),
        (
            {"modifiers": [{"modifierOptionId": AD_HOC, "name": "Pickle", "price": 0}] * 21},
            "modifiers",
        ),
    ],
)
def test_what_one_item_carries_is_bounded(
    client: AppClient, extra: dict[str, Any], field: str
) -> None:
    product = make_product(client)
    order = make_order(client)
    body = problem(post_item(client, order, product, **extra), 422, "validation_failed")
    assert body["errors"][0]["field"].endswith(field)
    item = add_item(client, order, product, notes="x" * 500)
    url = f"/api/orders/{order['id']}/items/{item['id']}"
    problem(client.put(url, json={"notes": "x" * 501}), 422, "validation_failed")

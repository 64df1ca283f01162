"""An order loaded in part (every item's line, a few items whole) keeps its totals and refuses
what it cannot answer truthfully."""

from __future__ import annotations

import pytest

from brigade.orders.domain.aggregate import Order
from orders.unit.test_order_aggregate import _with_item


def test_an_order_loaded_in_part_refuses_to_list_its_items() -> None:
    order, item_id = _with_item("2")
    order, other_id = _with_item("1", order=order)
    partial = Order(order.header, [order.item(item_id)], order.payments, lines=order.lines)
    assert partial.item(item_id) == order.item(item_id)
    assert partial.totals() == order.totals()
    with pytest.raises(LookupError):
        _ = partial.items
    with pytest.raises(LookupError):
        partial.item(other_id)

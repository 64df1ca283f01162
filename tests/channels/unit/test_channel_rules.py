"""The channels' rules with no database (docs/design.md §29): when an order is cooked, a page's
address made from a name."""

from __future__ import annotations

import pytest

from brigade.channels.domain import all_cooked, slug_from
from brigade.orders.domain.states import ItemStatus as S


@pytest.mark.parametrize(
    ("statuses", "cooked"),
    [
        ([S.READY, S.SERVED, S.VOIDED], True),
        ([], True),
        ([S.READY, S.PREPARING], False),
        ([S.SENT], False),
        ([S.PENDING, S.READY], False),
    ],
)
def test_an_order_is_cooked_once_nothing_on_its_check_is_cooking(
    statuses: list[S], cooked: bool
) -> None:
    assert all_cooked(statuses) is cooked


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Harbour St — online!", "harbour-st-online"),
        ("Café Crème", "cafe-creme"),
        ("مطعم", "order"),
        ("x" * 80, "x" * 60),
    ],
)
def test_a_pages_address_is_made_from_its_name(name: str, slug: str) -> None:
    assert slug_from(name) == slug

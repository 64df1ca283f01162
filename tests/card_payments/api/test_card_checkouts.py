"""Card checkouts on the simulator's readers (docs/design.md §27)."""

from __future__ import annotations

from card_payments.api.card_helpers import (
    checkout,
    make_reader,
    order_now,
    order_of,
    poll,
    started,
)
from factories import AppClient


def test_an_approved_checkout_is_one_card_payment_with_its_card(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    begun = started(client, order, reader, 20, tip={"mode": "AMOUNT", "amount": 3})
    assert begun["status"] == "PENDING"
    poll(client)
    done = checkout(client, begun["id"])
    assert done["status"] == "SUCCEEDED", done
    after = order_now(client, order)
    [payment] = after["payments"]
    assert payment["id"] == begun["id"]
    assert (payment["amount"], payment["tipAmount"]) == (20.0, 3.0)

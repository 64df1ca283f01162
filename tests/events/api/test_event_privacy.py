"""Event data as its reader may see it (design.md §7): the kitchen reads the log and the stream
without a payment's card brand, last four and who took it (a refund's who gave it back); a
SERVER or a MANAGER reads them, as the API answers them that reader."""

from __future__ import annotations

from typing import Any

import orjson

from events.api.event_helpers import all_events, sse_events
from factories import (
    AppClient,
    bearer,
    make_card_paid_order,
    make_staff_token,
    written_strings,
)

PRIVATE = ("cardLastFour", "cardBrand", "takenBy")
Json = dict[str, Any]


def _paid_and_refunded(
    client: AppClient, server: dict[str, str], manager: dict[str, str]
) -> tuple[str, str]:
    """An order a server paid by card, completed, then a manager refunded part of: its id and
    the server's name (who took the payment)."""
    order, paid = make_card_paid_order(client, server)
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    refund = {"amount": 5, "reason": "cold soup"}
    refunded = client.post(f"/api/orders/{order['id']}/refunds", json=refund, headers=manager)
    assert refunded.status_code == 201, refunded.text
    name: str = paid["takenBy"]["name"]
    return order["id"], name


def _payments_seen(events: list[Json]) -> list[Json]:
    """Every payment the events show: ``payment.created``'s data and each order event's."""
    seen = [event["data"] for event in events if event["type"] == "payment.created"]
    for event in events:
        if event["type"].startswith("order.") and event["data"].get("payments"):
            seen += event["data"]["payments"]
    return seen


def _refunds_seen(events: list[Json]) -> list[Json]:
    return [refund for event in events for refund in event["data"].get("refunds") or []]


def _assert_without_details(events: list[Json]) -> None:
    payments = _payments_seen(events)
    assert payments
    for seen in payments:
        assert {field: seen[field] for field in PRIVATE} == dict.fromkeys(PRIVATE)
        assert seen["amount"] == 20
    refunds = _refunds_seen(events)
    assert refunds
    assert all(refund["refundedBy"] is None for refund in refunds)
    written = " ".join(written_strings(events))
    assert "4242" not in written
    assert "VISA" not in written


def _assert_with_details(events: list[Json], taken_by: str) -> None:
    payments = _payments_seen(events)
    assert payments
    for seen in payments:
        assert (seen["cardLastFour"], seen["cardBrand"]) == ("4242", "VISA")
        assert seen["takenBy"]["name"] == taken_by
    refunds = _refunds_seen(events)
    assert refunds
    assert all(refund["refundedBy"] is not None for refund in refunds)


def test_the_kitchen_reads_events_without_card_details_a_server_and_a_manager_with_them(
    client: AppClient,
) -> None:
    server = bearer(make_staff_token(client, "SERVER"))
    manager = bearer(make_staff_token(client, "MANAGER"))
    order_id, taken_by = _paid_and_refunded(client, server, manager)
    kitchen = bearer(make_staff_token(client, "KITCHEN"))

    cooks = all_events(client, kitchen)
    assert [event["type"] for event in cooks][-3:] == [
        "payment.created",
        "order.completed",
        "order.refunded",
    ]
    _assert_without_details(cooks)
    for reader in (server, manager):
        seen = all_events(client, reader)
        _assert_with_details(seen, taken_by)
        # The order's last event holds its payments as the API answers this reader.
        answered = client.get(f"/api/orders/{order_id}", headers=reader).json()
        assert seen[-1]["data"]["payments"] == answered["payments"]
        assert seen[-1]["data"]["refunds"] == answered["refunds"]
    # Apart from those fields, everyone reads the same events.
    assert [event["id"] for event in cooks] == [event["id"] for event in all_events(client)]


def test_the_stream_shows_each_reader_what_its_role_may_see(client: AppClient) -> None:
    server = bearer(make_staff_token(client, "SERVER"))
    manager = bearer(make_staff_token(client, "MANAGER"))
    _, taken_by = _paid_and_refunded(client, server, manager)
    kitchen = bearer(make_staff_token(client, "KITCHEN"))

    def streamed(reader: dict[str, str]) -> list[Json]:
        response = client.get("/api/events/stream", params={"after": 0}, headers=reader)
        assert response.status_code == 200, response.text
        return [orjson.loads(message["data"]) for message in sse_events(response.text)]

    _assert_without_details(streamed(kitchen))
    _assert_with_details(streamed(server), taken_by)

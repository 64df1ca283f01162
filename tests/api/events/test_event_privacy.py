"""Event data is read by every role that reads the stream, the kitchen included: it carries no
card details (design.md §7; issue 11, item 9)."""

from __future__ import annotations

from factories import (
    AppClient,
    bearer,
    make_order,
    make_product,
    make_staff_token,
    written_strings,
)

PRIVATE = ("cardLastFour", "cardBrand", "takenBy")


def test_event_data_carries_no_card_details_for_the_kitchen_to_read(client: AppClient) -> None:
    order = make_order(client)
    body = {"productId": make_product(client, price=20)["id"], "quantity": 1}
    assert client.post(f"/api/orders/{order['id']}/items", json=body).status_code == 201
    body = {"amount": 20, "paymentMethod": "CARD", "cardLastFour": "4242", "cardBrand": "VISA"}
    assert client.post(f"/api/orders/{order['id']}/payments", json=body).status_code == 201
    assert client.post(f"/api/orders/{order['id']}/complete").status_code == 200
    kitchen = bearer(make_staff_token(client, "KITCHEN"))
    page = client.get("/api/events", params={"limit": 100}, headers=kitchen).json()
    payment_event, order_event = page["data"][-2:]
    for seen in (payment_event["data"], order_event["data"]["payments"][0]):
        assert {field: seen[field] for field in PRIVATE} == dict.fromkeys(PRIVATE)
        assert seen["amount"] == 20
    written = " ".join(written_strings(page))
    assert "4242" not in written
    assert "VISA" not in written

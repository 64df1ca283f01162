"""Bar tabs held on a card, on the simulator's readers (docs/design.md §27): the card
authorised and kept, the tab closed with its tip captured (after a new authorisation when it
comes to more than the hold), a capture refused, the card released by a cancel or by the tab
closing another way, one payment however the capture is reported, and the Z's list."""

from __future__ import annotations

from typing import Any

from card_payments.api.card_helpers import (
    Json,
    checkout,
    listed,
    make_reader,
    ok,
    order_now,
    order_of,
    poll,
    report,
    started,
)
from events.api.event_helpers import all_events
from factories import LOCATION, AppClient, make_product
from orders.api.order_helpers import add_item, pay, problem


def _hold(client: AppClient, order: Json, reader: Json, amount: float) -> Any:
    body = {"readerId": reader["id"], "amount": amount}
    return client.post(f"/api/orders/{order['id']}/card-holds", json=body)


def _held(client: AppClient, order: Json, reader: Json, amount: float) -> Json:
    begun = ok(_hold(client, order, reader, amount), 202)
    poll(client)
    held = checkout(client, begun["id"])
    assert (held["status"], held["hold"], held["heldAmount"]) == ("HELD", True, amount)
    return held


def _capture(client: AppClient, held: Json, **body: Any) -> Any:
    return client.post(f"/api/card-checkouts/{held['id']}/capture", json=body)


def test_a_tab_held_grows_past_its_hold_and_is_captured_with_its_tip(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 25)
    begun = ok(_hold(client, order, reader, 30), 202)
    assert (begun["status"], begun["hold"], begun["heldAmount"]) == ("PENDING", True, None)
    poll(client)
    held = checkout(client, begun["id"])
    assert (held["status"], held["heldAmount"], held["cardLastFour"]) == ("HELD", 30.0, "4242")
    # Holding the card pays nothing, and the reader is free for the next guest.
    assert order_now(client, order)["payments"] == []
    assert ok(client.get(f"/api/payment-readers/{reader['id']}"))["state"] == "IDLE"
    add_item(client, order, make_product(client, price=10))

    asked = ok(_capture(client, held, tip=5), 202)
    assert (asked["status"], asked["amount"]) == ("CAPTURING", 30.0)
    poll(client)

    captured = checkout(client, held["id"])
    # 35.00 and a 5.00 tip: 10.00 above the hold, authorised anew, then taken.
    assert (captured["status"], captured["amount"], captured["tip"]) == ("CAPTURED", 35.0, 5.0)
    assert (captured["heldAmount"], captured["paymentId"]) == (40.0, held["id"])
    [payment] = order_now(client, order)["payments"]
    assert (payment["id"], payment["amount"], payment["tipAmount"]) == (held["id"], 35.0, 5.0)
    assert payment["paymentMethod"] == "CARD"
    ok(client.post(f"/api/orders/{order['id']}/complete"))
    steps = [
        event["type"]
        for event in all_events(client)
        if event["type"].startswith("card_checkout.") and event["entityId"] == held["id"]
    ]
    assert steps == [
        "card_checkout.started",
        "card_checkout.waiting",
        "card_checkout.held",
        "card_checkout.capturing",
        "card_checkout.captured",
    ]


def test_a_capture_reported_twice_is_one_payment(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    held = _held(client, order, reader, 50)
    ok(_capture(client, held, amount=20, tip=2), 202)
    report(client, held["id"])
    report(client, held["id"])
    poll(client)

    assert checkout(client, held["id"])["status"] == "CAPTURED"
    [payment] = order_now(client, order)["payments"]
    assert (payment["amount"], payment["tipAmount"]) == (20.0, 2.0)
    problem(_capture(client, held, tip=1), 409, "card_not_held")


def test_a_new_authorisation_refused_keeps_the_card_held(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    held = _held(client, order, reader, 20)
    # 20.00 and 0.01 of tip comes to 20.01: the simulator's bank declines that authorisation.
    ok(_capture(client, held, tip=0.01), 202)
    poll(client)

    kept = checkout(client, held["id"])
    assert kept["status"] == "HELD"
    assert "no new authorisation above the hold" in kept["reason"]
    assert order_now(client, order)["payments"] == []
    # Within the hold it is taken.
    ok(_capture(client, held), 202)
    poll(client)
    assert checkout(client, held["id"])["status"] == "CAPTURED"
    assert [p["amount"] for p in order_now(client, order)["payments"]] == [20.0]


def test_a_held_card_is_released_by_a_cancel(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    held = _held(client, order, reader, 40)
    releasing = ok(client.post(f"/api/card-checkouts/{held['id']}/cancel"), 202)
    assert releasing["status"] == "RELEASING"
    poll(client)

    released = checkout(client, held["id"])
    assert (released["status"], released["finishedAt"] is not None) == ("RELEASED", True)
    problem(_capture(client, held), 409, "card_not_held")
    problem(client.post(f"/api/card-checkouts/{held['id']}/cancel"), 409, "checkout_finished")


def test_a_tab_paid_another_way_lets_its_card_go(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    held = _held(client, order, reader, 40)
    assert pay(client, order, 20, paymentMethod="CASH").status_code == 201
    ok(client.post(f"/api/orders/{order['id']}/complete"))
    # The poller's next round lets it go: the completion itself asks nothing of card readers.
    assert checkout(client, held["id"])["status"] == "HELD"

    poll(client)
    assert checkout(client, held["id"])["status"] == "RELEASED"
    assert [p["paymentMethod"] for p in order_now(client, order)["payments"]] == ["CASH"]
    steps = [e["type"] for e in all_events(client) if e["entityId"] == held["id"]]
    assert steps[-2:] == ["card_checkout.releasing", "card_checkout.released"]


def test_a_cancelled_tab_lets_its_card_go(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    held = _held(client, order, reader, 40)
    other = _held(client, order_of(client, 10), reader, 40)
    reason = {"reason": "the party left"}
    ok(client.request("DELETE", f"/api/orders/{order['id']}", json=reason))
    poll(client)

    assert checkout(client, held["id"])["status"] == "RELEASED"
    # Another tab, still open, keeps its card.
    assert checkout(client, other["id"])["status"] == "HELD"


def test_a_capture_is_bounded_by_the_tab_and_asked_of_a_held_card_only(
    client: AppClient,
) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    held = _held(client, order, reader, 40)
    problem(_capture(client, held, amount=25), 409, "overpayment")
    problem(_capture(client, held, tip=-1), 422, "validation_failed")
    assert checkout(client, held["id"])["status"] == "HELD"
    other = order_of(client, 10)
    charged = started(client, other, reader, 10)
    poll(client)
    problem(_capture(client, charged), 409, "card_not_held")
    # A closed order takes no tab.
    ok(client.post(f"/api/orders/{other['id']}/complete"))
    problem(_hold(client, other, reader, 30), 409, "order_closed")
    problem(_hold(client, order, reader, 0), 422, "validation_failed")


def test_a_captured_tabs_refund_goes_back_to_the_card(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    held = _held(client, order, reader, 40)
    ok(_capture(client, held, tip=4), 202)
    poll(client)
    ok(client.post(f"/api/orders/{order['id']}/complete"))
    given = ok(
        client.post(f"/api/orders/{order['id']}/refunds", json={"amount": 5, "reason": "flat"}),
        201,
    )
    poll(client)
    [refund] = listed(client.get("/api/card-refunds", params={"orderId": order["id"]}))
    assert (refund["id"], refund["checkoutId"], refund["status"]) == (
        given["id"],
        held["id"],
        "SUCCEEDED",
    )


def test_a_card_still_held_is_listed_on_the_x_and_the_z(client: AppClient) -> None:
    reader = make_reader(client)
    tab = order_of(client, 20)
    held = _held(client, tab, reader, 60)
    closed = order_of(client, 10)
    released = _held(client, closed, reader, 30)
    ok(client.post(f"/api/card-checkouts/{released['id']}/cancel"), 202)
    poll(client)

    x = ok(client.get("/api/reports/x", params={"locationId": LOCATION}))
    body = {"locationId": LOCATION, "force": True, "reason": "the bar's tab runs on"}
    z = ok(client.post("/api/reports/z", json=body), 201)

    for report_ in (x, z):
        [card] = report_["heldCards"]
        assert (card["checkoutId"], card["orderId"], card["heldAmount"]) == (
            held["id"],
            tab["id"],
            60.0,
        )
        assert (card["cardBrand"], card["cardLastFour"]) == ("VISA", "4242")
    # Read back from the journal as it was written.
    stored = ok(client.get(f"/api/reports/z/{z['number']}", params={"locationId": LOCATION}))
    assert stored["heldCards"] == z["heldCards"]

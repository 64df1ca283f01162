"""Card checkouts on the simulator's readers (docs/design.md §27): approved, declined, cancelled
and timed out; one payment however the success is reported; one checkout per reader; the
balance that shrank while the card was taken; refunds back to the card; the manual reader's
page; the location walls."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any
from uuid import UUID

from brigade.card_payments import service
from brigade.card_payments.domain import CheckoutRequest, ReaderBusy
from brigade.card_payments.provider import ChargeOutcome, ReaderActivity, TipMode
from brigade.kit.access import Actor, Role
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
    start,
    started,
)
from events.api.event_helpers import all_events
from factories import (
    OTHER_LOCATION,
    AppClient,
    bearer,
    in_transaction,
    make_device,
    make_session,
    make_staff_token,
)
from orders.api.order_helpers import problem


def _idle(client: AppClient, reader: Json) -> bool:
    found = ok(client.get(f"/api/payment-readers/{reader['id']}"))
    return found["state"] == "IDLE" and found["checkoutId"] is None


def _card_refunds(client: AppClient, order: Json) -> list[Json]:
    return listed(client.get("/api/card-refunds", params={"orderId": order["id"]}))


def _tap(client: AppClient, reader: Json, outcome: str = "APPROVE", tip: float = 0) -> Any:
    body = {"outcome": outcome, "tip": tip}
    return client.post(f"/api/payment-readers/{reader['id']}/simulate", json=body)


def test_an_approved_checkout_is_one_card_payment_with_its_card(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    begun = started(client, order, reader, 20, tip={"mode": "AMOUNT", "amount": 3})
    assert (begun["status"], begun["amount"], begun["tip"]) == ("PENDING", 20.0, 3.0)
    assert ok(client.get(f"/api/payment-readers/{reader['id']}"))["checkoutId"] == begun["id"]

    poll(client)

    done = checkout(client, begun["id"])
    assert (done["status"], done["cardBrand"], done["cardLastFour"]) == (
        "SUCCEEDED",
        "VISA",
        "4242",
    )
    assert done["paymentId"] == begun["id"]
    after = order_now(client, order)
    [payment] = after["payments"]
    assert payment["id"] == begun["id"]
    assert (payment["paymentMethod"], payment["amount"], payment["tipAmount"]) == (
        "CARD",
        20.0,
        3.0,
    )
    assert (payment["cardBrand"], payment["cardLastFour"]) == ("VISA", "4242")
    assert after["balanceDue"] == 0
    assert _idle(client, reader)
    kinds = [event["type"] for event in all_events(client) if event["type"].startswith("card_")]
    assert kinds == ["card_checkout.started", "card_checkout.waiting", "card_checkout.succeeded"]


def test_a_declined_card_pays_nothing_and_frees_the_reader(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20.01)
    begun = started(client, order, reader, 20.01)
    poll(client)
    done = checkout(client, begun["id"])
    assert (done["status"], done["reason"]) == ("DECLINED", "declined")
    assert order_now(client, order)["payments"] == []
    assert _idle(client, reader)


def test_a_reader_shows_one_checkout_at_a_time(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 30)
    started(client, order, reader, 10)
    problem(start(client, order, reader, 10), 409, "reader_busy")
    problem(client.delete(f"/api/payment-readers/{reader['id']}"), 409, "reader_busy")
    other = make_reader(client, name="Terrace reader")
    started(client, order, other, 10)


def test_two_starts_at_once_on_one_reader_one_wins(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 30)
    admin = Actor(name="admin", role=Role.ADMIN)
    request = CheckoutRequest(UUID(reader["id"]), 1000, TipMode.NONE, 0)

    async def one() -> object:
        database = client.app.state.database
        try:
            async with database.unit_of_work(write=True) as uow:
                return await service.start_checkout(
                    uow, admin, UUID(order["id"]), request, unanswered_after=timedelta(minutes=2)
                )
        except ReaderBusy as busy:
            return busy

    async def both() -> list[object]:
        return list(await asyncio.gather(one(), one()))

    outcomes = client.portal.call(both)
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["CardCheckout", "ReaderBusy"]
    assert len(listed(client.get(f"/api/orders/{order['id']}/card-checkouts"))) == 1


def test_more_than_the_balance_due_is_refused_as_an_overpayment(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    problem(start(client, order, reader, 20.5), 409, "overpayment")
    assert _idle(client, reader)


def test_a_cancel_clears_the_reader(client: AppClient) -> None:
    reader = make_reader(client, mode="MANUAL")
    order = order_of(client, 20)
    pending = started(client, order, reader, 20)
    # Not yet on the reader: cancelled at once.
    cancelled = ok(client.post(f"/api/card-checkouts/{pending['id']}/cancel"), 202)
    assert cancelled["status"] == "CANCELED"

    shown = started(client, order, reader, 20)
    poll(client)
    assert checkout(client, shown["id"])["status"] == "WAITING_FOR_CARD"
    asked = ok(client.post(f"/api/card-checkouts/{shown['id']}/cancel"), 202)
    assert (asked["status"], asked["cancelRequested"]) == ("WAITING_FOR_CARD", True)
    poll(client)
    assert checkout(client, shown["id"])["status"] == "CANCELED"
    assert _idle(client, reader)
    problem(client.post(f"/api/card-checkouts/{shown['id']}/cancel"), 409, "checkout_finished")
    # The reader's screen is clear: a tap finds nothing.
    problem(_tap(client, reader), 409, "no_charge_shown")
    assert order_now(client, order)["payments"] == []


def test_a_card_taken_as_the_cancel_goes_out_stays_the_payment(client: AppClient) -> None:
    reader = make_reader(client, mode="MANUAL")
    order = order_of(client, 20)
    shown = started(client, order, reader, 20)
    poll(client)
    ok(client.post(f"/api/card-checkouts/{shown['id']}/cancel"), 202)
    ok(_tap(client, reader))
    poll(client)
    assert checkout(client, shown["id"])["status"] == "SUCCEEDED"
    assert [p["id"] for p in order_now(client, order)["payments"]] == [shown["id"]]


def test_the_manual_readers_page_taps_the_card_and_chooses_the_tip(client: AppClient) -> None:
    reader = make_reader(client, mode="MANUAL")
    order = order_of(client, 40)
    shown = started(client, order, reader, 40, tip={"mode": "ON_READER"})
    poll(client)
    assert checkout(client, shown["id"])["status"] == "WAITING_FOR_CARD"
    terminal = bearer(make_device(client)["token"])
    tapped = client.post(
        f"/api/payment-readers/{reader['id']}/simulate",
        json={"outcome": "APPROVE", "tip": 6},
        headers=terminal,
    )
    assert ok(tapped)["state"] == "BUSY"
    poll(client)
    done = checkout(client, shown["id"])
    assert (done["status"], done["tip"]) == ("SUCCEEDED", 6.0)
    [payment] = order_now(client, order)["payments"]
    assert (payment["amount"], payment["tipAmount"]) == (40.0, 6.0)


def test_only_a_manual_simulator_reader_is_tapped(client: AppClient) -> None:
    reader = make_reader(client)
    problem(_tap(client, reader), 409, "not_simulated")
    server = bearer(make_session(client, "SERVER"))
    manual = make_reader(client, mode="MANUAL")
    assert _tap(client, manual, "DECLINE").status_code == 409
    assert (
        client.post(
            f"/api/payment-readers/{manual['id']}/simulate",
            json={"outcome": "APPROVE"},
            headers=server,
        ).status_code
        == 403
    )


def test_a_success_reported_twice_and_at_once_is_one_payment(client: AppClient) -> None:
    reader = make_reader(client, mode="MANUAL")
    order = order_of(client, 20)
    shown = started(client, order, reader, 20)
    poll(client)
    ok(_tap(client, reader))
    poller = client.app.state.card_poller

    async def at_once() -> None:
        await asyncio.gather(poller.report_now(UUID(shown["id"])), poller.round(), poller.round())

    client.portal.call(at_once)
    report(client, shown["id"])
    poll(client)
    # A provider's webhook telling the same success, twice more.
    outcome = ChargeOutcome(
        ReaderActivity.SUCCEEDED, amount_cents=2000, payment_ref="sim_pay_again"
    )
    for _ in range(2):
        recorded = in_transaction(
            client, lambda uow: service.record_outcome(uow, UUID(shown["id"]), outcome)
        )
        assert recorded is None
    after = order_now(client, order)
    assert [p["id"] for p in after["payments"]] == [shown["id"]]
    assert after["paidAmount"] == 20
    kinds = [e["type"] for e in all_events(client) if e["type"] == "card_checkout.succeeded"]
    assert len(kinds) == 1


def test_a_card_taken_after_the_balance_shrank_goes_back_whole(client: AppClient) -> None:
    """The known trap: a cash payment while the guest held the card. The order cannot take
    the card payment (its books would be overpaid), and the money was taken: it is refunded
    whole to the card, once, and the checkout says so."""
    reader = make_reader(client, mode="MANUAL")
    order = order_of(client, 20)
    shown = started(client, order, reader, 20, tip={"mode": "ON_READER"})
    poll(client)
    cash = {"amount": 5, "paymentMethod": "CASH"}
    ok(client.post(f"/api/orders/{order['id']}/payments", json=cash), 201)
    ok(_tap(client, reader, tip=2))

    poll(client)

    done = checkout(client, shown["id"])
    assert done["status"] == "REFUNDED"
    assert "overpaid" in done["reason"] or "balance" in done["reason"]
    assert done["paymentId"] is None
    assert [p["paymentMethod"] for p in order_now(client, order)["payments"]] == ["CASH"]
    # Sent to the provider in the same round, after the checkout was recorded.
    [refund] = _card_refunds(client, order)
    assert (refund["amount"], refund["status"], refund["orderRefundId"]) == (
        22.0,
        "SUCCEEDED",
        None,
    )
    poll(client)
    assert _card_refunds(client, order) == [refund]
    assert checkout(client, shown["id"]) == done
    assert _idle(client, reader)
    kinds = [e["type"] for e in all_events(client) if e["type"].startswith("card_")]
    assert kinds[-3:] == [
        "card_checkout.refunded",
        "card_refund.requested",
        "card_refund.succeeded",
    ]
    assert kinds.count("card_checkout.refunded") == 1


def test_an_orders_refund_of_a_card_payment_goes_back_to_the_card(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20)
    begun = started(client, order, reader, 20)
    poll(client)
    ok(client.post(f"/api/orders/{order['id']}/complete"))
    body = {"amount": 5, "reason": "cold soup"}
    given = ok(client.post(f"/api/orders/{order['id']}/refunds", json=body), 201)

    [refund] = _card_refunds(client, order)
    assert (refund["id"], refund["orderRefundId"]) == (given["id"], given["id"])
    assert (refund["checkoutId"], refund["amount"], refund["status"]) == (
        begun["id"],
        5.0,
        "PENDING",
    )
    poll(client)
    [refund] = _card_refunds(client, order)
    assert refund["status"] == "SUCCEEDED"


def test_a_cash_refund_sends_nothing_to_a_card(client: AppClient) -> None:
    order = order_of(client, 20)
    paid = {"amount": 20, "paymentMethod": "CASH"}
    ok(client.post(f"/api/orders/{order['id']}/payments", json=paid), 201)
    ok(client.post(f"/api/orders/{order['id']}/complete"))
    body = {"amount": 5, "reason": "cold soup"}
    ok(client.post(f"/api/orders/{order['id']}/refunds", json=body), 201)
    assert _card_refunds(client, order) == []


def test_a_reader_of_another_location_is_walled_off(client: AppClient) -> None:
    elsewhere = make_reader(client, locationId=OTHER_LOCATION)
    order = order_of(client, 20)
    problem(start(client, order, elsewhere, 20), 409, "reader_elsewhere")
    session = bearer(make_session(client, "MANAGER"))
    problem(
        client.get(f"/api/payment-readers/{elsewhere['id']}", headers=session),
        403,
        "other_location",
    )
    here = listed(client.get("/api/payment-readers", headers=session))
    assert elsewhere["id"] not in [reader["id"] for reader in here]
    problem(
        client.get("/api/payment-readers", params={"locationId": OTHER_LOCATION}, headers=session),
        403,
        "other_location",
    )


def test_who_may_pair_list_and_start(client: AppClient) -> None:
    server = bearer(make_session(client, "SERVER"))
    kitchen = bearer(make_staff_token(client, "KITCHEN"))
    body = {"provider": "simulator", "name": "Mine"}
    assert client.post("/api/payment-readers", json=body, headers=server).status_code == 403
    reader = make_reader(client)
    assert client.get("/api/payment-readers", headers=kitchen).status_code == 403
    terminal = bearer(make_device(client)["token"])
    assert [r["id"] for r in listed(client.get("/api/payment-readers", headers=terminal))] == [
        reader["id"]
    ]
    order = order_of(client, 20)
    begun = ok(start(client, order, reader, 20, headers=server), 202)
    assert begun["startedBy"]["name"].startswith("Server")


def test_a_terminal_has_one_default_reader(client: AppClient) -> None:
    device = make_device(client)
    first, second = make_reader(client), make_reader(client, name="Terrace")
    url = "/api/payment-readers/{}/default-for/{}"
    chosen = ok(client.put(url.format(first["id"], device["id"])))
    assert chosen["defaultForDeviceIds"] == [device["id"]]
    ok(client.put(url.format(second["id"], device["id"])))
    assert ok(client.get(f"/api/payment-readers/{first['id']}"))["defaultForDeviceIds"] == []
    dropped = ok(client.delete(url.format(second["id"], device["id"])))
    assert dropped["defaultForDeviceIds"] == []
    elsewhere = make_device(client, locationId=OTHER_LOCATION)
    problem(client.put(url.format(first["id"], elsewhere["id"])), 409, "reader_elsewhere")


def test_a_reader_names_a_configured_provider(client: AppClient) -> None:
    body = {"locationId": OTHER_LOCATION, "name": "R", "provider": "nowhere"}
    problem(client.post("/api/payment-readers", json=body), 409, "provider_not_configured")


def test_an_idle_reader_is_unpaired_with_its_terminals(client: AppClient) -> None:
    reader = make_reader(client)
    device = make_device(client)
    ok(client.put(f"/api/payment-readers/{reader['id']}/default-for/{device['id']}"))
    gone = ok(client.delete(f"/api/payment-readers/{reader['id']}"))
    assert gone["defaultForDeviceIds"] == [device["id"]]
    problem(client.get(f"/api/payment-readers/{reader['id']}"), 404, "not_found")
    assert listed(client.get("/api/payment-readers")) == []

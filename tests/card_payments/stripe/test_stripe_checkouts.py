"""Card checkouts on a Stripe Terminal reader, through the API against the Stripe fake
(docs/design.md §27): the reader paired by its registration code, a charge taken with the
guest's tip and reported by webhook, by the poll, by both and twice (one payment); a decline
in Stripe's words; a cancel that clears the reader; a time-out; a refund that goes back to the
card; a webhook Stripe did not sign changes nothing. Keys from the settings only."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from brigade.settings import Settings
from card_payments.api.card_helpers import (
    Json,
    checkout,
    listed,
    ok,
    order_now,
    order_of,
    poll,
    start,
    started,
)
from card_payments.stripe.fake_stripe import (
    API_KEY,
    WEBHOOK_SECRET,
    FakeStripe,
    signature_header,
    talking_to,
)
from events.api.event_helpers import all_events
from factories import LOCATION, AppClient, every_stored_value, make_product
from orders.api.order_helpers import add_item

WEBHOOK = "/api/card-providers/stripe-terminal/webhook"
TIMEOUT_SECONDS = 1.5


@pytest.fixture
def fake() -> Iterator[FakeStripe]:
    with FakeStripe() as running:
        yield running


@pytest.fixture
def settings(settings: Settings, fake: FakeStripe) -> Settings:
    return talking_to(fake, settings, card_checkout_timeout_seconds=TIMEOUT_SECONDS)


def _paired(client: AppClient, fake: FakeStripe) -> Json:
    fake.registration_codes.add("simulated-wpe")
    body = {
        "locationId": LOCATION,
        "provider": "stripe_terminal",
        "name": "Bar reader",
        "registrationCode": "simulated-wpe",
    }
    reader = ok(client.post("/api/payment-readers", json=body), 201)
    assert reader["externalId"] in fake.readers
    return reader


def _webhook(
    client: AppClient, fake: FakeStripe, reader: Json, secret: str = WEBHOOK_SECRET
) -> Any:
    payload = fake.reader_event(reader["externalId"])
    signed = signature_header(payload, secret, int(time.time()))
    headers = {"Stripe-Signature": signed, "Content-Type": "application/json"}
    return client.post(WEBHOOK, content=payload, headers=headers)


def _waiting(client: AppClient, order: Json, reader: Json, amount: float, **body: Any) -> Json:
    begun = started(client, order, reader, amount, **body)
    poll(client)
    shown = checkout(client, begun["id"])
    assert shown["status"] == "WAITING_FOR_CARD", shown
    return shown


def test_a_card_with_the_guests_tip_reported_by_webhook_and_poll_twice_pays_once(
    client: AppClient, fake: FakeStripe
) -> None:
    reader = _paired(client, fake)
    order = order_of(client, 20)
    begun = _waiting(client, order, reader, 20, tip={"mode": "ON_READER"})
    fake.present_card(reader["externalId"], brand="mastercard", last4="5454", tip_cents=300)

    for _ in range(2):
        assert ok(_webhook(client, fake, reader)) == {"received": True}
    poll(client)
    assert ok(_webhook(client, fake, reader)) == {"received": True}

    done = checkout(client, begun["id"])
    assert (done["status"], done["amount"], done["tip"]) == ("SUCCEEDED", 20.0, 3.0)
    assert (done["cardBrand"], done["cardLastFour"]) == ("mastercard", "5454")
    [payment] = order_now(client, order)["payments"]
    assert (payment["method"], payment["amount"], payment["tipAmount"]) == ("CARD", 20.0, 3.0)
    assert payment["cardLastFour"] == "5454"
    kinds = [e["type"] for e in all_events(client) if e["type"] == "card_checkout.succeeded"]
    assert kinds == ["card_checkout.succeeded"]
    assert ok(client.get(f"/api/payment-readers/{reader['id']}"))["state"] == "IDLE"


def test_a_decline_says_stripes_words_and_takes_nothing(
    client: AppClient, fake: FakeStripe
) -> None:
    reader = _paired(client, fake)
    order = order_of(client, 12)
    begun = _waiting(client, order, reader, 12)
    fake.decline(reader["externalId"], "insufficient_funds", "The card has insufficient funds.")
    ok(_webhook(client, fake, reader))
    done = checkout(client, begun["id"])
    assert done["status"] == "DECLINED"
    assert "insufficient" in done["reason"]
    assert order_now(client, order)["payments"] == []


def test_a_cancel_clears_the_reader_and_a_second_checkout_meanwhile_is_refused(
    client: AppClient, fake: FakeStripe
) -> None:
    reader = _paired(client, fake)
    order = order_of(client, 15)
    begun = _waiting(client, order, reader, 15)
    busy = start(client, order_of(client, 9), reader, 9)
    assert (busy.status_code, busy.json()["code"]) == (409, "reader_busy")

    ok(client.post(f"/api/card-checkouts/{begun['id']}/cancel"), 202)
    poll(client)
    assert checkout(client, begun["id"])["status"] == "CANCELED"
    assert fake.readers[reader["externalId"]]["action"] is None
    assert {intent["status"] for intent in fake.intents.values()} == {"canceled"}
    assert order_now(client, order)["payments"] == []


def test_a_checkout_nobody_answers_times_out_and_its_charge_is_cancelled(
    client: AppClient, fake: FakeStripe
) -> None:
    reader = _paired(client, fake)
    begun = _waiting(client, order_of(client, 8), reader, 8)
    time.sleep(TIMEOUT_SECONDS)
    poll(client)
    assert checkout(client, begun["id"])["status"] == "TIMED_OUT"
    assert {intent["status"] for intent in fake.intents.values()} == {"canceled"}
    assert ok(client.get(f"/api/payment-readers/{reader['id']}"))["state"] == "IDLE"


def test_a_refund_goes_back_to_the_card_through_stripe(client: AppClient, fake: FakeStripe) -> None:
    reader = _paired(client, fake)
    order = order_of(client, 20)
    _waiting(client, order, reader, 20)
    fake.present_card(reader["externalId"])
    poll(client)
    ok(client.post(f"/api/orders/{order['id']}/complete"))
    fake.new_refund_status = "pending"
    body = {"amount": 10, "reason": "cold soup"}
    ok(client.post(f"/api/orders/{order['id']}/refunds", json=body), 201)

    poll(client)
    [refund] = listed(client.get("/api/card-refunds", params={"orderId": order["id"]}))
    assert refund["status"] == "PENDING"
    [at_stripe] = fake.refunds.values()
    assert (at_stripe["amount"], at_stripe["status"]) == (1000, "pending")
    fake.settle_refund(at_stripe["id"])
    poll(client)
    [refund] = listed(client.get("/api/card-refunds", params={"orderId": order["id"]}))
    assert (refund["status"], refund["amount"]) == ("SUCCEEDED", 10.0)


def test_a_tab_held_on_stripe_is_closed_with_a_tip_above_its_hold(
    client: AppClient, fake: FakeStripe
) -> None:
    reader = _paired(client, fake)
    order = order_of(client, 25)
    body = {"readerId": reader["id"], "amount": 30}
    begun = ok(client.post(f"/api/orders/{order['id']}/card-holds", json=body), 202)
    poll(client)
    fake.present_card(reader["externalId"], brand="visa", last4="1881")
    ok(_webhook(client, fake, reader))
    held = checkout(client, begun["id"])
    assert (held["status"], held["heldAmount"], held["cardLastFour"]) == ("HELD", 30.0, "1881")
    intent = fake.intents[held_intent(fake)]
    assert (intent["status"], intent["capture_method"]) == ("requires_capture", "manual")
    add_item(client, order, make_product(client, price=10))

    # A first capture finds the bank refusing more: the card stays held, in Stripe's words.
    fake.declining_increments = True
    capture = f"/api/card-checkouts/{held['id']}/capture"
    ok(client.post(capture, json={"tip": 5}), 202)
    poll(client)
    kept = checkout(client, held["id"])
    assert kept["status"] == "HELD"
    assert "insufficient funds" in kept["reason"]
    fake.declining_increments = False
    ok(client.post(capture, json={"tip": 5}), 202)
    poll(client)

    captured = checkout(client, held["id"])
    assert (captured["status"], captured["amount"], captured["tip"]) == ("CAPTURED", 35.0, 5.0)
    assert intent["amount_received"] == 4000
    [payment] = order_now(client, order)["payments"]
    assert (payment["amount"], payment["tipAmount"], payment["cardLastFour"]) == (
        35.0,
        5.0,
        "1881",
    )


def held_intent(fake: FakeStripe) -> str:
    [intent_id] = [i for i, intent in fake.intents.items() if intent["capture_method"] == "manual"]
    return intent_id


def test_a_webhook_stripe_did_not_sign_changes_nothing(client: AppClient, fake: FakeStripe) -> None:
    reader = _paired(client, fake)
    order = order_of(client, 20)
    begun = _waiting(client, order, reader, 20)
    fake.present_card(reader["externalId"])
    refused = _webhook(client, fake, reader, secret="whsec_someone_else")
    assert (refused.status_code, refused.json()["code"]) == (400, "webhook_not_verified")
    assert checkout(client, begun["id"])["status"] == "WAITING_FOR_CARD"
    assert order_now(client, order)["payments"] == []


def test_a_wrong_registration_code_pairs_nothing(client: AppClient, fake: FakeStripe) -> None:
    body = {
        "locationId": LOCATION,
        "provider": "stripe_terminal",
        "name": "Bar reader",
        "registrationCode": "nobody-knows-it",
    }
    refused = client.post("/api/payment-readers", json=body)
    assert (refused.status_code, refused.json()["code"]) == (422, "reader_not_paired")
    assert listed(client.get("/api/payment-readers", params={"locationId": LOCATION})) == []


def test_stripes_keys_are_never_answered_told_or_stored(
    client: AppClient, fake: FakeStripe
) -> None:
    reader = _paired(client, fake)
    order = order_of(client, 20)
    _waiting(client, order, reader, 20, tip={"mode": "ON_READER"})
    fake.present_card(reader["externalId"], tip_cents=100)
    ok(_webhook(client, fake, reader))
    told = str(all_events(client)) + str(order_now(client, order)) + str(reader)
    stored = client.portal.call(every_stored_value, client.app)
    for secret in (API_KEY, WEBHOOK_SECRET):
        assert secret not in told
        assert all(secret not in value for value in stored)

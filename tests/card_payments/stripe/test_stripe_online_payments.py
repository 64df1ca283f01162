"""A guest's card payment on their phone through Stripe's PaymentIntents, against the Stripe
fake (docs/design.md §28): the PaymentIntent made for a card typed online with the tip, its
client secret handed to the phone only while it waits, the card confirmed there (as Stripe.js
does) and reported by webhook, a payment cancelled at Stripe; the simulator's test card is not
Stripe's."""

from __future__ import annotations

import time
from typing import Any

import pytest

from brigade.settings import Settings
from card_payments.api.card_helpers import poll
from card_payments.stripe.fake_stripe import (
    WEBHOOK_SECRET,
    FakeStripe,
    signature_header,
    talking_to,
)
from factories import AppClient
from guests.api.guest_helpers import Json, make_table, ok, open_check, serve_guests, start_visit
from orders.api.order_helpers import problem

WEBHOOK = "/api/card-providers/stripe-terminal/webhook"


@pytest.fixture
def settings(settings: Settings, fake: FakeStripe) -> Settings:
    return talking_to(fake, settings, guest_payments_provider="stripe_terminal")


def _phone_at_check(client: AppClient, price: float) -> tuple[Json, str]:
    serve_guests(client, "ORDER_AND_PAY")
    table = make_table(client)
    order = open_check(client, table, price=price)
    ok(client.post(f"/api/orders/{order['id']}/send"))
    return order, ok(start_visit(client, table), 201)["id"]


def _waiting(client: AppClient, phone: str, amount: float, tip: float) -> Json:
    started = ok(client.post(f"/api/guest/visits/{phone}/payments",
                             json={"amount": amount, "tip": tip}), 202)  # fmt: skip
    poll(client)
    waiting = ok(client.get(f"/api/guest/visits/{phone}/payments/{started['id']}"))
    assert waiting["status"] == "WAITING_FOR_CARD"
    return waiting


def _told(client: AppClient, fake: FakeStripe, intent_id: str) -> Any:
    payload = fake.event("payment_intent.succeeded", fake.intents[intent_id])
    signed = signature_header(payload, WEBHOOK_SECRET, int(time.time()))
    headers = {"Stripe-Signature": signed, "Content-Type": "application/json"}
    return client.post(WEBHOOK, content=payload, headers=headers)


def test_the_phone_confirms_stripes_payment_intent_and_the_webhook_records_it(
    client: AppClient, fake: FakeStripe
) -> None:
    order, phone = _phone_at_check(client, 24)
    waiting = _waiting(client, phone, 24, 3.6)
    [intent] = fake.intents.values()
    assert (intent["amount"], intent["payment_method_types"]) == (2760, ["card"])
    assert intent["metadata"] == {"brigade_reference": waiting["id"], "brigade_tip_cents": "360"}
    assert waiting["clientSecret"] == intent["client_secret"]
    test_card = {"cardNumber": "4242 4242 4242 4242"}
    simulate = f"/api/guest/visits/{phone}/payments/{waiting['id']}/simulate"
    problem(client.post(simulate, json=test_card), 409, "not_simulated")

    intent_id = fake.pay_online(waiting["clientSecret"], brand="mastercard", last4="4444")
    assert ok(_told(client, fake, intent_id)) == {"received": True}

    paid = ok(client.get(f"/api/card-checkouts/{waiting['id']}"))
    assert (paid["status"], paid["readerId"], paid["cardLastFour"]) == ("SUCCEEDED", None, "4444")
    check = ok(client.get(f"/api/orders/{order['id']}"))
    [payment] = check["payments"]
    assert (payment["method"], payment["amount"], payment["tipAmount"]) == ("CARD", 24.0, 3.6)
    assert (payment["cardBrand"], check["status"]) == ("mastercard", "COMPLETED")


def test_a_payment_the_phone_gives_up_is_cancelled_at_stripe(
    client: AppClient, fake: FakeStripe
) -> None:
    _, phone = _phone_at_check(client, 10)
    waiting = _waiting(client, phone, 10, 0)
    cancelled = ok(client.post(f"/api/guest/visits/{phone}/payments/{waiting['id']}/cancel"))
    assert cancelled["status"] == "WAITING_FOR_CARD"
    poll(client)
    [intent] = fake.intents.values()
    assert intent["status"] == "canceled"
    gone = ok(client.get(f"/api/guest/visits/{phone}/payments/{waiting['id']}"))
    assert (gone["status"], gone["clientSecret"]) == ("CANCELED", None)

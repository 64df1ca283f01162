"""Guests pay at the table (docs/design.md §28): a phone pays its share of the check with a
tip through the provider's online payment (the simulator's test card here, Stripe's in
tests/card_payments/stripe), another phone the rest; what the check cannot take is refused
before the card is charged, or given back whole after; a visit reaches its own payments
only."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from brigade.settings import Settings
from card_payments.api.card_helpers import listed, poll
from factories import AppClient
from guests.api.guest_helpers import (
    Json,
    make_table,
    ok,
    open_check,
    serve_guests,
    start_visit,
    visit,
)
from orders.api.order_helpers import problem

APPROVED = "4242 4242 4242 4242"
DECLINED = "4000 0000 0000 0002"


def pay(client: AppClient, visit_id: str, amount: float, tip: float = 0) -> Any:
    body = {"amount": amount, "tip": tip}
    return client.post(f"/api/guest/visits/{visit_id}/payments", json=body)


def card(client: AppClient, visit_id: str, payment: Json, number: str = APPROVED) -> Any:
    path = f"/api/guest/visits/{visit_id}/payments/{payment['id']}/simulate"
    return client.post(path, json={"cardNumber": number})


def paid_with_card(client: AppClient, visit_id: str, amount: float, tip: float = 0) -> Json:
    """A payment started on the phone, its charge made (the poller's round), then paid with
    the simulator's test card."""
    started = ok(pay(client, visit_id, amount, tip), 202)
    poll(client)
    return ok(card(client, visit_id, started))


def _seated(client: AppClient, price: float = 12, *, phones: int = 1) -> tuple[Json, list[str]]:
    """A table whose check (one item, sent) guests pay, and its phones' visits."""
    serve_guests(client, "ORDER_AND_PAY")
    table = make_table(client)
    order = open_check(client, table, price=price)
    ok(client.post(f"/api/orders/{order['id']}/send"))
    return order, [ok(start_visit(client, table), 201)["id"] for _ in range(phones)]


def _order(client: AppClient, order: Json) -> Json:
    return ok(client.get(f"/api/orders/{order['id']}"))


def test_one_phone_pays_its_share_with_a_tip_and_the_other_the_rest(client: AppClient) -> None:
    order, (first, second) = _seated(client, 30, phones=2)

    started = ok(pay(client, first, 12.5, 1.88), 202)
    assert (started["status"], started["amount"], started["tip"]) == ("PENDING", 12.5, 1.88)
    assert started["clientSecret"] is None
    poll(client)
    waiting = ok(client.get(f"/api/guest/visits/{first}/payments/{started['id']}"))
    assert waiting["status"] == "WAITING_FOR_CARD"
    assert waiting["clientSecret"] == f"sim_{started['id'].replace('-', '')}_secret"

    paid = ok(card(client, first, started))
    assert (paid["status"], paid["cardBrand"], paid["cardLastFour"]) == (
        "SUCCEEDED",
        "VISA",
        "4242",
    )
    assert paid["clientSecret"] is None
    seen = ok(visit(client, first))
    assert [(p["status"], p["amount"], p["tip"]) for p in seen["payments"]] == [
        ("SUCCEEDED", 12.5, 1.88)
    ]
    assert (seen["check"]["paid"], seen["check"]["balanceDue"]) == (12.5, 17.5)
    # The other phone sees the check, not the first phone's payments.
    assert ok(visit(client, second))["payments"] == []

    rest = paid_with_card(client, second, 17.5)
    assert (rest["status"], rest["amount"], rest["tip"]) == ("SUCCEEDED", 17.5, 0)
    settled = _order(client, order)
    assert settled["status"] == "COMPLETED"
    assert [(p["paymentMethod"], p["amount"], p["tipAmount"]) for p in settled["payments"]] == [
        ("CARD", 12.5, 1.88),
        ("CARD", 17.5, 0),
    ]
    # Paid in full, the check closed: the visits have ended, and say it was paid.
    ended = problem(visit(client, first), 410, "visit_ended")
    assert ended["checkPaid"] is True


def test_a_cash_payment_meanwhile_gives_the_card_payment_back_whole(client: AppClient) -> None:
    order, [phone] = _seated(client, 12)
    started = ok(pay(client, phone, 12, 2), 202)
    poll(client)
    # The server takes part of it in cash while the guest types their card.
    cash = {"amount": 5, "paymentMethod": "CASH"}
    ok(client.post(f"/api/orders/{order['id']}/payments", json=cash), 201)

    given_back = ok(card(client, phone, started))
    assert given_back["status"] == "REFUNDED"
    assert "balance due" in given_back["reason"]
    check = _order(client, order)
    assert [(p["paymentMethod"], p["amount"]) for p in check["payments"]] == [("CASH", 5)]
    assert check["balanceDue"] == 7
    [refund] = listed(client.get("/api/card-refunds", params={"orderId": order["id"]}))
    assert (refund["amount"], refund["status"]) == (14, "PENDING")
    poll(client)
    [refund] = listed(client.get("/api/card-refunds", params={"orderId": order["id"]}))
    assert refund["status"] == "SUCCEEDED"


def test_a_payment_is_at_most_what_is_left_to_pay(client: AppClient) -> None:
    order, (first, second) = _seated(client, 20, phones=2)
    problem(pay(client, first, 20.01), 409, "overpayment")
    ok(pay(client, first, 12), 202)
    # 12 of the 20 are being paid on the first phone: the second may pay 8 at most.
    refused = problem(pay(client, second, 8.5), 409, "being_paid_elsewhere")
    assert "at most 8.00" in refused["detail"]
    ok(pay(client, second, 8), 202)
    problem(pay(client, second, 0), 422, "validation_failed")
    problem(pay(client, second, 1, -1), 422, "validation_failed")
    assert _order(client, order)["payments"] == []


def test_a_declined_card_ends_the_payment_and_the_phone_tries_again(client: AppClient) -> None:
    _, [phone] = _seated(client, 12)
    started = ok(pay(client, phone, 12), 202)
    poll(client)
    declined = ok(card(client, phone, started, DECLINED))
    assert (declined["status"], declined["reason"]) == (
        "DECLINED",
        "card_declined: Your card was declined.",
    )
    problem(card(client, phone, started), 409, "no_charge_shown")
    # Declined, it no longer holds the balance: the whole of it is paid on the next try.
    assert paid_with_card(client, phone, 12)["status"] == "SUCCEEDED"


def test_the_phone_cancels_a_payment_it_gave_up(client: AppClient) -> None:
    _, [phone] = _seated(client, 12)
    started = ok(pay(client, phone, 12), 202)
    path = f"/api/guest/visits/{phone}/payments/{started['id']}/cancel"
    assert ok(client.post(path))["status"] == "CANCELED"
    problem(client.post(path), 409, "checkout_finished")
    waiting = ok(pay(client, phone, 12), 202)
    poll(client)
    # On its way at the provider: cancelled there by the poller.
    ok(client.post(f"/api/guest/visits/{phone}/payments/{waiting['id']}/cancel"))
    poll(client)
    again = ok(client.get(f"/api/guest/visits/{phone}/payments/{waiting['id']}"))
    assert again["status"] == "CANCELED"


def test_a_visit_reaches_its_own_payments_only(client: AppClient) -> None:
    _, (first, second) = _seated(client, 12, phones=2)
    started = ok(pay(client, first, 6), 202)
    poll(client)
    for path in ("", "/cancel"):
        response = client.request(
            "GET" if not path else "POST",
            f"/api/guest/visits/{second}/payments/{started['id']}{path}",
        )
        problem(response, 404, "not_found")
    problem(card(client, second, started), 404, "not_found")
    assert ok(client.get(f"/api/guest/visits/{first}/payments/{started['id']}"))["amount"] == 6


def test_where_guests_do_not_pay_the_phone_is_refused_in_words(client: AppClient) -> None:
    serve_guests(client, "ORDER")
    table = make_table(client)
    phone = ok(start_visit(client, table), 201)["id"]
    problem(pay(client, phone, 5), 409, "guest_payments_not_taken")
    serve_guests(client, "ORDER_AND_PAY")
    problem(pay(client, phone, 5), 409, "no_check")


class TestWithoutAProviderForGuests:
    """As a server is configured by default: no provider named for the guests' payments."""

    @pytest.fixture
    def settings(self, settings: Settings) -> Settings:
        return settings.model_copy(update={"guest_payments_provider": None})

    def test_no_phone_pays(self, client: AppClient) -> None:
        _, [phone] = _seated(client, 12)
        refused = problem(pay(client, phone, 12), 409, "provider_not_configured")
        assert "BRIGADE_GUEST_PAYMENTS_PROVIDER" in refused["detail"]


async def _both_pay_the_rest(app: Any, phones: list[str], amount: float) -> list[Any]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://x") as http:
        body = {"amount": amount, "tip": 0}
        asked = [http.post(f"/api/guest/visits/{phone}/payments", json=body) for phone in phones]
        return list(await asyncio.gather(*asked))


def test_two_phones_paying_the_rest_at_once_charge_one_card(client: AppClient) -> None:
    _, phones = _seated(client, 18, phones=4)
    answers = client.portal.call(_both_pay_the_rest, client.app, phones, 18)
    statuses = sorted((answer.status_code, answer.json().get("code")) for answer in answers)
    assert statuses == [(202, None)] + [(409, "being_paid_elsewhere")] * 3, statuses

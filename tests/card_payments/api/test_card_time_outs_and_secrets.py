"""A checkout nobody answers times out and frees its reader (docs/design.md §27), and a
provider's keys stay in its settings: never in an answer, an event or a stored row."""

from __future__ import annotations

import time
from uuid import UUID

import pytest

from brigade.card_payments.provider import (
    ChargeOutcome,
    ChargeRequest,
    ProviderUnavailable,
    ReaderActivity,
    ReaderRef,
    RefundOutcome,
    RefundStatus,
    Started,
)
from brigade.card_payments.providers import Providers
from brigade.card_payments.service import CardPoller
from brigade.card_payments.simulator import Simulator
from brigade.settings import Settings
from card_payments.api.card_helpers import (
    checkout,
    make_reader,
    ok,
    order_now,
    order_of,
    poll,
    started,
)
from events.api.event_helpers import all_events
from factories import AppClient, every_stored_value

TIMEOUT_SECONDS = 1.0
KEY = "sk_test_never_shown_0123456789abcdef"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"card_checkout_timeout_seconds": TIMEOUT_SECONDS})


def test_an_unanswered_checkout_times_out_and_frees_the_reader(client: AppClient) -> None:
    reader = make_reader(client)
    order = order_of(client, 20.02)
    silent = started(client, order, reader, 20.02)
    poll(client)
    assert checkout(client, silent["id"])["status"] == "WAITING_FOR_CARD"
    time.sleep(TIMEOUT_SECONDS)
    poll(client)
    done = checkout(client, silent["id"])
    assert (done["status"], done["reason"]) == ("TIMED_OUT", "no card within the time-out")
    assert ok(client.get(f"/api/payment-readers/{reader['id']}"))["state"] == "IDLE"
    assert order_now(client, order)["payments"] == []
    # The next round finds nothing open: nothing more is recorded.
    before = all_events(client)
    poll(client)
    assert all_events(client) == before


def test_a_manual_reader_left_alone_times_out_too(client: AppClient) -> None:
    reader = make_reader(client, mode="MANUAL")
    order = order_of(client, 20)
    waiting = started(client, order, reader, 20)
    poll(client)
    time.sleep(TIMEOUT_SECONDS)
    poll(client)
    assert checkout(client, waiting["id"])["status"] == "TIMED_OUT"


class KeyedProvider:
    """A provider holding a secret key, as a real one's client would."""

    name = "keyed"

    def __init__(self, key: str) -> None:
        self._key = key

    async def register(self, label: str, registration_code: str | None) -> str | None:
        return f"tmr_{label.lower()}"

    async def start(self, reader: ReaderRef, charge: ChargeRequest) -> Started:
        return Started(f"pi_{charge.reference.hex}")

    async def outcome(self, reader: ReaderRef, started: Started) -> ChargeOutcome:
        return ChargeOutcome(
            ReaderActivity.SUCCEEDED,
            amount_cents=2000,
            card_brand="MASTERCARD",
            card_last_four="4444",
            payment_ref=started.charge_ref,
        )

    async def cancel(self, reader: ReaderRef, started: Started) -> None:
        return None

    async def refund(self, payment_ref: str, amount_cents: int, reference: UUID) -> RefundOutcome:
        return RefundOutcome(RefundStatus.SUCCEEDED, refund_ref=f"re_{reference.hex}")

    async def refund_outcome(self, refund_ref: str) -> RefundOutcome:
        return RefundOutcome(RefundStatus.SUCCEEDED, refund_ref=refund_ref)

    async def increment(self, payment_ref: str, total_cents: int, reference: UUID) -> ChargeOutcome:
        return ChargeOutcome(ReaderActivity.DECLINED, reason="no holds here")

    async def capture(
        self, payment_ref: str, amount_cents: int, tip_cents: int, reference: UUID
    ) -> ChargeOutcome:
        return ChargeOutcome(ReaderActivity.DECLINED, reason="no holds here")

    async def release(self, payment_ref: str) -> None:
        return None


def test_a_second_provider_plugs_in_by_name_and_its_key_is_never_shown(
    client: AppClient,
) -> None:
    state = client.app.state
    state.card_poller = CardPoller(
        state.database,
        Providers(Simulator(0), {"keyed": KeyedProvider(KEY)}),
        poll_seconds=1,
        nudging=False,
    )
    body = {"name": "Patio", "provider": "keyed", "registrationCode": "quick-brown-fox"}
    reader = make_reader(client, **body)
    assert reader["externalId"] == "tmr_patio"
    order = order_of(client, 20)
    begun = started(client, order, reader, 20)
    poll(client)
    done = checkout(client, begun["id"])
    assert (done["status"], done["cardLastFour"]) == ("SUCCEEDED", "4444")
    answers = [
        client.get(f"/api/payment-readers/{reader['id']}").text,
        client.get(f"/api/card-checkouts/{begun['id']}").text,
        client.get(f"/api/orders/{order['id']}").text,
        str(all_events(client)),
    ]
    assert not any(KEY in answer for answer in answers)
    assert not any(KEY in value for value in client.portal.call(every_stored_value, client.app))


class UnansweringOnce(KeyedProvider):
    """Its first answer about a charge is lost (a time-out, a 503)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.lost = 0

    async def outcome(self, reader: ReaderRef, started: Started) -> ChargeOutcome:
        if not self.lost:
            self.lost += 1
            raise ProviderUnavailable("503 from the provider")
        return await super().outcome(reader, started)


def test_a_provider_that_does_not_answer_is_asked_again_next_round(client: AppClient) -> None:
    state = client.app.state
    provider = UnansweringOnce(KEY)
    state.card_poller = CardPoller(
        state.database, Providers(Simulator(0), {"keyed": provider}), poll_seconds=1, nudging=False
    )
    reader = make_reader(client, name="Patio", provider="keyed", externalId="tmr_patio")
    order = order_of(client, 20)
    begun = started(client, order, reader, 20)
    poll(client)
    assert (checkout(client, begun["id"])["status"], provider.lost) == ("WAITING_FOR_CARD", 1)
    poll(client)
    assert checkout(client, begun["id"])["status"] == "SUCCEEDED"
    assert [p["id"] for p in order_now(client, order)["payments"]] == [begun["id"]]

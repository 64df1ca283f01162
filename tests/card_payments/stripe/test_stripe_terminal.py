"""The ``stripe_terminal`` provider against the Stripe fake over HTTP: charges on a reader
(tips, declines, a busy reader, cancelling, retried starts), refunds, a held card captured or
released, pairing a reader, Stripe down, and its webhooks."""

from __future__ import annotations

import asyncio
import json
import socket
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest

from brigade.card_payments.provider import (
    ChargeOutcome,
    ChargeRequest,
    PaymentProvider,
    ProviderUnavailable,
    ReaderActivity,
    ReaderBusy,
    ReaderRef,
    RefundOutcome,
    RefundStatus,
    RegistrationRefused,
    Started,
    TakesWebhooks,
    TipMode,
    WebhookRejected,
)
from brigade.card_payments.stripe_terminal import ReaderReport, StripeTerminal, read_webhook
from card_payments.stripe.fake_stripe import API_KEY, WEBHOOK_SECRET, FakeStripe
from receivers import Receiver

pytestmark = pytest.mark.once("no database: the provider against the Stripe fake over HTTP")

Result = TypeVar("Result")


def drive(
    fake: FakeStripe,
    scenario: Callable[[StripeTerminal], Awaitable[Result]],
    api_key: str = API_KEY,
    api_base: str | None = None,
) -> Result:
    """Runs ``scenario`` with a provider on the fake, its HTTP client closed afterwards."""

    async def run() -> Result:
        terminal = StripeTerminal(
            api_key, fake.location_id, api_base or fake.api_base, WEBHOOK_SECRET
        )
        try:
            return await scenario(terminal)
        finally:
            await terminal.close()

    return asyncio.run(run())


def on(reader_external_id: str) -> ReaderRef:
    return ReaderRef(uuid.uuid4(), reader_external_id)


def charge(
    amount_cents: int = 2000,
    tip_mode: TipMode = TipMode.NONE,
    tip_cents: int = 0,
    *,
    hold: bool = False,
) -> ChargeRequest:
    return ChargeRequest(uuid.uuid4(), amount_cents, "EUR", tip_mode, tip_cents, hold)


def started(fake: FakeStripe, reader: ReaderRef, request: ChargeRequest) -> Started:
    return drive(fake, lambda terminal: terminal.start(reader, request))


def outcome(fake: FakeStripe, reader: ReaderRef, charge_started: Started) -> ChargeOutcome:
    return drive(fake, lambda terminal: terminal.outcome(reader, charge_started))


def test_it_is_the_payment_provider_readers_name_stripe_terminal(fake: FakeStripe) -> None:
    async def named(terminal: StripeTerminal) -> str:
        provider: PaymentProvider = terminal
        return provider.name

    assert drive(fake, named) == "stripe_terminal"


def test_a_tip_chosen_on_the_reader_is_told_apart_from_the_amount(fake: FakeStripe) -> None:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    request = charge(2000, TipMode.ON_READER)
    charge_started = started(fake, reader, request)
    assert outcome(fake, reader, charge_started) == ChargeOutcome(ReaderActivity.WAITING_FOR_CARD)
    action = fake.readers[reader_id]["action"]
    assert action["process_payment_intent"]["process_config"] == {
        "tipping": {"amount_eligible": "2000"}
    }

    fake.present_card(reader_id, brand="mastercard", last4="4444", tip_cents=300)

    assert outcome(fake, reader, charge_started) == ChargeOutcome(
        ReaderActivity.SUCCEEDED,
        amount_cents=2000,
        tip_cents=300,
        card_brand="mastercard",
        card_last_four="4444",
        payment_ref=charge_started.charge_ref,
    )
    intent = fake.intents[charge_started.charge_ref]
    assert (intent["amount_received"], intent["capture_method"]) == (2300, "automatic")
    assert intent["metadata"]["brigade_reference"] == str(request.reference)


def test_a_tip_given_with_the_checkout_is_charged_with_the_amount(fake: FakeStripe) -> None:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    charge_started = started(fake, reader, charge(2000, TipMode.AMOUNT, 250))
    action = fake.readers[reader_id]["action"]
    assert action["process_payment_intent"]["process_config"] == {"skip_tipping": "true"}

    fake.present_card(reader_id)

    taken = outcome(fake, reader, charge_started)
    assert (taken.activity, taken.amount_cents, taken.tip_cents) == (
        ReaderActivity.SUCCEEDED,
        2000,
        250,
    )
    assert fake.intents[charge_started.charge_ref]["amount_received"] == 2250


def test_a_declined_card_gives_the_issuers_reason(fake: FakeStripe) -> None:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    charge_started = started(fake, reader, charge())

    fake.decline(reader_id, "card_declined", "Your card was declined.")

    assert outcome(fake, reader, charge_started) == ChargeOutcome(
        ReaderActivity.DECLINED, reason="card_declined: Your card was declined."
    )


def test_a_reader_showing_another_charge_is_busy(fake: FakeStripe) -> None:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    first = started(fake, reader, charge(1000))

    with pytest.raises(ReaderBusy, match="terminal_reader_busy"):
        started(fake, reader, charge(1500))

    assert outcome(fake, reader, first).activity is ReaderActivity.WAITING_FOR_CARD


def test_a_start_retried_with_its_reference_starts_one_charge(fake: FakeStripe) -> None:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    request = charge(1200)

    first = started(fake, reader, request)
    again = started(fake, reader, request)

    assert again == first
    assert list(fake.intents) == [first.charge_ref]
    fake.present_card(reader_id)
    assert started(fake, reader, request) == first
    assert outcome(fake, reader, first).amount_cents == 1200


def test_cancel_clears_the_reader_and_cancels_the_charge(fake: FakeStripe) -> None:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    charge_started = started(fake, reader, charge())

    drive(fake, lambda terminal: terminal.cancel(reader, charge_started))

    assert fake.readers[reader_id]["action"] is None
    assert fake.intents[charge_started.charge_ref]["status"] == "canceled"
    assert outcome(fake, reader, charge_started) == ChargeOutcome(ReaderActivity.CANCELED)
    # Cancelling twice (a retry after a lost answer) changes nothing more.
    drive(fake, lambda terminal: terminal.cancel(reader, charge_started))
    # The reader is free for the next charge.
    started(fake, reader, charge())


def test_cancel_leaves_a_charge_already_taken_taken(fake: FakeStripe) -> None:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    charge_started = started(fake, reader, charge(900))
    fake.present_card(reader_id)

    drive(fake, lambda terminal: terminal.cancel(reader, charge_started))

    taken = outcome(fake, reader, charge_started)
    assert (taken.activity, taken.amount_cents) == (ReaderActivity.SUCCEEDED, 900)


def paid(fake: FakeStripe, amount_cents: int) -> str:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    charge_started = started(fake, reader, charge(amount_cents))
    fake.present_card(reader_id)
    return charge_started.charge_ref


def test_a_refund_pending_then_succeeded(fake: FakeStripe) -> None:
    payment_ref = paid(fake, 3000)
    fake.new_refund_status = "pending"
    reference = uuid.uuid4()

    pending = drive(fake, lambda terminal: terminal.refund(payment_ref, 1000, reference))
    assert pending.status is RefundStatus.PENDING
    assert pending.refund_ref is not None
    # Retried after a lost answer: the same refund.
    assert drive(fake, lambda terminal: terminal.refund(payment_ref, 1000, reference)) == pending
    assert len(fake.refunds) == 1

    fake.settle_refund(pending.refund_ref)

    assert drive(fake, lambda terminal: terminal.refund_outcome(pending.refund_ref or "")) == (
        RefundOutcome(RefundStatus.SUCCEEDED, refund_ref=pending.refund_ref)
    )


def test_a_refund_that_fails(fake: FakeStripe) -> None:
    payment_ref = paid(fake, 3000)
    fake.new_refund_status = "pending"
    pending = drive(fake, lambda terminal: terminal.refund(payment_ref, 3000, uuid.uuid4()))

    fake.settle_refund(pending.refund_ref or "", failure_reason="expired_or_canceled_card")

    assert drive(fake, lambda terminal: terminal.refund_outcome(pending.refund_ref or "")) == (
        RefundOutcome(
            RefundStatus.FAILED, refund_ref=pending.refund_ref, reason="expired_or_canceled_card"
        )
    )


def test_a_refund_above_what_is_left_fails_with_stripes_words(fake: FakeStripe) -> None:
    payment_ref = paid(fake, 3000)

    refused = drive(fake, lambda terminal: terminal.refund(payment_ref, 3001, uuid.uuid4()))

    assert refused.status is RefundStatus.FAILED
    assert refused.refund_ref is None
    assert "greater than unrefunded amount" in (refused.reason or "")


def held(fake: FakeStripe, amount_cents: int) -> str:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    charge_started = started(fake, reader, charge(amount_cents, hold=True))
    fake.present_card(reader_id, brand="amex", last4="0005")
    hold = outcome(fake, reader, charge_started)
    assert (hold.activity, hold.amount_cents, hold.payment_ref) == (
        ReaderActivity.SUCCEEDED,
        amount_cents,
        charge_started.charge_ref,
    )
    assert fake.intents[charge_started.charge_ref]["status"] == "requires_capture"
    return charge_started.charge_ref


def test_a_held_card_captured_with_a_tip_within_the_hold(fake: FakeStripe) -> None:
    payment_ref = held(fake, 5000)

    captured = drive(fake, lambda terminal: terminal.capture(payment_ref, 4000, 800, uuid.uuid4()))

    assert captured == ChargeOutcome(
        ReaderActivity.SUCCEEDED,
        amount_cents=4000,
        tip_cents=800,
        card_brand="amex",
        card_last_four="0005",
        payment_ref=payment_ref,
    )
    assert fake.intents[payment_ref]["amount_received"] == 4800


def test_a_capture_above_the_hold_is_declined_with_the_reason(fake: FakeStripe) -> None:
    payment_ref = held(fake, 5000)

    declined = drive(fake, lambda terminal: terminal.capture(payment_ref, 5000, 1, uuid.uuid4()))

    assert declined.activity is ReaderActivity.DECLINED
    assert (declined.reason or "").startswith("amount_too_large: The amount to capture (5001)")
    # The hold stands: the tab can be captured for less, or released.
    assert fake.intents[payment_ref]["status"] == "requires_capture"


def test_a_held_card_released(fake: FakeStripe) -> None:
    payment_ref = held(fake, 5000)

    drive(fake, lambda terminal: terminal.release(payment_ref))
    # Released twice (a retry after a lost answer): still released, no error.
    drive(fake, lambda terminal: terminal.release(payment_ref))

    assert fake.intents[payment_ref]["status"] == "canceled"


def test_a_captured_card_is_not_released(fake: FakeStripe) -> None:
    payment_ref = held(fake, 5000)
    drive(fake, lambda terminal: terminal.capture(payment_ref, 5000, 0, uuid.uuid4()))

    with pytest.raises(ProviderUnavailable, match="would not cancel"):
        drive(fake, lambda terminal: terminal.release(payment_ref))


def test_register_pairs_a_reader_at_the_location(fake: FakeStripe) -> None:
    fake.registration_codes.add("puppy-kitten-apple")

    reader_id = drive(fake, lambda terminal: terminal.register("Bar", "puppy-kitten-apple"))

    assert reader_id is not None
    assert fake.readers[reader_id]["label"] == "Bar"
    assert fake.readers[reader_id]["location"] == fake.location_id


@pytest.mark.parametrize("code", [None, "", "wrong-code-given"])
def test_register_without_a_good_code_is_refused(fake: FakeStripe, code: str | None) -> None:
    with pytest.raises(RegistrationRefused):
        drive(fake, lambda terminal: terminal.register("Bar", code))
    assert fake.readers == {}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def every_call(fake: FakeStripe) -> dict[str, Callable[[StripeTerminal], Awaitable[object]]]:
    reader = on("tmr_fakeunknown")
    charge_started = Started("pi_fakeunknown")
    return {
        "register": lambda terminal: terminal.register("Bar", "code"),
        "start": lambda terminal: terminal.start(reader, charge()),
        "outcome": lambda terminal: terminal.outcome(reader, charge_started),
        "cancel": lambda terminal: terminal.cancel(reader, charge_started),
        "refund": lambda terminal: terminal.refund("pi_fakeunknown", 100, uuid.uuid4()),
        "refund_outcome": lambda terminal: terminal.refund_outcome("re_fakeunknown"),
        "capture": lambda terminal: terminal.capture("pi_fakeunknown", 100, 0, uuid.uuid4()),
        "release": lambda terminal: terminal.release("pi_fakeunknown"),
    }


@pytest.mark.parametrize(
    "call",
    ["register", "start", "outcome", "cancel", "refund", "refund_outcome", "capture", "release"],
)
def test_stripe_unreachable_or_failing_is_unavailable(fake: FakeStripe, call: str) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(ProviderUnavailable, match="could not be reached"):
        drive(fake, every_call(fake)[call], api_base=nowhere)

    fake.failing = True
    with pytest.raises(ProviderUnavailable, match="HTTP 500"):
        drive(fake, every_call(fake)[call])


def every_text(error: BaseException) -> str:
    """All an error says, with everything chained to it."""
    texts: list[str] = []
    seen: BaseException | None = error
    while seen is not None:
        texts += [str(seen), repr(seen), *(repr(arg) for arg in seen.args)]
        seen = seen.__cause__ or seen.__context__
    return "\n".join(texts)


def test_the_api_key_is_never_in_an_error(fake: FakeStripe) -> None:
    wrong_key = "sk_test_fake_51WrongKeyOfTheBrigadeThatMustStaySecret"
    reader_id = fake.add_reader()
    reader = on(reader_id)

    with pytest.raises(ProviderUnavailable, match="refused the API key") as refused:
        drive(fake, lambda terminal: terminal.start(reader, charge()), api_key=wrong_key)
    with pytest.raises(ProviderUnavailable) as unreachable:
        drive(
            fake,
            lambda terminal: terminal.start(reader, charge()),
            api_base=f"http://127.0.0.1:{free_port()}",
        )
    fake.failing = True
    with pytest.raises(ProviderUnavailable) as failing:
        drive(fake, lambda terminal: terminal.start(reader, charge()))

    for raised, key in ((refused, wrong_key), (unreachable, API_KEY), (failing, API_KEY)):
        said = every_text(raised.value)
        assert key not in said
        assert key[-12:] not in said

    async def described(terminal: StripeTerminal) -> str:
        return repr(terminal)

    assert API_KEY not in drive(fake, described)


def signed(
    fake: FakeStripe, payload: bytes, timestamp: int | None = None, secret: str = WEBHOOK_SECRET
) -> tuple[bytes, str]:
    """The body and Stripe-Signature header a receiver got from the fake."""
    receiver = Receiver()
    try:
        fake.send_webhook(receiver.url, payload, secret, timestamp)
        headers, body = receiver.wait_for(1, timeout=5)[0]
    finally:
        receiver.close()
    return body, headers["Stripe-Signature"]


@pytest.mark.parametrize(
    ("guest", "event_type"),
    [
        ("present_card", "terminal.reader.action_succeeded"),
        ("decline", "terminal.reader.action_failed"),
    ],
)
def test_a_signed_reader_webhook_names_its_charge_and_reader(
    fake: FakeStripe, guest: str, event_type: str
) -> None:
    reader_id = fake.add_reader()
    reader = on(reader_id)
    charge_started = started(fake, reader, charge())
    getattr(fake, guest)(reader_id)

    body, signature = signed(fake, fake.reader_event(reader_id))

    assert read_webhook(body, signature, WEBHOOK_SECRET) == ReaderReport(
        event_id=json.loads(body)["id"],
        event_type=event_type,
        charge_ref=charge_started.charge_ref,
        reader_external_id=reader_id,
    )


def test_a_payment_intent_webhook_names_its_charge(fake: FakeStripe) -> None:
    payment_ref = paid(fake, 700)

    body, signature = signed(
        fake, fake.event("payment_intent.succeeded", fake.intents[payment_ref])
    )

    report = read_webhook(body, signature, WEBHOOK_SECRET)
    assert report is not None
    assert (report.charge_ref, report.reader_external_id) == (payment_ref, None)


def test_other_events_report_nothing(fake: FakeStripe) -> None:
    reader_id = fake.add_reader()
    fake.readers[reader_id]["action"] = {
        "type": "set_reader_display",
        "status": "succeeded",
        "set_reader_display": {"type": "cart"},
    }
    for payload in (
        fake.event("charge.succeeded", {"id": "ch_fake1", "object": "charge"}),
        fake.reader_event(reader_id),
    ):
        body, signature = signed(fake, payload)
        assert read_webhook(body, signature, WEBHOOK_SECRET) is None


def test_a_webhook_signed_otherwise_is_rejected(fake: FakeStripe) -> None:
    payload = fake.event("payment_intent.succeeded", {"id": "pi_fake1"})
    body, signature = signed(fake, payload)

    with pytest.raises(WebhookRejected, match="does not verify"):
        read_webhook(body, signature, "whsec_another_endpoints_secret")
    with pytest.raises(WebhookRejected, match="does not verify"):
        read_webhook(body.replace(b"pi_fake1", b"pi_fake2"), signature, WEBHOOK_SECRET)
    with pytest.raises(WebhookRejected, match="does not verify"):
        read_webhook(body, "", WEBHOOK_SECRET)
    with pytest.raises(WebhookRejected, match="not a JSON event"):
        read_webhook(*signed(fake, b"<event/>"), WEBHOOK_SECRET)
    forged_body, forged = signed(fake, payload, secret="whsec_not_stripes")
    with pytest.raises(WebhookRejected, match="does not verify"):
        read_webhook(forged_body, forged, WEBHOOK_SECRET)


def test_a_webhook_signed_long_ago_is_rejected(fake: FakeStripe) -> None:
    payload = fake.event("payment_intent.succeeded", {"id": "pi_fake1"})
    recent_body, recent = signed(fake, payload, timestamp=int(time.time()) - 60)
    old_body, old = signed(fake, payload, timestamp=int(time.time()) - 600)

    assert read_webhook(recent_body, recent, WEBHOOK_SECRET) is not None
    with pytest.raises(WebhookRejected, match="does not verify"):
        read_webhook(old_body, old, WEBHOOK_SECRET)


def test_the_provider_reads_webhooks_with_its_own_secret(fake: FakeStripe) -> None:
    body, signature = signed(fake, fake.event("payment_intent.canceled", {"id": "pi_fake9"}))

    async def reported(terminal: StripeTerminal) -> str | None:
        assert isinstance(terminal, TakesWebhooks)
        return terminal.charge_told_of(body, signature)

    assert drive(fake, reported) == "pi_fake9"


def test_a_held_card_authorised_anew_above_its_hold(fake: FakeStripe) -> None:
    payment_ref = held(fake, 5000)

    more = drive(fake, lambda terminal: terminal.increment(payment_ref, 6500, uuid.uuid4()))

    assert (more.activity, more.amount_cents, more.payment_ref) == (
        ReaderActivity.SUCCEEDED,
        6500,
        payment_ref,
    )
    assert fake.intents[payment_ref]["amount_capturable"] == 6500
    taken = drive(fake, lambda terminal: terminal.capture(payment_ref, 5500, 1000, uuid.uuid4()))
    assert (taken.amount_cents, taken.tip_cents) == (5500, 1000)
    assert fake.intents[payment_ref]["amount_received"] == 6500


def test_a_new_authorisation_declined_gives_the_banks_words(fake: FakeStripe) -> None:
    payment_ref = held(fake, 5000)
    fake.declining_increments = True

    declined = drive(fake, lambda terminal: terminal.increment(payment_ref, 6500, uuid.uuid4()))

    assert declined.activity is ReaderActivity.DECLINED
    assert (declined.reason or "").startswith("card_declined: Your card has insufficient funds")
    assert fake.intents[payment_ref]["amount_capturable"] == 5000


def test_a_charge_not_held_is_not_authorised_anew(fake: FakeStripe) -> None:
    reader_id = fake.add_reader()
    charge_started = started(fake, on(reader_id), charge(5000))
    fake.present_card(reader_id)

    refused = drive(
        fake, lambda terminal: terminal.increment(charge_started.charge_ref, 6500, uuid.uuid4())
    )

    assert refused.activity is ReaderActivity.DECLINED
    assert "payment_intent_unexpected_state" in (refused.reason or "")

"""The card checkout's rules (docs/design.md §27): its state machine, every end recorded
once, the request's checks, the simulator's conventions."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from uuid import UUID, uuid4

import pytest

from brigade.card_payments.domain import (
    ENDED,
    OPEN,
    TRANSITIONS,
    CardCheckout,
    CardNotHeld,
    CheckoutRequest,
    CheckoutStatus,
    CheckoutStep,
    PaymentReader,
    ReaderElsewhere,
    ReaderMode,
    ensure_default_at,
    new_checkout,
    next_status,
    step_of,
)
from brigade.card_payments.provider import (
    ChargeOutcome,
    ChargeRequest,
    ReaderActivity,
    ReaderBusy,
    ReaderRef,
    RefundStatus,
    TipMode,
)
from brigade.card_payments.simulator import Simulator
from brigade.kit.errors import InvalidInput

AT = datetime(2026, 12, 2, 19, 30, tzinfo=UTC)


def _reader(location_id: UUID | None = None) -> PaymentReader:
    return PaymentReader(
        id=uuid4(),
        location_id=location_id or uuid4(),
        provider="simulator",
        name="Bar",
        external_id=None,
        mode=ReaderMode.AUTOMATIC,
        created_at=AT,
    )


def _checkout(request: CheckoutRequest | None = None) -> CardCheckout:
    reader = _reader()
    return new_checkout(
        request or CheckoutRequest(reader.id, 2000, TipMode.NONE, 0),
        order_id=uuid4(),
        location_id=reader.location_id,
        currency="USD",
        reader=reader,
        started_by_id=None,
        started_by_name="Ana",
        device_id=None,
        at=AT,
        timeout=timedelta(seconds=120),
    )


def test_a_checkout_is_shown_once_then_ends_once() -> None:
    assert (
        next_status(CheckoutStatus.PENDING, CheckoutStep.SHOWN) is CheckoutStatus.WAITING_FOR_CARD
    )
    assert next_status(CheckoutStatus.WAITING_FOR_CARD, CheckoutStep.SHOWN) is None
    for status in OPEN:
        for step, end in (
            (CheckoutStep.SUCCEED, CheckoutStatus.SUCCEEDED),
            (CheckoutStep.DECLINE, CheckoutStatus.DECLINED),
            (CheckoutStep.CANCEL, CheckoutStatus.CANCELED),
            (CheckoutStep.TIME_OUT, CheckoutStatus.TIMED_OUT),
            (CheckoutStep.REFUND, CheckoutStatus.REFUNDED),
        ):
            assert next_status(status, step) is end


@pytest.mark.parametrize("ended", sorted(ENDED))
def test_an_ended_checkout_takes_no_step_so_a_success_is_recorded_once(
    ended: CheckoutStatus,
) -> None:
    assert all(next_status(ended, step) is None for step in CheckoutStep)
    assert not any(status is ended for status, _ in TRANSITIONS)
    finished = _checkout().moved(CheckoutStep.SUCCEED, AT)
    assert finished is not None
    assert finished.moved(CheckoutStep.SUCCEED, AT) is None


def test_moving_stamps_the_end_and_keeps_the_rest() -> None:
    checkout = _checkout()
    shown = checkout.moved(CheckoutStep.SHOWN, AT, charge_ref="sim_1")
    assert shown is not None
    assert (shown.status, shown.charge_ref, shown.finished_at) == (
        CheckoutStatus.WAITING_FOR_CARD,
        "sim_1",
        None,
    )
    later = AT + timedelta(seconds=5)
    ended = shown.moved(CheckoutStep.DECLINE, later, reason="declined")
    assert ended is not None
    assert (ended.finished_at, ended.reason, ended.amount_cents) == (later, "declined", 2000)


def test_a_checkout_expires_when_its_time_is_up_and_only_while_open() -> None:
    checkout = _checkout()
    assert not checkout.expired(AT + timedelta(seconds=119))
    assert checkout.expired(AT + timedelta(seconds=120))
    ended = checkout.moved(CheckoutStep.CANCEL, AT)
    assert ended is not None
    assert not ended.expired(AT + timedelta(hours=1))


def test_what_the_reader_says_is_the_step() -> None:
    assert step_of(ChargeOutcome(ReaderActivity.WAITING_FOR_CARD)) is None
    assert step_of(ChargeOutcome(ReaderActivity.SUCCEEDED)) is CheckoutStep.SUCCEED
    assert step_of(ChargeOutcome(ReaderActivity.DECLINED)) is CheckoutStep.DECLINE
    assert step_of(ChargeOutcome(ReaderActivity.CANCELED)) is CheckoutStep.CANCEL


@pytest.mark.parametrize(
    ("amount", "mode", "tip"),
    [(0, TipMode.NONE, 0), (100, TipMode.NONE, 50), (100, TipMode.AMOUNT, -1)],
)
def test_a_request_charges_something_and_a_tip_only_as_asked(
    amount: int, mode: TipMode, tip: int
) -> None:
    with pytest.raises(InvalidInput):
        _checkout(CheckoutRequest(uuid4(), amount, mode, tip))


def test_a_reader_elsewhere_is_refused() -> None:
    with pytest.raises(ReaderElsewhere):
        new_checkout(
            CheckoutRequest(uuid4(), 100, TipMode.NONE, 0),
            order_id=uuid4(),
            location_id=uuid4(),
            currency="USD",
            reader=_reader(),
            started_by_id=None,
            started_by_name="Ana",
            device_id=None,
            at=AT,
            timeout=timedelta(seconds=120),
        )


def _charge(cents: int, mode: TipMode = TipMode.NONE, tip: int = 0) -> ChargeRequest:
    return ChargeRequest(uuid4(), cents, "USD", mode, tip)


def test_the_simulator_approves_declines_and_stays_silent_by_the_cents() -> None:
    async def play() -> list[ReaderActivity]:
        simulator = Simulator(0)
        found = []
        for cents in (2000, 2001, 2002):
            reader = ReaderRef(uuid4())
            started = await simulator.start(reader, _charge(cents))
            found.append((await simulator.outcome(reader, started)).activity)
        return found

    assert asyncio.run(play()) == [
        ReaderActivity.SUCCEEDED,
        ReaderActivity.DECLINED,
        ReaderActivity.WAITING_FOR_CARD,
    ]


def test_the_simulator_starts_a_reference_once_and_one_charge_a_reader() -> None:
    async def play() -> None:
        simulator = Simulator(0)
        reader = ReaderRef(uuid4())
        silent = _charge(2002)
        first = await simulator.start(reader, silent)
        assert await simulator.start(reader, silent) == first
        with pytest.raises(ReaderBusy):
            await simulator.start(reader, _charge(500))
        await simulator.cancel(reader, first)
        assert (await simulator.outcome(reader, first)).activity is ReaderActivity.CANCELED
        await simulator.start(reader, _charge(500))

    asyncio.run(play())


def test_a_manual_reader_waits_for_the_tap_and_its_tip() -> None:
    async def play() -> ChargeOutcome:
        simulator = Simulator(0)
        reader = ReaderRef(uuid4())
        simulator.wait_for_taps(reader.reader_id, manual=True)
        started = await simulator.start(reader, _charge(4000, TipMode.ON_READER))
        assert (
            await simulator.outcome(reader, started)
        ).activity is ReaderActivity.WAITING_FOR_CARD
        tapped = simulator.tap(reader.reader_id, approve=True, tip_cents=600)
        assert tapped is not None
        assert simulator.tap(reader.reader_id, approve=True, tip_cents=600) is None
        return await simulator.outcome(reader, started)

    outcome = asyncio.run(play())
    assert (outcome.activity, outcome.amount_cents, outcome.tip_cents) == (
        ReaderActivity.SUCCEEDED,
        4000,
        600,
    )


def test_the_simulator_fails_a_refund_ending_in_one_cent() -> None:
    async def play() -> list[RefundStatus]:
        simulator = Simulator(0)
        return [(await simulator.refund("p", cents, uuid4())).status for cents in (500, 501)]

    assert asyncio.run(play()) == [RefundStatus.SUCCEEDED, RefundStatus.FAILED]


def _held(limit_cents: int = 3000) -> CardCheckout:
    reader_id = uuid4()
    hold = _checkout(CheckoutRequest(reader_id, limit_cents, TipMode.NONE, 0, hold=True))
    authorised = ChargeOutcome(
        ReaderActivity.SUCCEEDED, amount_cents=limit_cents, payment_ref="sim_pay_1"
    )
    held = hold.held(authorised, AT)
    assert held is not None
    return held


def test_a_hold_is_kept_then_captured_or_released_once() -> None:
    held = _held()
    assert (held.status, held.held_cents, held.finished_at) == (CheckoutStatus.HELD, 3000, None)
    capturing = held.capture_asked(3500, 500, AT)
    assert (capturing.status, capturing.capture_total_cents) == (CheckoutStatus.CAPTURING, 4000)
    # Refused: held again, the capture forgotten; asked again, it is a new request.
    kept = capturing.kept("declined", AT)
    assert kept is not None
    assert (kept.status, kept.capture_cents, kept.reason) == (CheckoutStatus.HELD, None, "declined")
    again = kept.capture_asked(3500, 500, AT)
    assert again.capture_id not in (None, capturing.capture_id)
    captured = again.captured(
        ChargeOutcome(ReaderActivity.SUCCEEDED, amount_cents=3500, tip_cents=500), AT
    ).moved(CheckoutStep.CAPTURED, AT)
    assert captured is not None
    assert (captured.amount_cents, captured.tip_cents, captured.held_cents) == (3500, 500, 4000)
    assert (captured.status, captured.finished_at) == (CheckoutStatus.CAPTURED, AT)
    with pytest.raises(CardNotHeld):
        captured.capture_asked(100, 0, AT)
    with pytest.raises(CardNotHeld):
        captured.release_asked(AT)
    released = held.release_asked(AT).moved(CheckoutStep.RELEASED, AT)
    assert released is not None
    assert released.status is CheckoutStatus.RELEASED


def test_only_a_held_card_is_captured_and_with_no_negative_tip() -> None:
    charged = _checkout().moved(CheckoutStep.SUCCEED, AT)
    assert charged is not None
    with pytest.raises(CardNotHeld, match="not a card held for a tab"):
        charged.capture_asked(100, 0, AT)
    with pytest.raises(InvalidInput):
        _held().capture_asked(100, -1, AT)
    # A hold's tip is given at its capture.
    with pytest.raises(InvalidInput):
        _checkout(CheckoutRequest(uuid4(), 3000, TipMode.AMOUNT, 100, hold=True))


def test_the_simulator_holds_authorises_anew_and_captures_once() -> None:
    async def run() -> None:
        simulator = Simulator(approve_after_seconds=0)
        reader = ReaderRef(uuid4())
        request = ChargeRequest(uuid4(), 3000, "EUR", hold=True)
        started = await simulator.start(reader, request)
        held = await simulator.outcome(reader, started)
        payment_ref = held.payment_ref
        assert payment_ref is not None
        above = await simulator.capture(payment_ref, 3000, 500, uuid4())
        assert above.activity is ReaderActivity.DECLINED
        refused = await simulator.increment(payment_ref, 3501, uuid4())
        assert refused.activity is ReaderActivity.DECLINED
        more = await simulator.increment(payment_ref, 3500, uuid4())
        assert (more.activity, more.amount_cents) == (ReaderActivity.SUCCEEDED, 3500)
        taken = await simulator.capture(payment_ref, 3000, 500, uuid4())
        assert (taken.activity, taken.tip_cents) == (ReaderActivity.SUCCEEDED, 500)
        assert await simulator.capture(payment_ref, 3000, 500, uuid4()) == taken

    asyncio.run(run())


def test_a_terminals_default_reader_is_at_its_location() -> None:
    reader = _reader()
    ensure_default_at(reader, reader.location_id)
    for elsewhere in (uuid4(), None):
        with pytest.raises(ReaderElsewhere):
            ensure_default_at(reader, elsewhere)

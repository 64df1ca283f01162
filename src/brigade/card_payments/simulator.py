"""The built-in ``simulator`` provider (docs/design.md §27): the demo's and the tests' card
reader. An AUTOMATIC reader approves a charge by itself once BRIGADE_CARD_SIMULATOR_SECONDS
have passed since it started, but declines an amount ending in .01 and never answers one
ending in .02 (so a time-out can be seen); a refund of an amount ending in .01 fails. A
MANUAL reader waits for a person on its page to tap a card (``tap``) and choose a tip. A held
card (a tab's) is authorised for its amount; a new authorisation to a total ending in .01 is
declined, and a capture above what is authorised is refused.

It also takes online payments, a guest's on their phone (docs/design.md §28): the charge
waits until its card is typed on the phone's test-card form (``pay_online``), Stripe's test
cards (https://docs.stripe.com/testing): 4000 0000 0000 0002 is declined, so is a number
that fails the Luhn check, any other is approved.

Its charges live in this process's memory: the demo and the tests run one worker. A guest's
tip on an AUTOMATIC reader is none."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from uuid import UUID

from brigade.card_payments.provider import (
    ChargeOutcome,
    ChargeRequest,
    ReaderActivity,
    ReaderBusy,
    ReaderRef,
    RefundOutcome,
    RefundStatus,
    Started,
    TipMode,
)

DECLINED_CENTS = 1
SILENT_CENTS = 2
BRAND = "VISA"
LAST_FOUR = "4242"
# Stripe's test card that is always declined, and the brands by their first digit.
DECLINED_CARD = "4000000000000002"
BRANDS = {"3": "AMEX", "4": "VISA", "5": "MASTERCARD", "6": "DISCOVER"}


@dataclass(frozen=True, slots=True)
class _Charge:
    # None: an online charge, paid on the payer's phone.
    reader_id: UUID | None
    request: ChargeRequest
    started_at: float
    manual: bool
    outcome: ChargeOutcome | None = None


class Simulator:
    """The simulator's readers and charges."""

    name = "simulator"

    def __init__(self, approve_after_seconds: float) -> None:
        self._seconds = approve_after_seconds
        self._charges: dict[str, _Charge] = {}
        # Each reader's charge on its screen.
        self._shown: dict[UUID, str] = {}
        self._manual: set[UUID] = set()
        # Each held card's authorised amount, by its payment's id.
        self._held: dict[str, int] = {}
        self._captured: dict[str, ChargeOutcome] = {}

    async def register(self, label: str, registration_code: str | None) -> str | None:
        return None

    def wait_for_taps(self, reader_id: UUID, *, manual: bool) -> None:
        """Whether the reader is MANUAL (its mode is Brigade's, told before each charge)."""
        if manual:
            self._manual.add(reader_id)
        else:
            self._manual.discard(reader_id)

    async def start(self, reader: ReaderRef, charge: ChargeRequest) -> Started:
        charge_ref = f"sim_{charge.reference.hex}"
        if charge_ref in self._charges:
            return Started(charge_ref)
        shown = self._shown.get(reader.reader_id)
        if shown is not None and self._answer(shown).activity is ReaderActivity.WAITING_FOR_CARD:
            raise ReaderBusy(f"reader {reader.reader_id} shows {shown}")
        manual = reader.reader_id in self._manual
        self._charges[charge_ref] = _Charge(reader.reader_id, charge, time.monotonic(), manual)
        self._shown[reader.reader_id] = charge_ref
        return Started(charge_ref)

    async def outcome(self, reader: ReaderRef, started: Started) -> ChargeOutcome:
        return self._answer(started.charge_ref)

    async def start_online(self, charge: ChargeRequest) -> Started:
        charge_ref = f"sim_{charge.reference.hex}"
        secret = f"{charge_ref}_secret"
        if charge_ref not in self._charges:
            self._charges[charge_ref] = _Charge(None, charge, time.monotonic(), manual=True)
        return Started(charge_ref, client_secret=secret)

    async def online_outcome(self, started: Started) -> ChargeOutcome:
        return self._answer(started.charge_ref)

    async def cancel_online(self, started: Started) -> None:
        self._cancel(started.charge_ref)

    def pay_online(self, charge_ref: str, card_number: str) -> ChargeOutcome | None:
        """The payer typed ``card_number`` on the phone's test-card form: approved (with the
        tip the charge asked), or declined, which ends the charge (the phone starts another).
        None: no such charge waiting for its card."""
        charge = self._charges.get(charge_ref)
        if charge is None or charge.reader_id is not None:
            return None
        if self._answer(charge_ref).activity is not ReaderActivity.WAITING_FOR_CARD:
            return None
        digits = "".join(character for character in card_number if character.isdigit())
        if digits == DECLINED_CARD or not _luhn_valid(digits):
            reason = "card_declined: Your card was declined."
            return self._settle(charge_ref, ChargeOutcome(ReaderActivity.DECLINED, reason=reason))
        approved = _approved(charge, charge.request.tip_cents)
        card = replace(
            approved, card_brand=BRANDS.get(digits[0], "CARD"), card_last_four=digits[-4:]
        )
        return self._settle(charge_ref, card)

    def _answer(self, charge_ref: str) -> ChargeOutcome:
        charge = self._charges.get(charge_ref)
        if charge is None:
            return ChargeOutcome(ReaderActivity.CANCELED, reason="no such charge")
        if charge.outcome is not None:
            return charge.outcome
        if charge.manual:
            return ChargeOutcome(ReaderActivity.WAITING_FOR_CARD)
        cents = charge.request.amount_cents % 100
        if cents == SILENT_CENTS or time.monotonic() - charge.started_at < self._seconds:
            return ChargeOutcome(ReaderActivity.WAITING_FOR_CARD)
        if cents == DECLINED_CENTS:
            return self._settle(
                charge_ref, ChargeOutcome(ReaderActivity.DECLINED, reason="declined")
            )
        tip = charge.request.tip_cents if charge.request.tip_mode is TipMode.AMOUNT else 0
        return self._settle(charge_ref, _approved(charge, tip))

    def _settle(self, charge_ref: str, outcome: ChargeOutcome) -> ChargeOutcome:
        charge = self._charges[charge_ref]
        self._charges[charge_ref] = replace(charge, outcome=outcome)
        if charge.request.hold and outcome.payment_ref is not None:
            self._held[outcome.payment_ref] = outcome.amount_cents
        return outcome

    def tap(self, reader_id: UUID, *, approve: bool, tip_cents: int) -> ChargeOutcome | None:
        """A person taps a card on a MANUAL reader's page: the charge on its screen is approved
        with the tip chosen (an ON_READER charge's; the one asked otherwise) or declined.
        None: it shows no charge waiting."""
        charge_ref = self._shown.get(reader_id)
        if (
            charge_ref is None
            or self._answer(charge_ref).activity is not ReaderActivity.WAITING_FOR_CARD
        ):
            return None
        charge = self._charges[charge_ref]
        if not approve:
            return self._settle(
                charge_ref, ChargeOutcome(ReaderActivity.DECLINED, reason="declined")
            )
        request = charge.request
        tip = {TipMode.ON_READER: tip_cents, TipMode.AMOUNT: request.tip_cents}.get(
            request.tip_mode, 0
        )
        return self._settle(charge_ref, _approved(charge, tip))

    async def cancel(self, reader: ReaderRef, started: Started) -> None:
        self._cancel(started.charge_ref)

    def _cancel(self, charge_ref: str) -> None:
        if self._answer(charge_ref).activity is ReaderActivity.WAITING_FOR_CARD:
            self._settle(charge_ref, ChargeOutcome(ReaderActivity.CANCELED))

    async def refund(self, payment_ref: str, amount_cents: int, reference: UUID) -> RefundOutcome:
        """Refunded, but an amount ending in .01 fails (so a failed refund can be seen)."""
        if amount_cents % 100 == DECLINED_CENTS:
            return RefundOutcome(RefundStatus.FAILED, reason="refused by the card's bank")
        return RefundOutcome(RefundStatus.SUCCEEDED, refund_ref=f"sim_re_{reference.hex}")

    async def refund_outcome(self, refund_ref: str) -> RefundOutcome:
        return RefundOutcome(RefundStatus.SUCCEEDED, refund_ref=refund_ref)

    async def increment(self, payment_ref: str, total_cents: int, reference: UUID) -> ChargeOutcome:
        if payment_ref not in self._held:
            return ChargeOutcome(ReaderActivity.DECLINED, reason="no card held")
        if total_cents % 100 == DECLINED_CENTS:
            return ChargeOutcome(ReaderActivity.DECLINED, reason="declined")
        self._held[payment_ref] = max(self._held[payment_ref], total_cents)
        return _held(payment_ref, self._held[payment_ref])

    async def capture(
        self, payment_ref: str, amount_cents: int, tip_cents: int, reference: UUID
    ) -> ChargeOutcome:
        if payment_ref in self._captured:
            return self._captured[payment_ref]
        authorised = self._held.get(payment_ref)
        if authorised is None or amount_cents + tip_cents > authorised:
            return ChargeOutcome(
                ReaderActivity.DECLINED, reason="more than the card's authorised amount"
            )
        del self._held[payment_ref]
        self._captured[payment_ref] = ChargeOutcome(
            ReaderActivity.SUCCEEDED,
            amount_cents=amount_cents,
            tip_cents=tip_cents,
            card_brand=BRAND,
            card_last_four=LAST_FOUR,
            payment_ref=payment_ref,
        )
        return self._captured[payment_ref]

    async def release(self, payment_ref: str) -> None:
        self._held.pop(payment_ref, None)


def _luhn_valid(digits: str) -> bool:
    """A card number's check digit holds (ISO/IEC 7812): 12 to 19 digits."""
    if not 12 <= len(digits) <= 19:
        return False
    total = 0
    for position, digit in enumerate(int(character) for character in reversed(digits)):
        doubled = digit * 2 if position % 2 else digit
        total += doubled - 9 if doubled > 9 else doubled
    return total % 10 == 0


def _held(payment_ref: str, authorised_cents: int) -> ChargeOutcome:
    return ChargeOutcome(
        ReaderActivity.SUCCEEDED,
        amount_cents=authorised_cents,
        card_brand=BRAND,
        card_last_four=LAST_FOUR,
        payment_ref=payment_ref,
    )


def _approved(charge: _Charge, tip_cents: int) -> ChargeOutcome:
    return ChargeOutcome(
        ReaderActivity.SUCCEEDED,
        amount_cents=charge.request.amount_cents,
        tip_cents=tip_cents,
        card_brand=BRAND,
        card_last_four=LAST_FOUR,
        payment_ref=f"sim_pay_{charge.request.reference.hex}",
    )

"""What Brigade asks of a payment provider (docs/design.md §27): start a charge on a card
reader, read how it went, cancel it, refund a payment, and capture or release a card held for
a tab. A provider talks to the outside (a reader, a processor's API); Brigade's own records
never wait on it inside a unit of work: the service calls a provider between transactions and
records what it answered in the next one.

Amounts are in the currency's minor units (cents), as both Brigade's records and the
processors keep them. Brigade's ids travel as ``reference``: a provider uses it as its
idempotency key, so a start retried after a lost answer starts nothing twice."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, runtime_checkable
from uuid import UUID


class TipMode(StrEnum):
    """ON_READER: the guest chooses a tip on the reader; NONE: no tip; AMOUNT: the tip given
    with the checkout (``ChargeRequest.tip_cents``), charged with the amount."""

    ON_READER = "ON_READER"
    NONE = "NONE"
    AMOUNT = "AMOUNT"


class ReaderActivity(StrEnum):
    """What a reader reports of a charge: still waiting for the card (or the guest's tip), or
    its end."""

    WAITING_FOR_CARD = "WAITING_FOR_CARD"
    SUCCEEDED = "SUCCEEDED"
    DECLINED = "DECLINED"
    CANCELED = "CANCELED"


class RefundStatus(StrEnum):
    PENDING = "PENDING"
    SUCCEEDED = "SUCCEEDED"
    FAILED = "FAILED"


@dataclass(frozen=True, slots=True)
class ReaderRef:
    """A reader as its provider knows it: ``external_id`` is the provider's id (Stripe's
    ``tmr_…``); the simulator's readers have Brigade's id only."""

    reader_id: UUID
    external_id: str | None = None


@dataclass(frozen=True, slots=True)
class ChargeRequest:
    """``amount_cents`` without the tip; ``hold``: authorise only, captured later (a tab held
    on a card, ``PaymentProvider.capture``)."""

    reference: UUID
    amount_cents: int
    currency: str
    tip_mode: TipMode = TipMode.NONE
    tip_cents: int = 0
    hold: bool = False


@dataclass(frozen=True, slots=True)
class Started:
    """The provider's id of the charge it started (Stripe: the PaymentIntent's ``pi_…``);
    an online charge's ``client_secret`` is what the payer's page confirms it with at the
    provider (Stripe's PaymentIntent's), None for a reader's."""

    charge_ref: str
    client_secret: str | None = None


@dataclass(frozen=True, slots=True)
class ChargeOutcome:
    """How a charge stands. On SUCCEEDED: what was taken without the tip and the tip (the
    guest's on the reader, or the one asked), the card's brand and last four, and the
    provider's id of the payment a refund names (``payment_ref``). On DECLINED: ``reason``,
    the provider's words or code."""

    activity: ReaderActivity
    amount_cents: int = 0
    tip_cents: int = 0
    card_brand: str | None = None
    card_last_four: str | None = None
    payment_ref: str | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class RefundOutcome:
    status: RefundStatus
    refund_ref: str | None = None
    reason: str | None = None


class PaymentProvider(Protocol):
    """One provider's client; ``name`` is how readers name their provider (``simulator``,
    ``stripe_terminal``). Every method may raise ``ProviderUnavailable``: the service keeps
    its records as they were and tries again on its next round."""

    name: str

    async def register(self, label: str, registration_code: str | None) -> str | None:
        """Pairs a reader with the provider: its external id (None for the simulator)."""
        ...

    async def start(self, reader: ReaderRef, charge: ChargeRequest) -> Started:
        """Shows ``charge`` on ``reader``; a busy reader is ``ReaderBusy``."""
        ...

    async def outcome(self, reader: ReaderRef, started: Started) -> ChargeOutcome: ...

    async def cancel(self, reader: ReaderRef, started: Started) -> None:
        """Clears the reader's screen and cancels the charge (a charge already taken stays
        taken: its outcome says so)."""
        ...

    async def refund(self, payment_ref: str, amount_cents: int, reference: UUID) -> RefundOutcome:
        """Gives ``amount_cents`` of the payment back to its card."""
        ...

    async def refund_outcome(self, refund_ref: str) -> RefundOutcome: ...

    async def increment(self, payment_ref: str, total_cents: int, reference: UUID) -> ChargeOutcome:
        """A new authorisation of a held card, up to ``total_cents`` in all: SUCCEEDED with
        the amount now authorised, or DECLINED with the card's bank's words."""
        ...

    async def capture(
        self, payment_ref: str, amount_cents: int, tip_cents: int, reference: UUID
    ) -> ChargeOutcome:
        """Takes a held card's final amount and tip, at most what is authorised (above it:
        DECLINED with a reason, and the tab is captured for less or paid another way). The
        same capture asked again takes nothing twice."""
        ...

    async def release(self, payment_ref: str) -> None:
        """Lets go of a held card without taking anything."""
        ...


@runtime_checkable
class TakesOnlinePayments(Protocol):
    """A provider that also charges a card with no reader: the payer types it on their own
    phone, on a page confirming the charge with the provider (docs/design.md §28). Started
    by Brigade's server like a reader's charge, read back and cancelled the same way."""

    name: str

    async def start_online(self, charge: ChargeRequest) -> Started:
        """The charge made, waiting for the payer's card: ``Started.client_secret`` is the
        payer's page's key to it."""
        ...

    async def online_outcome(self, started: Started) -> ChargeOutcome:
        """WAITING_FOR_CARD until the payer's card is taken (SUCCEEDED) or the charge is
        cancelled; a declined card leaves it waiting for another."""
        ...

    async def cancel_online(self, started: Started) -> None:
        """Cancels the charge unless its card was taken (its outcome then says so)."""
        ...


@runtime_checkable
class TakesWebhooks(Protocol):
    """A provider that tells of its charges by webhook (Stripe's): the webhook is a prompt to
    ask the provider about the charge it names, never an answer recorded as it came."""

    name: str

    def charge_told_of(self, payload: bytes, signature_header: str) -> str | None:
        """The charge a webhook it signed names (None: an event about no charge followed); a
        body it did not sign: ``WebhookRejected``."""
        ...


class WebhookRejected(Exception):
    """A webhook its provider did not sign (no or a wrong signature, signed too long ago), or
    no event at all."""


class ProviderUnavailable(Exception):
    """The provider did not answer or answered an error of its own: nothing is known to have
    changed there, and asking again is safe."""


class ReaderBusy(Exception):
    """The reader is showing another charge."""


class RegistrationRefused(Exception):
    """The provider would not pair the reader (no registration code, or one it does not know):
    trying again with the same code changes nothing, unlike ``ProviderUnavailable``."""

"""Card readers and what they take (docs/design.md §27): readers paired with a payment
provider, card checkouts on an order and their states, and refunds given back to a card.

A checkout is recorded before its provider is asked anything and its answers are recorded
after, each in its own transaction (provider.py): its states are the steps in between. Every
state change is one event; a checkout's success makes exactly one card payment on its order,
under the checkout's id, however many times it is reported.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from types import MappingProxyType
from uuid import UUID

from brigade.card_payments.provider import ChargeOutcome, ReaderActivity, RefundStatus, TipMode
from brigade.kit.access import Needs, Permission, Principal, Role, declare_permissions
from brigade.kit.errors import (
    Conflict,
    DomainError,
    InvalidInput,
    declare_answers,
)
from brigade.kit.events import Envelope, EventName
from brigade.kit.ids import new_id


# Card readers (docs/design.md §27). Starting, cancelling and refunding are the orders'
# permissions: whoever may take a payment on an order, whoever may refund it.
class CardPermissions(Permission):
    PAIR_READERS = "pair, remove and assign card readers to terminals"
    READ_READERS = "list card readers and their state (to pick one)"
    SIMULATE_TAPS = "tap a card on a simulated reader (the simulator's page)"


PERMISSIONS = declare_permissions(
    {
        CardPermissions.PAIR_READERS: Needs(Role.MANAGER),
        CardPermissions.READ_READERS: Needs(Role.SERVER, devices=frozenset({Principal.TERMINAL})),
        CardPermissions.SIMULATE_TAPS: Needs(Role.MANAGER, devices=frozenset({Principal.TERMINAL})),
    }
)


class CardEvents(EventName):
    CARD_CHECKOUT_STARTED = "card_checkout.started"
    CARD_CHECKOUT_WAITING = "card_checkout.waiting"
    CARD_CHECKOUT_SUCCEEDED = "card_checkout.succeeded"
    CARD_CHECKOUT_DECLINED = "card_checkout.declined"
    CARD_CHECKOUT_CANCELED = "card_checkout.canceled"
    CARD_CHECKOUT_TIMED_OUT = "card_checkout.timed_out"
    CARD_CHECKOUT_REFUNDED = "card_checkout.refunded"
    CARD_REFUND_REQUESTED = "card_refund.requested"
    CARD_REFUND_SUCCEEDED = "card_refund.succeeded"
    CARD_REFUND_FAILED = "card_refund.failed"


# --- readers --------------------------------------------------------------------------------


class ReaderMode(StrEnum):
    """AUTOMATIC: the simulator answers by itself; MANUAL: a person on the simulator's page
    taps the card. A real provider's readers are AUTOMATIC (the guest taps)."""

    AUTOMATIC = "AUTOMATIC"
    MANUAL = "MANUAL"


class ReaderState(StrEnum):
    IDLE = "IDLE"
    BUSY = "BUSY"


@dataclass(frozen=True, slots=True)
class PaymentReader:
    id: UUID
    location_id: UUID
    provider: str
    name: str
    external_id: str | None
    mode: ReaderMode
    created_at: datetime


@dataclass(frozen=True, slots=True)
class ReaderView:
    """A reader with its state: BUSY with ``checkout_id``, its open checkout, else IDLE; and
    the terminals it is the default reader of."""

    reader: PaymentReader
    checkout_id: UUID | None
    default_for_device_ids: tuple[UUID, ...]

    @property
    def state(self) -> ReaderState:
        return ReaderState.IDLE if self.checkout_id is None else ReaderState.BUSY


def check_new_reader(
    provider: str, known: frozenset[str], mode: ReaderMode, has_code: bool, has_external: bool
) -> None:
    """A reader names a configured provider; a MANUAL one is the simulator's; a real provider's
    reader comes with its registration code or its external id (one of them)."""
    if provider not in known:
        raise ProviderNotConfigured(f"no provider {provider} is configured here: {sorted(known)}")
    if mode is ReaderMode.MANUAL and provider != SIMULATOR:
        raise InvalidInput("mode", "only a simulator reader waits for a tap on its page")
    if has_code and has_external:
        raise InvalidInput("registrationCode", "give a registration code or an externalId")


SIMULATOR = "simulator"


def ensure_idle(view: ReaderView) -> None:
    if view.checkout_id is not None:
        raise ReaderBusy(
            f"reader {view.reader.name} is busy with checkout {view.checkout_id}: "
            "finish or cancel it first"
        )


def ensure_simulated(reader: PaymentReader) -> None:
    if reader.provider != SIMULATOR or reader.mode is not ReaderMode.MANUAL:
        raise NotSimulated(f"reader {reader.name} is not a MANUAL simulator reader")


# --- checkouts: the state machine -----------------------------------------------------------


class CheckoutStatus(StrEnum):
    PENDING = "PENDING"
    WAITING_FOR_CARD = "WAITING_FOR_CARD"
    SUCCEEDED = "SUCCEEDED"
    DECLINED = "DECLINED"
    CANCELED = "CANCELED"
    TIMED_OUT = "TIMED_OUT"
    # Taken by the card but not recordable on the order (its balance shrank meanwhile, or it
    # closed): the whole charge goes back to the card (docs/decisions.md, card payments).
    REFUNDED = "REFUNDED"


OPEN = frozenset({CheckoutStatus.PENDING, CheckoutStatus.WAITING_FOR_CARD})


class CheckoutStep(StrEnum):
    SHOWN = "SHOWN"
    SUCCEED = "SUCCEED"
    DECLINE = "DECLINE"
    CANCEL = "CANCEL"
    TIME_OUT = "TIME_OUT"
    REFUND = "REFUND"


_ENDS = {
    CheckoutStep.SUCCEED: CheckoutStatus.SUCCEEDED,
    CheckoutStep.DECLINE: CheckoutStatus.DECLINED,
    CheckoutStep.CANCEL: CheckoutStatus.CANCELED,
    CheckoutStep.TIME_OUT: CheckoutStatus.TIMED_OUT,
    CheckoutStep.REFUND: CheckoutStatus.REFUNDED,
}
TRANSITIONS: Mapping[tuple[CheckoutStatus, CheckoutStep], CheckoutStatus] = MappingProxyType(
    {
        (CheckoutStatus.PENDING, CheckoutStep.SHOWN): CheckoutStatus.WAITING_FOR_CARD,
        **{(status, step): end for status in OPEN for step, end in _ENDS.items()},
    }
)
EVENT_OF: Mapping[CheckoutStatus, CardEvents] = MappingProxyType(
    {
        CheckoutStatus.PENDING: CardEvents.CARD_CHECKOUT_STARTED,
        CheckoutStatus.WAITING_FOR_CARD: CardEvents.CARD_CHECKOUT_WAITING,
        CheckoutStatus.SUCCEEDED: CardEvents.CARD_CHECKOUT_SUCCEEDED,
        CheckoutStatus.DECLINED: CardEvents.CARD_CHECKOUT_DECLINED,
        CheckoutStatus.CANCELED: CardEvents.CARD_CHECKOUT_CANCELED,
        CheckoutStatus.TIMED_OUT: CardEvents.CARD_CHECKOUT_TIMED_OUT,
        CheckoutStatus.REFUNDED: CardEvents.CARD_CHECKOUT_REFUNDED,
    }
)


def next_status(status: CheckoutStatus, step: CheckoutStep) -> CheckoutStatus | None:
    """The status after ``step``; None when the checkout already ended (a success reported
    again, a cancel after the card was taken): nothing changes, nothing is recorded twice."""
    return TRANSITIONS.get((status, step))


@dataclass(frozen=True, slots=True)
class CheckoutRequest:
    reader_id: UUID
    amount_cents: int
    tip_mode: TipMode
    tip_cents: int


def check_request(request: CheckoutRequest) -> None:
    if request.amount_cents <= 0:
        raise InvalidInput("amount", "is more than 0.00")
    if request.tip_mode is TipMode.AMOUNT:
        if request.tip_cents < 0:
            raise InvalidInput("tip.amount", "is 0.00 or more")
    elif request.tip_cents:
        raise InvalidInput("tip.amount", f"only with the mode AMOUNT, not {request.tip_mode}")


@dataclass(frozen=True, slots=True)
class CardCheckout:
    id: UUID
    order_id: UUID
    location_id: UUID
    reader_id: UUID
    provider: str
    status: CheckoutStatus
    currency: str
    amount_cents: int
    tip_mode: TipMode
    # Asked (AMOUNT) until the reader answers; then the tip the card paid.
    tip_cents: int
    charge_ref: str | None
    payment_ref: str | None
    card_brand: str | None
    card_last_four: str | None
    # The provider's words for a decline, or why a checkout ended without a payment.
    reason: str | None
    cancel_requested: bool
    started_by_id: UUID | None
    started_by_name: str
    device_id: UUID | None
    created_at: datetime
    updated_at: datetime
    expires_at: datetime
    finished_at: datetime | None
    # Set while a worker asks the provider about it (several workers: claim, then ask).
    lease_until: datetime | None = None

    @property
    def is_open(self) -> bool:
        return self.status in OPEN

    def expired(self, at: datetime) -> bool:
        return self.is_open and at >= self.expires_at

    def moved(self, step: CheckoutStep, at: datetime, **changes: object) -> CardCheckout | None:
        """The checkout after ``step`` (None: it had ended; ``next_status``)."""
        after = next_status(self.status, step)
        if after is None:
            return None
        finished = None if after in OPEN else at
        return dataclasses.replace(
            self,
            status=after,
            updated_at=at,
            finished_at=finished,
            **changes,  # type: ignore[arg-type]
        )


def new_checkout(
    request: CheckoutRequest,
    *,
    order_id: UUID,
    location_id: UUID,
    currency: str,
    reader: PaymentReader,
    started_by_id: UUID | None,
    started_by_name: str,
    device_id: UUID | None,
    at: datetime,
    timeout: timedelta,
) -> CardCheckout:
    if reader.location_id != location_id:
        raise ReaderElsewhere(
            f"reader {reader.name} is at another location than the order: pick one of its own"
        )
    check_request(request)
    return CardCheckout(
        id=new_id(),
        order_id=order_id,
        location_id=location_id,
        reader_id=reader.id,
        provider=reader.provider,
        status=CheckoutStatus.PENDING,
        currency=currency,
        amount_cents=request.amount_cents,
        tip_mode=request.tip_mode,
        tip_cents=request.tip_cents,
        charge_ref=None,
        payment_ref=None,
        card_brand=None,
        card_last_four=None,
        reason=None,
        cancel_requested=False,
        started_by_id=started_by_id,
        started_by_name=started_by_name,
        device_id=device_id,
        created_at=at,
        updated_at=at,
        expires_at=at + timeout,
        finished_at=None,
    )


def step_of(outcome: ChargeOutcome) -> CheckoutStep | None:
    """What a provider's answer does to an open checkout (None: still waiting)."""
    return {
        ReaderActivity.WAITING_FOR_CARD: None,
        ReaderActivity.SUCCEEDED: CheckoutStep.SUCCEED,
        ReaderActivity.DECLINED: CheckoutStep.DECLINE,
        ReaderActivity.CANCELED: CheckoutStep.CANCEL,
    }[outcome.activity]


def taken_cents(checkout: CardCheckout) -> int:
    """What the card paid: the amount and the tip."""
    return checkout.amount_cents + checkout.tip_cents


# --- refunds to the card --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardRefund:
    """Money going back to the card of a checkout. Its id is the provider's idempotency
    reference: an order's refund's id when that refund gave back the checkout's payment, or a
    new one for a charge that could not be recorded (the checkout REFUNDED)."""

    id: UUID
    checkout_id: UUID
    order_id: UUID
    location_id: UUID
    order_refund_id: UUID | None
    amount_cents: int
    status: RefundStatus
    refund_ref: str | None
    reason: str | None
    created_at: datetime
    updated_at: datetime
    lease_until: datetime | None = None

    def answered(
        self, status: RefundStatus, refund_ref: str | None, reason: str | None, at: datetime
    ) -> CardRefund:
        return dataclasses.replace(
            self,
            status=status,
            refund_ref=refund_ref or self.refund_ref,
            reason=reason,
            updated_at=at,
        )


REFUND_EVENT_OF: Mapping[RefundStatus, CardEvents] = MappingProxyType(
    {
        RefundStatus.PENDING: CardEvents.CARD_REFUND_REQUESTED,
        RefundStatus.SUCCEEDED: CardEvents.CARD_REFUND_SUCCEEDED,
        RefundStatus.FAILED: CardEvents.CARD_REFUND_FAILED,
    }
)


def new_refund(
    checkout: CardCheckout,
    amount_cents: int,
    *,
    refund_id: UUID | None,
    order_refund_id: UUID | None,
    reason: str | None,
    at: datetime,
) -> CardRefund:
    return CardRefund(
        id=refund_id or new_id(),
        checkout_id=checkout.id,
        order_id=checkout.order_id,
        location_id=checkout.location_id,
        order_refund_id=order_refund_id,
        amount_cents=amount_cents,
        status=RefundStatus.PENDING,
        refund_ref=None,
        reason=reason,
        created_at=at,
        updated_at=at,
    )


# --- events ---------------------------------------------------------------------------------


def checkout_event(checkout: CardCheckout) -> Envelope:
    """The event of the checkout's status now: one per state change."""
    return Envelope(
        EVENT_OF[checkout.status],
        checkout,
        location_id=checkout.location_id,
        entity_id=checkout.id,
        order_id=checkout.order_id,
    )


def refund_event(refund: CardRefund) -> Envelope:
    return Envelope(
        REFUND_EVENT_OF[refund.status],
        refund,
        location_id=refund.location_id,
        entity_id=refund.id,
        order_id=refund.order_id,
    )


# Errors and their answers (docs/design.md §2).


class ReaderBusy(Conflict):
    """The reader already shows a checkout: one at a time."""


class ProviderNotConfigured(Conflict):
    """The reader names a provider this server has no settings for."""


class ReaderElsewhere(Conflict):
    """The reader is at another location than the order."""


class CheckoutFinished(Conflict):
    """The checkout has ended: it is not cancelled any more."""


class NotSimulated(Conflict):
    """The reader is not a MANUAL simulator reader: nobody taps on its page."""


class NoChargeShown(Conflict):
    """The simulated reader shows no charge to tap."""


class ReaderNotPaired(InvalidInput):
    """The provider would not pair the reader with the code given."""


class ProviderDown(Conflict):
    """The provider did not answer: nothing changed, and asking again later is safe."""


class WebhookNotVerified(DomainError):
    """A provider's webhook whose signature does not verify (or is too old to trust)."""


ERRORS = declare_answers(
    {
        ReaderBusy: (409, "reader_busy"),
        ProviderNotConfigured: (409, "provider_not_configured"),
        ReaderElsewhere: (409, "reader_elsewhere"),
        CheckoutFinished: (409, "checkout_finished"),
        NotSimulated: (409, "not_simulated"),
        NoChargeShown: (409, "no_charge_shown"),
        ReaderNotPaired: (422, "reader_not_paired"),
        ProviderDown: (409, "provider_unavailable"),
        WebhookNotVerified: (400, "webhook_not_verified"),
    }
)

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
from brigade.kit import money
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
    CARD_CHECKOUT_HELD = "card_checkout.held"
    CARD_CHECKOUT_CAPTURING = "card_checkout.capturing"
    CARD_CHECKOUT_CAPTURED = "card_checkout.captured"
    CARD_CHECKOUT_RELEASING = "card_checkout.releasing"
    CARD_CHECKOUT_RELEASED = "card_checkout.released"
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


def ensure_default_at(reader: PaymentReader, terminal_location_id: UUID | None) -> None:
    """A terminal's default reader is at the terminal's location."""
    if terminal_location_id != reader.location_id:
        raise ReaderElsewhere(f"reader {reader.name} is at another location than the terminal")


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
    # A tab's card (a hold): authorised and kept, nothing paid yet. A capture asked for is
    # CAPTURING until the provider takes it (CAPTURED, the order's payment) or refuses it
    # (HELD again, with the reason); a release asked for is RELEASING, then RELEASED.
    HELD = "HELD"
    CAPTURING = "CAPTURING"
    CAPTURED = "CAPTURED"
    RELEASING = "RELEASING"
    RELEASED = "RELEASED"


# On the reader: the reader shows it, one at a time.
OPEN = frozenset({CheckoutStatus.PENDING, CheckoutStatus.WAITING_FOR_CARD})
# A card still held for a tab (listed on the Z).
HOLDING = frozenset({CheckoutStatus.HELD, CheckoutStatus.CAPTURING, CheckoutStatus.RELEASING})
# Waiting for the provider: what the poller claims.
WORKING = OPEN | {CheckoutStatus.CAPTURING, CheckoutStatus.RELEASING}


class CheckoutStep(StrEnum):
    SHOWN = "SHOWN"
    SUCCEED = "SUCCEED"
    DECLINE = "DECLINE"
    CANCEL = "CANCEL"
    TIME_OUT = "TIME_OUT"
    REFUND = "REFUND"
    # A hold's card authorised; a capture asked, taken or refused; a release asked, done.
    HOLD = "HOLD"
    CAPTURE = "CAPTURE"
    CAPTURED = "CAPTURED"
    KEEP = "KEEP"
    RELEASE = "RELEASE"
    RELEASED = "RELEASED"


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
        (CheckoutStatus.PENDING, CheckoutStep.HOLD): CheckoutStatus.HELD,
        (CheckoutStatus.WAITING_FOR_CARD, CheckoutStep.HOLD): CheckoutStatus.HELD,
        (CheckoutStatus.HELD, CheckoutStep.CAPTURE): CheckoutStatus.CAPTURING,
        (CheckoutStatus.HELD, CheckoutStep.RELEASE): CheckoutStatus.RELEASING,
        (CheckoutStatus.CAPTURING, CheckoutStep.CAPTURED): CheckoutStatus.CAPTURED,
        (CheckoutStatus.CAPTURING, CheckoutStep.KEEP): CheckoutStatus.HELD,
        # Captured, but the order could not take it (it closed meanwhile): given back whole.
        (CheckoutStatus.CAPTURING, CheckoutStep.REFUND): CheckoutStatus.REFUNDED,
        (CheckoutStatus.RELEASING, CheckoutStep.RELEASED): CheckoutStatus.RELEASED,
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
        CheckoutStatus.HELD: CardEvents.CARD_CHECKOUT_HELD,
        CheckoutStatus.CAPTURING: CardEvents.CARD_CHECKOUT_CAPTURING,
        CheckoutStatus.CAPTURED: CardEvents.CARD_CHECKOUT_CAPTURED,
        CheckoutStatus.RELEASING: CardEvents.CARD_CHECKOUT_RELEASING,
        CheckoutStatus.RELEASED: CardEvents.CARD_CHECKOUT_RELEASED,
    }
)
# Ended with the order's card payment made.
PAID = frozenset({CheckoutStatus.SUCCEEDED, CheckoutStatus.CAPTURED})
# Ended: nothing more happens to it.
ENDED = frozenset(CheckoutStatus) - OPEN - HOLDING


def next_status(status: CheckoutStatus, step: CheckoutStep) -> CheckoutStatus | None:
    """The status after ``step``; None when the checkout already ended (a success reported
    again, a cancel after the card was taken): nothing changes, nothing is recorded twice."""
    return TRANSITIONS.get((status, step))


@dataclass(frozen=True, slots=True)
class CheckoutRequest:
    """``hold``: a tab's card, authorised up to ``amount_cents`` and kept (no tip yet)."""

    reader_id: UUID
    amount_cents: int
    tip_mode: TipMode
    tip_cents: int
    hold: bool = False


def check_request(request: CheckoutRequest) -> None:
    if request.hold and (request.tip_mode is not TipMode.NONE or request.tip_cents):
        raise InvalidInput("tip", "a held card's tip is given when the tab is captured")
    check_charge(request.amount_cents, request.tip_mode, request.tip_cents)


def check_charge(amount_cents: int, tip_mode: TipMode, tip_cents: int) -> None:
    if amount_cents <= 0:
        raise InvalidInput("amount", "is more than 0.00")
    if tip_mode is TipMode.AMOUNT:
        if tip_cents < 0:
            raise InvalidInput("tip.amount", "is 0.00 or more")
    elif tip_cents:
        raise InvalidInput("tip.amount", f"only with the mode AMOUNT, not {tip_mode}")


@dataclass(frozen=True, slots=True)
class CardCheckout:
    id: UUID
    order_id: UUID
    location_id: UUID
    # None: an online checkout, the card typed on a guest's phone (``visit_id``'s).
    reader_id: UUID | None
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
    # A tab's card: authorised up to ``held_cents`` (raised by a new authorisation when a
    # capture needs more) and kept; a capture asked for takes ``capture_cents`` and
    # ``capture_tip_cents`` (then the checkout's amount and tip).
    hold: bool = False
    held_cents: int | None = None
    capture_cents: int | None = None
    capture_tip_cents: int | None = None
    # Each capture asked for is its own request at the provider (its idempotency key): one
    # refused and asked again is asked anew.
    capture_id: UUID | None = None
    # Set while a worker asks the provider about it (several workers: claim, then ask).
    lease_until: datetime | None = None
    # An online checkout's: the guests' visit that started it, and the key its phone confirms
    # the charge with at the provider (answered to that visit only, never in an event).
    visit_id: UUID | None = None
    client_secret: str | None = None

    @property
    def is_online(self) -> bool:
        return self.reader_id is None

    @property
    def is_open(self) -> bool:
        """On the reader, waiting for the card."""
        return self.status in OPEN

    @property
    def capture_total_cents(self) -> int:
        """What a capture asked for takes from the held card: its amount and tip."""
        return (self.capture_cents or 0) + (self.capture_tip_cents or 0)

    def held(self, outcome: ChargeOutcome, at: datetime) -> CardCheckout | None:
        """A hold's card authorised: kept, up to what the provider authorised."""
        return self.moved(
            CheckoutStep.HOLD,
            at,
            held_cents=outcome.amount_cents + outcome.tip_cents or self.amount_cents,
            payment_ref=outcome.payment_ref,
            card_brand=outcome.card_brand,
            card_last_four=outcome.card_last_four,
        )

    def capture_asked(self, amount_cents: int, tip_cents: int, at: datetime) -> CardCheckout:
        """The tab closes on its held card: ``amount_cents`` (the order's to bound: at most
        its balance due) and ``tip_cents`` to be taken, after a new authorisation when they
        come to more than the hold's."""
        if tip_cents < 0:
            raise InvalidInput("tip", "is 0.00 or more")
        capturing = self._holding(CheckoutStep.CAPTURE, at)
        return dataclasses.replace(
            capturing,
            capture_cents=amount_cents,
            capture_tip_cents=tip_cents,
            capture_id=new_id(),
            reason=None,
        )

    def release_asked(self, at: datetime) -> CardCheckout:
        return self._holding(CheckoutStep.RELEASE, at)

    def _holding(self, step: CheckoutStep, at: datetime) -> CardCheckout:
        after = self.moved(step, at) if self.hold else None
        if after is None:
            raise CardNotHeld(
                f"checkout {self.id} is {self.status}"
                + ("" if self.hold else ", not a card held for a tab")
                + ": only a HELD card is captured or released"
            )
        return after

    def captured(self, outcome: ChargeOutcome, at: datetime) -> CardCheckout:
        """What the capture took: the checkout's amount and tip from now on (the order's
        payment is made of them)."""
        return dataclasses.replace(
            self,
            amount_cents=self.capture_cents or 0,
            tip_cents=self.capture_tip_cents or 0,
            held_cents=max(self.held_cents or 0, outcome.amount_cents + outcome.tip_cents),
            payment_ref=outcome.payment_ref or self.payment_ref,
            card_brand=outcome.card_brand or self.card_brand,
            card_last_four=outcome.card_last_four or self.card_last_four,
        )

    def kept(self, reason: str | None, at: datetime) -> CardCheckout | None:
        """The capture refused (a new authorisation declined, say): the card stays held, and
        the tab is captured again for less, released, or paid another way."""
        return self.moved(
            CheckoutStep.KEEP, at, capture_cents=None, capture_tip_cents=None, reason=reason
        )

    def expired(self, at: datetime) -> bool:
        return self.is_open and at >= self.expires_at

    def moved(self, step: CheckoutStep, at: datetime, **changes: object) -> CardCheckout | None:
        """The checkout after ``step`` (None: it had ended; ``next_status``)."""
        after = next_status(self.status, step)
        if after is None:
            return None
        finished = at if after in ENDED else None
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
    return _pending(
        reader_id=reader.id,
        amount_cents=request.amount_cents,
        tip_mode=request.tip_mode,
        tip_cents=request.tip_cents,
        hold=request.hold,
        order_id=order_id,
        location_id=location_id,
        currency=currency,
        provider=reader.provider,
        started_by_id=started_by_id,
        started_by_name=started_by_name,
        device_id=device_id,
        at=at,
        timeout=timeout,
    )


def new_online_checkout(
    *,
    order_id: UUID,
    location_id: UUID,
    currency: str,
    provider: str,
    amount_cents: int,
    tip_cents: int,
    visit_id: UUID,
    started_by_name: str,
    at: datetime,
    timeout: timedelta,
) -> CardCheckout:
    """A checkout with no reader: the card is typed on a guest's phone (docs/design.md §28),
    its tip given with it."""
    check_charge(amount_cents, TipMode.AMOUNT, tip_cents)
    return _pending(
        reader_id=None,
        amount_cents=amount_cents,
        tip_mode=TipMode.AMOUNT,
        tip_cents=tip_cents,
        hold=False,
        order_id=order_id,
        location_id=location_id,
        currency=currency,
        provider=provider,
        started_by_id=None,
        started_by_name=started_by_name,
        device_id=None,
        at=at,
        timeout=timeout,
        visit_id=visit_id,
    )


def _pending(
    *,
    reader_id: UUID | None,
    amount_cents: int,
    tip_mode: TipMode,
    tip_cents: int,
    hold: bool,
    order_id: UUID,
    location_id: UUID,
    currency: str,
    provider: str,
    started_by_id: UUID | None,
    started_by_name: str,
    device_id: UUID | None,
    at: datetime,
    timeout: timedelta,
    visit_id: UUID | None = None,
) -> CardCheckout:
    return CardCheckout(
        hold=hold,
        id=new_id(),
        order_id=order_id,
        location_id=location_id,
        reader_id=reader_id,
        provider=provider,
        status=CheckoutStatus.PENDING,
        currency=currency,
        amount_cents=amount_cents,
        tip_mode=tip_mode,
        tip_cents=tip_cents,
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
        visit_id=visit_id,
    )


def check_online_share(amount_cents: int, balance_due_cents: int, in_flight_cents: int) -> None:
    """An online payment is at most what the check still owes once the other phones' payments
    under way are taken (two phones paying "the rest" at once: the second is refused before
    its card is charged, not refunded after)."""
    if in_flight_cents and amount_cents > balance_due_cents - in_flight_cents:
        left = max(balance_due_cents - in_flight_cents, 0)
        raise OnlineShareTaken(
            f"{money.from_cents(in_flight_cents)} of the balance due is being paid on another "
            f"phone right now: at most {money.from_cents(left)} is left to pay here"
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


class CardNotHeld(Conflict):
    """A capture or a release of a checkout that is not a card held for a tab now."""


class OnlineShareTaken(Conflict):
    """Part of the balance is being paid on another phone: this payment would go above it."""


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
        OnlineShareTaken: (409, "being_paid_elsewhere"),
        CardNotHeld: (409, "card_not_held"),
        ReaderNotPaired: (422, "reader_not_paired"),
        ProviderDown: (409, "provider_unavailable"),
        WebhookNotVerified: (400, "webhook_not_verified"),
    }
)

"""The ``stripe_terminal`` payment provider (docs/design.md §27): Stripe Terminal's
server-driven flow, where Brigade's server, not an SDK on the till, tells a smart reader what
to show. A charge is a PaymentIntent for ``card_present`` that the reader processes; how it
went is read back from the reader's action and the PaymentIntent, and Stripe's webhooks only
say when to read it again (``read_webhook``).

Every call that creates something carries an idempotency key made from Brigade's
``reference``, so a call retried after a lost answer finds what the first one made. Stripe's
own retries are off: the service retries on its next round. Errors become the interface's
two: ``ReaderBusy`` for a reader showing another action, ``ProviderUnavailable`` for the rest
(Stripe unreachable, its 5xx, and refusals that leave nothing changed). The API key is only
ever in the client's Authorization header, never in a message."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any, Final, TypeVar
from uuid import UUID

import stripe
from stripe import StripeClient, StripeError
from stripe.params import PaymentIntentCreateParams
from stripe.params.terminal import ReaderProcessPaymentIntentParamsProcessConfig

from brigade.card_payments.provider import (
    ChargeOutcome,
    ChargeRequest,
    ProviderUnavailable,
    ReaderActivity,
    ReaderBusy,
    ReaderRef,
    RefundOutcome,
    RefundStatus,
    RegistrationRefused,
    Started,
    TipMode,
    WebhookRejected,
)

Answer = TypeVar("Answer")

# Stripe's error codes this provider acts on (https://docs.stripe.com/error-codes).
READER_BUSY_CODE: Final = "terminal_reader_busy"
UNEXPECTED_STATE_CODE: Final = "payment_intent_unexpected_state"

# A PaymentIntent's metadata: Brigade's reference, and the tip when Stripe keeps none of its
# own (a tip given with the checkout, or added at capture).
REFERENCE_KEY: Final = "brigade_reference"
TIP_KEY: Final = "brigade_tip_cents"

# The card has been taken (``succeeded``) or authorised and held (``requires_capture``).
TAKEN_STATUSES: Final = frozenset({"succeeded", "requires_capture"})

# Stripe's signature tolerance: a webhook signed longer ago than this is refused (a replay).
WEBHOOK_TOLERANCE_SECONDS: Final = 300

REFUND_STATUSES: Final = {
    "pending": RefundStatus.PENDING,
    "requires_action": RefundStatus.PENDING,
    "succeeded": RefundStatus.SUCCEEDED,
    "failed": RefundStatus.FAILED,
    "canceled": RefundStatus.FAILED,
}

READER_EVENTS: Final = frozenset(
    {"terminal.reader.action_succeeded", "terminal.reader.action_failed"}
)
PAYMENT_INTENT_EVENTS: Final = frozenset(
    {
        "payment_intent.succeeded",
        "payment_intent.payment_failed",
        "payment_intent.canceled",
        "payment_intent.amount_capturable_updated",
    }
)


@dataclass(frozen=True, slots=True)
class ReaderReport:
    """What a webhook says: that the charge ``charge_ref`` (a PaymentIntent's ``pi_…``) has
    news; ``reader_external_id`` when a reader reported it. The news itself is read from
    the provider (``StripeTerminal.outcome``), which a replayed or reordered webhook cannot
    mislead."""

    event_id: str
    event_type: str
    charge_ref: str
    reader_external_id: str | None = None


def read_webhook(payload: bytes, signature_header: str, secret: str) -> ReaderReport | None:
    """The report in a Stripe webhook once its ``Stripe-Signature`` checks out with
    ``secret``; None for the events this provider does not follow."""
    try:
        event = stripe.Webhook.construct_event(
            payload, signature_header, secret, tolerance=WEBHOOK_TOLERANCE_SECONDS
        )
    except stripe.SignatureVerificationError as err:
        raise WebhookRejected(f"Stripe-Signature does not verify: {err.user_message}") from None
    except ValueError:
        raise WebhookRejected("the webhook's body is not a JSON event") from None
    event_type: str = event.type
    subject: dict[str, Any] = event.data.object.to_dict()
    if event_type in PAYMENT_INTENT_EVENTS:
        return ReaderReport(event_id=event.id, event_type=event_type, charge_ref=subject["id"])
    if event_type not in READER_EVENTS:
        return None
    action = subject.get("action") or {}
    processed = action.get("process_payment_intent") or {}
    charge_ref = processed.get("payment_intent")
    if charge_ref is None:
        # Another kind of reader action (a display, a setup intent): no charge of Brigade's.
        return None
    if not isinstance(charge_ref, str):
        charge_ref = charge_ref["id"]
    return ReaderReport(
        event_id=event.id,
        event_type=event_type,
        charge_ref=charge_ref,
        reader_external_id=subject["id"],
    )


class StripeTerminal:
    """A ``PaymentProvider`` on Stripe Terminal's smart readers, for one Stripe location
    (``tml_…``) where the readers it registers are placed."""

    name = "stripe_terminal"

    def __init__(
        self,
        api_key: str,
        location_id: str,
        api_base: str,
        webhook_secret: str,
        *,
        timeout_seconds: float = 20.0,
    ) -> None:
        self.location_id = location_id
        self.webhook_secret = webhook_secret
        self._http = stripe.HTTPXClient(timeout=timeout_seconds)
        self._client = StripeClient(
            api_key,
            base_addresses={"api": api_base},
            http_client=self._http,
            max_network_retries=0,
        )

    def __repr__(self) -> str:
        # The client holds the key: the repr names the location only.
        return f"StripeTerminal(location_id={self.location_id!r})"

    async def close(self) -> None:
        await self._http.close_async()  # type: ignore[no-untyped-call]

    def charge_told_of(self, payload: bytes, signature_header: str) -> str | None:
        """The charge a webhook names, read with this provider's webhook secret."""
        report = read_webhook(payload, signature_header, self.webhook_secret)
        return None if report is None else report.charge_ref

    async def register(self, label: str, registration_code: str | None) -> str | None:
        if not registration_code:
            raise RegistrationRefused("Stripe pairs a reader by the code the reader shows")
        try:
            reader = await self._client.v1.terminal.readers.create_async(
                {
                    "registration_code": registration_code,
                    "label": label,
                    "location": self.location_id,
                }
            )
        except stripe.InvalidRequestError as err:
            raise RegistrationRefused(_stripe_words(err)) from None
        except StripeError as err:
            raise _translated(err) from _cause(err)
        return reader.id

    async def start(self, reader: ReaderRef, charge: ChargeRequest) -> Started:
        reader_id = _external_id(reader)
        intent = await self._call(
            self._client.v1.payment_intents.create_async(
                _intent_params(charge),
                {"idempotency_key": f"brigade-{charge.reference}-intent"},
            )
        )
        try:
            await self._client.v1.terminal.readers.process_payment_intent_async(
                reader_id, {"payment_intent": intent.id, "process_config": _process_config(charge)}
            )
        except StripeError as err:
            if await self._started_before(err, reader_id, intent.id):
                return Started(intent.id)
            raise _translated(err) from _cause(err)
        return Started(intent.id)

    async def _started_before(self, err: StripeError, reader_id: str, intent_id: str) -> bool:
        """Whether a start refused by Stripe was a retry of one that had got through: the
        PaymentIntent has moved on (its card presented, or the charge cancelled), or the
        reader is busy with this very charge. (The PaymentIntent's creation, replayed for
        its idempotency key, shows it as it was first made.)"""
        code = _code(err)
        if code == UNEXPECTED_STATE_CODE:
            return True
        return code == READER_BUSY_CODE and await self._shows(reader_id, intent_id)

    async def outcome(self, reader: ReaderRef, started: Started) -> ChargeOutcome:
        intent = await self._intent(started.charge_ref)
        if intent.status in TAKEN_STATUSES:
            return _taken(intent)
        if intent.status == "canceled":
            return ChargeOutcome(ReaderActivity.CANCELED)
        action = (await self._reader(_external_id(reader))).action
        if action is None or _action_intent(action) != intent.id:
            if intent.status == "processing":
                return ChargeOutcome(ReaderActivity.WAITING_FOR_CARD)
            # The reader has moved on (another action, or none) and left this charge open.
            return _declined_by_intent(intent)
        if action.status == "in_progress":
            return ChargeOutcome(ReaderActivity.WAITING_FOR_CARD)
        if action.status == "failed":
            return ChargeOutcome(
                ReaderActivity.DECLINED,
                reason=_reason(action.failure_code, action.failure_message),
            )
        # The reader says succeeded while the PaymentIntent is still being confirmed.
        return ChargeOutcome(ReaderActivity.WAITING_FOR_CARD)

    async def cancel(self, reader: ReaderRef, started: Started) -> None:
        reader_id = _external_id(reader)
        if await self._shows(reader_id, started.charge_ref):
            try:
                await self._client.v1.terminal.readers.cancel_action_async(reader_id)
            except stripe.InvalidRequestError as err:
                if _code(err) == READER_BUSY_CODE:
                    raise ReaderBusy(_stripe_words(err)) from None
                # The action ended on its own meanwhile: the PaymentIntent decides below.
            except StripeError as err:
                raise _translated(err) from _cause(err)
        await self._cancel_unless_ended(started.charge_ref)

    async def start_online(self, charge: ChargeRequest) -> Started:
        """A PaymentIntent for a card typed on the payer's phone, confirmed there with its
        client secret by Stripe.js; Brigade's server reads how it went, as for a reader's."""
        intent = await self._call(
            self._client.v1.payment_intents.create_async(
                _intent_params(charge, method="card"),
                {"idempotency_key": f"brigade-{charge.reference}-online"},
            )
        )
        return Started(intent.id, client_secret=intent.client_secret)

    async def online_outcome(self, started: Started) -> ChargeOutcome:
        intent = await self._intent(started.charge_ref)
        if intent.status in TAKEN_STATUSES:
            return _taken(intent)
        if intent.status == "canceled":
            return ChargeOutcome(ReaderActivity.CANCELED)
        # Waiting for a card, or for the payer's bank (3-D Secure, processing): a declined
        # card leaves the PaymentIntent waiting for another one (Stripe's online flow).
        return ChargeOutcome(ReaderActivity.WAITING_FOR_CARD)

    async def cancel_online(self, started: Started) -> None:
        await self._cancel_unless_ended(started.charge_ref)

    async def _cancel_unless_ended(self, intent_id: str) -> None:
        intent = await self._intent(intent_id)
        if intent.status in TAKEN_STATUSES or intent.status == "canceled":
            return
        await self._cancel_intent(intent.id)

    async def refund(self, payment_ref: str, amount_cents: int, reference: UUID) -> RefundOutcome:
        try:
            refund = await self._client.v1.refunds.create_async(
                {"payment_intent": payment_ref, "amount": amount_cents},
                {"idempotency_key": f"brigade-{reference}-refund"},
            )
        except stripe.InvalidRequestError as err:
            # Stripe refused it outright (more than is left to refund, say): nothing started.
            return RefundOutcome(RefundStatus.FAILED, reason=_stripe_words(err))
        except StripeError as err:
            raise _translated(err) from _cause(err)
        return _refund_outcome(refund)

    async def refund_outcome(self, refund_ref: str) -> RefundOutcome:
        return _refund_outcome(await self._call(self._client.v1.refunds.retrieve_async(refund_ref)))

    async def increment(self, payment_ref: str, total_cents: int, reference: UUID) -> ChargeOutcome:
        """Stripe's incremental authorisation (the hold's PaymentIntent asked for its support
        when it was made): ``amount`` is the new total authorised."""
        try:
            intent = await self._client.v1.payment_intents.increment_authorization_async(
                payment_ref,
                {"amount": total_cents, "expand": ["latest_charge"]},
                {"idempotency_key": f"brigade-{reference}-increment"},
            )
        except (stripe.CardError, stripe.InvalidRequestError) as err:
            # The card's bank declined it, or the card takes no increments: the tab is
            # captured for what is held, or paid another way.
            return ChargeOutcome(ReaderActivity.DECLINED, reason=_stripe_words(err))
        except StripeError as err:
            raise _translated(err) from _cause(err)
        return _taken(intent)

    async def capture(
        self, payment_ref: str, amount_cents: int, tip_cents: int, reference: UUID
    ) -> ChargeOutcome:
        total = amount_cents + tip_cents
        try:
            intent = await self._client.v1.payment_intents.capture_async(
                payment_ref,
                {
                    "amount_to_capture": total,
                    "metadata": {TIP_KEY: str(tip_cents)},
                    "expand": ["latest_charge"],
                },
                {"idempotency_key": f"brigade-{reference}-capture"},
            )
        except stripe.InvalidRequestError as err:
            # Above the authorised amount, or a hold that has lapsed: the tab is paid another
            # way, and Stripe's words say why.
            return ChargeOutcome(ReaderActivity.DECLINED, reason=_stripe_words(err))
        except StripeError as err:
            raise _translated(err) from _cause(err)
        return _taken(intent)

    async def release(self, payment_ref: str) -> None:
        await self._cancel_intent(payment_ref)

    async def _cancel_intent(self, intent_id: str) -> None:
        try:
            await self._client.v1.payment_intents.cancel_async(intent_id)
        except stripe.InvalidRequestError as err:
            if _code(err) != UNEXPECTED_STATE_CODE:
                raise _translated(err) from _cause(err)
            if (await self._intent(intent_id)).status != "canceled":
                raise ProviderUnavailable(
                    f"Stripe would not cancel {intent_id}: {_stripe_words(err)}"
                ) from None
        except StripeError as err:
            raise _translated(err) from _cause(err)

    async def _shows(self, reader_id: str, intent_id: str) -> bool:
        """Whether the reader is in the middle of processing this PaymentIntent."""
        action = (await self._reader(reader_id)).action
        return (
            action is not None
            and action.status == "in_progress"
            and _action_intent(action) == intent_id
        )

    async def _intent(self, intent_id: str) -> stripe.PaymentIntent:
        return await self._call(
            self._client.v1.payment_intents.retrieve_async(intent_id, {"expand": ["latest_charge"]})
        )

    async def _reader(self, reader_id: str) -> stripe.terminal.Reader:
        reader = await self._call(self._client.v1.terminal.readers.retrieve_async(reader_id))
        if not isinstance(reader, stripe.terminal.Reader):
            raise ProviderUnavailable(f"the Stripe reader {reader_id} has been deleted")
        return reader

    @staticmethod
    async def _call(request: Awaitable[Answer]) -> Answer:
        """Awaits a Stripe request, its errors translated."""
        try:
            return await request
        except StripeError as err:
            raise _translated(err) from _cause(err)


def _external_id(reader: ReaderRef) -> str:
    if reader.external_id is None:
        # A simulator's reader handed to Stripe's provider: the caller's mistake.
        raise ValueError(f"reader {reader.reader_id} was not registered with Stripe")
    return reader.external_id


def _intent_params(
    charge: ChargeRequest, method: str = "card_present"
) -> PaymentIntentCreateParams:
    # A tip given with the checkout is charged with the amount (Stripe's mandatory tip);
    # metadata keeps it apart, as Stripe only itemises tips chosen on the reader.
    added_tip = charge.tip_cents if charge.tip_mode is TipMode.AMOUNT else 0
    params: PaymentIntentCreateParams = {
        "amount": charge.amount_cents + added_tip,
        "currency": charge.currency.lower(),
        # The pinned API version's name for Stripe's `payment_method_types` parameter: a
        # reader's card (`card_present`), or one typed online (`card`).
        "allowed_payment_method_types": [method],
        "capture_method": "automatic",
        "metadata": {REFERENCE_KEY: str(charge.reference), TIP_KEY: str(added_tip)},
    }
    if charge.hold:
        # A tab's card: authorised now, captured when the tab closes, and raised by an
        # incremental authorisation when the tab grows past it.
        params["capture_method"] = "manual"
        params["payment_method_options"] = {
            "card_present": {"request_incremental_authorization_support": True}
        }
    return params


def _process_config(charge: ChargeRequest) -> ReaderProcessPaymentIntentParamsProcessConfig:
    if charge.tip_mode is TipMode.ON_READER:
        return {"tipping": {"amount_eligible": charge.amount_cents}}
    # The location's reader configuration may ask for tips: this charge asks for none.
    return {"skip_tipping": True}


def _action_intent(action: stripe.terminal.Reader.Action) -> str | None:
    processed = action.process_payment_intent
    if processed is None:
        return None
    intent = processed.payment_intent
    return intent if isinstance(intent, str) else intent.id


def _taken(intent: stripe.PaymentIntent) -> ChargeOutcome:
    total = intent.amount_received if intent.status == "succeeded" else intent.amount_capturable
    tip = _tip(intent)
    card = _card(intent)
    return ChargeOutcome(
        ReaderActivity.SUCCEEDED,
        amount_cents=total - tip,
        tip_cents=tip,
        card_brand=card.brand if card else None,
        card_last_four=card.last4 if card else None,
        payment_ref=intent.id,
    )


def _tip(intent: stripe.PaymentIntent) -> int:
    details = intent.amount_details
    # Stripe answers ``"tip": {}`` (no ``amount`` at all) for a charge that asked for none.
    tip_amount = getattr(details.tip, "amount", None) if details is not None else None
    if isinstance(tip_amount, int):
        return tip_amount
    metadata = intent.metadata
    return int(metadata[TIP_KEY]) if metadata is not None and TIP_KEY in metadata else 0


Card = stripe.Charge.PaymentMethodDetails.CardPresent | stripe.Charge.PaymentMethodDetails.Card


def _card(intent: stripe.PaymentIntent) -> Card | None:
    """The card a charge took: presented on a reader, or typed online."""
    charge = intent.latest_charge
    if not isinstance(charge, stripe.Charge) or charge.payment_method_details is None:
        return None
    details = charge.payment_method_details
    # Stripe sends only the key of the charge's payment method's type.
    card: Card | None = getattr(details, "card_present", None) or getattr(details, "card", None)
    return card


def _declined_by_intent(intent: stripe.PaymentIntent) -> ChargeOutcome:
    error = intent.last_payment_error
    if error is None:
        return ChargeOutcome(
            ReaderActivity.DECLINED, reason="the reader is no longer showing this charge"
        )
    return ChargeOutcome(
        ReaderActivity.DECLINED, reason=_reason(error.decline_code or error.code, error.message)
    )


def _refund_outcome(refund: stripe.Refund) -> RefundOutcome:
    status = REFUND_STATUSES.get(refund.status or "pending", RefundStatus.PENDING)
    reason = refund.failure_reason if status is RefundStatus.FAILED else None
    return RefundOutcome(status, refund_ref=refund.id, reason=reason)


def _reason(code: str | None, message: str | None) -> str:
    return ": ".join(part for part in (code, message) if part) or "declined"


def _code(err: StripeError) -> str | None:
    # Stripe's client passes the code on for 400s and 402s only; the error object has it always.
    return err.code or (err.error.code if err.error is not None else None)


def _stripe_words(err: StripeError) -> str:
    return _reason(_code(err), err.user_message)


def _translated(err: StripeError) -> Exception:
    """The interface's exception for a Stripe error, in words that never hold the key."""
    if _code(err) == READER_BUSY_CODE:
        return ReaderBusy(_stripe_words(err))
    if isinstance(err, stripe.AuthenticationError | stripe.PermissionError):
        # Stripe's own words may quote part of the key.
        return ProviderUnavailable(f"Stripe refused the API key (HTTP {err.http_status})")
    if isinstance(err, stripe.APIConnectionError):
        return ProviderUnavailable("Stripe could not be reached")
    return ProviderUnavailable(f"Stripe answered HTTP {err.http_status}: {_stripe_words(err)}")


def _cause(err: StripeError) -> StripeError | None:
    """The Stripe error kept as the cause, except one about the key."""
    if isinstance(err, stripe.AuthenticationError | stripe.PermissionError):
        return None
    return err

"""The card readers' endpoints (docs/design.md §27): `/api/payment-readers`, an order's
`/card-checkouts`, `/api/card-checkouts` and `/api/card-refunds`."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import Query, Request, Response
from pydantic import Field

from brigade.card_payments import service
from brigade.card_payments.allowed import ReaderLister, ReaderPairer, TapSimulator
from brigade.card_payments.domain import (
    PAID,
    CardCheckout,
    CardNotHeld,
    CardRefund,
    CheckoutFinished,
    CheckoutRequest,
    CheckoutStatus,
    NoChargeShown,
    NotSimulated,
    ProviderDown,
    ProviderNotConfigured,
    ReaderBusy,
    ReaderElsewhere,
    ReaderMode,
    ReaderNotPaired,
    ReaderState,
    ReaderView,
    WebhookNotVerified,
)
from brigade.card_payments.provider import RefundStatus, TipMode
from brigade.card_payments.service import CardPoller, NewReader
from brigade.card_payments.stripe_terminal import StripeTerminal
from brigade.kit import money
from brigade.kit.errors import InvalidInput, NotFound, OtherLocation
from brigade.kit.events import register_payload_shape
from brigade.kit.http.deps import SettingsDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.located import OWN, located
from brigade.kit.http.paths import CardCheckoutId, DeviceId, OrderId, PaymentReaderId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import LocationQuery, StaffRef
from brigade.kit.http.types import (
    Money,
    MoneyIn,
    Name,
    RequestModel,
    ResponseModel,
    Text,
    Timestamp,
)
from brigade.orders.allowed import OrderTaker, PaymentsReader
from brigade.orders.domain.errors import OrderClosed, Overpayment

readers_router = brigade_router(prefix="/api/payment-readers", tags=["payment readers"])
order_checkouts_router = brigade_router(prefix="/api/orders", tags=["card checkouts"])
checkouts_router = brigade_router(prefix="/api/card-checkouts", tags=["card checkouts"])
refunds_router = brigade_router(prefix="/api/card-refunds", tags=["card refunds"])
# Providers' webhooks: anyone may send one; its signature says whether the provider did.
provider_webhooks_router = brigade_router(
    prefix="/api/card-providers", tags=["card checkouts"], public=True
)

ExternalId: Any = Text(200, min_length=1)


def _poller(request: Request) -> CardPoller:
    poller: CardPoller = request.app.state.card_poller
    return poller


# --- readers --------------------------------------------------------------------------------


class ReaderCreate(RequestModel):
    location_id: UUID | None = Field(
        default=None, description="Required unless the caller acts at one location (its own)."
    )
    provider: str = Field(
        max_length=40, description="A configured provider's name: `simulator`, `stripe_terminal`"
    )
    name: Name = Field(description="What the staff call it (“Bar reader”)")
    registration_code: ExternalId | None = Field(
        default=None, description="The code the reader shows, to pair it with its provider"
    )
    external_id: ExternalId | None = Field(
        default=None, description="The provider's id of a reader already paired there"
    )
    mode: ReaderMode = Field(
        default=ReaderMode.AUTOMATIC,
        description="MANUAL: a simulator reader that waits for a tap on its page",
    )


class ReaderOut(ResponseModel):
    id: UUID = Field(description="The reader's id")
    location_id: UUID = Field(description="The location it is at")
    provider: str = Field(description="Its payment provider's name")
    name: str = Field(description="What the staff call it")
    external_id: str | None = Field(description="The provider's id of it; null: the simulator's")
    mode: ReaderMode = Field(description="AUTOMATIC, or MANUAL (a simulator reader's page taps)")
    state: ReaderState = Field(description="IDLE, or BUSY with a checkout")
    checkout_id: UUID | None = Field(description="The checkout it shows while BUSY; else null")
    default_for_device_ids: list[UUID] = Field(
        description="The terminals whose default reader it is"
    )
    created_at: Timestamp


def _reader_out(view: ReaderView) -> ReaderOut:
    reader = view.reader
    return ReaderOut(
        id=reader.id,
        location_id=reader.location_id,
        provider=reader.provider,
        name=reader.name,
        external_id=reader.external_id,
        mode=reader.mode,
        state=view.state,
        checkout_id=view.checkout_id,
        default_for_device_ids=list(view.default_for_device_ids),
        created_at=reader.created_at,
    )


@readers_router.post(
    "",
    status_code=201,
    response_model=ReaderOut,
    responses=problem_responses(
        OtherLocation, InvalidInput, ProviderNotConfigured, ReaderNotPaired, ProviderDown
    ),
)
async def create_payment_reader(
    staff: ReaderPairer, body: ReaderCreate, uow: UowDep, request: Request, response: Response
) -> ReaderOut:
    """Pairs a reader at a location with a configured provider: by the code it shows, or by
    the provider's id of it; a simulator reader needs neither."""
    location_id = body.location_id or staff.location_id
    if location_id is None:
        raise InvalidInput("locationId", "is required")
    new = NewReader(
        location_id=location_id,
        provider=body.provider,
        name=body.name,
        registration_code=body.registration_code,
        external_id=body.external_id,
        mode=body.mode,
    )
    view = await service.create_reader(uow, staff, new, _poller(request).providers)
    response.headers["Location"] = f"/api/payment-readers/{view.reader.id}"
    return _reader_out(view)


@readers_router.get("", response_model=list[ReaderOut], responses=problem_responses(OtherLocation))
async def list_payment_readers(
    staff: ReaderLister, uow: UowDep, location_id: LocationQuery = None
) -> list[ReaderOut]:
    """The readers (of a location), by name, each with its state: a terminal picks one."""
    return [_reader_out(view) for view in await service.list_readers(uow, staff, location_id)]


@readers_router.get("/{readerId}", response_model=ReaderOut, responses=problem_responses(NotFound))
async def get_payment_reader(
    staff: ReaderLister, reader_id: PaymentReaderId, uow: UowDep
) -> ReaderOut:
    """The reader and its state: IDLE, or BUSY with the checkout it shows."""
    return _reader_out(await service.get_reader(uow, staff, reader_id))


@readers_router.delete(
    "/{readerId}", response_model=ReaderOut, responses=problem_responses(NotFound, ReaderBusy)
)
async def delete_payment_reader(
    staff: ReaderPairer, reader_id: PaymentReaderId, uow: UowDep
) -> ReaderOut:
    """Unpairs the reader; refused while it shows a checkout (409 `reader_busy`)."""
    return _reader_out(await service.delete_reader(uow, staff, reader_id))


@readers_router.put(
    "/{readerId}/default-for/{deviceId}",
    response_model=ReaderOut,
    responses=problem_responses(NotFound, ReaderElsewhere),
)
async def make_default_reader(
    staff: ReaderPairer, reader_id: PaymentReaderId, device_id: DeviceId, uow: UowDep
) -> ReaderOut:
    """The reader becomes the terminal's default (a terminal has one: any other stops being
    it). The terminal is at the reader's location (409 `reader_elsewhere`)."""
    view = await service.set_default_reader(uow, staff, reader_id, device_id, default=True)
    return _reader_out(view)


@readers_router.delete(
    "/{readerId}/default-for/{deviceId}",
    response_model=ReaderOut,
    responses=problem_responses(NotFound, ReaderElsewhere),
)
async def drop_default_reader(
    staff: ReaderPairer, reader_id: PaymentReaderId, device_id: DeviceId, uow: UowDep
) -> ReaderOut:
    """The reader stops being the terminal's default (the terminal then has none)."""
    view = await service.set_default_reader(uow, staff, reader_id, device_id, default=False)
    return _reader_out(view)


class TapIn(RequestModel):
    outcome: Literal["APPROVE", "DECLINE"] = Field(description="What the card does")
    tip: MoneyIn = Field(
        default=money.from_cents(0), description="The guest's tip, for an ON_READER checkout"
    )


@readers_router.post(
    "/{readerId}/simulate",
    response_model=ReaderOut,
    responses=problem_responses(NotFound, NotSimulated, NoChargeShown),
)
async def simulate_tap(
    staff: TapSimulator, reader_id: PaymentReaderId, body: TapIn, uow: UowDep, request: Request
) -> ReaderOut:
    """A card tapped on a MANUAL simulator reader (its page): the charge it shows is approved
    with the tip, or declined. Recorded at the poller's next round."""
    view = await service.simulate_tap(
        uow,
        staff,
        reader_id,
        _poller(request).providers,
        approve=body.outcome == "APPROVE",
        tip_cents=money.to_cents(body.tip),
    )
    return _reader_out(view)


# --- checkouts ------------------------------------------------------------------------------


class TipIn(RequestModel):
    mode: TipMode = Field(
        description="ON_READER: the guest chooses on the reader; NONE; AMOUNT: the one given"
    )
    amount: MoneyIn | None = Field(default=None, description="The tip of an AMOUNT checkout")


class CheckoutCreate(RequestModel):
    reader_id: UUID = Field(description="The reader to show the charge on")
    amount: MoneyIn = Field(description="What to charge without the tip: at most the balance due")
    tip: TipIn = Field(
        default_factory=lambda: TipIn(mode=TipMode.NONE), description="How the tip is given"
    )


class CardCheckoutEventOut(ResponseModel):
    """A checkout without its card: ``card_checkout.*`` events carry this (the kitchen reads
    the stream; the card is on the order's payment, for those who may see it)."""

    id: UUID = Field(description="The checkout's id; its card payment's id too")
    order_id: UUID = Field(description="The order it charges")
    location_id: UUID
    reader_id: UUID | None = Field(
        description="The reader it is shown on; null for a guest's card typed on their phone "
        "at the table (docs/design.md §28)"
    )
    provider: str = Field(description="The reader's provider")
    status: CheckoutStatus = Field(
        description="PENDING, WAITING_FOR_CARD, then SUCCEEDED, DECLINED, CANCELED, TIMED_OUT "
        "or REFUNDED (taken, but the order could not take it: given back whole). A hold: "
        "HELD once the card is authorised, CAPTURING while its capture is asked for (then "
        "CAPTURED, or HELD again with the reason), RELEASING, RELEASED"
    )
    hold: bool = Field(description="A tab's card, authorised and kept until the tab closes")
    held_amount: Money | None = Field(
        description="A hold's: what the card is authorised for (raised by a new "
        "authorisation when a capture needs more); null until HELD"
    )
    amount: Money = Field(
        description="The charge without the tip; a hold's limit until CAPTURED, then what "
        "its capture took"
    )
    tip_mode: TipMode = Field(description="How the tip is given")
    tip: Money = Field(description="The tip asked (AMOUNT), or the one the card paid")
    reason: str | None = Field(description="Why it was declined or ended without a payment")
    cancel_requested: bool = Field(description="A cancel was asked for; the reader is cleared")
    created_at: Timestamp
    updated_at: Timestamp
    expires_at: Timestamp = Field(description="When it times out unanswered")
    finished_at: Timestamp | None = Field(description="When it ended; null while open")


class CardCheckoutOut(CardCheckoutEventOut):
    card_brand: str | None = Field(description="The card's brand once taken")
    card_last_four: str | None = Field(description="The card's last four digits once taken")
    payment_id: UUID | None = Field(
        description="The order's card payment once SUCCEEDED or CAPTURED"
    )
    started_by: StaffRef = Field(description="Who started it")


def _event_fields(checkout: CardCheckout) -> dict[str, object]:
    return {
        "id": checkout.id,
        "order_id": checkout.order_id,
        "location_id": checkout.location_id,
        "reader_id": checkout.reader_id,
        "provider": checkout.provider,
        "status": checkout.status,
        "amount": money.from_cents(checkout.amount_cents),
        "hold": checkout.hold,
        "held_amount": None
        if checkout.held_cents is None
        else money.from_cents(checkout.held_cents),
        "tip_mode": checkout.tip_mode,
        "tip": money.from_cents(checkout.tip_cents),
        "reason": checkout.reason,
        "cancel_requested": checkout.cancel_requested,
        "created_at": checkout.created_at,
        "updated_at": checkout.updated_at,
        "expires_at": checkout.expires_at,
        "finished_at": checkout.finished_at,
    }


def _checkout_out(checkout: CardCheckout) -> CardCheckoutOut:
    succeeded = checkout.status in PAID
    return CardCheckoutOut.model_validate(
        _event_fields(checkout)
        | {
            "card_brand": checkout.card_brand,
            "card_last_four": checkout.card_last_four,
            "payment_id": checkout.id if succeeded else None,
            "started_by": StaffRef(staff_id=checkout.started_by_id, name=checkout.started_by_name),
        }
    )


@order_checkouts_router.post(
    "/{orderId}/card-checkouts",
    status_code=202,
    response_model=CardCheckoutOut,
    responses=problem_responses(NotFound, InvalidInput, Overpayment, ReaderBusy, ReaderElsewhere),
)
async def start_card_checkout(
    staff: OrderTaker,
    order_id: OrderId,
    body: CheckoutCreate,
    uow: UowDep,
    settings: SettingsDep,
    request: Request,
    response: Response,
) -> CardCheckoutOut:
    """Starts a card charge of `amount` (at most the balance due: 409 `overpayment`) on a
    reader of the order's location showing nothing else (409 `reader_busy`). Answers it
    PENDING: follow it with `GET /api/card-checkouts/{checkoutId}` or the `card_checkout.*`
    events. Its success is the order's card payment, once."""
    tip = body.tip
    asked = CheckoutRequest(
        reader_id=body.reader_id,
        amount_cents=money.to_cents(body.amount),
        tip_mode=tip.mode,
        tip_cents=money.to_cents(tip.amount) if tip.amount is not None else 0,
    )
    return await _started(uow, staff, order_id, asked, settings, request, response)


async def _started(
    uow: UowDep,
    staff: OrderTaker,
    order_id: UUID,
    asked: CheckoutRequest,
    settings: SettingsDep,
    request: Request,
    response: Response,
) -> CardCheckoutOut:
    """The checkout (or hold) recorded, sent to its reader once the request commits."""
    checkout = await service.start_checkout(
        uow,
        staff,
        order_id,
        asked,
        unanswered_after=timedelta(seconds=settings.card_checkout_timeout_seconds),
    )
    _poller(request).nudge_after(uow, checkout.id)
    response.headers["Location"] = f"/api/card-checkouts/{checkout.id}"
    return _checkout_out(checkout)


class HoldCreate(RequestModel):
    reader_id: UUID = Field(description="The reader the guest taps their card on")
    amount: MoneyIn = Field(description="What the card is authorised for: the tab's limit")


@order_checkouts_router.post(
    "/{orderId}/card-holds",
    status_code=202,
    response_model=CardCheckoutOut,
    responses=problem_responses(NotFound, InvalidInput, OrderClosed, ReaderBusy, ReaderElsewhere),
)
async def hold_card(
    staff: OrderTaker,
    order_id: OrderId,
    body: HoldCreate,
    uow: UowDep,
    settings: SettingsDep,
    request: Request,
    response: Response,
) -> CardCheckoutOut:
    """Opens a tab on a card: the guest taps it on the reader, and it is authorised for
    `amount` and kept (a checkout with `hold`, HELD once authorised; nothing is paid yet).
    The tab closes with `POST /api/card-checkouts/{checkoutId}/capture`; completing the order
    another way releases the card, as `cancel` does."""
    asked = CheckoutRequest(
        reader_id=body.reader_id,
        amount_cents=money.to_cents(body.amount),
        tip_mode=TipMode.NONE,
        tip_cents=0,
        hold=True,
    )
    return await _started(uow, staff, order_id, asked, settings, request, response)


@order_checkouts_router.get(
    "/{orderId}/card-checkouts",
    response_model=list[CardCheckoutOut],
    responses=problem_responses(NotFound),
)
async def list_card_checkouts(
    staff: OrderTaker, order_id: OrderId, uow: UowDep
) -> list[CardCheckoutOut]:
    """The order's card checkouts, oldest first."""
    return [_checkout_out(c) for c in await service.checkouts_of(uow, staff, order_id)]


@checkouts_router.get(
    "/{checkoutId}", response_model=CardCheckoutOut, responses=problem_responses(NotFound)
)
async def get_card_checkout(
    staff: OrderTaker, checkout_id: CardCheckoutId, uow: UowDep
) -> CardCheckoutOut:
    """The checkout as it stands."""
    return _checkout_out(await service.get_checkout(uow, staff, checkout_id))


@checkouts_router.post(
    "/{checkoutId}/cancel",
    status_code=202,
    response_model=CardCheckoutOut,
    responses=problem_responses(NotFound, CheckoutFinished),
)
async def cancel_card_checkout(
    staff: OrderTaker, checkout_id: CardCheckoutId, uow: UowDep, request: Request
) -> CardCheckoutOut:
    """Not yet on the reader: CANCELED at once. On the reader: `cancelRequested`, and the
    reader is cleared at once after (a card taken meanwhile stays the order's payment). A
    tab's HELD card: released (RELEASING, then RELEASED). Ended: 409 `checkout_finished`."""
    checkout = await service.cancel_checkout(uow, staff, checkout_id)
    if checkout.is_open or checkout.status is CheckoutStatus.RELEASING:
        _poller(request).nudge_after(uow, checkout.id)
    return _checkout_out(checkout)


class CaptureIn(RequestModel):
    amount: MoneyIn | None = Field(
        default=None,
        description="What the tab comes to without the tip: the balance due when not given, "
        "at most it",
    )
    tip: MoneyIn = Field(
        default=Decimal("0.00"), description="The guest's tip, as written on their slip"
    )


@checkouts_router.post(
    "/{checkoutId}/capture",
    status_code=202,
    response_model=CardCheckoutOut,
    responses=problem_responses(NotFound, InvalidInput, Overpayment, CardNotHeld),
)
async def capture_card_hold(
    staff: OrderTaker,
    checkout_id: CardCheckoutId,
    body: CaptureIn,
    uow: UowDep,
    request: Request,
) -> CardCheckoutOut:
    """Closes a tab on its HELD card (else 409 `card_not_held`): the amount (at most the
    balance due: 409 `overpayment`) and the tip are taken from the card, after a new
    authorisation when they come to more than is held. Answers it CAPTURING; CAPTURED is the
    order's card payment, once; a refusal leaves it HELD with the `reason`."""
    checkout = await service.capture_hold(
        uow,
        staff,
        checkout_id,
        None if body.amount is None else money.to_cents(body.amount),
        money.to_cents(body.tip),
    )
    _poller(request).nudge_after(uow, checkout.id)
    return _checkout_out(checkout)


# --- refunds to cards -----------------------------------------------------------------------


class CardRefundOut(ResponseModel):
    id: UUID = Field(description="The card refund's id: the order's refund's, when it made it")
    checkout_id: UUID = Field(description="The checkout whose card it goes back to")
    order_id: UUID = Field(description="The order")
    location_id: UUID
    order_refund_id: UUID | None = Field(
        description="The order's refund that gave it back; null: a charge the order could not "
        "take, given back whole"
    )
    amount: Money = Field(description="Going back to the card, tip included")
    status: RefundStatus = Field(
        description="PENDING until the provider answers; SUCCEEDED, FAILED"
    )
    reason: str | None = Field(description="Why it was made or why it failed")
    created_at: Timestamp
    updated_at: Timestamp


def _refund_out(refund: CardRefund) -> CardRefundOut:
    return CardRefundOut(
        id=refund.id,
        checkout_id=refund.checkout_id,
        order_id=refund.order_id,
        location_id=refund.location_id,
        order_refund_id=refund.order_refund_id,
        amount=money.from_cents(refund.amount_cents),
        status=refund.status,
        reason=refund.reason,
        created_at=refund.created_at,
        updated_at=refund.updated_at,
    )


@refunds_router.get("", response_model=list[CardRefundOut], responses=problem_responses(NotFound))
@located(OWN)
async def list_card_refunds(
    staff: PaymentsReader,
    uow: UowDep,
    order_id: Annotated[UUID, Query(alias="orderId", description="The order's card refunds.")],
) -> list[CardRefundOut]:
    """The order's refunds to cards, oldest first (the order's location is the caller's)."""
    return [_refund_out(refund) for refund in await service.refunds_of(uow, staff, order_id)]


# --- providers' webhooks --------------------------------------------------------------------


class WebhookReceived(ResponseModel):
    received: bool = Field(description="Always true: the webhook was verified and heard")


@provider_webhooks_router.post(
    "/stripe-terminal/webhook",
    response_model=WebhookReceived,
    responses=problem_responses(ProviderNotConfigured, WebhookNotVerified),
)
async def stripe_terminal_webhook(request: Request) -> WebhookReceived:
    """Stripe Terminal's webhook (`terminal.reader.action_*`, `payment_intent.*`): the body is
    Stripe's event, verified by its `Stripe-Signature` header with
    BRIGADE_STRIPE_WEBHOOK_SECRET. The checkout of the charge it names is asked about at once;
    what Stripe answers is recorded, once; the webhook itself changes nothing. (A server's
    call, never a browser's: its header is not one the API offers to browsers.)"""
    payload = await request.body()
    signature = request.headers.get("stripe-signature", "")
    await service.provider_webhook(_poller(request), StripeTerminal.name, payload, signature)
    return WebhookReceived(received=True)


def install_event_payloads() -> None:
    register_payload_shape(
        CardCheckout,
        lambda checkout: CardCheckoutEventOut.model_validate(
            _event_fields(checkout)
        ).model_dump_json(),
    )
    register_payload_shape(CardRefund, lambda refund: _refund_out(refund).model_dump_json())

"""The guests' endpoints (docs/design.md §28): `/api/guest`, reached from a phone with no
credential. A table's code opens a visit; the visit's id is the phone's only key, to its own
check."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Annotated, Any
from uuid import UUID

from fastapi import Path, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import Field

from brigade.card_payments.domain import (
    CardCheckout,
    CheckoutFinished,
    CheckoutStatus,
    NoChargeShown,
    NotSimulated,
    OnlineShareTaken,
    ProviderNotConfigured,
)
from brigade.card_payments.service import CardPoller
from brigade.dining.domain.rooms import GuestOrdering
from brigade.guests import service
from brigade.guests.domain import (
    CalledRecently,
    CallKind,
    GuestCall,
    GuestRound,
    GuestsNotServed,
    NoCheckYet,
    PaymentsNotTaken,
    RoundDecided,
    RoundLimits,
    RoundLine,
    RoundOverLimit,
    RoundSent,
    RoundsNotTaken,
    RoundStatus,
    TooManyRounds,
    VisitEnded,
)
from brigade.guests.menu import GuestItemIn, GuestMenuOut, guest_menu_out
from brigade.guests.service import PaymentAsked, VisitView
from brigade.kit import money
from brigade.kit.errors import InvalidInput, NotFound, OtherLocation
from brigade.kit.events import register_payload_shape
from brigade.kit.http.deps import SettingsDep, UowDep
from brigade.kit.http.errors import problem_for, problem_responses
from brigade.kit.http.paths import GuestRoundId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import AtLocationQuery, order_number
from brigade.kit.http.types import (
    Money,
    MoneyIn,
    Number,
    PositiveMoneyIn,
    RequestModel,
    ResponseModel,
    Text,
    Timestamp,
)
from brigade.kit.languages import Language
from brigade.orders.allowed import OrderTaker
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.errors import Overpayment
from brigade.orders.domain.states import ItemStatus, OrderStatus
from brigade.settings import Settings

# Anyone at the table may call them: the table's code and the visit's id are the keys.
router = brigade_router(prefix="/api/guest", tags=["guests"], public=True)

GuestCode = Annotated[
    str,
    Path(
        alias="guestCode",
        description="The code in the table's QR code (`/t/{guestCode}`)",
        min_length=16,
        max_length=32,
        pattern=r"^[A-Za-z0-9_-]+$",
    ),
]
VisitId = Annotated[
    UUID, Path(alias="visitId", description="The visit's `id`, answered when it started")
]


class GuestLine(ResponseModel):
    """A line of the check as the guests see it: no ids, nothing they could change."""

    name: str = Field(description="What was ordered")
    quantity: Number = Field(description="How many")
    total: Money = Field(description="Its price, modifiers included, in the check's currency")
    status: ItemStatus = Field(
        description="PENDING (not sent to the kitchen yet), SENT, PREPARING, READY or SERVED"
    )


class GuestCheck(ResponseModel):
    order_number: str = Field(description="The check's number (#1042), as the staff call it")
    status: OrderStatus = Field(description="DRAFT or OPEN while the visit lasts")
    lines: list[GuestLine] = Field(description="What is on it, voided lines left out")
    subtotal: Money = Field(description="The lines' total before discount and tax")
    total: Money = Field(description="What the check comes to, tax included, tips apart")
    paid: Money = Field(description="What was paid on it so far")
    balance_due: Money = Field(description="What it still owes")


class GuestLocation(ResponseModel):
    name: str | None = Field(description="The restaurant's name")
    currency: str = Field(description="Its prices' currency (ISO 4217)")
    language: Language = Field(description="Its language, the guests' page's first")


class GuestRoundLine(ResponseModel):
    name: str = Field(description="What was ordered")
    quantity: int = Field(description="How many")
    total: Money = Field(description="Its price, modifiers included")
    notes: str | None = Field(description="The guests' notes for the kitchen; null: none")


class GuestRoundView(ResponseModel):
    """A round the visit ordered, as its phone sees it."""

    status: RoundStatus = Field(
        description="WAITING (for a server to confirm it), SENT (to the kitchen), DECLINED "
        "(by a server: `reason` says why) or REFUSED (over a limit: `reason` says which)"
    )
    lines: list[GuestRoundLine] = Field(description="What it asked for; none when REFUSED")
    total: Money = Field(description="What it came to")
    placed_at: Timestamp = Field(description="When it was ordered, in UTC")
    reason: str | None = Field(description="Why it was declined or refused; null otherwise")


def _round_lines(lines: tuple[RoundLine, ...]) -> list[GuestRoundLine]:
    return [
        GuestRoundLine(
            name=line.name,
            quantity=line.quantity,
            total=money.from_cents(line.total_cents),
            notes=line.notes,
        )
        for line in lines
    ]


def _round_view(guest_round: GuestRound) -> GuestRoundView:
    return GuestRoundView(
        status=guest_round.status,
        lines=_round_lines(guest_round.lines),
        total=money.from_cents(guest_round.total_cents),
        placed_at=guest_round.placed_at,
        reason=guest_round.reason,
    )


class GuestPaymentOut(ResponseModel):
    """A card payment from the guests' phone, as the phone sees it: no order's, staff's or
    reader's id."""

    id: UUID = Field(description="The payment")
    status: CheckoutStatus = Field(
        description="PENDING (being made at the provider), WAITING_FOR_CARD (confirm it with "
        "`clientSecret`, or the simulator's test card), then SUCCEEDED, DECLINED, CANCELED, "
        "TIMED_OUT, or REFUNDED (taken, but the check could no longer take it: given back "
        "whole, `reason` says why)"
    )
    provider: str = Field(description="Who takes the card: `simulator` or `stripe_terminal`")
    amount: Money = Field(description="What it pays of the check, the tip apart")
    tip: Money = Field(description="The guest's tip")
    card_brand: str | None = Field(description="The card's brand once taken")
    card_last_four: str | None = Field(description="The card's last four digits once taken")
    reason: str | None = Field(description="Why it was declined or ended unpaid, in words")
    client_secret: str | None = Field(
        description="While WAITING_FOR_CARD: the provider's key for the phone to confirm the "
        "charge with (Stripe.js's `confirmPayment`); null otherwise"
    )
    created_at: Timestamp = Field(description="When the phone asked to pay, in UTC")


def _payment_out(payment: CardCheckout) -> GuestPaymentOut:
    waiting = payment.status is CheckoutStatus.WAITING_FOR_CARD
    return GuestPaymentOut(
        id=payment.id,
        status=payment.status,
        provider=payment.provider,
        amount=money.from_cents(payment.amount_cents),
        tip=money.from_cents(payment.tip_cents),
        card_brand=payment.card_brand,
        card_last_four=payment.card_last_four,
        reason=payment.reason,
        client_secret=payment.client_secret if waiting else None,
        created_at=payment.created_at,
    )


class VisitOut(ResponseModel):
    id: UUID = Field(description="The visit: keep it to come back to its check, nothing else")
    table_name: str = Field(description="The table, as the staff call it")
    location: GuestLocation = Field(description="The restaurant the table is in")
    guest_ordering: GuestOrdering = Field(
        description="What the guests may do here: MENU (browse), ORDER, ORDER_AND_PAY"
    )
    check: GuestCheck | None = Field(
        description="The table's check the visit is bound to; null until the staff open one "
        "(the next check opened at the table)"
    )
    started_at: Timestamp = Field(description="When the phone scanned the table's code, in UTC")
    rounds: list[GuestRoundView] = Field(description="The rounds this visit ordered, oldest first")
    payments: list[GuestPaymentOut] = Field(
        description="The card payments this visit's phone started, oldest first"
    )


def _check(order: Order) -> GuestCheck:
    totals = order.totals()
    return GuestCheck(
        order_number=order_number(order.header.order_number),
        status=order.header.status,
        lines=[
            GuestLine(
                name=item.name,
                quantity=item.quantity,
                total=money.from_cents(item.total_cents),
                status=item.status,
            )
            for item in order.items
            if item.status is not ItemStatus.VOIDED
        ],
        subtotal=money.from_cents(totals.subtotal_cents),
        total=money.from_cents(totals.total_cents),
        paid=money.from_cents(totals.paid_cents),
        balance_due=money.from_cents(totals.balance_due_cents),
    )


def _out(view: VisitView) -> VisitOut:
    location = view.location
    return VisitOut(
        id=view.visit.id,
        table_name=view.table_name,
        location=GuestLocation(
            name=location.name, currency=location.currency, language=location.language
        ),
        guest_ordering=location.guest_ordering,
        check=None if view.check is None else _check(view.check),
        started_at=view.visit.started_at,
        rounds=[_round_view(guest_round) for guest_round in view.rounds],
        payments=[_payment_out(payment) for payment in view.payments],
    )


@router.post(
    "/tables/{guestCode}/visits",
    status_code=201,
    response_model=VisitOut,
    responses=problem_responses(NotFound, GuestsNotServed),
)
async def start_visit(guest_code: GuestCode, uow: UowDep, response: Response) -> VisitOut:
    """A phone scanned the table's QR code: a visit, bound to the table's check (or to the
    next one opened there). No credential: the code is the key. A code no table has (replaced
    from the back office, or never made): 404; a restaurant that takes nothing from phones:
    409 `guest_ordering_off`."""
    view = await service.start_visit(uow, guest_code)
    response.headers["Location"] = f"/api/guest/visits/{view.visit.id}"
    response.headers["Cache-Control"] = "no-store"
    return _out(view)


@router.get(
    "/visits/{visitId}",
    response_model=VisitOut,
    responses=problem_responses(NotFound, VisitEnded),
)
async def get_visit(visit_id: VisitId, uow: UowDep, response: Response) -> VisitOut:
    """The visit and its check as the guests see it. Once that check has closed (or the table
    had none for 30 minutes), 410 `visit_ended`: scan the table's code again."""
    response.headers["Cache-Control"] = "no-store"
    return _out(await service.get_visit(uow, visit_id))


class CallIn(RequestModel):
    kind: CallKind = Field(description='SERVER: "call the server"; BILL: "ask for the bill"')


class GuestCallOut(ResponseModel):
    """A call from a table's guests: what `guest.called` tells the terminals."""

    id: UUID = Field(description="The call")
    location_id: UUID
    table_id: UUID = Field(description="The table the guests called from")
    table_name: str = Field(description="The table, as the staff call it")
    order_id: UUID | None = Field(
        description="The table's check the visit is bound to; null: none yet"
    )
    kind: CallKind = Field(description="SERVER or BILL")
    at: Timestamp = Field(description="When they called, in UTC")


class CallAnswer(ResponseModel):
    """What the guests' phone says back: the staff were told."""

    kind: CallKind = Field(description="What was asked for")
    at: Timestamp = Field(description="When the staff were told, in UTC")


def _call_out(call: GuestCall) -> GuestCallOut:
    return GuestCallOut(
        id=call.id,
        location_id=call.location_id,
        table_id=call.table_id,
        table_name=call.table_name,
        order_id=call.order_id,
        kind=call.kind,
        at=call.at,
    )


@router.post(
    "/visits/{visitId}/calls",
    status_code=201,
    response_model=CallAnswer,
    responses=problem_responses(NotFound, VisitEnded, CalledRecently),
)
async def call_staff(visit_id: VisitId, body: CallIn, uow: UowDep) -> CallAnswer:
    """The guests call the server or ask for the bill: every terminal of the location hears
    `guest.called` with the table. The same call again within two minutes: 429
    `called_recently`, saying when to try again; an ended visit: 410 `visit_ended`."""
    call = await service.call_staff(uow, visit_id, body.kind)
    return CallAnswer(kind=call.kind, at=call.at)


# --- the guests' menu -----------------------------------------------------------------------


@router.get(
    "/visits/{visitId}/menu",
    response_model=GuestMenuOut,
    responses=problem_responses(NotFound, VisitEnded),
)
async def get_guest_menu(
    visit_id: VisitId,
    uow: UowDep,
    language: Annotated[
        Language | None,
        Query(
            alias="lang",
            description="The guest's language: names and descriptions in it where the menu "
            "has them (else the base ones); absent: the restaurant's language",
        ),
    ] = None,
) -> GuestMenuOut:
    """The restaurant's menu on the guests' phone: the products a manager shows to guests
    (`guestVisible`), by category, with description, photo, allergens, sizes and choices with
    their rules, priced as the restaurant shows prices. An ended visit: 410 `visit_ended`."""
    location, menu = await service.visit_menu(uow, visit_id)
    return guest_menu_out(location, menu, language)


# --- rounds ---------------------------------------------------------------------------------


DeclineReason: Any = Text(200, min_length=1)


class GuestRoundIn(RequestModel):
    items: list[GuestItemIn] = Field(
        min_length=1, max_length=50, description="What the guests order in this round"
    )


def _limits(settings: Settings) -> RoundLimits:
    return RoundLimits(
        rounds_per_window=settings.guest_rounds_per_10_minutes,
        items_per_round=settings.guest_items_per_round,
        visit_cap_cents=money.to_cents(settings.guest_visit_cap),
    )


@router.post(
    "/visits/{visitId}/orders",
    status_code=201,
    response_model=GuestRoundView,
    responses=problem_responses(
        NotFound,
        InvalidInput,
        OtherLocation,
        VisitEnded,
        RoundsNotTaken,
        TooManyRounds,
        RoundOverLimit,
    ),
)
async def place_guest_round(
    visit_id: VisitId, body: GuestRoundIn, uow: UowDep, settings: SettingsDep
) -> GuestRoundView | JSONResponse:
    """A round from the guests' phone onto their table's check (a new check at the table if
    it has none). Where the restaurant asks for it (`guestOrdersNeedConfirm`), a server confirms
    it on the terminal before it is sent (WAITING); else it goes to the kitchen at once (SENT).
    A visit orders at most a few rounds in ten minutes (429 `too_many_rounds`), a few dozen
    items a round, and up to an amount in all (422 `round_over_limit`): refused in words, and
    the staff are told (`guest.round_refused`). A restaurant that only shows its menu: 409
    `guest_orders_not_taken`; a product of another restaurant: 403 `other_location`."""
    placed = await service.place_round(
        uow, visit_id, [item.command() for item in body.items], _limits(settings)
    )
    if placed.refused is not None:
        # The refusal is written (the staff told of it); the phone is refused all the same.
        return problem_for(placed.refused)
    return _round_view(placed.round)


# The staff's side: rounds waiting for a server, confirmed or declined on the terminal.
rounds_router = brigade_router(prefix="/api/guest-rounds", tags=["guests"])


class GuestRoundLineOut(GuestRoundLine):
    item_id: UUID | None = Field(description="The check's item it became")


class GuestRoundOut(ResponseModel):
    """A round guests ordered from their phones: what `guest.round_*` tell the terminals."""

    id: UUID = Field(description="The round")
    location_id: UUID
    table_id: UUID = Field(description="The table it came from")
    table_name: str = Field(description="The table, as the staff call it")
    order_id: UUID | None = Field(description="The check it is on; null: a refused round")
    status: RoundStatus = Field(description="WAITING, SENT, DECLINED or REFUSED")
    lines: list[GuestRoundLineOut] = Field(description="What it asked for; none when REFUSED")
    total: Money = Field(
        description="Its lines' total, in the check's currency, as the check's lines are "
        "priced (tax apart where prices are shown without it)"
    )
    placed_at: Timestamp = Field(description="When the guests ordered it, in UTC")
    decided_at: Timestamp | None = Field(description="When a server confirmed or declined it")
    decided_by: str | None = Field(description="Who confirmed or declined it")
    reason: str | None = Field(description="Why it was declined or refused")


def _round_out(guest_round: GuestRound) -> GuestRoundOut:
    return GuestRoundOut(
        id=guest_round.id,
        location_id=guest_round.location_id,
        table_id=guest_round.table_id,
        table_name=guest_round.table_name,
        order_id=guest_round.order_id,
        status=guest_round.status,
        lines=[
            GuestRoundLineOut(item_id=line.item_id, **shown.model_dump())
            for line, shown in zip(guest_round.lines, _round_lines(guest_round.lines), strict=True)
        ],
        total=money.from_cents(guest_round.total_cents),
        placed_at=guest_round.placed_at,
        decided_at=guest_round.decided_at,
        decided_by=guest_round.decided_by,
        reason=guest_round.reason,
    )


@rounds_router.get("", response_model=list[GuestRoundOut], responses=problem_responses())
async def list_waiting_guest_rounds(
    staff: OrderTaker, location_id: AtLocationQuery, uow: UowDep
) -> list[GuestRoundOut]:
    """The location's guests' rounds waiting for a server to confirm them, oldest first."""
    return [_round_out(r) for r in await service.waiting_rounds(uow, location_id)]


@rounds_router.post(
    "/{roundId}/confirm",
    response_model=GuestRoundOut,
    responses=problem_responses(NotFound, RoundDecided),
)
async def confirm_guest_round(
    staff: OrderTaker, round_id: GuestRoundId, uow: UowDep
) -> GuestRoundOut:
    """Send a guests' round to the kitchen: its items still unsent go on one ticket (SENT).
    Confirmed or declined already: 409 `round_decided`."""
    return _round_out(await service.confirm_round(uow, staff, round_id))


class DeclineIn(RequestModel):
    reason: DeclineReason = Field(
        description='Why, in words the guests read on their phone ("the kitchen is closed")'
    )


@rounds_router.post(
    "/{roundId}/decline",
    response_model=GuestRoundOut,
    responses=problem_responses(NotFound, RoundDecided, RoundSent),
)
async def decline_guest_round(
    staff: OrderTaker, round_id: GuestRoundId, body: DeclineIn, uow: UowDep
) -> GuestRoundOut:
    """Decline a guests' round: its items come off the check, voided with `reason`, which the
    guests' phone shows (DECLINED). Sent with the check already: 409 `round_sent`; decided
    already: 409 `round_decided`."""
    return _round_out(await service.decline_round(uow, staff, round_id, body.reason))


def install_event_payloads() -> None:
    register_payload_shape(GuestCall, lambda call: _call_out(call).model_dump_json())
    register_payload_shape(GuestRound, lambda r: _round_out(r).model_dump_json())


# --- paying at the table --------------------------------------------------------------------

GuestPaymentId = Annotated[
    UUID, Path(alias="paymentId", description="The payment's `id`, answered when it started")
]


class GuestPaymentIn(RequestModel):
    amount: PositiveMoneyIn = Field(
        description="What to pay of the check, the tip apart: at most its balance due (less "
        "what other phones are paying now)"
    )
    tip: MoneyIn = Field(default=Decimal(0), ge=0, description="The guest's tip")


def _poller(request: Request) -> CardPoller:
    poller: CardPoller = request.app.state.card_poller
    return poller


@router.post(
    "/visits/{visitId}/payments",
    status_code=202,
    response_model=GuestPaymentOut,
    responses=problem_responses(
        NotFound,
        InvalidInput,
        VisitEnded,
        PaymentsNotTaken,
        NoCheckYet,
        Overpayment,
        OnlineShareTaken,
        ProviderNotConfigured,
    ),
)
async def start_guest_payment(
    visit_id: VisitId,
    body: GuestPaymentIn,
    uow: UowDep,
    settings: SettingsDep,
    request: Request,
) -> GuestPaymentOut:
    """The phone pays part or all of its check by card, with a tip: 202 PENDING while the
    charge is made at the provider, then WAITING_FOR_CARD (read it again) for the phone to
    confirm. Guests split a check by paying each their share. Where guests do not pay: 409
    `guest_payments_not_taken`; nothing ordered yet: 409 `no_check`; more than the balance
    due: 409 `overpayment`; more than is left while another phone pays: 409
    `being_paid_elsewhere`."""
    asked = PaymentAsked(
        amount_cents=money.to_cents(body.amount),
        tip_cents=money.to_cents(body.tip),
        provider=settings.guest_payments_provider,
        unanswered_after=timedelta(seconds=settings.guest_payment_timeout_seconds),
    )
    return _payment_out(await service.pay(uow, visit_id, asked, _poller(request)))


@router.get(
    "/visits/{visitId}/payments/{paymentId}",
    response_model=GuestPaymentOut,
    responses=problem_responses(NotFound, VisitEnded),
)
async def get_guest_payment(
    visit_id: VisitId, payment_id: GuestPaymentId, uow: UowDep, response: Response
) -> GuestPaymentOut:
    """One of the visit's payments (another visit's: 404)."""
    response.headers["Cache-Control"] = "no-store"
    return _payment_out(await service.visit_payment(uow, visit_id, payment_id))


@router.post(
    "/visits/{visitId}/payments/{paymentId}/cancel",
    response_model=GuestPaymentOut,
    responses=problem_responses(NotFound, VisitEnded, CheckoutFinished),
)
async def cancel_guest_payment(
    visit_id: VisitId, payment_id: GuestPaymentId, uow: UowDep, request: Request
) -> GuestPaymentOut:
    """The phone gives up a payment not yet made: CANCELED, or its charge cancelled at the
    provider next (a card taken meanwhile stays a payment). Ended already: 409
    `checkout_finished`."""
    payment = await service.cancel_payment(uow, visit_id, payment_id)
    _poller(request).nudge_after(uow, payment.id)
    return _payment_out(payment)


class TestCardIn(RequestModel):
    card_number: str = Field(
        min_length=12,
        max_length=23,
        pattern=r"^[0-9 ]+$",
        description="The simulator's test card: 4242 4242 4242 4242 is approved, "
        "4000 0000 0000 0002 declined",
    )


@router.post(
    "/visits/{visitId}/payments/{paymentId}/simulate",
    response_model=GuestPaymentOut,
    responses=problem_responses(NotFound, InvalidInput, VisitEnded, NotSimulated, NoChargeShown),
)
async def pay_with_test_card(
    visit_id: VisitId, payment_id: GuestPaymentId, body: TestCardIn, request: Request
) -> GuestPaymentOut:
    """The simulator's card form on the phone (the demo's and the tests': nothing is
    charged): the payment is made with the test card and answered as recorded: SUCCEEDED,
    DECLINED, or REFUNDED when the check could no longer take it. A payment through another
    provider: 409 `not_simulated`; one not waiting for a card: 409 `no_charge_shown`."""
    payment = await service.pay_with_test_card(
        request.app.state.database, _poller(request), visit_id, payment_id, body.card_number
    )
    return _payment_out(payment)

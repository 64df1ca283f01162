"""Card reader use cases, and the poller every worker runs (docs/design.md §27).

A request only ever records: a checkout PENDING, a cancel asked for, a refund PENDING. The
provider is asked between transactions, by the poller (``CardPoller``): it claims the open
checkouts and the pending refunds (a lease in the database, so two workers never ask about
the same one at once), calls the provider with no transaction open, and records its answer in
a transaction of its own. ``report_now`` is the same for one checkout, for a provider's
webhook and the tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal
from uuid import UUID

from brigade.access.service import terminals
from brigade.card_payments import provider as providing
from brigade.card_payments.domain import (
    PAID,
    SIMULATOR,
    CardCheckout,
    CardRefund,
    CheckoutFinished,
    CheckoutRequest,
    CheckoutStatus,
    CheckoutStep,
    NoChargeShown,
    NotSimulated,
    PaymentReader,
    ProviderDown,
    ProviderNotConfigured,
    ReaderElsewhere,
    ReaderMode,
    ReaderNotPaired,
    ReaderView,
    WebhookNotVerified,
    check_new_reader,
    check_online_share,
    ensure_default_at,
    ensure_idle,
    ensure_simulated,
    new_checkout,
    new_online_checkout,
    new_refund,
    step_of,
    taken_cents,
)
from brigade.card_payments.provider import (
    ChargeOutcome,
    ChargeRequest,
    PaymentProvider,
    ProviderUnavailable,
    ReaderActivity,
    ReaderRef,
    RefundOutcome,
    RefundStatus,
    RegistrationRefused,
    Started,
    TakesWebhooks,
    WebhookRejected,
)
from brigade.card_payments.providers import Providers
from brigade.card_payments.repository import (
    CheckoutRepository,
    ReaderRepository,
    RefundRepository,
)
from brigade.kit import money
from brigade.kit.access import Actor, Role
from brigade.kit.clock import now
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.kit.errors import DomainError, NotFound
from brigade.kit.ids import new_id
from brigade.orders import service as orders
from brigade.orders.domain.commands import TakePayment
from brigade.orders.domain.domain_events import PaymentRefunded
from brigade.orders.domain.records import ClientMade, MadeKind
from brigade.orders.domain.states import PaymentMethod, ensure_order_editable
from brigade.orders.domain.totals import check_payment

log = logging.getLogger("brigade.card_payments")

# A lease outlives one question to a provider unless its worker died.
LEASE = timedelta(seconds=60)
# Checkouts and refunds a worker asks about per round, at most.
PER_ROUND = 50
# The tip a guest chose on the reader is theirs, not a server's entry: it needs no manager's
# approval (orders' BRIGADE_TIP_APPROVAL_RATIO is for tips staff type).
GUESTS_TIP_RATIO = Decimal("Infinity")
# Every success of one checkout is the same request to orders (docs/design.md §16).
_MADE_BY_A_READER = "card-checkout"


# --- readers --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NewReader:
    location_id: UUID
    provider: str
    name: str
    registration_code: str | None
    external_id: str | None
    mode: ReaderMode


async def create_reader(
    uow: UnitOfWork, actor: Actor, new: NewReader, providers: Providers
) -> ReaderView:
    """A reader paired with its provider: a registration code is the provider's to pair (a
    manager's rare action; the simulator asks nothing of anyone)."""
    actor.ensure_at(new.location_id)
    has_code = new.registration_code is not None
    check_new_reader(new.provider, providers.names, new.mode, has_code, new.external_id is not None)
    external_id = new.external_id
    if has_code:
        external_id = await _registered(providers[new.provider], new)
    reader = PaymentReader(
        id=new_id(),
        location_id=new.location_id,
        provider=new.provider,
        name=new.name,
        external_id=external_id,
        mode=new.mode,
        created_at=now(),
    )
    await ReaderRepository(uow).insert(reader)
    return ReaderView(reader, None, ())


async def _registered(provider: PaymentProvider, new: NewReader) -> str | None:
    """The provider's id of the reader it paired with the code (a manager's rare action, made
    before the reader's row is written)."""
    try:
        return await provider.register(new.name, new.registration_code)
    except RegistrationRefused as refused:
        raise ReaderNotPaired("registrationCode", str(refused)) from None
    except ProviderUnavailable:
        raise ProviderDown(f"{provider.name} did not answer; try again") from None


async def provider_webhook(
    poller: CardPoller, provider_name: str, payload: bytes, signature_header: str
) -> None:
    """A provider's webhook, verified with its signing secret: the charge it tells of is
    asked about now (docs/design.md §27). Anyone may send one; only the provider can sign it."""
    provider = poller.providers.get(provider_name)
    if not isinstance(provider, TakesWebhooks):
        raise ProviderNotConfigured(f"no provider {provider_name} taking webhooks is configured")
    try:
        charge_ref = provider.charge_told_of(payload, signature_header)
    except WebhookRejected as rejected:
        raise WebhookNotVerified(str(rejected)) from None
    if charge_ref is not None:
        await poller.report_charge(provider.name, charge_ref)


async def list_readers(uow: UnitOfWork, actor: Actor, location_id: UUID | None) -> list[ReaderView]:
    repository = ReaderRepository(uow)
    return await repository.views(await repository.at(actor.location_scope(location_id)))


async def _reader(uow: UnitOfWork, actor: Actor, reader_id: UUID) -> PaymentReader:
    reader = await ReaderRepository(uow).get(reader_id)
    if reader is None:
        raise NotFound("payment reader", reader_id)
    actor.ensure_at(reader.location_id)
    return reader


async def get_reader(uow: UnitOfWork, actor: Actor, reader_id: UUID) -> ReaderView:
    [view] = await ReaderRepository(uow).views([await _reader(uow, actor, reader_id)])
    return view


async def delete_reader(uow: UnitOfWork, actor: Actor, reader_id: UUID) -> ReaderView:
    """Refused while it shows a checkout (409 ``reader_busy``)."""
    view = await get_reader(uow, actor, reader_id)
    ensure_idle(view)
    await ReaderRepository(uow).delete(reader_id)
    return view


async def set_default_reader(
    uow: UnitOfWork, actor: Actor, reader_id: UUID, device_id: UUID, *, default: bool
) -> ReaderView:
    """The reader becomes the terminal's default (``default``), instead of any other, or stops
    being it. The terminal is at the reader's location."""
    reader = await _reader(uow, actor, reader_id)
    device = await terminals.find_device(uow, device_id)
    ensure_default_at(reader, device.location_id)
    repository = ReaderRepository(uow)
    if default:
        await repository.set_default(device_id, reader_id)
    else:
        await repository.drop_default(device_id, reader_id)
    return await get_reader(uow, actor, reader_id)


async def simulate_tap(
    uow: UnitOfWork,
    actor: Actor,
    reader_id: UUID,
    providers: Providers,
    *,
    approve: bool,
    tip_cents: int,
) -> ReaderView:
    """A person on a MANUAL simulator reader's page taps a card: the charge it shows is
    approved with their tip, or declined (none shown: 409 ``no_charge_shown``). The poller
    records it at its next round (or ``report_now``)."""
    reader = await _reader(uow, actor, reader_id)
    ensure_simulated(reader)
    if providers.simulator.tap(reader.id, approve=approve, tip_cents=tip_cents) is None:
        raise NoChargeShown(f"reader {reader.name} shows no charge waiting for a card")
    return await get_reader(uow, actor, reader_id)


# --- checkouts ------------------------------------------------------------------------------


async def start_checkout(
    uow: UnitOfWork,
    actor: Actor,
    order_id: UUID,
    request: CheckoutRequest,
    *,
    unanswered_after: timedelta,
) -> CardCheckout:
    """A checkout PENDING on the reader: the poller shows it on the reader once this commits.
    The amount is at most the balance due (409 ``overpayment``, the orders' own refusal), or
    a hold's limit on an open order; the reader at the order's location (409
    ``reader_elsewhere``) and showing nothing else (409 ``reader_busy``)."""
    order = await orders.get_order(uow, actor, order_id)
    header = order.header
    if request.hold:
        # A tab's card is held before anything is owed: the order need only be open.
        ensure_order_editable(header.status)
    else:
        check_payment(request.amount_cents, order.totals())
    reader = await _reader(uow, actor, request.reader_id)
    [view] = await ReaderRepository(uow).views([reader])
    ensure_idle(view)
    if header.location_id is None:
        raise ReaderElsewhere("the order is at no location: no reader is there")
    checkout = new_checkout(
        request,
        order_id=order_id,
        location_id=header.location_id,
        currency=header.currency,
        reader=reader,
        started_by_id=actor.staff_id,
        started_by_name=actor.name,
        device_id=actor.device_id,
        at=now(),
        timeout=unanswered_after,
    )
    await CheckoutRepository(uow).insert(checkout)
    return checkout


@dataclass(frozen=True, slots=True)
class OnlineCharge:
    """A card payment asked for on a guest's phone: ``amount_cents`` of the check (at most
    its balance due less what other phones are paying now) and the guest's ``tip_cents``."""

    order_id: UUID
    visit_id: UUID
    amount_cents: int
    tip_cents: int
    provider: str | None
    unanswered_after: timedelta


async def start_online_checkout(
    uow: UnitOfWork, actor: Actor, charge: OnlineCharge, providers: Providers
) -> CardCheckout:
    """An online checkout PENDING: the poller makes its charge at the provider once this
    commits, and the phone confirms it there (docs/design.md §28). More than the balance due:
    409 ``overpayment``; more than is left of it while other phones pay: 409
    ``being_paid_elsewhere``; no provider for guests' payments here: 409
    ``provider_not_configured``."""
    provider = None if charge.provider is None else providers.get(charge.provider)
    if not isinstance(provider, providing.TakesOnlinePayments):
        raise ProviderNotConfigured(
            "guests' card payments are not set up here (BRIGADE_GUEST_PAYMENTS_PROVIDER): "
            "please pay your server"
        )
    order = await orders.get_order(uow, actor, charge.order_id)
    header = order.header
    totals = order.totals()
    check_payment(charge.amount_cents, totals)
    repository = CheckoutRepository(uow)
    in_flight = await repository.online_in_flight_cents(charge.order_id)
    check_online_share(charge.amount_cents, totals.balance_due_cents, in_flight)
    assert header.location_id is not None, "a guests' check is at their table's location"
    checkout = new_online_checkout(
        order_id=charge.order_id,
        location_id=header.location_id,
        currency=header.currency,
        provider=provider.name,
        amount_cents=charge.amount_cents,
        tip_cents=charge.tip_cents,
        visit_id=charge.visit_id,
        started_by_name=actor.name,
        at=now(),
        timeout=charge.unanswered_after,
    )
    await repository.insert(checkout)
    return checkout


async def online_checkouts_of(uow: UnitOfWork, visit_id: UUID) -> list[CardCheckout]:
    """The online checkouts a guests' visit started, oldest first."""
    return await CheckoutRepository(uow).of_visit(visit_id)


def pay_with_test_card(checkout: CardCheckout, providers: Providers, card_number: str) -> None:
    """The simulator's test card typed on the phone for an online checkout waiting for it (the
    poller records what it did). Another provider's: 409 ``not_simulated``; not waiting for
    a card: 409 ``no_charge_shown``."""
    if not checkout.is_online or checkout.provider != SIMULATOR:
        raise NotSimulated("this payment is not the simulator's: its card is not typed here")
    paid = None
    if checkout.charge_ref is not None and checkout.is_open:
        paid = providers.simulator.pay_online(checkout.charge_ref, card_number)
    if paid is None:
        raise NoChargeShown(f"the payment is {checkout.status}: it waits for no card")


async def get_checkout(uow: UnitOfWork, actor: Actor, checkout_id: UUID) -> CardCheckout:
    return await _checkout(CheckoutRepository(uow), actor, checkout_id, for_update=False)


async def checkouts_of(uow: UnitOfWork, actor: Actor, order_id: UUID) -> list[CardCheckout]:
    await orders.get_order(uow, actor, order_id)
    return await CheckoutRepository(uow).of_order(order_id)


async def cancel_checkout(uow: UnitOfWork, actor: Actor, checkout_id: UUID) -> CardCheckout:
    """A checkout not yet on the reader is CANCELED at once; one on the reader is cancelled
    there by the poller (the reader is cleared, then asked once more: a card taken in the
    meantime stays a payment). A tab's card HELD is released (RELEASING, then RELEASED by the
    poller). An ended one: 409 ``checkout_finished``."""
    repository = CheckoutRepository(uow)
    checkout = await _checkout(repository, actor, checkout_id, for_update=True)
    at = now()
    if checkout.status is CheckoutStatus.HELD:
        releasing = checkout.release_asked(at)
        await repository.save(releasing, moved=True)
        return releasing
    if not checkout.is_open:
        raise CheckoutFinished(f"the checkout is {checkout.status}: it is not cancelled")
    if checkout.charge_ref is None:
        canceled = checkout.moved(
            CheckoutStep.CANCEL, at, reason="cancelled before the reader showed it"
        )
        assert canceled is not None
        await repository.save(canceled, moved=True)
        return canceled
    asked = replace(checkout, cancel_requested=True, updated_at=at)
    await repository.save(asked, moved=False)
    return asked


async def capture_hold(
    uow: UnitOfWork, actor: Actor, checkout_id: UUID, amount_cents: int | None, tip_cents: int
) -> CardCheckout:
    """The tab closes on its held card: ``amount_cents`` (the balance due when not given; at
    most it, 409 ``overpayment``) and the tip are captured by the poller, after a new
    authorisation when they come to more than is held. Not a HELD card: 409
    ``card_not_held``."""
    repository = CheckoutRepository(uow)
    checkout = await _checkout(repository, actor, checkout_id, for_update=True)
    order = await orders.get_order(uow, actor, checkout.order_id)
    totals = order.totals()
    amount = totals.balance_due_cents if amount_cents is None else amount_cents
    capturing = checkout.capture_asked(amount, tip_cents, now())
    check_payment(amount, totals)
    await repository.save(capturing, moved=True)
    return capturing


async def _checkout(
    repository: CheckoutRepository, actor: Actor, checkout_id: UUID, *, for_update: bool
) -> CardCheckout:
    checkout = await repository.get(checkout_id, for_update=for_update)
    if checkout is None:
        raise NotFound("card checkout", checkout_id)
    actor.ensure_at(checkout.location_id)
    return checkout


async def release_closed_tabs(uow: UnitOfWork, limit: int) -> None:
    """Cards held for tabs that closed another way (completed by cash or another card, or
    cancelled) are let go: RELEASING, and the poller releases them."""
    repository = CheckoutRepository(uow)
    at = now()
    for checkout in await repository.held_for_closed_orders(limit):
        await repository.save(checkout.release_asked(at), moved=True)


async def holds_open_at(uow: UnitOfWork, location_id: UUID) -> list[CardCheckout]:
    """The location's cards still held for tabs (HELD, or a capture or release not yet
    answered), oldest first: the Z lists them."""
    return await CheckoutRepository(uow).holding_at(location_id)


# --- refunds to the card --------------------------------------------------------------------


async def refund_to_card(uow: UnitOfWork, refunded: PaymentRefunded) -> None:
    """An order's refund gave back a payment a card checkout made: the money goes back to that
    card, PENDING until the poller has the provider refund it (in the refund's transaction:
    both or neither). The refund's id is the provider's reference: once, however retried."""
    checkout = await CheckoutRepository(uow).get(refunded.payment_id)
    if checkout is None or checkout.status not in PAID:
        return
    refund = new_refund(
        checkout,
        refunded.amount_cents + refunded.tip_cents,
        refund_id=refunded.refund_id,
        order_refund_id=refunded.refund_id,
        reason=None,
        at=now(),
    )
    await RefundRepository(uow).insert(refund)


async def refunds_of(uow: UnitOfWork, actor: Actor, order_id: UUID) -> list[CardRefund]:
    await orders.get_order(uow, actor, order_id)
    return await RefundRepository(uow).of_order(order_id)


# --- recording what a provider answered -----------------------------------------------------


def _reader_of(checkout: CardCheckout) -> Actor:
    """Who a card payment is taken by: the staff member who started the checkout, on its
    terminal (or the guests at the table, online), at its location; the guest's tip needs
    no approval (``GUESTS_TIP_RATIO``)."""
    return Actor(
        name=checkout.started_by_name,
        role=Role.SERVER,
        staff_id=checkout.started_by_id,
        device_id=checkout.device_id,
        location_id=checkout.location_id,
    )


async def record_outcome(
    uow: UnitOfWork, checkout_id: UUID, outcome: ChargeOutcome
) -> CardCheckout | None:
    """The provider's answer about a checkout, recorded once: an ended checkout stays as it
    is, however many times its success is reported (by a webhook, by the poller, both). A
    success makes the order's card payment under the checkout's id; a payment the order can
    no longer take (its balance shrank meanwhile, it closed) is refunded whole to the card and
    the checkout is REFUNDED, so no money taken is ever lost or kept. Answers the checkout as
    recorded, or None when nothing changed."""
    repository = CheckoutRepository(uow)
    checkout = await repository.get(checkout_id, for_update=True)
    if checkout is None or not checkout.is_open:
        return None
    step = step_of(outcome)
    if step is None:
        return None
    at = now()
    if step is CheckoutStep.SUCCEED and checkout.hold:
        ended = checkout.held(outcome, at)
    elif step is not CheckoutStep.SUCCEED:
        ended = checkout.moved(step, at, reason=outcome.reason)
    else:
        taken = replace(
            checkout,
            amount_cents=outcome.amount_cents or checkout.amount_cents,
            tip_cents=outcome.tip_cents,
            payment_ref=outcome.payment_ref,
            card_brand=outcome.card_brand,
            card_last_four=outcome.card_last_four,
        )
        return await _paid(uow, taken, CheckoutStep.SUCCEED, at)
    assert ended is not None
    await repository.save(ended, moved=True)
    return ended


async def record_capture(
    uow: UnitOfWork, checkout_id: UUID, outcome: ChargeOutcome
) -> CardCheckout | None:
    """The provider's answer to a tab's capture, recorded once: taken, it is the order's
    card payment (or, the order unable to take it, given back whole); refused, the card
    stays HELD with the reason."""
    repository = CheckoutRepository(uow)
    checkout = await repository.get(checkout_id, for_update=True)
    if checkout is None or checkout.status is not CheckoutStatus.CAPTURING:
        return None
    at = now()
    if outcome.activity is not ReaderActivity.SUCCEEDED:
        kept = checkout.kept(outcome.reason or "the capture was refused", at)
        assert kept is not None
        await repository.save(kept, moved=True)
        return kept
    return await _paid(uow, checkout.captured(outcome, at), CheckoutStep.CAPTURED, at)


async def _paid(
    uow: UnitOfWork, taken: CardCheckout, step: CheckoutStep, at: datetime
) -> CardCheckout:
    """The card took ``taken``'s amount and tip: the order's card payment, once, and the
    checkout moved by ``step``; an order that can no longer take it has it given back."""
    try:
        async with uow.savepoint():
            await _pay(uow, taken)
    except DomainError as refused:
        return await _give_back(uow, taken, refused.detail, at)
    paid = taken.moved(step, at)
    assert paid is not None
    await CheckoutRepository(uow).save(paid, moved=True)
    return paid


async def _pay(uow: UnitOfWork, checkout: CardCheckout) -> None:
    command = TakePayment(
        amount=money.from_cents(checkout.amount_cents),
        method=PaymentMethod.CARD,
        tip_amount=money.from_cents(checkout.tip_cents),
        processor_transaction_id=checkout.payment_ref,
        card_last_four=checkout.card_last_four,
        card_brand=checkout.card_brand,
        id=checkout.id,
    )
    made = ClientMade(checkout.id, MadeKind.PAYMENT, checkout.order_id, _MADE_BY_A_READER)
    await orders.add_payment(
        uow,
        _reader_of(checkout),
        checkout.order_id,
        command,
        tip_approval_ratio=GUESTS_TIP_RATIO,
        made=made,
    )


async def _give_back(
    uow: UnitOfWork, checkout: CardCheckout, why: str, at: datetime
) -> CardCheckout:
    refunded = checkout.moved(
        CheckoutStep.REFUND, at, reason=f"taken, but not recordable on the order: {why}"[:500]
    )
    assert refunded is not None
    await CheckoutRepository(uow).save(refunded, moved=True)
    refund = new_refund(
        refunded,
        taken_cents(refunded),
        refund_id=None,
        order_refund_id=None,
        reason="the order could not take this card payment",
        at=at,
    )
    await RefundRepository(uow).insert(refund)
    log.warning("card checkout %s: refunded whole, the order refused it (%s)", checkout.id, why)
    return refunded


async def _record_shown(uow: UnitOfWork, checkout_id: UUID, started: Started) -> None:
    repository = CheckoutRepository(uow)
    checkout = await repository.get(checkout_id, for_update=True)
    if checkout is None or checkout.status is not CheckoutStatus.PENDING:
        return
    shown = checkout.moved(
        CheckoutStep.SHOWN,
        now(),
        charge_ref=started.charge_ref,
        client_secret=started.client_secret,
    )
    assert shown is not None
    await repository.save(shown, moved=True)


async def _record_end(
    uow: UnitOfWork, checkout_id: UUID, step: CheckoutStep, reason: str | None
) -> None:
    """``step`` recorded once, if the checkout can still take it; ``reason`` None keeps the
    one it has (a held card's refused capture, say)."""
    repository = CheckoutRepository(uow)
    checkout = await repository.get(checkout_id, for_update=True)
    if checkout is None:
        return
    ended = checkout.moved(step, now(), **({} if reason is None else {"reason": reason}))
    if ended is not None:
        await repository.save(ended, moved=True)


async def _record_refund(uow: UnitOfWork, refund_id: UUID, answer: RefundOutcome) -> None:
    repository = RefundRepository(uow)
    refund = await repository.get(refund_id, for_update=True)
    if refund is None or refund.status is not RefundStatus.PENDING:
        return
    answered = refund.answered(answer.status, answer.refund_ref, answer.reason, now())
    answered = replace(answered, lease_until=None)
    await repository.save(answered, moved=answered.status is not RefundStatus.PENDING)


# --- the poller -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Claimed:
    checkout: CardCheckout
    # None: an online checkout, charged on the payer's phone.
    reader: ReaderRef | None


class CardPoller:
    """One per worker: asks the providers about the open checkouts and sends the pending
    refunds, each claimed first, and records their answers."""

    def __init__(
        self, database: Database, providers: Providers, *, poll_seconds: float, nudging: bool
    ) -> None:
        self._database = database
        self._providers = providers
        self._poll_seconds = poll_seconds
        self._nudging = nudging
        self._nudges: set[asyncio.Task[None]] = set()

    @property
    def providers(self) -> Providers:
        return self._providers

    def nudge_after(self, uow: UnitOfWork, checkout_id: UUID) -> None:
        """Once ``uow`` commits, ask about the checkout at once rather than at the next round
        (a started one goes to its reader now); not when polling is off (the tests drive
        the rounds)."""
        if self._nudging:
            uow.after_commit(lambda: self._nudge(checkout_id))

    def _nudge(self, checkout_id: UUID) -> None:
        task = asyncio.create_task(self.report_now(checkout_id), name="brigade-card-nudge")
        self._nudges.add(task)
        task.add_done_callback(self._nudged)

    def _nudged(self, task: asyncio.Task[None]) -> None:
        self._nudges.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("card checkout nudge failed", exc_info=task.exception())

    async def run(self, stopping: asyncio.Event) -> None:
        while not stopping.is_set():
            try:
                await self.round()
            except Exception:
                log.exception("card poller round failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), self._poll_seconds)

    async def round(self) -> None:
        """Every open checkout and pending refund nobody else holds, asked about once (the
        held cards of tabs closed meanwhile among them, set to be released as they are
        claimed)."""
        for claimed in await self._claim_checkouts(None):
            await self._advance(claimed)
        for refund in await self._claim_refunds():
            await self._send(refund)

    async def report_now(self, checkout_id: UUID) -> None:
        """Ask the provider about this checkout now and record its answer (a webhook's
        nudge, the tests): nothing if another worker is asking already."""
        for claimed in await self._claim_checkouts(checkout_id):
            await self._advance(claimed)

    async def report_charge(self, provider: str, charge_ref: str) -> None:
        """A provider's webhook told of ``charge_ref``: its open checkout, if any, is asked
        about now (the webhook is a prompt; the provider's answer is what is recorded, once)."""
        async with self._database.unit_of_work(write=False) as uow:
            checkout_id = await CheckoutRepository(uow).open_charging(provider, charge_ref)
        if checkout_id is not None:
            await self.report_now(checkout_id)

    async def _claim_checkouts(self, only: UUID | None) -> list[_Claimed]:
        moment = now()
        async with self._database.unit_of_work(write=True) as uow:
            if only is None:
                # In the claim's own transaction: a round takes no other for it.
                await release_closed_tabs(uow, PER_ROUND)
            found = await CheckoutRepository(uow).claim_open(
                now=moment, until=moment + LEASE, limit=PER_ROUND, only=only
            )
            readers = ReaderRepository(uow)
            claimed = []
            for checkout in found:
                if checkout.reader_id is None:
                    claimed.append(_Claimed(checkout, None))
                    continue
                reader = await readers.get(checkout.reader_id)
                external = None if reader is None else reader.external_id
                if reader is not None and reader.provider == SIMULATOR:
                    self._providers.simulator.wait_for_taps(
                        reader.id, manual=reader.mode is ReaderMode.MANUAL
                    )
                claimed.append(_Claimed(checkout, ReaderRef(checkout.reader_id, external)))
        return claimed

    async def _claim_refunds(self) -> list[CardRefund]:
        moment = now()
        async with self._database.unit_of_work(write=True) as uow:
            return await RefundRepository(uow).claim_pending(
                now=moment, until=moment + LEASE, limit=PER_ROUND
            )

    async def _advance(self, claimed: _Claimed) -> None:
        checkout = claimed.checkout
        try:
            await self._ask(claimed)
        except ProviderUnavailable as failure:
            # Nothing known changed there: asked again next round.
            log.info("card checkout %s: provider unavailable (%s)", checkout.id, failure)
        except Exception:
            # A fault of ours or the provider's: kept leased, so it is tried again when the
            # lease runs out (once a minute, not every round), and the round goes on.
            log.exception("card checkout %s: asking its provider failed", checkout.id)
            return
        async with self._database.unit_of_work(write=True) as uow:
            await CheckoutRepository(uow).release(checkout.id)

    async def _ask(self, claimed: _Claimed) -> None:
        checkout, reader = claimed.checkout, claimed.reader
        provider = self._providers[checkout.provider]
        if checkout.status is CheckoutStatus.CAPTURING:
            await self._capture(provider, checkout)
            return
        if checkout.status is CheckoutStatus.RELEASING:
            if checkout.payment_ref is not None:
                await provider.release(checkout.payment_ref)
            await self._end(checkout.id, CheckoutStep.RELEASED, None)
            return
        moment = now()
        if checkout.charge_ref is None:
            if checkout.expired(moment):
                await self._end(checkout.id, CheckoutStep.TIME_OUT, "no reader answered in time")
                return
            try:
                started = await _start(provider, claimed)
            except providing.ReaderBusy as busy:
                await self._end(checkout.id, CheckoutStep.CANCEL, f"the reader is busy: {busy}")
                return
            async with self._database.unit_of_work(write=True) as uow:
                await _record_shown(uow, checkout.id, started)
        else:
            started = Started(checkout.charge_ref)
        outcome = await _outcome(provider, reader, started)
        ending = checkout.cancel_requested or checkout.expired(moment)
        if outcome.activity is ReaderActivity.WAITING_FOR_CARD and ending:
            await _cancel(provider, reader, started)
            # A card taken while the cancel went out stays taken: the outcome says which.
            outcome = await _outcome(provider, reader, started)
            if outcome.activity is not ReaderActivity.SUCCEEDED:
                step = CheckoutStep.CANCEL if checkout.cancel_requested else CheckoutStep.TIME_OUT
                why = "cancelled" if checkout.cancel_requested else "no card within the time-out"
                await self._end(checkout.id, step, why)
                return
        async with self._database.unit_of_work(write=True) as uow:
            await record_outcome(uow, checkout.id, outcome)

    async def _capture(self, provider: PaymentProvider, checkout: CardCheckout) -> None:
        outcome = await _captured_by(provider, checkout)
        async with self._database.unit_of_work(write=True) as uow:
            await record_capture(uow, checkout.id, outcome)

    async def _end(self, checkout_id: UUID, step: CheckoutStep, reason: str | None) -> None:
        async with self._database.unit_of_work(write=True) as uow:
            await _record_end(uow, checkout_id, step, reason)

    async def _send(self, refund: CardRefund) -> None:
        try:
            async with self._database.unit_of_work(write=False) as uow:
                checkout = await CheckoutRepository(uow).get(refund.checkout_id)
            if checkout is None or checkout.payment_ref is None:
                answer = RefundOutcome(RefundStatus.FAILED, reason="no card payment to refund")
            else:
                provider = self._providers[checkout.provider]
                if refund.refund_ref is None:
                    answer = await provider.refund(
                        checkout.payment_ref, refund.amount_cents, refund.id
                    )
                else:
                    answer = await provider.refund_outcome(refund.refund_ref)
            async with self._database.unit_of_work(write=True) as uow:
                await _record_refund(uow, refund.id, answer)
        except ProviderUnavailable as failure:
            log.info("card refund %s: provider unavailable (%s)", refund.id, failure)
            async with self._database.unit_of_work(write=True) as uow:
                await RefundRepository(uow).release(refund.id)
        except Exception:
            # Kept leased: tried again when the lease runs out, not every round.
            log.exception("card refund %s: sending it to its provider failed", refund.id)


# A claimed checkout's charge is on its reader, or online (no reader: the payer's phone).


async def _start(provider: PaymentProvider, claimed: _Claimed) -> Started:
    charge = _charge(claimed.checkout)
    if claimed.reader is None:
        return await _online(provider).start_online(charge)
    return await provider.start(claimed.reader, charge)


async def _outcome(
    provider: PaymentProvider, reader: ReaderRef | None, started: Started
) -> ChargeOutcome:
    if reader is None:
        return await _online(provider).online_outcome(started)
    return await provider.outcome(reader, started)


async def _cancel(provider: PaymentProvider, reader: ReaderRef | None, started: Started) -> None:
    if reader is None:
        await _online(provider).cancel_online(started)
    else:
        await provider.cancel(reader, started)


def _online(provider: PaymentProvider) -> providing.TakesOnlinePayments:
    if not isinstance(provider, providing.TakesOnlinePayments):
        raise ProviderUnavailable(f"the provider {provider.name} takes no online payments")
    return provider


async def _captured_by(provider: PaymentProvider, checkout: CardCheckout) -> ChargeOutcome:
    """A tab's capture at its provider: a new authorisation first when it needs more than is
    held (its refusal is the capture's)."""
    payment_ref = checkout.payment_ref
    if payment_ref is None:
        return ChargeOutcome(ReaderActivity.DECLINED, reason="no card is held")
    total = checkout.capture_total_cents
    reference = checkout.capture_id or checkout.id
    if total > (checkout.held_cents or 0):
        more = await provider.increment(payment_ref, total, reference)
        if more.activity is not ReaderActivity.SUCCEEDED:
            why = more.reason or "declined"
            return replace(more, reason=f"no new authorisation above the hold: {why}")
    return await provider.capture(
        payment_ref, checkout.capture_cents or 0, checkout.capture_tip_cents or 0, reference
    )


def _charge(checkout: CardCheckout) -> ChargeRequest:
    return ChargeRequest(
        reference=checkout.id,
        amount_cents=checkout.amount_cents,
        currency=checkout.currency,
        tip_mode=checkout.tip_mode,
        tip_cents=checkout.tip_cents,
        hold=checkout.hold,
    )

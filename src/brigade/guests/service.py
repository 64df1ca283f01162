"""Guests' visits (docs/design.md §28): a phone scans a table's QR code and starts a visit
bound to the table's check; it sees that check, orders rounds onto it, and nothing once the
check has closed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from uuid import UUID

from brigade.card_payments import service as card_payments
from brigade.card_payments.domain import CardCheckout
from brigade.card_payments.service import CardPoller, OnlineCharge
from brigade.catalogue.domain.records import GuestMenu
from brigade.catalogue.service import products as catalogue
from brigade.dining.domain.rooms import Location
from brigade.dining.service import rooms
from brigade.guests.domain import (
    ROUND_REFUSALS,
    ROUND_WINDOW,
    UNBOUND_VISIT,
    CallKind,
    GuestCall,
    GuestRound,
    RoundLimits,
    RoundLine,
    RoundStatus,
    Visit,
    check_limits,
    ensure_has_check,
    ensure_on_the_menu,
    ensure_open_to_guests,
    ensure_takes_payments,
    ensure_takes_rounds,
    new_call,
    new_visit,
    placed_round,
    refused_round,
    staff_told_lately,
)
from brigade.guests.repository import CallRepository, RoundRepository, VisitRepository
from brigade.kit.access import Actor, Role
from brigade.kit.clock import now
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.kit.errors import DomainError, NotFound
from brigade.orders import service as orders
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.commands import AddItem, CreateOrder
from brigade.orders.domain.states import OrderType


@dataclass(frozen=True, slots=True)
class VisitView:
    """A visit as its phone sees it: its table, its location, its check (None until the table
    has one) and its rounds."""

    visit: Visit
    table_name: str
    location: Location
    check: Order | None
    rounds: Sequence[GuestRound] = ()
    payments: Sequence[CardCheckout] = ()


@dataclass(frozen=True, slots=True)
class PlacedRound:
    """A round placed (``refused`` None), or refused over a limit with the staff told
    (``refused``, the answer the phone gets once the refusal is written)."""

    round: GuestRound
    refused: DomainError | None = None


def guest_actor(visit: Visit, table_name: str) -> Actor:
    """Who the guests' requests act as: the guests at the table, at its location only. Their
    routes reach their own check through it, never anything else (docs/security.md)."""
    return Actor(name=f"Guests at {table_name}", role=Role.SERVER, location_id=visit.location_id)


async def start_visit(uow: UnitOfWork, guest_code: str) -> VisitView:
    """A phone scanned the table's code: a visit bound to the table's check if it has one (else
    to the next one opened there). An unknown code (replaced, or its table gone): 404; a
    location that takes nothing from phones: 409 ``guest_ordering_off``."""
    table = await rooms.table_of_guest_code(uow, guest_code)
    location = await rooms.get_location(uow, table.table.location_id)
    ensure_open_to_guests(location.guest_ordering)
    visit = new_visit(table.table.id, table.table.location_id, table.seated, now())
    await VisitRepository(uow).insert(visit)
    return await _view(uow, visit, table.table.name, location)


async def call_staff(uow: UnitOfWork, visit_id: UUID, kind: CallKind) -> GuestCall:
    """The guests call the server or ask for the bill: the terminals hear it
    (``guest.called``). Once per kind per CALL_AGAIN_AFTER (429 ``called_recently``); an
    ended visit: 410."""
    view = await _live_view(uow, visit_id, for_update=True)
    calls = CallRepository(uow)
    last = await calls.last(visit_id, kind)
    call = new_call(view.visit, view.table_name, kind, last, now())
    await calls.insert(call)
    return call


async def get_visit(uow: UnitOfWork, visit_id: UUID) -> VisitView:
    """The visit with its check and rounds; 410 ``visit_ended`` once that check has closed (or
    the table had none for UNBOUND_VISIT); an id no visit has: 404."""
    view = await _live_view(uow, visit_id)
    return replace(
        view,
        rounds=await RoundRepository(uow).of_visit(visit_id),
        payments=await card_payments.online_checkouts_of(uow, visit_id),
    )


async def visit_menu(uow: UnitOfWork, visit_id: UUID) -> tuple[Location, GuestMenu]:
    """The menu the visit's phone shows: its location's products shown to guests, while the
    visit lasts (410 once ended)."""
    view = await _live_view(uow, visit_id)
    return view.location, await catalogue.guest_menu(uow, view.location.id)


async def _live_view(uow: UnitOfWork, visit_id: UUID, *, for_update: bool = False) -> VisitView:
    """The visit, bound to the check opened at its table since it began if it had none (kept
    when the visit writes: ``for_update``), and live (else 410)."""
    visits = VisitRepository(uow)
    visit = await visits.get(visit_id, for_update=for_update)
    if visit is None:
        raise NotFound("visit", visit_id)
    if visit.order_id is None:
        opened = await _first_check_since(uow, visit)
        if opened is not None:
            visit = replace(visit, order_id=opened)
            if for_update:
                await visits.save(visit)
    location = await rooms.get_location(uow, visit.location_id)
    names = await rooms.table_names(uow, [visit.table_id])
    return await _view(uow, visit, names.get(visit.table_id, ""), location)


async def _first_check_since(uow: UnitOfWork, visit: Visit) -> UUID | None:
    """The check opened at the visit's table first since it began, within UNBOUND_VISIT: the
    one an unbound visit is bound to."""
    return await orders.first_check_at_table(
        uow, visit.table_id, visit.started_at, visit.started_at + UNBOUND_VISIT
    )


async def _view(uow: UnitOfWork, visit: Visit, table_name: str, location: Location) -> VisitView:
    check = None
    if visit.order_id is not None:
        check = await orders.get_order(uow, guest_actor(visit, table_name), visit.order_id)
    status = None if check is None else check.header.status
    visit.ended_by(status, now()).ensure_live(status)
    return VisitView(visit, table_name, location, check)


# --- rounds ---------------------------------------------------------------------------------


async def place_round(
    uow: UnitOfWork, visit_id: UUID, asked: Sequence[AddItem], limits: RoundLimits
) -> PlacedRound:
    """The guests' round onto their table's check (a new check at the table if it has none):
    unsent until a server confirms it where the location asks (``guest.round_placed``), else
    sent to the kitchen at once. Over a limit, refused in words: the staff are told once in
    ROUND_WINDOW (``guest.round_refused``, written: ``refused``), a refusal after that
    changes nothing."""
    view = await _live_view(uow, visit_id, for_update=True)
    ensure_takes_rounds(view.location.guest_ordering)
    at = now()
    rounds = RoundRepository(uow)
    ordered = await rounds.ordered(visit_id, since=at - ROUND_WINDOW)
    quantity = sum(int(item.quantity) for item in asked)
    try:
        check_limits(limits, ordered, quantity, None)
        async with uow.savepoint():
            guest_round = await _placed(uow, view, asked, at)
            check_limits(limits, ordered, quantity, guest_round.total_cents)
    except ROUND_REFUSALS as refused:
        if staff_told_lately(ordered, at):
            raise
        refusal = refused_round(view.visit, view.table_name, refused.detail, at)
        await rounds.insert(refusal)
        return PlacedRound(refusal, refused)
    await rounds.insert(guest_round)
    return PlacedRound(guest_round)


async def _placed(
    uow: UnitOfWork, view: VisitView, asked: Sequence[AddItem], at: datetime
) -> GuestRound:
    """The round's items on the visit's check (opened if the table has none), sent at once
    unless a server confirms guests' rounds here."""
    visit, actor = view.visit, guest_actor(view.visit, view.table_name)
    asked_ids = [command.product_id for command in asked]
    ensure_on_the_menu(asked_ids, await catalogue.on_guest_menu(uow, asked_ids))
    if visit.order_id is None:
        # Another phone at the table may have opened its check meanwhile: the table held, it is
        # looked for again, and opened only if still missing.
        await rooms.hold_table(uow, visit.table_id)
        opened = await _first_check_since(uow, visit)
        if opened is None:
            opening = CreateOrder(
                OrderType.DINE_IN, table_id=visit.table_id, location_id=visit.location_id
            )
            opened = (await orders.create_order(uow, actor, opening))[0].header.id
        visit = replace(visit, order_id=opened)
        await VisitRepository(uow).save(visit)
    assert visit.order_id is not None
    lines: list[RoundLine] = []
    for command in asked:
        _, item, _ = await orders.add_item(uow, actor, visit.order_id, command)
        lines.append(
            RoundLine(item.name, int(item.quantity), item.total_cents, item.notes, item.id)
        )
    sent = not view.location.guest_orders_need_confirm
    placed = placed_round(visit, view.table_name, lines, sent=sent, at=at)
    if sent:
        await orders.send_items(uow, actor, visit.order_id, placed.item_ids)
    return placed


async def waiting_rounds(uow: UnitOfWork, location_id: UUID) -> list[GuestRound]:
    """The location's rounds waiting for a server to confirm them, oldest first."""
    return await RoundRepository(uow).waiting(location_id)


async def confirm_round(uow: UnitOfWork, staff: Actor, round_id: UUID) -> GuestRound:
    """A server confirms a guests' round: its items still unsent go to the kitchen on one
    ticket (SENT, ``guest.round_confirmed``). Decided already: 409 ``round_decided``."""
    rounds = RoundRepository(uow)
    guest_round = await _round(rounds, round_id)
    confirmed = guest_round.decided(RoundStatus.SENT, by=staff.name, at=now())
    if guest_round.order_id is not None:
        await orders.send_items(uow, staff, guest_round.order_id, guest_round.item_ids)
    await rounds.save(confirmed)
    return confirmed


async def decline_round(uow: UnitOfWork, staff: Actor, round_id: UUID, reason: str) -> GuestRound:
    """A server declines a guests' round: its items come off the check, voided with
    ``reason`` (DECLINED, ``guest.round_declined``); the guests' phone says why."""
    rounds = RoundRepository(uow)
    guest_round = await _round(rounds, round_id)
    declined = guest_round.decided(RoundStatus.DECLINED, by=staff.name, at=now(), reason=reason)
    if guest_round.order_id is not None:
        check = await orders.get_order(uow, staff, guest_round.order_id)
        statuses = {item.id: item.status for item in check.items}
        for item_id in guest_round.unsent_items(statuses):
            await orders.void_item(uow, staff, guest_round.order_id, item_id, reason)
    await rounds.save(declined)
    return declined


async def _round(rounds: RoundRepository, round_id: UUID) -> GuestRound:
    guest_round = await rounds.get(round_id, for_update=True)
    if guest_round is None:
        raise NotFound("guest round", round_id)
    return guest_round


# --- paying at the table --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PaymentAsked:
    """What a phone pays of its check: ``amount_cents`` (at most the balance due) and the
    guest's ``tip_cents``, through ``provider`` (Settings), unpaid after ``unanswered_after``."""

    amount_cents: int
    tip_cents: int
    provider: str | None
    unanswered_after: timedelta


async def pay(
    uow: UnitOfWork, visit_id: UUID, asked: PaymentAsked, poller: CardPoller
) -> CardCheckout:
    """A card payment of the visit's check started from its phone: an online checkout, its
    charge made at the provider once this commits, then confirmed on the phone. Where guests
    do not pay (not ORDER_AND_PAY): 409 ``guest_payments_not_taken``; no check yet: 409
    ``no_check``; more than is owed: 409 ``overpayment`` (or ``being_paid_elsewhere``)."""
    view = await _live_view(uow, visit_id, for_update=True)
    ensure_takes_payments(view.location.guest_ordering)
    charge = OnlineCharge(
        order_id=ensure_has_check(view.visit.order_id),
        visit_id=visit_id,
        amount_cents=asked.amount_cents,
        tip_cents=asked.tip_cents,
        provider=asked.provider,
        unanswered_after=asked.unanswered_after,
    )
    actor = guest_actor(view.visit, view.table_name)
    checkout = await card_payments.start_online_checkout(uow, actor, charge, poller.providers)
    poller.nudge_after(uow, checkout.id)
    return checkout


async def visit_payment(uow: UnitOfWork, visit_id: UUID, payment_id: UUID) -> CardCheckout:
    """One of the visit's payments, while the visit lasts; another's, or none: 404."""
    await _live_view(uow, visit_id)
    return await _own_payment(uow, visit_id, payment_id)


async def _own_payment(uow: UnitOfWork, visit_id: UUID, payment_id: UUID) -> CardCheckout:
    for payment in await card_payments.online_checkouts_of(uow, visit_id):
        if payment.id == payment_id:
            return payment
    raise NotFound("payment", payment_id)


async def cancel_payment(uow: UnitOfWork, visit_id: UUID, payment_id: UUID) -> CardCheckout:
    """The phone gives up a payment not yet made: cancelled (at the provider by the poller);
    one already taken stays taken."""
    view = await _live_view(uow, visit_id)
    await _own_payment(uow, visit_id, payment_id)
    return await card_payments.cancel_checkout(
        uow, guest_actor(view.visit, view.table_name), payment_id
    )


async def pay_with_test_card(
    database: Database, poller: CardPoller, visit_id: UUID, payment_id: UUID, card_number: str
) -> CardCheckout:
    """The simulator's test card typed on the phone: the charge made first if the poller has
    not yet, then paid, and what that did recorded at once (the order's card payment, a
    decline, or the card given back when the check could no longer take it). Each step in a
    transaction of its own, none with the provider asked inside one."""
    async with database.unit_of_work(write=False) as uow:
        await visit_payment(uow, visit_id, payment_id)
    await poller.report_now(payment_id)
    async with database.unit_of_work(write=False) as uow:
        payment = await _own_payment(uow, visit_id, payment_id)
    card_payments.pay_with_test_card(payment, poller.providers, card_number)
    await poller.report_now(payment_id)
    async with database.unit_of_work(write=False) as uow:
        # Paid in full, the check (and so the visit) may have closed: the payment is still
        # the phone's to see.
        return await _own_payment(uow, visit_id, payment_id)

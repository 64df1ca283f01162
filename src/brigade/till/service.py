"""The till's use cases: drawers, their movements, the orders' cash postings, shifts
(docs/design.md §17). Each runs in the request's unit of work; an order's cash is posted in
the order's (``post_cash``, through till/listeners.py), so a cash payment and its posting
commit together or not at all. The till never
reads orders: what it is told of them is the posting's ids and amounts."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from uuid import UUID

from brigade.access.domain.audit import AuditAction, AuditedEntity
from brigade.access.service import audit
from brigade.kit import money
from brigade.kit.access import Actor, Role
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import Forbidden, InvalidInput, NotFound
from brigade.kit.ids import new_id
from brigade.till.domain import (
    POSTED,
    AlreadyClockedIn,
    CashDrawer,
    DrawerAlreadyOpen,
    DrawerFilter,
    DrawerStatus,
    DrawerSummary,
    Movement,
    MovementType,
    NoOpenDrawer,
    NotClockedIn,
    OrderCash,
    Shift,
    ShiftFilter,
    check_movement,
    drawer_to_post_to,
    ensure_open,
    expected_cents,
    posting_amounts,
    summary,
)
from brigade.till.repository import DrawerRepository, MovementRepository, ShiftRepository


@dataclass(frozen=True, slots=True)
class DrawerDetail:
    """A drawer with its movements (oldest first) and its expected cash: live while open,
    as fixed at the count once closed."""

    drawer: CashDrawer
    movements: tuple[Movement, ...]
    expected_cents: int


def _detail(drawer: CashDrawer, movements: list[Movement]) -> DrawerDetail:
    return DrawerDetail(drawer, tuple(movements), summary(drawer, movements).expected_cents)


def _location_of(actor: Actor, location_id: UUID | None) -> UUID:
    """The location a caller acts at: a device's or session's own (another is 403
    ``other_location``), else the one it names (none: 422 on ``locationId``)."""
    scoped = actor.location_scope(location_id)
    if scoped is None:
        raise InvalidInput("locationId", "is required for a caller that is not on a device")
    return scoped


async def _load(uow: UnitOfWork, actor: Actor, drawer_id: UUID, *, lock: bool) -> CashDrawer:
    drawer = await DrawerRepository(uow).get(drawer_id, for_update=lock)
    if drawer is None:
        raise NotFound("cash drawer", drawer_id)
    actor.ensure_at(drawer.location_id)
    return drawer


async def _audit(
    uow: UnitOfWork, actor: Actor, action: AuditAction, drawer: CashDrawer, **facts: object
) -> None:
    await audit.record(
        uow,
        actor,
        action,
        (AuditedEntity.CASH_DRAWER, drawer.id),
        location_id=drawer.location_id,
        after={key: value for key, value in facts.items() if key != "reason"},
        reason=str(facts["reason"]) if facts.get("reason") else None,
    )


# --- drawers --------------------------------------------------------------------------------


async def open_drawer(
    uow: UnitOfWork,
    actor: Actor,
    *,
    location_id: UUID | None,
    device_id: UUID | None,
    opening_float_cents: int,
) -> DrawerDetail:
    """A new open drawer: a manager's, or a server's where the location lets servers open
    drawers. One open drawer per device, one device-less one per location (409
    ``drawer_already_open``). From a terminal the device is the caller's unless named."""
    location = _location_of(actor, location_id)
    repository = DrawerRepository(uow)
    if actor.role.rank < Role.MANAGER.rank and not await repository.servers_open_drawers(location):
        raise Forbidden(
            "Requires the MANAGER role or above: this location does not let servers open "
            "cash drawers (serversOpenDrawers)"
        )
    device = device_id if device_id is not None else actor.device_id
    if any(drawer.device_id == device for drawer in await repository.open_at(location)) or (
        device is not None and await repository.open_on_device(device) is not None
    ):
        where = f"device {device}" if device is not None else f"location {location} (no device)"
        raise DrawerAlreadyOpen(f"{where} already has an open cash drawer: close it first")
    at = now()
    drawer = CashDrawer(
        id=new_id(),
        location_id=location,
        device_id=device,
        status=DrawerStatus.OPEN,
        opening_float_cents=opening_float_cents,
        expected_cents=None,
        counted_cents=None,
        opened_at=at,
        opened_by_id=actor.staff_id,
        opened_by_name=actor.name,
        closed_at=None,
        closed_by_id=None,
        closed_by_name=None,
        updated_at=at,
    )
    await repository.insert(drawer)
    await _audit(
        uow,
        actor,
        AuditAction.DRAWER_OPENED,
        drawer,
        deviceId=None if device is None else str(device),
        openingFloat=str(money.from_cents(opening_float_cents)),
    )
    return _detail(drawer, [])


async def get_drawer(uow: UnitOfWork, actor: Actor, drawer_id: UUID) -> DrawerDetail:
    drawer = await _load(uow, actor, drawer_id, lock=False)
    movements = (await MovementRepository(uow).of_drawers([drawer.id]))[drawer.id]
    return _detail(drawer, movements)


async def current_drawer(uow: UnitOfWork, actor: Actor) -> DrawerDetail:
    """The open drawer of the caller's device (404 ``no_open_drawer`` without one); a caller
    on no device (a staff token) has no terminal: 403."""
    if actor.device_id is None:
        raise Forbidden("The current drawer is a terminal's: sign in with a PIN on one")
    drawer = await DrawerRepository(uow).open_on_device(actor.device_id)
    if drawer is None:
        raise NoOpenDrawer(actor.device_id)
    actor.ensure_at(drawer.location_id)
    movements = (await MovementRepository(uow).of_drawers([drawer.id]))[drawer.id]
    return _detail(drawer, movements)


async def list_drawers(
    uow: UnitOfWork, actor: Actor, filters: DrawerFilter, *, page: int, limit: int
) -> tuple[list[DrawerDetail], int]:
    """Newest first, each with its expected cash (its movements are its own read)."""
    scoped = replace(filters, location_id=actor.location_scope(filters.location_id))
    found, total = await DrawerRepository(uow).page(scoped, page=page, limit=limit)
    movements = await MovementRepository(uow).of_drawers([drawer.id for drawer in found])
    return [_detail(drawer, movements[drawer.id]) for drawer in found], total


async def add_movement(
    uow: UnitOfWork,
    actor: Actor,
    drawer_id: UUID,
    *,
    kind: MovementType,
    amount_cents: int,
    reason: str,
) -> DrawerDetail:
    """A manager's pay-in, pay-out or no-sale on an open drawer, audited; by a manager's
    approval, at most the amount it approved."""
    drawer = await _load(uow, actor, drawer_id, lock=True)
    ensure_open(drawer.status)
    actor.ensure_approved_up_to(amount_cents)
    movements = (await MovementRepository(uow).of_drawers([drawer.id]))[drawer.id]
    check_movement(kind, amount_cents, expected_cents(drawer.opening_float_cents, movements))
    movement = Movement(
        id=new_id(),
        drawer_id=drawer.id,
        location_id=drawer.location_id,
        type=kind,
        amount_cents=amount_cents,
        rounding_cents=0,
        reason=reason,
        order_id=None,
        payment_id=None,
        refund_id=None,
        staff_id=actor.staff_id,
        staff_name=actor.name,
        created_at=now(),
    )
    await MovementRepository(uow).insert(movement)
    await _audit(
        uow,
        actor,
        AuditAction.DRAWER_MOVEMENT,
        drawer,
        movementId=str(movement.id),
        type=kind.value,
        amount=str(money.from_cents(amount_cents)),
        reason=reason,
    )
    return _detail(drawer, [*movements, movement])


async def close_drawer(
    uow: UnitOfWork, actor: Actor, drawer_id: UUID, counted_cents: int
) -> DrawerDetail:
    """Count and close, once (409 ``drawer_closed`` after): the expected cash is fixed with the
    count, and the variance is counted - expected. Audited."""
    drawer = await _load(uow, actor, drawer_id, lock=True)
    movements = (await MovementRepository(uow).of_drawers([drawer.id]))[drawer.id]
    expected = expected_cents(drawer.opening_float_cents, movements)
    closed = drawer.close(
        counted_cents, expected, by_id=actor.staff_id, by_name=actor.name, at=now()
    )
    await DrawerRepository(uow).close(closed)
    await _audit(
        uow,
        actor,
        AuditAction.DRAWER_CLOSED,
        closed,
        expected=str(money.from_cents(expected)),
        counted=str(money.from_cents(counted_cents)),
        variance=str(money.from_cents(counted_cents - expected)),
    )
    return _detail(closed, movements)


async def post_cash(uow: UnitOfWork, cash: OrderCash) -> Movement:
    """A cash sale or refund of an order, posted in the order's unit of work: to the paying
    device's open drawer, else the location's only open drawer, else unassigned (kept with no
    drawer). Its amount is the cash handed over; a cash sale's rounding is kept beside it."""
    if cash.kind not in POSTED:
        raise ValueError(f"{cash.kind} is not posted by an order")
    drawers = await DrawerRepository(uow).open_at(cash.location_id, for_update=True)
    amount, rounding = posting_amounts(cash.amount_cents, cash.rounding_cents)
    movement = Movement(
        id=new_id(),
        drawer_id=drawer_to_post_to(drawers, cash.actor.device_id),
        location_id=cash.location_id,
        type=cash.kind,
        amount_cents=amount,
        rounding_cents=rounding,
        reason=None,
        order_id=cash.order_id,
        payment_id=cash.payment_id,
        refund_id=cash.refund_id,
        staff_id=cash.actor.staff_id,
        staff_name=cash.actor.name,
        created_at=now(),
    )
    await MovementRepository(uow).insert(movement)
    return movement


async def drawers_for_z(
    uow: UnitOfWork, location_id: UUID, start: datetime, end: datetime
) -> list[DrawerSummary]:
    """The location's drawers closed in [start, end), or still open and opened before ``end``
    (the Z lists them): oldest first, amounts in cents."""
    found = await DrawerRepository(uow).in_window(location_id, start, end)
    movements = await MovementRepository(uow).of_drawers([drawer.id for drawer in found])
    return [summary(drawer, movements[drawer.id]) for drawer in found]


async def unassigned_cash_for_z(
    uow: UnitOfWork, location_id: UUID, start: datetime, end: datetime
) -> int:
    """The cash, in cents, that sales and refunds in [start, end) took or gave back with no
    drawer to post to (the Z shows it beside the drawers)."""
    return expected_cents(0, await MovementRepository(uow).unassigned_in(location_id, start, end))


# --- shifts ---------------------------------------------------------------------------------


def _staff_of(actor: Actor) -> UUID:
    """The person clocking: a PIN session's or a staff token's; a device alone or the
    bootstrap admin is no one (403)."""
    if actor.staff_id is None:
        raise Forbidden("Clocking in and out is a staff member's: sign in with a PIN or a token")
    return actor.staff_id


async def clock_in(uow: UnitOfWork, actor: Actor, location_id: UUID | None) -> Shift:
    """A new shift at the session's location (a staff token names it); one open shift per
    person (409 ``already_clocked_in``)."""
    staff_id = _staff_of(actor)
    location = _location_of(actor, location_id)
    repository = ShiftRepository(uow)
    if await repository.open_of(staff_id) is not None:
        raise AlreadyClockedIn(f"{actor.name} is already clocked in: clock out first")
    shift = Shift(
        id=new_id(),
        staff_id=staff_id,
        staff_name=actor.name,
        location_id=location,
        clocked_in_at=now(),
        clocked_out_at=None,
    )
    await repository.insert(shift)
    return shift


async def clock_out(uow: UnitOfWork, actor: Actor) -> Shift:
    """The caller's open shift, ended now (none: 409 ``not_clocked_in``)."""
    staff_id = _staff_of(actor)
    repository = ShiftRepository(uow)
    shift = await repository.open_of(staff_id, for_update=True)
    if shift is None:
        raise NotClockedIn(f"{actor.name} is not clocked in")
    ended = shift.clock_out(now())
    await repository.clock_out(ended)
    return ended


async def current_shift(uow: UnitOfWork, actor: Actor) -> Shift:
    shift = await ShiftRepository(uow).open_of(_staff_of(actor))
    if shift is None:
        raise NotFound("open shift of", actor.name)
    return shift


async def list_shifts(
    uow: UnitOfWork, actor: Actor, filters: ShiftFilter, *, page: int, limit: int
) -> tuple[list[Shift], int]:
    """Shifts overlapping the window, newest first."""
    location = actor.location_scope(filters.location_id)
    scoped = ShiftFilter(location, filters.staff_id, filters.start, filters.end)
    return await ShiftRepository(uow).page(scoped, page=page, limit=limit)


async def shifts_of(
    uow: UnitOfWork, staff_id: UUID, location_id: UUID, start: datetime, end: datetime
) -> list[Shift]:
    """One person's shifts at a location overlapping [start, end), oldest first."""
    return await ShiftRepository(uow).all(ShiftFilter(location_id, staff_id, start, end))

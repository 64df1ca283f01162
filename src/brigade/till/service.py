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
from brigade.kit.access import Actor
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import Forbidden, InvalidInput, NotFound
from brigade.till.domain import (
    CashDrawer,
    Drawer,
    DrawerFilter,
    DrawerSummary,
    Movement,
    MovementType,
    NoOpenDrawer,
    OrderCash,
    Shift,
    ShiftFilter,
    clocking_staff,
    drawer_device,
    ended_shift,
    expected_cents,
    minds_servers_open_drawers,
    posted_cash,
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


def _detail(drawer: Drawer) -> DrawerDetail:
    return DrawerDetail(drawer.record, drawer.movements, drawer.expected_cents)


def _location_of(actor: Actor, location_id: UUID | None) -> UUID:
    """The location a caller acts at: a device's or session's own (another is 403
    ``other_location``), else the one it names (none: 422 on ``locationId``)."""
    scoped = actor.location_scope(location_id)
    if scoped is None:
        raise InvalidInput("locationId", "is required for a caller that is not on a device")
    return scoped


async def _with_movements(uow: UnitOfWork, drawer: CashDrawer) -> Drawer:
    return Drawer(drawer, (await MovementRepository(uow).of_drawers([drawer.id]))[drawer.id])


async def _load(uow: UnitOfWork, actor: Actor, drawer_id: UUID, *, lock: bool) -> Drawer:
    drawer = await DrawerRepository(uow).get(drawer_id, for_update=lock)
    if drawer is None:
        raise NotFound("cash drawer", drawer_id)
    actor.ensure_at(drawer.location_id)
    return await _with_movements(uow, drawer)


async def _audit(
    uow: UnitOfWork, actor: Actor, action: AuditAction, drawer: Drawer, **facts: object
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


# --- drawers: the rules are the Drawer's (till/domain.py) --------------------------------------


async def open_drawer(
    uow: UnitOfWork,
    actor: Actor,
    *,
    location_id: UUID | None,
    device_id: UUID | None,
    opening_float_cents: int,
) -> DrawerDetail:
    """A new open drawer (``Drawer.open``): from a terminal the device is the caller's unless
    named. Audited."""
    location = _location_of(actor, location_id)
    repository = DrawerRepository(uow)
    servers_open_drawers = True  # read only for those it decides for
    if minds_servers_open_drawers(actor):
        servers_open_drawers = await repository.servers_open_drawers(location)
    device = drawer_device(actor, device_id)
    open_drawers = await repository.open_at(location)
    on_device = None if device is None else await repository.open_on_device(device)
    drawer = Drawer.open(
        actor=actor,
        location_id=location,
        device_id=device,
        opening_float_cents=opening_float_cents,
        servers_open_drawers=servers_open_drawers,
        open_drawers=[*open_drawers, *([] if on_device is None else [on_device])],
        at=now(),
    )
    await repository.save(drawer)
    await _audit(
        uow,
        actor,
        AuditAction.DRAWER_OPENED,
        drawer,
        deviceId=None if device is None else str(device),
        openingFloat=str(money.from_cents(opening_float_cents)),
    )
    return _detail(drawer)


async def get_drawer(uow: UnitOfWork, actor: Actor, drawer_id: UUID) -> DrawerDetail:
    return _detail(await _load(uow, actor, drawer_id, lock=False))


async def current_drawer(uow: UnitOfWork, actor: Actor) -> DrawerDetail:
    """The open drawer of the caller's device (404 ``no_open_drawer`` without one); a caller
    on no device (a staff token) has no terminal: 403."""
    if actor.device_id is None:
        raise Forbidden("The current drawer is a terminal's: sign in with a PIN on one")
    drawer = await DrawerRepository(uow).open_on_device(actor.device_id)
    if drawer is None:
        raise NoOpenDrawer(actor.device_id)
    actor.ensure_at(drawer.location_id)
    return _detail(await _with_movements(uow, drawer))


async def list_drawers(
    uow: UnitOfWork, actor: Actor, filters: DrawerFilter, *, page: int, limit: int
) -> tuple[list[DrawerDetail], int]:
    """Newest first, each with its expected cash (its movements are its own read)."""
    scoped = replace(filters, location_id=actor.location_scope(filters.location_id))
    found, total = await DrawerRepository(uow).page(scoped, page=page, limit=limit)
    movements = await MovementRepository(uow).of_drawers([drawer.id for drawer in found])
    return [_detail(Drawer(drawer, movements[drawer.id])) for drawer in found], total


async def add_movement(
    uow: UnitOfWork,
    actor: Actor,
    drawer_id: UUID,
    *,
    kind: MovementType,
    amount_cents: int,
    reason: str,
) -> DrawerDetail:
    """A manager's pay-in, pay-out or no-sale on an open drawer (``Drawer.move``), audited."""
    drawer = await _load(uow, actor, drawer_id, lock=True)
    movement = drawer.move(kind, amount_cents, reason, actor=actor, at=now())
    await DrawerRepository(uow).save(drawer)
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
    return _detail(drawer)


async def close_drawer(
    uow: UnitOfWork, actor: Actor, drawer_id: UUID, counted_cents: int
) -> DrawerDetail:
    """Count and close, once (``Drawer.count_and_close``). Audited."""
    drawer = await _load(uow, actor, drawer_id, lock=True)
    drawer.count_and_close(counted_cents, actor=actor, at=now())
    await DrawerRepository(uow).save(drawer)
    expected = drawer.expected_cents
    await _audit(
        uow,
        actor,
        AuditAction.DRAWER_CLOSED,
        drawer,
        expected=str(money.from_cents(expected)),
        counted=str(money.from_cents(counted_cents)),
        variance=str(money.from_cents(counted_cents - expected)),
    )
    return _detail(drawer)


async def post_cash(uow: UnitOfWork, cash: OrderCash) -> Movement:
    """A cash sale or refund of an order, posted in the order's unit of work (``posted_cash``:
    the paying device's open drawer, else the location's only one, else unassigned)."""
    drawers = await DrawerRepository(uow).open_at(cash.location_id, for_update=True)
    movement = posted_cash(cash, drawers, at=now())
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


async def clock_in(uow: UnitOfWork, actor: Actor, location_id: UUID | None) -> Shift:
    """A new shift at the session's location (a staff token names it): ``Shift.clock_in``."""
    staff_id = clocking_staff(actor)
    location = _location_of(actor, location_id)
    repository = ShiftRepository(uow)
    shift = Shift.clock_in(actor, location, open_shift=await repository.open_of(staff_id), at=now())
    await repository.insert(shift)
    return shift


async def clock_out(uow: UnitOfWork, actor: Actor) -> Shift:
    """The caller's open shift, ended now (none: 409 ``not_clocked_in``)."""
    repository = ShiftRepository(uow)
    open_shift = await repository.open_of(clocking_staff(actor), for_update=True)
    ended = ended_shift(actor, open_shift, now())
    await repository.clock_out(ended)
    return ended


async def current_shift(uow: UnitOfWork, actor: Actor) -> Shift:
    shift = await ShiftRepository(uow).open_of(clocking_staff(actor))
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

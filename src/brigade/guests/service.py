"""Guests' visits (docs/design.md §28): a phone scans a table's QR code and starts a visit
bound to the table's check; it sees that check, and nothing once the check has closed."""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from brigade.dining.domain.rooms import Location
from brigade.dining.service import rooms
from brigade.guests.domain import (
    CallKind,
    GuestCall,
    Visit,
    ensure_open_to_guests,
    new_call,
    new_visit,
)
from brigade.guests.repository import CallRepository, VisitRepository
from brigade.kit.access import Actor, Role
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import NotFound
from brigade.orders import service as orders
from brigade.orders.domain.aggregate import Order


@dataclass(frozen=True, slots=True)
class VisitView:
    """A visit as its phone sees it: its table, its location, and its check (None until the
    table has one)."""

    visit: Visit
    table_name: str
    location: Location
    check: Order | None


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
    view = await get_visit(uow, visit_id)
    calls = CallRepository(uow)
    last = await calls.last(visit_id, kind)
    call = new_call(view.visit, view.table_name, kind, last, now())
    await calls.insert(call)
    return call


async def get_visit(uow: UnitOfWork, visit_id: UUID) -> VisitView:
    """The visit with its check; 410 ``visit_ended`` once that check has closed (or the table
    had none for UNBOUND_VISIT); an id no visit has: 404."""
    visit = await VisitRepository(uow).get(visit_id)
    if visit is None:
        raise NotFound("visit", visit_id)
    location = await rooms.get_location(uow, visit.location_id)
    names = await rooms.table_names(uow, [visit.table_id])
    return await _view(uow, visit, names.get(visit.table_id, ""), location)


async def _view(uow: UnitOfWork, visit: Visit, table_name: str, location: Location) -> VisitView:
    check = None
    if visit.order_id is not None:
        check = await orders.get_order(uow, guest_actor(visit, table_name), visit.order_id)
    visit.ended_by(None if check is None else check.header.status, now()).ensure_live()
    return VisitView(visit, table_name, location, check)

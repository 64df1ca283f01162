"""A server's checkout: the orders' figures of their business day and the till's shifts."""

from __future__ import annotations

from datetime import date
from uuid import UUID

from brigade.dining.service.rooms import get_location
from brigade.kit.access import Actor
from brigade.kit.clock import business_day, now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import InvalidInput
from brigade.orders import service as orders
from brigade.reports.checkout.domain import Checkout, business_day_window, ensure_may_read_checkout
from brigade.till import service as till


async def checkout(
    uow: UnitOfWork, actor: Actor, staff_id: UUID, location_id: UUID | None, day: date | None
) -> Checkout:
    """``staff_id``'s business day ``day`` (today, in the location's timezone, when None) at
    the location (a device's own; a staff token names it)."""
    ensure_may_read_checkout(actor, staff_id)
    location_id = actor.location_scope(location_id)
    if location_id is None:
        raise InvalidInput("locationId", "is required for a caller that is not on a device")
    location = await get_location(uow, location_id)
    day = day or business_day(now(), location.timezone)
    start, end = business_day_window(day, location.timezone)
    figures = await orders.server_day(uow, staff_id, location_id, start, end)
    shifts = await till.shifts_of(uow, staff_id, location_id, start, end)
    return Checkout(
        staff_id=staff_id,
        location_id=location_id,
        day=day,
        start=start,
        end=end,
        currency=location.currency,
        figures=figures,
        shifts=tuple(shifts),
    )

"""Dining room use cases: location profiles, and tables with the orders seated at them."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from uuid import UUID

from brigade.access.domain.audit import AuditAction, AuditedEntity
from brigade.access.service import audit
from brigade.dining.domain.errors import DuplicateTableName
from brigade.dining.domain.rooms import (
    DEFAULT_IDLE_SIGN_OUT_SECONDS,
    DEFAULT_TICKET_LATE_MINUTES,
    DEFAULT_TICKET_WARN_MINUTES,
    DiningTable,
    GuestOrdering,
    Location,
    SeatedOrder,
    TableStatus,
    check_cash_rounding,
    check_currency,
    check_idle_sign_out,
    check_ticket_thresholds,
    check_timezone,
    new_guest_code,
    table_status,
)
from brigade.dining.repository.rooms import (
    DiningTableRepository,
    LocationRepository,
    SeatedOrderRepository,
)
from brigade.kit.access import Actor
from brigade.kit.clock import later_than, now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import NotFound
from brigade.kit.ids import new_id
from brigade.kit.languages import DEFAULT_LANGUAGE, Language
from brigade.kit.money import TaxMode
from brigade.orders.domain.errors import TableOccupied

# --- locations ------------------------------------------------------------------------------


def _profile_fields(location: Location) -> dict[str, Any]:
    return {
        "name": location.name,
        "timezone": location.timezone,
        "currency": location.currency,
        "ticketWarnMinutes": location.ticket_warn_minutes,
        "ticketLateMinutes": location.ticket_late_minutes,
        "taxMode": location.tax_mode.value,
        "cashRounding": None if location.cash_rounding is None else str(location.cash_rounding),
        "autoComplete": location.auto_complete,
        "idleSignOutSeconds": location.idle_sign_out_seconds,
        "serversOpenDrawers": location.servers_open_drawers,
        "boardShowsDineIn": location.board_shows_dine_in,
        "language": location.language.value,
        "guestOrdering": location.guest_ordering.value,
        "guestOrdersNeedConfirm": location.guest_orders_need_confirm,
    }


async def set_location_profile(
    uow: UnitOfWork,
    actor: Actor,
    location_id: UUID,
    *,
    name: str,
    timezone: str,
    currency: str,
    ticket_warn_minutes: int = DEFAULT_TICKET_WARN_MINUTES,
    ticket_late_minutes: int = DEFAULT_TICKET_LATE_MINUTES,
    tax_mode: TaxMode = TaxMode.EXCLUSIVE,
    cash_rounding: Decimal | None = None,
    auto_complete: bool = True,
    idle_sign_out_seconds: int | None = DEFAULT_IDLE_SIGN_OUT_SECONDS,
    servers_open_drawers: bool = True,
    board_shows_dine_in: bool = False,
    language: Language = DEFAULT_LANGUAGE,
    guest_ordering: GuestOrdering = GuestOrdering.OFF,
    guest_orders_need_confirm: bool = True,
) -> Location:
    """Create or replace a location's profile (PUT: every field, the currency, the kitchen
    ticket thresholds, the tax mode, the cash rounding, auto-complete and the terminals' idle
    sign-out defaulted)."""
    check_timezone(timezone)
    check_currency(currency)
    check_ticket_thresholds(ticket_warn_minutes, ticket_late_minutes)
    cash_rounding = check_cash_rounding(cash_rounding)
    check_idle_sign_out(idle_sign_out_seconds)
    repository = LocationRepository(uow)
    current = await repository.get(location_id, for_update=True)
    at = now() if current is None or current.updated_at is None else later_than(current.updated_at)
    created_at = at if current is None or current.created_at is None else current.created_at
    location = Location(
        location_id,
        name,
        timezone,
        currency,
        created_at,
        at,
        ticket_warn_minutes=ticket_warn_minutes,
        ticket_late_minutes=ticket_late_minutes,
        tax_mode=tax_mode,
        cash_rounding=cash_rounding,
        auto_complete=auto_complete,
        idle_sign_out_seconds=idle_sign_out_seconds,
        servers_open_drawers=servers_open_drawers,
        board_shows_dine_in=board_shows_dine_in,
        language=language,
        guest_ordering=guest_ordering,
        guest_orders_need_confirm=guest_orders_need_confirm,
    )
    if current is not None and _profile_fields(current) == _profile_fields(location):
        return current
    await repository.upsert(location)
    await audit.record(
        uow,
        actor,
        AuditAction.LOCATION_PROFILE_SET,
        (AuditedEntity.LOCATION, location_id),
        location_id=location_id,
        before=_profile_fields(current) if current is not None else None,
        after=_profile_fields(location),
    )
    return location


async def get_location(uow: UnitOfWork, location_id: UUID) -> Location:
    """The profile, or the defaults of a location that has none (ids stay opaque: any id
    may name a location some other system owns)."""
    found = await LocationRepository(uow).get(location_id)
    return found if found is not None else Location.unprofiled(location_id)


async def location_ids(uow: UnitOfWork) -> list[UUID]:
    """Every location with a profile: the roster the journal's verification covers."""
    return await LocationRepository(uow).ids()


async def list_locations(
    uow: UnitOfWork, actor: Actor, *, page: int, limit: int
) -> tuple[list[Location], int]:
    """The locations with a profile; a credential of one location sees its own only."""
    if actor.location_id is not None:
        own = await LocationRepository(uow).get(actor.location_id)
        return ([own] if own is not None and page == 1 else []), int(own is not None)
    return await LocationRepository(uow).list(page=page, limit=limit)


# --- tables ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableView:
    """A table as the floor view shows it: with the DRAFT and OPEN orders at it."""

    table: DiningTable
    seated: list[SeatedOrder]

    @property
    def status(self) -> TableStatus:
        return table_status(self.seated)


async def _views(uow: UnitOfWork, tables: list[DiningTable]) -> list[TableView]:
    seated = await SeatedOrderRepository(uow).at_tables([table.id for table in tables])
    return [TableView(table, seated[table.id]) for table in tables]


async def _live_table(uow: UnitOfWork, table_id: UUID, *, for_update: bool = False) -> DiningTable:
    table = await DiningTableRepository(uow).get(table_id, for_update=for_update)
    if table is None:
        raise NotFound("table", table_id)
    return table


async def _ensure_name_free(
    uow: UnitOfWork, location_id: UUID, name: str, *, other_than: UUID | None = None
) -> None:
    if await DiningTableRepository(uow).name_taken(location_id, name, other_than=other_than):
        raise DuplicateTableName(f"This location already has a table named {name!r}.")


async def create_table(
    uow: UnitOfWork, location_id: UUID, name: str, *, section: str | None, seats: int | None
) -> TableView:
    await _ensure_name_free(uow, location_id, name)
    at = now()
    table = DiningTable(new_id(), location_id, name, section, seats, at, at)
    await DiningTableRepository(uow).insert(table)
    return TableView(table, [])


async def get_table(uow: UnitOfWork, table_id: UUID) -> TableView:
    (view,) = await _views(uow, [await _live_table(uow, table_id)])
    return view


async def list_tables(
    uow: UnitOfWork, location_id: UUID | None, *, page: int, limit: int
) -> tuple[list[TableView], int]:
    tables, total = await DiningTableRepository(uow).list(location_id, page=page, limit=limit)
    return await _views(uow, tables), total


async def update_table(uow: UnitOfWork, table_id: UUID, changes: Mapping[str, Any]) -> TableView:
    """``changes``: any of name, section, seats (None clears section and seats)."""
    current = await _live_table(uow, table_id, for_update=True)
    table = dataclasses.replace(current, **changes)
    if table != current:
        if table.name != current.name:
            await _ensure_name_free(uow, table.location_id, table.name, other_than=table_id)
        table = dataclasses.replace(table, updated_at=later_than(current.updated_at))
        await DiningTableRepository(uow).save(table)
    (view,) = await _views(uow, [table])
    return view


async def delete_table(uow: UnitOfWork, table_id: UUID) -> None:
    """Soft: orders that were at the table still name it. Refused while an order sits there."""
    table = await _live_table(uow, table_id, for_update=True)
    (view,) = await _views(uow, [table])
    if view.seated:
        numbers = ", ".join(f"#{order.order_number}" for order in view.seated)
        raise TableOccupied(f"Order {numbers} is still at this table; move or close it first.")
    await DiningTableRepository(uow).delete(table_id, later_than(table.updated_at))


async def new_table_guest_code(uow: UnitOfWork, table_id: UUID) -> TableView:
    """The table's QR code points at a new guest code: the old one (a photo of it) opens
    nothing any more (docs/design.md §28)."""
    current = await _live_table(uow, table_id, for_update=True)
    table = dataclasses.replace(
        current, guest_code=new_guest_code(), updated_at=later_than(current.updated_at)
    )
    await DiningTableRepository(uow).save(table)
    (view,) = await _views(uow, [table])
    return view


async def table_of_guest_code(uow: UnitOfWork, guest_code: str) -> TableView:
    """The live table a guest's QR code names, with its open checks (404 for a code no table
    has: unknown, replaced, or its table deleted)."""
    table = await DiningTableRepository(uow).by_guest_code(guest_code)
    if table is None:
        raise NotFound("table", guest_code)
    (view,) = await _views(uow, [table])
    return view


async def hold_table(uow: UnitOfWork, table_id: UUID) -> None:
    """Lock the live table until the transaction ends: two guests' phones at an empty table
    open one check there between them, not two, and two paying at once see each other's
    payment (docs/design.md §28)."""
    await _live_table(uow, table_id, for_update=True)


async def table_names(uow: UnitOfWork, table_ids: Collection[UUID]) -> dict[UUID, str]:
    """``tableName`` for orders: the name of each known table among ``table_ids``, in one query."""
    return await DiningTableRepository(uow).names(table_ids)

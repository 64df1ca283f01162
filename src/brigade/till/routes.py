"""The till's endpoints: cash drawers (`/api/cash-drawers`) and shifts (`/api/shifts`),
docs/design.md §17."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Query, Response
from pydantic import Field

from brigade.kit import money
from brigade.kit.clock import now
from brigade.kit.errors import ApprovalExceeded, Forbidden, InvalidInput, NotFound, OtherLocation
from brigade.kit.events import register_payload_shape
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.located import OWN, located
from brigade.kit.http.paths import DrawerId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import FromQuery, LocationQuery, Page, StaffRef, ToQuery, staff_ref
from brigade.kit.http.types import (
    Money,
    MoneyIn,
    Reason,
    RequestModel,
    ResponseModel,
    Timestamp,
)
from brigade.till import service
from brigade.till.allowed import (
    ClockPuncher,
    DrawerCloser,
    DrawerManager,
    DrawerMover,
    DrawerOpener,
    OwnDrawerReader,
    ShiftReader,
)
from brigade.till.domain import (
    AlreadyClockedIn,
    CashDrawer,
    DrawerAlreadyOpen,
    DrawerClosed,
    DrawerFilter,
    DrawerStatus,
    Movement,
    MovementType,
    NoOpenDrawer,
    NotClockedIn,
    Shift,
    ShiftFilter,
    counts_blind,
)
from brigade.till.schemas import ShiftOut, shift_out
from brigade.till.service import DrawerDetail

drawers_router = brigade_router(prefix="/api/cash-drawers", tags=["cash drawers"])
shifts_router = brigade_router(prefix="/api/shifts", tags=["shifts"])


# --- drawers --------------------------------------------------------------------------------


class DrawerOpen(RequestModel):
    location_id: UUID | None = Field(
        default=None, description="Required unless the caller is on a device (its location)."
    )
    device_id: UUID | None = Field(
        default=None, description="The drawer's terminal; from a terminal, the caller's device."
    )
    opening_float: MoneyIn = Field(
        description="The cash put in the drawer to start with, in the location's currency"
    )


class MovementIn(RequestModel):
    type: MovementType = Field(description="PAY_IN, PAY_OUT or NO_SALE (the others are posted)")
    amount: MoneyIn = Field(description="0 for a NO_SALE")
    reason: Reason = Field(
        description=(
            "Why the cash went in or out, or the drawer opened (1-500 characters): "
            "kept on the movement"
        )
    )


class DrawerClose(RequestModel):
    counted_amount: MoneyIn = Field(
        description="The cash counted in the drawer at closing, in the location's currency"
    )


class MovementOut(ResponseModel):
    id: UUID = Field(description="The movement's id")
    type: MovementType = Field(
        description=(
            "PAY_IN, PAY_OUT, NO_SALE (given by hand), CASH_SALE or CASH_REFUND "
            "(posted by a cash payment or refund)"
        )
    )
    amount: Money = Field(description="0 or more: the type gives the sign")
    rounding: Money = Field(description="A cash sale's cash rounding, signed")
    reason: str | None = Field(description="Why, for one given by hand; null for a posted one")
    order_id: UUID | None = Field(description="The order of a cash sale or refund; null otherwise")
    payment_id: UUID | None = Field(description="The cash payment of a CASH_SALE; null otherwise")
    refund_id: UUID | None = Field(description="The refund of a CASH_REFUND; null otherwise")
    staff: StaffRef = Field(description="Who made it, or took the payment or gave the refund")
    created_at: Timestamp = Field(description="When it was made, in UTC")


class CashDrawerEventOut(ResponseModel):
    """A drawer without its amounts: ``cash_drawer.opened`` and ``.closed`` carry this."""

    id: UUID = Field(description="The drawer session's id")
    location_id: UUID = Field(description="The location it is at")
    device_id: UUID | None = Field(description="The terminal it is at; null: none")
    status: DrawerStatus = Field(description="OPEN, then CLOSED once counted")
    opened_at: Timestamp = Field(description="When it was opened, in UTC")
    opened_by: StaffRef | None = Field(description="Who opened it; null when nobody was recorded")
    closed_at: Timestamp | None = Field(
        description="When it was counted and closed, in UTC; null while open"
    )
    closed_by: StaffRef | None = Field(
        description="Who closed it; null while open, or when nobody was recorded"
    )


class CashDrawerOut(CashDrawerEventOut):
    opening_float: Money = Field(description="The cash it started with, in the location's currency")
    expected_amount: Money = Field(
        description="Float + cash sales - cash refunds + pay-ins - pay-outs + cash rounding: "
        "live while open, fixed at the count"
    )
    counted_amount: Money | None = Field(
        description="The cash counted at closing, in the location's currency; null while open"
    )
    variance: Money | None = Field(description="counted - expected; negative when short")


class CurrentDrawerOut(CashDrawerEventOut):
    """The open drawer of the caller's terminal. Its expected cash is a manager's: a server
    counts blind (null below MANAGER); its movements are left out for the same reason."""

    opening_float: Money = Field(description="The cash it started with, in the location's currency")
    expected_amount: Money | None = Field(
        description="The live expected cash for a MANAGER or above; null for a server"
    )


class CashDrawerDetail(CashDrawerOut):
    movements: list[MovementOut] = Field(description="Every movement of its cash, oldest first")


class MovedDrawerOut(CurrentDrawerOut):
    """The drawer after a movement. A server who moved cash with a manager's approval counts
    blind: the expected cash and the movements are a manager's (null below MANAGER)."""

    movements: list[MovementOut] | None = Field(
        description="Every movement of its cash, oldest first, for a MANAGER or above; null "
        "for a server"
    )


class CashDrawerPage(Page[CashDrawerOut]):
    """Cash drawers, newest first."""


def _event_fields(drawer: CashDrawer) -> dict[str, object]:
    return {
        "id": drawer.id,
        "location_id": drawer.location_id,
        "device_id": drawer.device_id,
        "status": drawer.status,
        "opened_at": drawer.opened_at,
        "opened_by": staff_ref(drawer.opened_by_id, drawer.opened_by_name),
        "closed_at": drawer.closed_at,
        "closed_by": staff_ref(drawer.closed_by_id, drawer.closed_by_name),
    }


def _cents(cents: int | None) -> object:
    return None if cents is None else money.from_cents(cents)


def _drawer_fields(detail: DrawerDetail) -> dict[str, object]:
    drawer = detail.drawer
    return _event_fields(drawer) | {
        "opening_float": money.from_cents(drawer.opening_float_cents),
        "expected_amount": money.from_cents(detail.expected_cents),
        "counted_amount": _cents(drawer.counted_cents),
        "variance": _cents(drawer.variance_cents),
    }


def _movement(movement: Movement) -> MovementOut:
    return MovementOut(
        id=movement.id,
        type=movement.type,
        amount=money.from_cents(movement.amount_cents),
        rounding=money.from_cents(movement.rounding_cents),
        reason=movement.reason,
        order_id=movement.order_id,
        payment_id=movement.payment_id,
        refund_id=movement.refund_id,
        staff=StaffRef(staff_id=movement.staff_id, name=movement.staff_name),
        created_at=movement.created_at,
    )


def _detail(detail: DrawerDetail) -> CashDrawerDetail:
    return CashDrawerDetail.model_validate(
        _drawer_fields(detail) | {"movements": [_movement(m) for m in detail.movements]}
    )


@drawers_router.post(
    "",
    status_code=201,
    response_model=CashDrawerDetail,
    responses=problem_responses(DrawerAlreadyOpen, OtherLocation, InvalidInput),
)
async def open_drawer(
    staff: DrawerOpener, body: DrawerOpen, uow: UowDep, response: Response
) -> CashDrawerDetail:
    """A MANAGER opens a drawer anywhere; a SERVER where the location's `serversOpenDrawers`
    is on (the default), else 403. One open drawer per device, one device-less one per
    location (409 `drawer_already_open`). A device's session opens at its own location."""
    detail = await service.open_drawer(
        uow,
        staff,
        location_id=body.location_id,
        device_id=body.device_id,
        opening_float_cents=money.to_cents(body.opening_float),
    )
    response.headers["Location"] = f"/api/cash-drawers/{detail.drawer.id}"
    return _detail(detail)


@drawers_router.get("", response_model=CashDrawerPage, responses=problem_responses(OtherLocation))
async def list_drawers(
    staff: DrawerManager,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
    status: Annotated[
        DrawerStatus | None, Query(description="Only drawers in this state (open or closed).")
    ] = None,
    start: FromQuery = None,
    end: ToQuery = None,
) -> CashDrawerPage:
    """Newest first, each with its expected amount; with `from`/`to`, the drawers open during
    that time (opened before `to`, closed after `from` or still open)."""
    found, total = await service.list_drawers(
        uow,
        staff,
        DrawerFilter(location_id, status, start, end),
        page=pagination.page,
        limit=pagination.limit,
    )
    shown = [CashDrawerOut.model_validate(_drawer_fields(detail)) for detail in found]
    return CashDrawerPage(**pagination.page_of(shown, total))


@drawers_router.get(
    "/current",
    response_model=CurrentDrawerOut,
    responses=problem_responses(NoOpenDrawer, Forbidden),
)
@located(OWN)
async def current_drawer(staff: OwnDrawerReader, uow: UowDep) -> CurrentDrawerOut:
    """The open drawer of the caller's terminal (a PIN session's device; a staff token has
    none: 403), or 404 `no_open_drawer`. `expectedAmount` is null below MANAGER (a blind
    count)."""
    detail = await service.current_drawer(uow, staff)
    fields = _drawer_fields(detail)
    if counts_blind(staff):
        fields["expected_amount"] = None
    return CurrentDrawerOut.model_validate(fields)


@drawers_router.get(
    "/{drawerId}",
    response_model=CashDrawerDetail,
    responses=problem_responses(NotFound, OtherLocation),
)
async def get_drawer(staff: DrawerManager, drawer_id: DrawerId, uow: UowDep) -> CashDrawerDetail:
    """The drawer, its movements (oldest first) and its live expected amount."""
    return _detail(await service.get_drawer(uow, staff, drawer_id))


@drawers_router.post(
    "/{drawerId}/movements",
    status_code=201,
    response_model=MovedDrawerOut,
    responses=problem_responses(
        NotFound, OtherLocation, DrawerClosed, ApprovalExceeded, InvalidInput
    ),
)
async def add_movement(
    staff: DrawerMover, drawer_id: DrawerId, body: MovementIn, uow: UowDep
) -> MovedDrawerOut:
    """A pay-in, a pay-out (never more than the expected cash: 422, naming no amount) or a
    no-sale (amount 0), with a reason; audited. A server with a manager's approval
    `cash_drawer.movement` on this drawer too. Answers the drawer with its movements; for a
    server (approved) `expectedAmount` and `movements` are null: a blind count stays blind."""
    detail = await service.add_movement(
        uow,
        staff,
        drawer_id,
        kind=body.type,
        amount_cents=money.to_cents(body.amount),
        reason=body.reason,
    )
    if counts_blind(staff):
        return MovedDrawerOut.model_validate(
            _drawer_fields(detail) | {"expected_amount": None, "movements": None}
        )
    return MovedDrawerOut.model_validate(_detail(detail).model_dump())


@drawers_router.post(
    "/{drawerId}/close",
    response_model=CashDrawerDetail,
    responses=problem_responses(NotFound, OtherLocation, DrawerClosed),
)
async def close_drawer(
    staff: DrawerCloser, drawer_id: DrawerId, body: DrawerClose, uow: UowDep
) -> CashDrawerDetail:
    """Count and close: answers `expectedAmount`, `countedAmount` and `variance`. Closing
    twice is 409 `drawer_closed`. A server with a manager's approval `cash_drawer.close` on
    this drawer too. Audited."""
    detail = await service.close_drawer(uow, staff, drawer_id, money.to_cents(body.counted_amount))
    return _detail(detail)


# --- shifts ---------------------------------------------------------------------------------


class ClockIn(RequestModel):
    location_id: UUID | None = Field(
        default=None, description="Required with a staff token; a PIN session's is its device's."
    )


class ShiftPage(Page[ShiftOut]):
    """Shifts, newest first."""


_CLOCK_ERRORS = (OtherLocation, InvalidInput)


@shifts_router.post(
    "/clock-in",
    response_model=ShiftOut,
    responses=problem_responses(AlreadyClockedIn, *_CLOCK_ERRORS),
)
@located(OWN)
async def clock_in(staff: ClockPuncher, uow: UowDep, body: ClockIn | None = None) -> ShiftOut:
    """The caller (a PIN session's staff member, or a staff token's, which names
    `locationId`) starts a shift; a device alone or the bootstrap admin is 403. Twice: 409
    `already_clocked_in`."""
    location_id = None if body is None else body.location_id
    return shift_out(await service.clock_in(uow, staff, location_id))


@shifts_router.post(
    "/clock-out", response_model=ShiftOut, responses=problem_responses(NotClockedIn)
)
@located(OWN)
async def clock_out(staff: ClockPuncher, uow: UowDep) -> ShiftOut:
    """The caller's open shift ends now; none: 409 `not_clocked_in`."""
    return shift_out(await service.clock_out(uow, staff))


@shifts_router.get("/current", response_model=ShiftOut, responses=problem_responses(NotFound))
@located(OWN)
async def current_shift(staff: ClockPuncher, uow: UowDep) -> ShiftOut:
    """The caller's open shift, or 404."""
    return shift_out(await service.current_shift(uow, staff))


@shifts_router.get("", response_model=ShiftPage, responses=problem_responses(OtherLocation))
async def list_shifts(
    staff: ShiftReader,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
    staff_id: Annotated[
        UUID | None, Query(alias="staffId", description="Only this staff member's shifts.")
    ] = None,
    start: FromQuery = None,
    end: ToQuery = None,
) -> ShiftPage:
    """Shifts that overlap `from`..`to` (clocked in before `to`, out after `from` or still
    open), newest first."""
    found, total = await service.list_shifts(
        uow,
        staff,
        ShiftFilter(location_id, staff_id, start, end),
        page=pagination.page,
        limit=pagination.limit,
    )
    at = now()
    return ShiftPage(**pagination.page_of([shift_out(shift, at) for shift in found], total))


def install_event_payloads() -> None:
    register_payload_shape(
        CashDrawer,
        lambda drawer: CashDrawerEventOut.model_validate(_event_fields(drawer)).model_dump_json(),
    )
    register_payload_shape(Shift, lambda shift: shift_out(shift).model_dump_json())

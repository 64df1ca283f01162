"""Payments across orders, for settlement and tip-out (MANAGER), and today's card payments
awaiting a tip (whoever enters tips)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from brigade.kit.cursor import Cursor
from brigade.kit.http.deps import CursorPaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import FromQuery, LocationQuery, ToQuery
from brigade.orders import service, shaping
from brigade.orders.allowed import OrderTaker, PaymentsReader
from brigade.orders.domain.settlement import PaymentFilter
from brigade.orders.domain.states import PaymentMethod
from brigade.orders.schemas import SettledPaymentOut, SettledPaymentPage

router = brigade_router(prefix="/api/payments", tags=["payments"])


@router.get("", response_model=SettledPaymentPage, responses=problem_responses())
async def list_payments(
    staff: PaymentsReader,
    uow: UowDep,
    paging: CursorPaginationDep,
    location_id: LocationQuery = None,
    taken_from: FromQuery = None,
    taken_to: ToQuery = None,
    method: Annotated[
        PaymentMethod | None, Query(description="Only payments taken this way.")
    ] = None,
) -> SettledPaymentPage:
    """Newest first, each with its order's number and what was refunded of it."""
    filters = PaymentFilter(
        location_id=staff.location_scope(location_id),
        method=method,
        taken_from=taken_from,
        taken_before=taken_to,
    )
    pagination = paging.pagination
    found, total = await service.list_payments(
        uow, filters, page=pagination.page, limit=pagination.limit, after=paging.cursor
    )
    shaped = [shaping.settled_payment(settled, staff.role) for settled in found]
    return SettledPaymentPage.after(shaped, total, pagination, _place)


def _place(payment: SettledPaymentOut) -> Cursor:
    return Cursor(payment.processed_at, payment.id)


@router.get(
    "/awaiting-tip",
    response_model=SettledPaymentPage,
    responses=problem_responses(),
    description="The CARD payments of the location's business day so far (since local midnight "
    "in its timezone, UTC without a profile) still COMPLETED (a cancelled check's are REFUNDED) "
    "with no tip yet, on open and completed checks, newest first: what a server tips from the "
    "signed slips before the day ends. For whoever may enter a tip (SERVER and up); a device and "
    "its PIN sessions see "
    "their own location's only (403 `other_location` for another).",
)
async def list_payments_awaiting_tip(
    staff: OrderTaker,
    uow: UowDep,
    paging: CursorPaginationDep,
    location_id: LocationQuery = None,
) -> SettledPaymentPage:
    pagination = paging.pagination
    found, total = await service.payments_awaiting_tip(
        uow,
        staff.location_scope(location_id),
        page=pagination.page,
        limit=pagination.limit,
        after=paging.cursor,
    )
    shaped = [shaping.settled_payment(settled, staff.role) for settled in found]
    return SettledPaymentPage.after(shaped, total, pagination, _place)

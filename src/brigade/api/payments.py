"""Payments across orders, for settlement and tip-out (MANAGER)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from brigade.api.deps import PaginationDep, UowDep
from brigade.api.errors import problem_responses
from brigade.api.orders import shaping
from brigade.api.orders.schemas import SettledPaymentPage
from brigade.api.routing import brigade_router
from brigade.api.schemas import LocationQuery
from brigade.api.security import PaymentsReader
from brigade.api.types import UtcInstant
from brigade.domain.orders import PaymentMethod
from brigade.domain.settlement import PaymentFilter
from brigade.services import orders as service

router = brigade_router(prefix="/api/payments", tags=["payments"])


@router.get("", response_model=SettledPaymentPage, responses=problem_responses())
async def list_payments(
    staff: PaymentsReader,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
    taken_from: Annotated[
        UtcInstant | None, Query(alias="from", description="inclusive; naive is UTC")
    ] = None,
    taken_to: Annotated[
        UtcInstant | None, Query(alias="to", description="exclusive; naive is UTC")
    ] = None,
    method: Annotated[PaymentMethod | None, Query()] = None,
) -> SettledPaymentPage:
    """Newest first, each with its order's number and what was refunded of it."""
    filters = PaymentFilter(
        location_id=staff.location_scope(location_id),
        method=method,
        taken_from=taken_from,
        taken_before=taken_to,
    )
    found, total = await service.list_payments(
        uow, filters, page=pagination.page, limit=pagination.limit
    )
    shaped = [shaping.settled_payment(settled, staff.role) for settled in found]
    return SettledPaymentPage.of(shaped, total, pagination)

"""`GET /api/staff/{id}/checkout`: a server's business day (docs/design.md §17)."""

from __future__ import annotations

from datetime import date
from typing import Annotated
from uuid import UUID

from fastapi import Query
from pydantic import Field

from brigade.kit import money
from brigade.kit.clock import now
from brigade.kit.errors import Forbidden, InvalidInput, OtherLocation
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import StaffId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import LocationQuery, order_number
from brigade.kit.http.types import BusinessDay, Money, ResponseModel, Timestamp
from brigade.reports.allowed import CheckoutReader
from brigade.reports.checkout import service
from brigade.reports.checkout.domain import Checkout
from brigade.till.schemas import ShiftOut, shift_out

router = brigade_router(prefix="/api/staff", tags=["checkout"])


class OpenCheckOut(ResponseModel):
    id: UUID = Field(description="The order's id")
    number: str = Field(description="Its check number (#1042)")
    table_id: UUID | None = Field(description="Its table; null: none")
    table_name: str | None = Field(description="Its table's current name; null: none")
    total: Money = Field(description="Its total, tax included, in the order's currency")
    balance: Money = Field(description="What it still owes, in the order's currency")


class CheckoutOut(ResponseModel):
    staff_id: UUID = Field(description="The server checked out")
    location_id: UUID = Field(description="The location whose business day it is")
    # Annotated: a default here would shadow the type `date` in the class body.
    date: Annotated[date, Field(description="The business day, in the location's timezone")]
    start: Timestamp = Field(description="When the business day began")
    end: Timestamp = Field(description="When the next one begins")
    currency: str = Field(description="The location's currency (ISO 4217), every amount's")
    sales: Money = Field(description="Net sales of the orders they opened that completed")
    order_count: int = Field(description="How many of the orders they opened completed that day")
    tips: Money = Field(description="Card and cash tips on the payments they took")
    card_tips: Money = Field(
        description="The tips on the card payments they took, in the location's currency"
    )
    cash_tips: Money = Field(
        description="The tips on the cash payments they took, in the location's currency"
    )
    cash_held: Money = Field(description="Cash payments they took less cash refunds they made")
    card_total: Money = Field(description="Card payments they took, tips apart")
    open_checks: list[OpenCheckOut] = Field(
        description="The orders they opened still DRAFT or OPEN"
    )
    shifts: list[ShiftOut] = Field(description="Their shifts that day")


def _out(found: Checkout) -> CheckoutOut:
    figures, at = found.figures, now()
    return CheckoutOut(
        staff_id=found.staff_id,
        location_id=found.location_id,
        date=found.day,
        start=found.start,
        end=found.end,
        currency=found.currency,
        sales=money.from_cents(figures.sales_cents),
        order_count=figures.order_count,
        tips=money.from_cents(figures.tips_cents),
        card_tips=money.from_cents(figures.card_tips_cents),
        cash_tips=money.from_cents(figures.cash_tips_cents),
        cash_held=money.from_cents(figures.cash_held_cents),
        card_total=money.from_cents(figures.card_total_cents),
        open_checks=[
            OpenCheckOut(
                id=check.id,
                number=order_number(check.order_number),
                table_id=check.table_id,
                table_name=check.table_name,
                total=money.from_cents(check.total_cents),
                balance=money.from_cents(check.balance_cents),
            )
            for check in figures.open_checks
        ],
        shifts=[shift_out(shift, at) for shift in found.shifts],
    )


@router.get(
    "/{staffId}/checkout",
    response_model=CheckoutOut,
    responses=problem_responses(Forbidden, OtherLocation, InvalidInput),
)
async def get_checkout(
    staff: CheckoutReader,
    staff_id: StaffId,
    uow: UowDep,
    location_id: LocationQuery = None,
    day: Annotated[
        BusinessDay | None,
        Query(alias="date", description="The business day; today's at the location if absent"),
    ] = None,
) -> CheckoutOut:
    """A SERVER reads their own checkout, a MANAGER anyone's (403 otherwise). A device's
    session reads at its own location; a staff token names `locationId`."""
    return _out(await service.checkout(uow, staff, staff_id, location_id, day))

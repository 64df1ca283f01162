"""The X and Z reports (docs/design.md §18): the figures since the last Z (X, MANAGER,
changing nothing), closing the business day (Z, MANAGER), the Zs as they were, and a Z on a
receipt printer. A device or its PIN sessions act only at their own location."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Annotated, Any
from uuid import UUID

from fastapi import Path
from pydantic import Field

from brigade.kit.errors import InvalidInput, NotFound, OtherLocation
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import AtLocationQuery, Page
from brigade.kit.http.types import Flag, Money, Number, RequestModel, ResponseModel, Text, Timestamp
from brigade.kit.money import from_cents, rate_from_units
from brigade.printing.schemas import PrintJobOut, job_out
from brigade.reports import service
from brigade.reports.allowed import DayCloser, ReportReader
from brigade.reports.domain.closing import DayFigures, RateSum, ordered_methods, ordered_rates
from brigade.reports.domain.day_close import ChecksStillOpen, TillFigures, XReport, ZReport
from brigade.reports.domain.sales import OpenChecks
from brigade.reports.routes import OpenChecksPaid, open_checks_json
from brigade.till.domain import DrawerSummary

router = brigade_router(prefix="/api/reports", tags=["reports"])

ZNumber = Annotated[int, Path(ge=1, le=2**31 - 1, description="The Z's number at the location")]


class ZTax(ResponseModel):
    id: UUID | None = Field(description="The named tax rate; null for a product's own number")
    name: str = Field(description="The rate's name; its percentage for a product's own number")
    rate: Number = Field(description="The rate, a fraction (0.0825 is 8.25 %)")
    net: Money | None = Field(description="What was taxed at it, net of tax")
    tax: Money = Field(description="The tax at that rate, in the location's currency")


class ZPaymentMethod(ResponseModel):
    method: str = Field(description="The payment method (CASH, CARD, ...)")
    amount: Money = Field(description="Taken, tips apart")
    count: int = Field(description="How many payments were taken by it")
    tips: Money = Field(description="The tips taken by it, in the location's currency")


class ZRefunds(ResponseModel):
    count: int = Field(description="How many refunds were given")
    amount: Money = Field(
        description=(
            "What they gave back of what was paid, tips apart, tax included, in the "
            "location's currency"
        )
    )
    tips: Money = Field(description="What they gave back of tips, in the location's currency")
    taxes: list[ZTax] = Field(description="The tax given back, by rate")


class ZVoids(ResponseModel):
    count: int = Field(
        description=(
            "How many voids: items voided once sent, and orders cancelled with "
            "anything sent or paid"
        )
    )
    amount: Money = Field(
        description=(
            "What they took off: a voided item's total, a cancelled order's subtotal "
            "less its discount, in the location's currency"
        )
    )


class ZDrawer(ResponseModel):
    """A cash drawer of the day: counted and variance null while it is still open."""

    id: UUID = Field(description="The cash drawer session")
    device_id: UUID | None = Field(description="Its terminal; null: none")
    opened_at: Timestamp = Field(description="When it was opened, in UTC")
    closed_at: Timestamp | None = Field(
        description="When it was counted and closed, in UTC; null while open"
    )
    opening_float: Money = Field(description="The cash it started with, in the location's currency")
    expected_amount: Money = Field(
        description=(
            "Float + cash sales - cash refunds + pay-ins - pay-outs + cash rounding, "
            "in the location's currency"
        )
    )
    counted_amount: Money | None = Field(
        description="The cash counted at closing, in the location's currency; null while open"
    )
    variance: Money | None = Field(
        description="countedAmount - expectedAmount (negative when short); null while open"
    )


class ZHeldCard(ResponseModel):
    """A tab's card still held: close the tab on it, or release it."""

    checkout_id: UUID = Field(description="The card checkout holding it")
    order_id: UUID = Field(description="The tab's order")
    held_amount: Money = Field(description="What it is authorised for")
    card_brand: str | None = Field(description="The card's brand")
    card_last_four: str | None = Field(description="The card's last four digits")
    held_since: Timestamp = Field(description="When the hold was started, in UTC")


class DayFiguresOut(ResponseModel):
    """What the journal's entries since the last Z add up to. `orderCount`, `netSales` and
    the figures by rate and by tender are the sales (SALE less REOPEN); refunds and voids are
    apart, never netted out of them."""

    from_: Timestamp = Field(
        description=(
            "The start of the figures: the last Z's time (or the journal's first entry's), in UTC"
        ),
        alias="from",
    )
    to: Timestamp = Field(description="Their end: now for an X, the Z's time for a Z, in UTC")
    currency: str = Field(description="The location's currency (ISO 4217), every amount's")
    order_count: int = Field(description="How many orders completed (sales less reopens)")
    net_sales: Money = Field(
        description=(
            "Their subtotals less discounts: service charges and tips apart, tax "
            "included only in INCLUSIVE mode; in the location's currency"
        )
    )
    taxes: list[ZTax] = Field(description="The tax of the sales, by rate")
    service_charges: Money = Field(
        description="The service charges of the sales, in the location's currency"
    )
    tips: Money = Field(description="The tips of the sales, in the location's currency")
    by_payment_method: list[ZPaymentMethod] = Field(description="The sales' payments, by method")
    refunds: ZRefunds = Field(description="The refunds given, apart from the sales")
    voids: ZVoids = Field(description="The voids, apart from the sales")
    discounts: Money = Field(description="The discounts of the sales, in the location's currency")
    rounding: Money = Field(
        description="The cash rounding of the sales' payments, signed, in the location's currency"
    )
    drawers: list[ZDrawer] = Field(
        description="The drawers closed since the last Z, or still open (docs/design.md §17)"
    )
    unassigned_cash: Money = Field(
        description="Cash sales less cash refunds that found no open drawer to post to"
    )
    held_cards: list[ZHeldCard] = Field(
        description="Cards still held for tabs when it was made: authorised, not captured nor "
        "released (docs/design.md §27)"
    )
    journal_sequence: int = Field(
        description="X: the last entry counted; Z: the Z's own entry in the journal"
    )


class XReportOut(DayFiguresOut):
    last_z: int = Field(description="The number of the last Z (0: none yet)")
    open_checks: OpenChecksPaid = Field(
        description="The location's checks open now that hold payments: their money is in the "
        "tenders of the sales report the day it was taken, their sale in no X until completed"
    )


class ZReportOut(DayFiguresOut):
    """A closed business day, stored whole: it answers the same forever."""

    number: int = Field(description="The Z's number at the location: 1, 2, 3... with no gap")
    business_day: date = Field(
        description="The business day it closed: the location's date of `to`"
    )
    grand_total: Money = Field(description="The running sum of every Z's net sales")
    forced: bool = Field(description="Closed with open checks (`force: true`)")
    reason: str | None = Field(description="Why it was forced; null unless forced")


class ZReportPage(Page[ZReportOut]):
    pass


class CloseDay(RequestModel):
    location_id: UUID = Field(description="The location whose business day closes")
    force: Flag = Field(
        default=False,
        description=(
            "Close even with DRAFT or OPEN orders at the location (needs a reason); "
            "false: 409 `open_checks` while any are"
        ),
    )
    reason: Text(500) | None = Field(  # type: ignore[valid-type]
        default=None, description="Why it is forced (at most 500 characters): required with force"
    )


class ZPrint(RequestModel):
    printer_id: UUID = Field(description="The RECEIPT printer to print the Z on")


def _rates(rates: Mapping[tuple[str | None, int], RateSum]) -> list[dict[str, Any]]:
    return [
        {
            "id": rate.id,
            "name": rate.name,
            "rate": rate_from_units(rate.units),
            "net": _money(rate.net_cents),
            "tax": _money(rate.tax_cents),
        }
        for rate in ordered_rates(rates)
    ]


def _money(cents: int) -> Decimal:
    return from_cents(cents)


def _money_or_none(cents: int | None) -> Decimal | None:
    return None if cents is None else from_cents(cents)


def figures_json(figures: DayFigures, till: TillFigures) -> dict[str, Any]:
    """A day's figures and its till (in cents, the journal's) as the answer shows them."""
    refunds = figures.refunds
    return {
        "orderCount": figures.order_count,
        "netSales": _money(figures.net_sales_cents),
        "serviceCharges": _money(figures.service_charges_cents),
        "tips": _money(figures.tips_cents),
        "discounts": _money(figures.discounts_cents),
        "rounding": _money(figures.rounding_cents),
        "taxes": _rates(figures.taxes),
        "byPaymentMethod": [
            {
                "method": paid.method,
                "amount": _money(paid.amount_cents),
                "tips": _money(paid.tips_cents),
                "count": paid.count,
            }
            for paid in ordered_methods(figures.by_method)
        ],
        "refunds": {
            "count": refunds.count,
            "amount": _money(refunds.amount_cents),
            "tips": _money(refunds.tips_cents),
            "taxes": _rates(refunds.taxes),
        },
        "voids": {"count": figures.void_count, "amount": _money(figures.void_cents)},
        "drawers": [_drawer(drawer) for drawer in till.drawers],
        "unassignedCash": _money(till.unassigned_cents),
        "heldCards": [
            {
                "checkoutId": held.checkout_id,
                "orderId": held.order_id,
                "heldAmount": _money(held.held_cents),
                "cardBrand": held.card_brand,
                "cardLastFour": held.card_last_four,
                "heldSince": held.held_since,
            }
            for held in till.held_cards
        ],
    }


def _drawer(drawer: DrawerSummary) -> dict[str, Any]:
    return {
        "id": drawer.id,
        "deviceId": drawer.device_id,
        "openedAt": drawer.opened_at,
        "closedAt": drawer.closed_at,
        "openingFloat": _money(drawer.opening_float_cents),
        "expectedAmount": _money(drawer.expected_cents),
        "countedAmount": _money_or_none(drawer.counted_cents),
        "variance": _money_or_none(drawer.variance_cents),
    }


def z_json(z: ZReport) -> dict[str, Any]:
    return figures_json(z.figures, z.till) | {
        "from": z.start,
        "to": z.end,
        "currency": z.currency,
        "journalSequence": z.journal_sequence,
        "number": z.number,
        "businessDay": z.business_day,
        "grandTotal": _money(z.grand_total_cents),
        "forced": z.forced,
        "reason": z.reason,
    }


def z_out(z: ZReport) -> ZReportOut:
    return ZReportOut.model_validate(z_json(z))


def x_out(x: XReport, open_checks: OpenChecks) -> XReportOut:
    shown = figures_json(x.figures, x.till) | {
        "from": x.start,
        "to": x.end,
        "currency": x.currency,
        "journalSequence": x.journal_sequence,
        "lastZ": x.last_z,
        "openChecks": open_checks_json(open_checks),
    }
    return XReportOut.model_validate(shown)


@router.get("/x", response_model=XReportOut, responses=problem_responses(OtherLocation))
async def x_report(staff: ReportReader, uow: UowDep, location_id: AtLocationQuery) -> XReportOut:
    """The figures since the last Z, as the next Z would hold them now, and the open checks
    holding payments; changes nothing."""
    staff.ensure_at(location_id)
    return x_out(*await service.x_report(uow, location_id))


@router.post(
    "/z",
    status_code=201,
    response_model=ZReportOut,
    responses=problem_responses(ChecksStillOpen, InvalidInput, OtherLocation),
)
async def close_day(staff: DayCloser, uow: UowDep, body: CloseDay) -> ZReportOut:
    """Close the business day: every journal entry since the last Z, numbered 1, 2, 3... per
    location. 409 `open_checks` (with `openChecks`: id, number, table) while checks are open,
    unless `force: true` with a `reason` (422 without one)."""
    staff.ensure_at(body.location_id)
    z = await service.close_day(uow, body.location_id, force=body.force, reason=body.reason)
    return z_out(z)


@router.get("/z", response_model=ZReportPage, responses=problem_responses(OtherLocation))
async def list_z(
    staff: ReportReader, uow: UowDep, location_id: AtLocationQuery, pagination: PaginationDep
) -> ZReportPage:
    """The location's Z reports, newest first, each as it closed its day."""
    staff.ensure_at(location_id)
    found, total = await service.list_z(
        uow, location_id, page=pagination.page, limit=pagination.limit
    )
    return ZReportPage.model_validate(pagination.page_of([z_json(z) for z in found], total))


@router.get(
    "/z/{number}", response_model=ZReportOut, responses=problem_responses(NotFound, OtherLocation)
)
async def get_z(
    staff: ReportReader, uow: UowDep, number: ZNumber, location_id: AtLocationQuery
) -> ZReportOut:
    staff.ensure_at(location_id)
    return z_out(await service.get_z(uow, location_id, number))


@router.post(
    "/z/{number}/print",
    status_code=202,
    response_model=PrintJobOut,
    responses=problem_responses(NotFound, InvalidInput, OtherLocation),
)
async def print_z(
    staff: ReportReader, uow: UowDep, number: ZNumber, location_id: AtLocationQuery, body: ZPrint
) -> PrintJobOut:
    """Queued on a RECEIPT printer (`printerId`, 422 if it is none), like a receipt: the
    answer is the job."""
    staff.ensure_at(location_id)
    return job_out(await service.print_z(uow, location_id, number, body.printer_id))

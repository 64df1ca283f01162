"""The sales report (MANAGER): what a location sold, collected and gave back over business days,
as JSON or as CSV for a spreadsheet."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal
from enum import StrEnum
from typing import Annotated, Any
from uuid import UUID

from fastapi import Query, Request, Response
from pydantic import Field

from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import AtLocationQuery
from brigade.kit.http.types import BusinessDay, Money, Number, ResponseModel
from brigade.kit.money import from_cents, rate_from_units
from brigade.reports import service
from brigade.reports.allowed import ReportReader
from brigade.reports.domain.sales import (
    MAX_OPEN_CHECKS_LISTED,
    MAX_REPORT_DAYS,
    OpenChecks,
    SalesReport,
    Tally,
    inert_text,
    quantity,
)

router = brigade_router(prefix="/api/reports", tags=["reports"])

CSV = "text/csv"


class PaymentMethodSales(ResponseModel):
    method: str = Field(description="The payment method (CASH, CARD, ...)")
    count: int = Field(
        description="How many payments were taken by it on these days, whatever their check's "
        "state now"
    )
    amount: Money = Field(description="What they paid, tips apart, in the location's currency")
    tips: Money = Field(description="Their tips, in the location's currency")


class OrderTypeSales(ResponseModel):
    order_type: str = Field(description="The order type (DINE_IN, TAKEOUT, ...)")
    count: int = Field(description="How many sales were of it")
    net_sales: Money = Field(
        description=(
            "Their net sales (line totals less their share of the discount; tax "
            "included only in INCLUSIVE mode)"
        )
    )


class CategorySales(ResponseModel):
    category_id: UUID | None = Field(
        description="The products' category; null for products in none"
    )
    name: str | None = Field(description="The category's name; null for none")
    quantity: Number = Field(description="How many of its products sold")
    net_sales: Money = Field(
        description=(
            "Their net sales (line totals less their share of the discount; tax "
            "included only in INCLUSIVE mode)"
        )
    )


class HourSales(ResponseModel):
    hour: int = Field(
        description="The hour of the day the orders completed, 0-23 in the location's timezone"
    )
    order_count: int = Field(description="How many sales completed in it")
    net_sales: Money = Field(
        description=(
            "Their net sales (line totals less their share of the discount; tax "
            "included only in INCLUSIVE mode)"
        )
    )


class ProductSales(ResponseModel):
    product_id: UUID = Field(description="The product sold")
    name: str | None = Field(description="Its name as rung up; null when unknown")
    quantity: Number = Field(description="How many sold")
    net_sales: Money = Field(
        description=(
            "Their net sales (line totals less their share of the discount; tax "
            "included only in INCLUSIVE mode)"
        )
    )


class Voids(ResponseModel):
    count: int = Field(description="How many of the sales' items were voided")
    amount: Money = Field(description="Their totals, in the location's currency")


class StaffSales(ResponseModel):
    staff_id: UUID | None = Field(
        description="The staff member; null for orders nobody was recorded opening"
    )
    name: str | None = Field(description="Their name; null when unknown")
    order_count: int = Field(description="How many of the sales they opened")
    net_sales: Money = Field(
        description=(
            "The net sales (line totals less their share of the discount; tax "
            "included only in INCLUSIVE mode) of the sales they opened"
        )
    )
    tips: Money = Field(
        description="The tips on the payments taken on these days on the checks they opened, "
        "in the location's currency"
    )


class TaxSales(ResponseModel):
    """One rate over the orders, as the orders' ``taxes`` add up."""

    tax_rate_id: UUID | None = Field(
        description="The named tax rate; null for a product's own number"
    )
    name: str = Field(description="The rate's name; its percentage for a product's own number")
    rate: Number = Field(description="The rate, a fraction (0.0825 is 8.25 %)")
    net_amount: Money = Field(
        description="What was taxed at it, tax excluded, in the location's currency"
    )
    tax_amount: Money = Field(description="The tax at it, in the location's currency")
    gross_amount: Money = Field(description="netAmount + taxAmount, in the location's currency")


class ServiceChargeSales(ResponseModel):
    service_charge_id: UUID = Field(description="The location's service charge")
    name: str = Field(description="Its name as the orders took it")
    count: int = Field(description="How many orders it applied to")
    amount: Money = Field(
        description="What it came to over those orders, in the location's currency"
    )


class OpenCheckPaid(ResponseModel):
    """A check still open (DRAFT or OPEN), with what its payments paid so far."""

    id: UUID = Field(description="The order")
    number: int = Field(description="Its order number at the location")
    table: str | None = Field(description="Its table's name; null for none")
    total: Money = Field(description="Its total as it is now, in the location's currency")
    paid: Money = Field(
        description="What its payments paid (refunded ones apart), tips apart, in the "
        "location's currency"
    )


class OpenChecksPaid(ResponseModel):
    """Checks still open, shown apart from the sales: their money is in the tenders the day it
    was taken, their sale counts once completed."""

    count: int = Field(description="How many there are (all of them, however many are listed)")
    total: Money = Field(description="Their totals added up, in the location's currency")
    paid: Money = Field(
        description="What their payments paid added up, tips apart, in the location's currency"
    )
    checks: list[OpenCheckPaid] = Field(
        description=f"Them by number, oldest first, at most {MAX_OPEN_CHECKS_LISTED}"
    )


def open_checks_json(found: OpenChecks) -> dict[str, Any]:
    return {
        "count": found.count,
        "total": from_cents(found.total_cents),
        "paid": from_cents(found.paid_cents),
        "checks": [
            {
                "id": check.id,
                "number": check.number,
                "table": check.table,
                "total": from_cents(check.total_cents),
                "paid": from_cents(check.paid_cents),
            }
            for check in found.checks
        ],
    }


class SalesReportOut(ResponseModel):
    """Money as numbers. Only COMPLETED orders are sales, on the business day (in the location's
    timezone) they were completed; every breakdown adds up to `netSales`. Money is reported the
    day it is taken: the payments, tips and `totalCollected` are those taken on these days,
    whatever their check's state now (completed, still open after a reopen, cancelled), and the
    checks still open are shown apart (`openChecks`). `refunds` are those given on these days,
    never netted out of the sales or the payments."""

    location_id: UUID = Field(description="The location reported on")
    from_: date = Field(description="The first business day reported on (inclusive)", alias="from")
    to: date = Field(description="The last business day reported on (inclusive)")
    timezone: str = Field(description="The location's timezone, whose days these are")
    currency: str = Field(description="ISO 4217, the location's")
    order_count: int = Field(description="How many orders completed on these days (the sales)")
    covers: int = Field(description="The sales' guests added up (an order with no count adds none)")
    gross_sales: Money = Field(
        description=(
            "The sales' subtotals added up, before discounts; tax included only in "
            "INCLUSIVE mode; in the location's currency"
        )
    )
    discounts: Money = Field(
        description="The sales' discounts added up, in the location's currency"
    )
    net_sales: Money = Field(
        description=(
            "grossSales - discounts, in the location's currency: every breakdown adds up to it; "
            "tax included in INCLUSIVE mode"
        )
    )
    net_of_tax: Money = Field(
        description=(
            "netSales less the tax in them, in the location's currency: in INCLUSIVE mode the "
            "VAT the sales' lines hold is taken off (a service charge's is its own); in "
            "EXCLUSIVE mode the tax is on top, so it equals netSales"
        )
    )
    tax: Money = Field(description="The sales' tax added up, in the location's currency")
    tips: Money = Field(
        description="The tips on the payments taken on these days, in the location's currency"
    )
    total_collected: Money = Field(
        description="What the payments taken on these days took, tips included, in the "
        "location's currency"
    )
    refunds: Money = Field(
        description=(
            "What refunds given on these days gave back, in the location's currency "
            "(never netted out of the sales)"
        )
    )
    average_check: Money = Field(
        description="netSales per order, to the cent (0 with none), in the location's currency"
    )
    by_payment_method: list[PaymentMethodSales] = Field(
        description="The payments taken on these days by method, by method's name"
    )
    by_order_type: list[OrderTypeSales] = Field(
        description="The sales by order type, by type's name"
    )
    by_category: list[CategorySales] = Field(
        description="The sales' items by category, largest net sales first"
    )
    by_hour: list[HourSales] = Field(
        description="The sales by the hour they completed, every hour 0-23"
    )
    product_mix: list[ProductSales] = Field(
        description="The sales' items by product, largest net sales first"
    )
    voids: Voids = Field(description="The sales' voided items")
    by_staff: list[StaffSales] = Field(
        description="The sales by who opened them, largest net sales first"
    )
    taxes: list[TaxSales] = Field(
        description="By rate (service charges included), as on the orders: they sum to `tax`"
    )
    service_charges: list[ServiceChargeSales] = Field(
        description="Revenue, never tips: apart from `tips`"
    )
    rounding: Money = Field(
        description="The cash rounding the orders' cash payments settled (-0.02 when 149.95 "
        "settled 149.97)"
    )
    open_checks: OpenChecksPaid = Field(
        description="The location's checks open now (DRAFT or OPEN) that were created on these "
        "days or had a payment taken on them"
    )


def _by_net_sales(groups: dict[Any, Tally]) -> list[tuple[Any, Tally]]:
    """Largest first, then by name: the order a manager reads a breakdown in."""
    return sorted(groups.items(), key=lambda group: (-group[1].net_cents, group[1].name or ""))


def _sold_quantities(groups: dict[Any, Tally], id_name: str) -> list[dict[str, Any]]:
    return [
        {
            id_name: key,
            "name": tally.name,
            "quantity": quantity(tally),
            "netSales": from_cents(tally.net_cents),
        }
        for key, tally in _by_net_sales(groups)
    ]


def report_out(location_id: UUID, report: SalesReport) -> SalesReportOut:
    return SalesReportOut.model_validate(
        {
            "locationId": location_id,
            "from": report.first,
            "to": report.last,
            "timezone": report.timezone,
            "currency": report.currency,
            "orderCount": report.order_count,
            "covers": report.covers,
            "grossSales": from_cents(report.gross_cents),
            "discounts": from_cents(report.discount_cents),
            "netSales": from_cents(report.net_cents),
            "netOfTax": from_cents(report.net_of_tax_cents),
            "tax": from_cents(report.tax_cents),
            "tips": from_cents(report.tips_cents),
            "totalCollected": from_cents(report.collected_cents),
            "refunds": from_cents(report.refunded_cents),
            "averageCheck": report.average_check,
            "byPaymentMethod": [
                {
                    "method": method,
                    "count": tally.count,
                    "amount": from_cents(tally.amount_cents),
                    "tips": from_cents(tally.tips_cents),
                }
                for method, tally in sorted(report.by_payment_method.items())
            ],
            "byOrderType": [
                {"orderType": kind, "count": tally.count, "netSales": from_cents(tally.net_cents)}
                for kind, tally in sorted(report.by_order_type.items())
            ],
            "byCategory": _sold_quantities(report.by_category, "categoryId"),
            "byHour": [
                {"hour": hour, "orderCount": tally.count, "netSales": from_cents(tally.net_cents)}
                for hour, tally in sorted(report.by_hour.items())
            ],
            "productMix": _sold_quantities(report.product_mix, "productId"),
            "voids": {"count": report.voids.count, "amount": from_cents(report.voids.amount_cents)},
            "byStaff": [
                {
                    "staffId": staff_id,
                    "name": tally.name,
                    "orderCount": tally.count,
                    "netSales": from_cents(tally.net_cents),
                    "tips": from_cents(tally.tips_cents),
                }
                for staff_id, tally in _by_net_sales(report.by_staff)
            ],
            "taxes": [
                {
                    "taxRateId": rate.tax.id,
                    "name": rate.tax.label,
                    "rate": rate_from_units(rate.tax.units),
                    "netAmount": from_cents(rate.net_cents),
                    "taxAmount": from_cents(rate.tax_cents),
                    "grossAmount": from_cents(rate.net_cents + rate.tax_cents),
                }
                for rate in report.taxes
            ],
            "serviceCharges": [
                {
                    "serviceChargeId": charge_id,
                    "name": tally.name,
                    "count": tally.count,
                    "amount": from_cents(tally.amount_cents),
                }
                for charge_id, tally in sorted(
                    report.service_charges.items(), key=lambda item: -item[1].amount_cents
                )
            ],
            "rounding": from_cents(report.rounding_cents),
            "openChecks": open_checks_json(report.open_checks),
        }
    )


# --- CSV ------------------------------------------------------------------------------------


class ReportFormat(StrEnum):
    JSON = "json"
    CSV = "csv"


class Breakdown(StrEnum):
    """Which table a CSV answer holds; `summary` is the headline figures as rows."""

    SUMMARY = "summary"
    PRODUCT_MIX = "productMix"
    BY_CATEGORY = "byCategory"
    BY_HOUR = "byHour"
    BY_PAYMENT_METHOD = "byPaymentMethod"
    BY_ORDER_TYPE = "byOrderType"
    BY_STAFF = "byStaff"


_SUMMARY_FIGURES = (
    "orderCount",
    "covers",
    "grossSales",
    "discounts",
    "netSales",
    "netOfTax",
    "tax",
    "tips",
    "totalCollected",
    "refunds",
    "averageCheck",
)


def _cell(value: object) -> object:
    # Money and quantities as plain decimals (no float noise); everything else as text that
    # a spreadsheet never runs as a formula (a product named "=HYPERLINK(...)").
    if isinstance(value, Decimal | int) or value is None:
        return value
    return inert_text(str(value))


def _rows(
    out: SalesReportOut, breakdown: Breakdown
) -> tuple[Sequence[str], Iterable[Sequence[object]]]:
    dumped = out.model_dump(by_alias=True)
    if breakdown is Breakdown.SUMMARY:
        rows = [(name, dumped[name]) for name in _SUMMARY_FIGURES]
        rows += [("voidCount", out.voids.count), ("voidAmount", out.voids.amount)]
        still_open = out.open_checks
        rows += [
            ("openCheckCount", still_open.count),
            ("openCheckTotal", still_open.total),
            ("openCheckPaid", still_open.paid),
        ]
        return ("figure", "value"), rows
    entries: list[dict[str, Any]] = dumped[breakdown.value]
    header = list(entries[0]) if entries else _EMPTY_HEADERS[breakdown]
    return header, ([entry[name] for name in header] for entry in entries)


_BREAKDOWN_ROWS: dict[Breakdown, type[ResponseModel]] = {
    Breakdown.PRODUCT_MIX: ProductSales,
    Breakdown.BY_CATEGORY: CategorySales,
    Breakdown.BY_HOUR: HourSales,
    Breakdown.BY_PAYMENT_METHOD: PaymentMethodSales,
    Breakdown.BY_ORDER_TYPE: OrderTypeSales,
    Breakdown.BY_STAFF: StaffSales,
}
# The header of a breakdown with no rows: its fields as the JSON names them.
_EMPTY_HEADERS = {
    breakdown: [field.alias or name for name, field in model.model_fields.items()]
    for breakdown, model in _BREAKDOWN_ROWS.items()
}


def report_csv(out: SalesReportOut, breakdown: Breakdown) -> bytes:
    header, rows = _rows(out, breakdown)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([_cell(value) for value in row] for row in rows)
    return buffer.getvalue().encode()


def _wants_csv(request: Request, chosen: ReportFormat | None) -> bool:
    if chosen is not None:
        return chosen is ReportFormat.CSV
    return CSV in request.headers.get("accept", "")


# --- the route ------------------------------------------------------------------------------


@router.get(
    "/sales",
    response_model=SalesReportOut,
    responses={
        200: {
            "description": "The report; with `format=csv` or `Accept: text/csv`, one breakdown "
            "as CSV (header row first, money as plain decimals).",
            "content": {CSV: {"schema": {"type": "string"}}},
        },
        **problem_responses(),
    },
)
async def get_sales_report(
    staff: ReportReader,
    uow: UowDep,
    request: Request,
    location_id: AtLocationQuery,
    first: Annotated[BusinessDay, Query(alias="from", description="The first business day")],
    last: Annotated[
        BusinessDay | None,
        Query(
            alias="to",
            description=f"The last business day, included (default `from`); at most "
            f"{MAX_REPORT_DAYS} days in all",
        ),
    ] = None,
    chosen_format: Annotated[
        ReportFormat | None,
        Query(
            alias="format",
            description="`json` or `csv` (one `breakdown`); left out: CSV if `Accept: text/csv`.",
        ),
    ] = None,
    breakdown: Annotated[
        Breakdown, Query(description="Which table a CSV answer holds")
    ] = Breakdown.PRODUCT_MIX,
) -> Response | SalesReportOut:
    """Sales by business day in the location's timezone: the figures and breakdowns of a
    day's close. JSON by default; CSV with `format=csv` or `Accept: text/csv`."""
    report = await service.sales(uow, location_id, first, last or first)
    out = report_out(location_id, report)
    if not _wants_csv(request, chosen_format):
        return out
    name = f"sales-{breakdown.value}-{out.from_}-{out.to}.csv"
    return Response(
        report_csv(out, breakdown),
        media_type=f"{CSV}; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )

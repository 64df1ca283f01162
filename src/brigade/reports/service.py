"""The sales report (docs/design.md §13): read one location's business days, then tally them."""

from __future__ import annotations

from datetime import date
from uuid import UUID

from brigade.dining.service.rooms import get_location
from brigade.kit.db.engine import UnitOfWork
from brigade.reports.domain import SalesReport, business_window, check_report_days, sales_report
from brigade.reports.repository import ReportRepository


async def sales(uow: UnitOfWork, location_id: UUID, first: date, last: date) -> SalesReport:
    """Business days ``first``..``last`` (inclusive) in the location's timezone."""
    check_report_days(first, last)
    location = await get_location(uow, location_id)
    timezone = location.timezone
    start, end = business_window(first, last, timezone)
    facts = await ReportRepository(uow).sales_facts(location_id, start, end)
    return sales_report(first, last, timezone, facts, location.currency)

"""The sales report (docs/design.md §13): read one location's business days, then tally them."""

from __future__ import annotations

from datetime import date
from uuid import UUID

from brigade.db.engine import UnitOfWork
from brigade.db.reports import ReportRepository
from brigade.domain.reports import (
    SalesReport,
    business_window,
    check_report_days,
    sales_report,
)
from brigade.services.dining import get_location


async def sales(uow: UnitOfWork, location_id: UUID, first: date, last: date) -> SalesReport:
    """Business days ``first``..``last`` (inclusive) in the location's timezone."""
    check_report_days(first, last)
    timezone = (await get_location(uow, location_id)).timezone
    start, end = business_window(first, last, timezone)
    facts = await ReportRepository(uow).sales_facts(location_id, start, end)
    return sales_report(first, last, timezone, facts)

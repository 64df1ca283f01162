"""The sales report (docs/design.md §13): read one location's business days, then tally them.
The X and Z reports (§18): the journal's figures since the last Z."""

from __future__ import annotations

from datetime import date, datetime
from uuid import UUID

from brigade.card_payments import service as card_payments
from brigade.dining.service.rooms import get_location
from brigade.journal import service as journal
from brigade.journal.domain import EntryKind, NewEntry
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import NotFound
from brigade.kit.escpos import Line, encode
from brigade.printing import service as printing
from brigade.printing.domain import PrintJob
from brigade.reports.domain.closing import Entry
from brigade.reports.domain.day_close import (
    ClosedZ,
    DayClose,
    HeldCard,
    TillFigures,
    XReport,
    ZReport,
    till_start,
    x_at,
    z_text,
)
from brigade.reports.domain.sales import (
    OpenChecks,
    SalesReport,
    business_window,
    check_report_days,
    sales_report,
)
from brigade.reports.repository import ClosedDayRepository, ReportRepository
from brigade.till import service as till


async def sales(uow: UnitOfWork, location_id: UUID, first: date, last: date) -> SalesReport:
    """Business days ``first``..``last`` (inclusive) in the location's timezone."""
    check_report_days(first, last)
    location = await get_location(uow, location_id)
    timezone = location.timezone
    start, end = business_window(first, last, timezone)
    facts = await ReportRepository(uow).sales_facts(location_id, start, end)
    return sales_report(first, last, timezone, facts, location.currency)


# --- X and Z (docs/design.md §18): the rules are reports/domain/day_close.py's ----------------


async def _previous(repository: ClosedDayRepository, location_id: UUID) -> ClosedZ | None:
    stored = await repository.last(location_id)
    return None if stored is None else ClosedZ.read(stored)


async def _till(
    uow: UnitOfWork, location_id: UUID, previous: ClosedZ | None, at: datetime
) -> TillFigures:
    """The drawers and the unassigned cash since the last Z (or ever, before the first), and
    the cards held for tabs now."""
    start = till_start(previous)
    drawers = await till.drawers_for_z(uow, location_id, start, at)
    unassigned = await till.unassigned_cash_for_z(uow, location_id, start, at)
    held = [
        HeldCard(
            checkout_id=checkout.id,
            order_id=checkout.order_id,
            held_cents=checkout.held_cents or checkout.amount_cents,
            card_brand=checkout.card_brand,
            card_last_four=checkout.card_last_four,
            held_since=checkout.created_at,
        )
        for checkout in await card_payments.holds_open_at(uow, location_id)
    ]
    return TillFigures(tuple(drawers), unassigned, tuple(held))


async def x_report(uow: UnitOfWork, location_id: UUID) -> tuple[XReport, OpenChecks]:
    """The figures since the last Z, as a Z would hold them, and the open checks holding
    payments; changes nothing."""
    location = await get_location(uow, location_id)
    last_z = await journal.last_sequence_of(uow, location_id, EntryKind.Z)
    since = await journal.entries_between(uow, location_id, last_z)
    previous = await _previous(ClosedDayRepository(uow), location_id)
    at = now()
    x = x_at(
        previous=previous,
        last_z_sequence=last_z,
        entries=[Entry.of(entry) for entry in since],
        currency=location.currency,
        till=await _till(uow, location_id, previous, at),
        at=at,
    )
    # Their money counts the day it was taken, their sale once completed (docs/design.md §13).
    return x, await ReportRepository(uow).paid_open_checks(location_id)


async def close_day(
    uow: UnitOfWork, location_id: UUID, *, force: bool, reason: str | None
) -> ZReport:
    """The next Z (``DayClose``'s): every entry since the last one, closed under the journal's
    lock, stored whole and written to the journal."""
    closing = DayClose(force=force, reason=reason)
    repository = ClosedDayRepository(uow)
    if closing.minds_open_checks:
        closing.refuse_open_checks(await repository.open_checks(location_id))
    location = await get_location(uow, location_id)
    head = await journal.claim(uow, location_id)  # no entry lands until this commits
    last_z = await journal.last_sequence_of(uow, location_id, EntryKind.Z)
    since = await journal.entries_between(uow, location_id, last_z, head.last_sequence)
    previous = await _previous(repository, location_id)
    at = now()
    z = closing.z(
        previous=previous,
        journal_sequence=head.last_sequence,
        entries=[Entry.of(entry) for entry in since],
        timezone=location.timezone,
        currency=location.currency,
        till=await _till(uow, location_id, previous, at),
        at=at,
    )
    await journal.write(uow, location_id, head, NewEntry(EntryKind.Z, z.content()), at)
    await repository.insert(location_id, z.stored())
    return z


async def z_reports_agree(uow: UnitOfWork, location_id: UUID) -> int | None:
    """The journal's witness (docs/design.md §18): each stored Z is the chain's own Z entry,
    numbered 1, 2, 3..., and the chain holds no Z without its copy. Answers the sequence of
    the first Z entry that disagrees or is missing (a chain deleted with its counter), else
    None."""
    stored = await ClosedDayRepository(uow).every(location_id)
    entries = {
        entry.sequence: entry for entry in await journal.of_kind(uow, location_id, EntryKind.Z)
    }
    for number, z in enumerate(stored, start=1):
        # A Z's journal sequence is its own entry's.
        entry = entries.pop(z.journal_sequence, None)
        if z.number != number or entry is None or entry.content_text != z.snapshot:
            return z.journal_sequence
    return min(entries) if entries else None


async def list_z(
    uow: UnitOfWork, location_id: UUID, *, page: int, limit: int
) -> tuple[list[ZReport], int]:
    """The location's Z reports, newest first, as each was when it closed the day."""
    repository = ClosedDayRepository(uow)
    found = await repository.page(location_id, offset=(page - 1) * limit, limit=limit)
    return [ZReport.read(z.snapshot) for z in found], await repository.count(location_id)


async def get_z(uow: UnitOfWork, location_id: UUID, number: int) -> ZReport:
    """The Z as the journal's chain holds it (its stored copy only names where: a copy edited
    in the database is not what is served, and the journal's verification says so)."""
    found = await ClosedDayRepository(uow).get(location_id, number)
    if found is None:
        raise NotFound("Z report", number)
    entry = await journal.entry(uow, location_id, found.journal_sequence)
    chained = entry.content_text if entry and entry.kind is EntryKind.Z else found.snapshot
    return ZReport.read(chained)


async def print_z(uow: UnitOfWork, location_id: UUID, number: int, printer_id: UUID) -> PrintJob:
    """Queues the Z on a RECEIPT printer, like an order's receipt."""
    z = await get_z(uow, location_id, number)
    location = await get_location(uow, location_id)
    lines = [Line(text) for text in z_text(z, location.name)]
    return await printing.queue_document(uow, printer_id, location_id, encode(lines))

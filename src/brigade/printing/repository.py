"""Every printer and print-job query.

A job is leased like a webhook (kit/db/leases.py): a worker takes due jobs, prints them, then
writes the outcome only if its lease still holds. A job is marked printed once; a crashed
worker's lease runs out and the job is taken again.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import Row, delete, func, or_, select

from brigade.catalogue.tables import categories, products
from brigade.dining.tables import locations
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.leases import lease, settle
from brigade.kit.db.rows import fetch_page, location_reader, record_from_row, row_from_record
from brigade.kit.languages import DEFAULT_LANGUAGE, Language, MenuNames, translations_from_json
from brigade.kit.retries import Backlog
from brigade.printing.domain import JobKind, JobStatus, Printer, PrinterKind, PrintJob
from brigade.printing.tables import print_jobs, printers


def _printer(row: Row[Any]) -> Printer:
    return record_from_row(
        Printer,
        row,
        kind=PrinterKind(row.kind),
        category_ids=tuple(UUID(category_id) for category_id in row.category_ids),
    )


def _printer_row(printer: Printer) -> dict[str, Any]:
    return row_from_record(
        printer,
        kind=printer.kind.value,
        category_ids=[str(category_id) for category_id in printer.category_ids],
    )


def _job(row: Row[Any]) -> PrintJob:
    return record_from_row(
        PrintJob,
        row,
        kind=JobKind(row.kind),
        status=JobStatus(row.status),
        payload=bytes(row.payload),
    )


_INSERT_JOBS = print_jobs.insert()


class PrinterRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, printer: Printer) -> None:
        connection = await self._uow.connection()
        await connection.execute(printers.insert().values(_printer_row(printer)))

    async def save(self, printer: Printer) -> None:
        connection = await self._uow.connection()
        statement = printers.update().where(printers.c.id == printer.id)
        await connection.execute(statement.values(_printer_row(printer)))

    async def get(self, printer_id: UUID, *, for_update: bool = False) -> Printer | None:
        connection = await self._uow.connection()
        statement = select(printers).where(printers.c.id == printer_id)
        if for_update:
            statement = statement.with_for_update()
        row = (await connection.execute(statement)).first()
        return None if row is None else _printer(row)

    async def page(
        self, location_id: UUID | None, *, page: int, limit: int
    ) -> tuple[list[Printer], int]:
        where = [] if location_id is None else [printers.c.location_id == location_id]
        connection = await self._uow.connection()
        rows, total = await fetch_page(
            connection,
            printers,
            where,
            [printers.c.created_at, printers.c.id],
            page=page,
            limit=limit,
        )
        return [_printer(row) for row in rows], total

    async def delete(self, printer_id: UUID) -> None:
        connection = await self._uow.connection()
        await connection.execute(delete(printers).where(printers.c.id == printer_id))

    async def of_location(
        self, location_id: UUID, kind: PrinterKind
    ) -> tuple[list[Printer], str | None, Language]:
        """The location's printers of ``kind``, its timezone (None: it has no profile) and
        language, in one indexed read: a send pays for this one statement when there is no
        printer."""
        connection = await self._uow.connection()
        statement = (
            select(printers, locations.c.timezone, locations.c.language)
            .select_from(printers.outerjoin(locations, locations.c.id == printers.c.location_id))
            .where(printers.c.location_id == location_id, printers.c.kind == kind.value)
        )
        rows = list(await connection.execute(statement))
        if not rows:
            return [], None, DEFAULT_LANGUAGE
        language = DEFAULT_LANGUAGE if rows[0].language is None else Language(rows[0].language)
        return [_printer(row) for row in rows], rows[0].timezone, language

    async def live_categories(self, category_ids: Collection[UUID]) -> set[UUID]:
        """Which of ``category_ids`` name a category that is not deleted."""
        connection = await self._uow.connection()
        statement = select(categories.c.id).where(
            categories.c.id.in_(category_ids), categories.c.deleted_at.is_(None)
        )
        return {row.id for row in await connection.execute(statement)}

    async def product_menu(
        self, product_ids: Collection[UUID], language: Language
    ) -> tuple[dict[UUID, UUID | None], MenuNames]:
        """Each product's category, for the stations, and its names in ``language``, for the
        tickets (deleted products included), in one read."""
        connection = await self._uow.connection()
        statement = select(
            products.c.id, products.c.category_id, products.c.name, products.c.translations
        ).where(products.c.id.in_(product_ids))
        rows = list(await connection.execute(statement))
        names = {row.id: (row.name, translations_from_json(row.translations)) for row in rows}
        return {row.id: row.category_id for row in rows}, MenuNames(language, names)


def _due(now: datetime) -> list[Any]:
    """A pending job whose next attempt is due and that no worker holds."""
    return [
        print_jobs.c.status == JobStatus.PENDING.value,
        print_jobs.c.next_attempt_at <= now,
        or_(print_jobs.c.lease_until.is_(None), print_jobs.c.lease_until < now),
    ]


class PrintJobRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, jobs: Sequence[PrintJob]) -> None:
        """New jobs, in one statement (none: no statement)."""
        if not jobs:
            return
        rows = [row_from_record(job, kind=job.kind.value, status=job.status.value) for job in jobs]
        connection = await self._uow.connection()
        await connection.execute(_INSERT_JOBS, rows)

    async def page(self, printer_id: UUID, *, page: int, limit: int) -> tuple[list[PrintJob], int]:
        connection = await self._uow.connection()
        rows, total = await fetch_page(
            connection,
            print_jobs,
            [print_jobs.c.printer_id == printer_id],
            [print_jobs.c.created_at.desc(), print_jobs.c.id.desc()],
            page=page,
            limit=limit,
        )
        return [_job(row) for row in rows], total

    async def due_printers(
        self, *, now: datetime, excluding: Collection[UUID], limit: int
    ) -> list[UUID]:
        """Printers with a job due (not ``excluding``), the longest waiting first."""
        connection = await self._uow.connection()
        statement = (
            select(print_jobs.c.printer_id)
            .where(*_due(now), print_jobs.c.printer_id.not_in(list(excluding)))
            .group_by(print_jobs.c.printer_id)
            .order_by(func.min(print_jobs.c.next_attempt_at))
            .limit(limit)
        )
        return [row.printer_id for row in await connection.execute(statement)]

    async def lease_due(
        self, printer_id: UUID, *, now: datetime, until: datetime, limit: int
    ) -> list[PrintJob]:
        """Lease ``printer_id``'s pending jobs whose next attempt is due, oldest first."""
        connection = await self._uow.connection()
        due = (
            select(print_jobs.c.id)
            .where(print_jobs.c.printer_id == printer_id, *_due(now))
            .order_by(print_jobs.c.next_attempt_at, print_jobs.c.created_at)
            .limit(limit)
        )
        leased = [_job(row) for row in await lease(connection, print_jobs, due, until=until)]
        return sorted(leased, key=lambda job: (job.created_at, job.id))

    async def settle(self, leased: PrintJob, **changes: Any) -> bool:
        """Write the outcome of a leased job and end the lease; False if the lease was lost
        (it ran out and another worker took the job, or its printer was deleted)."""
        connection = await self._uow.connection()
        pending = print_jobs.c.status == JobStatus.PENDING.value
        return await settle(
            connection, print_jobs, leased.id, leased.lease_until, pending, **changes
        )

    async def backlog(self) -> Backlog:
        """Jobs not printed yet: a range of the pending jobs' partial index."""
        connection = await self._uow.connection()
        found = await connection.execute(
            select(func.count(print_jobs.c.id), func.min(print_jobs.c.created_at)).where(
                print_jobs.c.status == JobStatus.PENDING.value
            )
        )
        count, oldest_at = found.one()
        return Backlog(count=count, oldest_at=oldest_at)


# Where a printer is, for the location boundary (kit/http/located.py).
printer_location = location_reader(printers)

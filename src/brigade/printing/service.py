"""Printers and the print outbox: it prints documents, and never reads what they are about.

A send (or a void of a sent item) queues one job per matching ``KITCHEN`` printer of its
location in its send's transaction (``queue_kitchen_documents``, through
printing/listeners.py), with the ESC/POS bytes the order rendered (orders/domain/documents.py).
Each worker process runs a ``PrintOutbox``: it leases due jobs in the database
(printing/repository.py), writes each job's bytes to its printer over raw TCP with a short
timeout, and marks it printed; a printer that is off is tried again with backoff. The order
flow never waits for a printer.

Nothing prints twice: a job is leased by one worker at a time and marked printed once.
The one window left is a crash (or a lost lease) after the bytes reached the printer and
before the mark committed: that job prints again when its lease runs out (at least once,
never lost).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Collection, Mapping, Sequence
from datetime import timedelta
from typing import Any
from uuid import UUID
from zoneinfo import ZoneInfo

from brigade.kit.clock import DEFAULT_TIMEZONE, later_than, now
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.kit.errors import InvalidInput, NotFound, OtherLocation
from brigade.kit.ids import new_id
from brigade.kit.lanes import Lanes
from brigade.kit.languages import paper_language
from brigade.kit.names import NameNotFound, Resolver
from brigade.kit.retries import GiveUp
from brigade.printing.domain import (
    BACKOFF,
    JobKind,
    JobStatus,
    KitchenDocument,
    Printer,
    PrinterKind,
    PrintJob,
    check_host,
    check_printer_addresses,
    check_target,
)
from brigade.printing.repository import PrinterRepository, PrintJobRepository

log = logging.getLogger("brigade.printing")

SEND_TIMEOUT_SECONDS = 3
# Longer than a round of jobs can take: a lease outlives its attempt unless the worker died.
LEASE = timedelta(seconds=60)
# A printer's jobs leased at once; printers printing at once in a worker.
JOBS_PER_ROUND = 20
PRINTERS_AT_ONCE = 50
_ERROR_LENGTH = 500

# --- printers -------------------------------------------------------------------------------


async def _checked(uow: UnitOfWork, printer: Printer, allowed_hosts: Collection[str]) -> Printer:
    """The printer with its host and port checked; a station's categories must exist."""
    if printer.category_ids:
        if printer.kind is PrinterKind.RECEIPT:
            raise InvalidInput("categoryIds", "only a KITCHEN printer prints by category")
        known = await PrinterRepository(uow).live_categories(printer.category_ids)
        missing = [str(c) for c in printer.category_ids if c not in known]
        if missing:
            raise InvalidInput("categoryIds", f"no category {', '.join(missing)}")
    host = check_host(printer.host)
    check_target(host, printer.port, allowed_hosts)
    return dataclasses.replace(printer, host=host)


async def create_printer(
    uow: UnitOfWork, fields: Mapping[str, Any], allowed_hosts: Collection[str]
) -> Printer:
    at = now()
    printer = await _checked(
        uow,
        Printer(
            id=new_id(),
            name=fields["name"],
            location_id=fields["location_id"],
            host=fields["host"],
            port=fields["port"],
            kind=fields["kind"],
            category_ids=tuple(dict.fromkeys(fields.get("category_ids", ()))),
            created_at=at,
            updated_at=at,
        ),
        allowed_hosts,
    )
    await PrinterRepository(uow).insert(printer)
    return printer


async def get_printer(uow: UnitOfWork, printer_id: UUID, *, for_update: bool = False) -> Printer:
    printer = await PrinterRepository(uow).get(printer_id, for_update=for_update)
    if printer is None:
        raise NotFound("printer", printer_id)
    return printer


async def list_printers(
    uow: UnitOfWork, location_id: UUID | None, *, page: int, limit: int
) -> tuple[list[Printer], int]:
    return await PrinterRepository(uow).page(location_id, page=page, limit=limit)


async def receipt_printers(uow: UnitOfWork, location_id: UUID) -> list[Printer]:
    """The location's RECEIPT printers by name: what a terminal offers to print a receipt on."""
    found, _, _ = await PrinterRepository(uow).of_location(location_id, PrinterKind.RECEIPT)
    return sorted(found, key=lambda printer: (printer.name.casefold(), str(printer.id)))


async def update_printer(
    uow: UnitOfWork,
    printer_id: UUID,
    changes: Mapping[str, Any],
    allowed_hosts: Collection[str],
) -> Printer:
    """``changes``: any of name, host, port, kind, category_ids. Jobs already queued keep
    their bytes and go to the printer's new address."""
    current = await get_printer(uow, printer_id, for_update=True)
    if "category_ids" in changes:
        changes = {**changes, "category_ids": tuple(dict.fromkeys(changes["category_ids"]))}
    printer = await _checked(uow, dataclasses.replace(current, **changes), allowed_hosts)
    if printer != current:
        printer = dataclasses.replace(printer, updated_at=later_than(current.updated_at))
        await PrinterRepository(uow).save(printer)
    return printer


async def delete_printer(uow: UnitOfWork, printer_id: UUID) -> Printer:
    """Its queued jobs go with it: a printer taken away prints nothing more."""
    printer = await get_printer(uow, printer_id, for_update=True)
    await PrinterRepository(uow).delete(printer_id)
    return printer


async def list_jobs(
    uow: UnitOfWork, printer_id: UUID, *, page: int, limit: int
) -> tuple[list[PrintJob], int]:
    await get_printer(uow, printer_id)
    return await PrintJobRepository(uow).page(printer_id, page=page, limit=limit)


def _job(
    printer: Printer, kind: JobKind, order_id: UUID | None, ticket_id: UUID | None, payload: bytes
) -> PrintJob:
    at = now()
    return PrintJob(
        id=new_id(),
        printer_id=printer.id,
        kind=kind,
        order_id=order_id,
        ticket_id=ticket_id,
        payload=payload,
        status=JobStatus.PENDING,
        attempts=0,
        retrying_since=None,
        next_attempt_at=at,
        lease_until=None,
        last_error=None,
        created_at=at,
        printed_at=None,
    )


# --- documents -----------------------------------------------------------------------------


async def queue_kitchen_documents(
    uow: UnitOfWork, location_id: UUID, documents: Sequence[KitchenDocument]
) -> None:
    """A job per document and matching KITCHEN printer of the location, in the transaction
    that made the documents. No printer: one indexed read, nothing written; with printers, one
    more read for a station's categories and one INSERT of every job."""
    if not documents:
        return
    repository = PrinterRepository(uow)
    found, timezone, language = await repository.of_location(location_id, PrinterKind.KITCHEN)
    if not found:
        return
    # Tickets name the menu in the location's language (docs/design.md §26), where paper can
    # write it: one more read.
    language = paper_language(language)
    product_ids = {product_id for document in documents for product_id in document.product_ids}
    modifier_ids = {modifier_id for document in documents for modifier_id in document.modifier_ids}
    categories, names = await repository.product_menu(product_ids | modifier_ids, language)
    zone = ZoneInfo(timezone or DEFAULT_TIMEZONE)
    jobs = []
    for document in documents:
        for printer in found:
            lines = [
                line
                for line, product_id in enumerate(document.product_ids)
                if printer.prints_category(categories.get(product_id))
            ]
            if lines:
                payload = document.render(lines, zone, names)
                jobs.append(
                    _job(printer, document.kind, document.order_id, document.ticket_id, payload)
                )
    await PrintJobRepository(uow).insert(jobs)


async def _receipt_printer(uow: UnitOfWork, printer_id: UUID, location_id: UUID | None) -> Printer:
    """The RECEIPT printer ``printer_id`` of the document's location: another location's
    printer never prints it (403 ``other_location``)."""
    printer = await PrinterRepository(uow).get(printer_id)
    if printer is None:
        raise InvalidInput("printerId", f"no printer {printer_id}")
    if printer.kind is not PrinterKind.RECEIPT:
        raise InvalidInput("printerId", f"printer {printer_id} is a {printer.kind} printer")
    if location_id is not None and printer.location_id != location_id:
        raise OtherLocation(f"Printer {printer.name} is at another location, not this one.")
    return printer


async def queue_receipt(
    uow: UnitOfWork, printer_id: UUID, order_id: UUID, location_id: UUID | None, payload: bytes
) -> PrintJob:
    """Queues a receipt's bytes on a RECEIPT printer of the order's location (``location_id``);
    it prints when the printer takes it."""
    printer = await _receipt_printer(uow, printer_id, location_id)
    job = _job(printer, JobKind.RECEIPT, order_id, None, payload)
    await PrintJobRepository(uow).insert([job])
    return job


async def queue_document(
    uow: UnitOfWork, printer_id: UUID, location_id: UUID, payload: bytes
) -> PrintJob:
    """Queues a document of no order (a Z report) on a RECEIPT printer of its location."""
    printer = await _receipt_printer(uow, printer_id, location_id)
    job = _job(printer, JobKind.RECEIPT, None, None, payload)
    await PrintJobRepository(uow).insert([job])
    return job


# --- printing -------------------------------------------------------------------------------


async def backlog(database: Database) -> tuple[int, float]:
    """Jobs not printed yet, and the age of the oldest in seconds."""
    async with database.unit_of_work(write=False) as uow:
        found = await PrintJobRepository(uow).backlog()
    return found.count, found.oldest_seconds(now())


async def send_to_printer(address: str, port: int, payload: bytes) -> None:
    """The bytes over raw TCP, all of them, or an OSError (refused, unreachable...)."""
    _reader, writer = await asyncio.open_connection(address, port)
    try:
        writer.write(payload)
        await writer.drain()
    finally:
        writer.close()
        await writer.wait_closed()


class PrintOutbox:
    """One per worker process: leases due jobs and prints them, one printer's in order, each
    printer in its own lane (kit/lanes.py): a jammed printer holds only its own jobs."""

    def __init__(
        self,
        database: Database,
        *,
        poll_seconds: float,
        resolver: Resolver,
        allowed_hosts: Collection[str] = frozenset(),
    ) -> None:
        self._database = database
        self._poll_seconds = poll_seconds
        self._allowed_hosts = allowed_hosts
        self._resolver = resolver
        self._lanes: Lanes[UUID] = Lanes("print outbox", log, most=PRINTERS_AT_ONCE)

    async def run(self, stopping: asyncio.Event) -> None:
        await self._lanes.run(self.start_due, stopping, self._poll_seconds)

    async def start_due(self) -> bool:
        """One round: starts a lane for each printer with jobs due (not waited for);
        answers whether any was due."""
        return await self._lanes.start_due(self._lease_due, self._print_in_order)

    async def print_due(self) -> bool:
        """One round, waited for to its end (tests, tools): answers whether any was due."""
        return await self._lanes.finish_round(self.start_due)

    async def _lease_due(
        self, busy: frozenset[UUID], room: int
    ) -> dict[UUID, tuple[Printer, list[PrintJob]]]:
        """The due jobs of at most ``room`` printers not ``busy`` here, leased, by printer."""
        moment = now()
        async with self._database.unit_of_work(write=True) as uow:
            jobs = PrintJobRepository(uow)
            due = await jobs.due_printers(now=moment, excluding=busy, limit=room)
            leased = {}
            for printer_id in due:
                printer = await PrinterRepository(uow).get(printer_id)
                found = await jobs.lease_due(
                    printer_id, now=moment, until=moment + LEASE, limit=JOBS_PER_ROUND
                )
                if printer is not None and found:
                    leased[printer_id] = (printer, found)
        return leased

    async def _print_in_order(self, leased: tuple[Printer, list[PrintJob]]) -> None:
        """A printer's leased jobs, oldest first; once the printer fails, its later jobs wait
        with the same error rather than print ahead of the one that failed."""
        printer, jobs = leased
        error: str | None = None
        for job in jobs:
            if error is None:
                error = await self._send(printer, job)
            await self._record(job, error)

    async def _send(self, printer: Printer, job: PrintJob) -> str | None:
        try:
            async with asyncio.timeout(SEND_TIMEOUT_SECONDS):
                address = await self._address(printer)
                await send_to_printer(address, printer.port, job.payload)
        except TimeoutError:
            return f"no answer from {printer.host}:{printer.port} within {SEND_TIMEOUT_SECONDS} s"
        except (OSError, UnicodeError, NameNotFound, InvalidInput) as failure:
            detail = failure.detail if isinstance(failure, InvalidInput) else str(failure)
            return f"{type(failure).__name__}: {detail}"[:_ERROR_LENGTH]
        return None

    async def _address(self, printer: Printer) -> str:
        """Where to connect: the host's first address, judged (a printer stays on the
        restaurant's network), on the lookup pool of its own (kit/names.py)."""
        addresses = await self._resolver.addresses(printer.host, printer.port)
        if printer.host not in self._allowed_hosts:
            check_printer_addresses(printer.host, addresses)
        if not addresses:
            raise NameNotFound(printer.host)
        return addresses[0]

    async def _record(self, job: PrintJob, error: str | None) -> None:
        moment = now()
        changes: dict[str, Any]
        if error is None:
            changes = {"status": JobStatus.PRINTED.value, "printed_at": moment, "last_error": None}
        else:
            step = BACKOFF.after_failure(job.attempts, job.retrying_since, moment)
            if isinstance(step, GiveUp):
                changes = {"status": JobStatus.FAILED.value, "last_error": error}
            else:
                changes = {
                    "attempts": step.attempts,
                    "retrying_since": step.retrying_since,
                    "next_attempt_at": step.at,
                    "last_error": error,
                }
        async with self._database.unit_of_work(write=True) as uow:
            if not await PrintJobRepository(uow).settle(job, **changes):
                log.warning("print job %s: lease lost while printing", job.id)

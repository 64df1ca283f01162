"""A print job as the API answers it: in printing's own routes and when a receipt is printed."""

from __future__ import annotations

from uuid import UUID

from pydantic import Field

from brigade.kit.http.types import ResponseModel, Timestamp
from brigade.printing.domain import JobKind, JobStatus, PrintJob


class PrintJobOut(ResponseModel):
    id: UUID = Field(description="The print job's id")
    printer_id: UUID = Field(description="The printer it goes to")
    kind: JobKind = Field(
        description=(
            "TICKET (a send's kitchen ticket), VOID (what a void took back) or "
            "RECEIPT (a receipt or a Z)"
        )
    )
    order_id: UUID | None = Field(description="Null for a document of no order (a Z report).")
    ticket_id: UUID | None = Field(description="The kitchen ticket printed; null for a receipt.")
    status: JobStatus = Field(
        description="PENDING until printed; FAILED after 24 hours of failed attempts."
    )
    attempts: int = Field(description="Failed attempts so far.")
    next_attempt_at: Timestamp = Field(description="When it is next tried while PENDING, in UTC")
    last_error: str | None = Field(description="Why the last attempt failed; null when none failed")
    created_at: Timestamp = Field(description="When it was queued, in UTC")
    printed_at: Timestamp | None = Field(
        description="When the printer took it, in UTC; null until then"
    )
    size: int = Field(description="Bytes to print.")


def job_out(job: PrintJob) -> PrintJobOut:
    return PrintJobOut(
        id=job.id,
        printer_id=job.printer_id,
        kind=job.kind,
        order_id=job.order_id,
        ticket_id=job.ticket_id,
        status=job.status,
        attempts=job.attempts,
        next_attempt_at=job.next_attempt_at,
        last_error=job.last_error,
        created_at=job.created_at,
        printed_at=job.printed_at,
        size=len(job.payload),
    )

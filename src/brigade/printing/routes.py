"""Printers: ESC/POS printers on the restaurant's network, and the jobs queued for them.

A send prints its kitchen ticket on the location's KITCHEN printers (only the items of the
categories a printer names, or all of them); receipts go to a RECEIPT printer
(`POST /api/orders/{id}/receipt/print`). Printing goes through an outbox: a printer that
is off prints when it is back, and `GET /api/printers/{id}/jobs` shows what waits.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import Response
from pydantic import AfterValidator, Field, StringConstraints

from brigade.dining.allowed import DiningRoomManager
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.http.deps import PaginationDep, SettingsDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import PrinterId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import AtLocationQuery, LocationQuery, Page
from brigade.kit.http.types import (
    Name,
    RequestModel,
    ResponseModel,
    Timestamp,
    WholeNumber,
    omittable,
)
from brigade.orders.allowed import OrderTaker
from brigade.printing import service
from brigade.printing.domain import (
    DEFAULT_PORT,
    HOST_LENGTH,
    HOST_PATTERN,
    Printer,
    PrinterKind,
    PrinterTargetRefused,
    check_host,
)
from brigade.printing.schemas import PrintJobOut, job_out

router = brigade_router(prefix="/api/printers", tags=["printers"])


def _host_in_words(host: str) -> str:
    # The pattern's own refusal would quote the regular expression at a manager.
    try:
        return check_host(host)
    except InvalidInput as refused:
        raise ValueError(refused.message) from None


Host: Any = Annotated[
    str,
    StringConstraints(min_length=1, max_length=HOST_LENGTH),
    AfterValidator(_host_in_words),
    Field(
        description="A host name or an IPv4 address, without a scheme or port.",
        json_schema_extra={"pattern": HOST_PATTERN},
    ),
]
Port: Any = Annotated[
    WholeNumber(1, 65535), Field(description="Raw TCP (JetDirect), usually 9100.")
]
CategoryIds: Any = Annotated[
    list[UUID],
    Field(
        max_length=100,
        description="KITCHEN only: the categories this printer prints (a station); "
        "empty: every category.",
    ),
]


_KIND = "RECEIPT (receipts and Z reports on demand) or KITCHEN (a ticket on each send and void)"


class PrinterCreate(RequestModel):
    name: Name = Field(
        description=(
            "Its name as the back office and a terminal's Print show it (1-200 characters)"
        )
    )
    location_id: UUID = Field(description="The location it prints for (fixed once made)")
    host: Host
    port: Port = DEFAULT_PORT
    kind: PrinterKind = Field(
        description=(
            "RECEIPT (receipts and Z reports on demand) or KITCHEN (a ticket on each send and void)"
        )
    )
    category_ids: CategoryIds = Field(default_factory=list)


class PrinterUpdate(RequestModel):
    """Every field optional; the location is fixed."""

    name: Name = omittable(description="Its new name (1-200 characters)")
    host: Host = omittable()
    port: Port = omittable()
    kind: PrinterKind = omittable(description="RECEIPT or KITCHEN")
    category_ids: CategoryIds = omittable()


class PrinterOut(ResponseModel):
    id: UUID = Field(description="The printer's id")
    name: str = Field(description="Its name as the back office and a terminal's Print show it")
    location_id: UUID = Field(description="The location it prints for")
    host: str = Field(description="The host name or IP address it is reached at")
    port: int = Field(description="The raw TCP port it is reached at")
    kind: PrinterKind = Field(
        description=(
            "RECEIPT (receipts and Z reports on demand) or KITCHEN (a ticket on each send and void)"
        )
    )
    category_ids: list[UUID] = Field(
        description="KITCHEN only: the categories it prints; []: every category"
    )
    created_at: Timestamp
    updated_at: Timestamp


class PrinterPage(Page[PrinterOut]):
    pass


class ReceiptPrinterOut(ResponseModel):
    """A receipt printer as a terminal sees it: a name to print on, not its address."""

    id: UUID = Field(description="The printer's id: print a receipt on it by this")
    name: str = Field(description="Its name")


class ReceiptPrinterList(ResponseModel):
    data: list[ReceiptPrinterOut] = Field(description="The location's RECEIPT printers, by name")


class PrintJobPage(Page[PrintJobOut]):
    pass


def _printer(printer: Printer) -> PrinterOut:
    return PrinterOut(
        id=printer.id,
        name=printer.name,
        location_id=printer.location_id,
        host=printer.host,
        port=printer.port,
        kind=printer.kind,
        category_ids=list(printer.category_ids),
        created_at=printer.created_at,
        updated_at=printer.updated_at,
    )


@router.post(
    "",
    status_code=201,
    response_model=PrinterOut,
    responses=problem_responses(InvalidInput, PrinterTargetRefused),
)
async def create_printer(
    staff: DiningRoomManager,
    body: PrinterCreate,
    uow: UowDep,
    response: Response,
    settings: SettingsDep,
) -> PrinterOut:
    """Nothing is sent to the printer now: its first job tells whether it answers. The host
    is an address on the restaurant's network or a name, the port 9100, 515 or 631 (422
    `printer_target_refused`), unless BRIGADE_PRINTER_ALLOW_HOSTS lists the host."""
    printer = await service.create_printer(
        uow, body.model_dump(exclude_unset=False), settings.printer_allowed_hosts
    )
    response.headers["Location"] = f"/api/printers/{printer.id}"
    return _printer(printer)


@router.get("", response_model=PrinterPage, responses=problem_responses())
async def list_printers(
    staff: DiningRoomManager,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
) -> PrinterPage:
    found, total = await service.list_printers(
        uow, location_id, page=pagination.page, limit=pagination.limit
    )
    return PrinterPage(**pagination.page_of([_printer(printer) for printer in found], total))


@router.get("/receipt", response_model=ReceiptPrinterList, responses=problem_responses())
async def list_receipt_printers(
    staff: OrderTaker,
    uow: UowDep,
    location_id: AtLocationQuery,
) -> ReceiptPrinterList:
    """The location's RECEIPT printers by name, for a terminal's Print: SERVER and up, who
    may print a receipt; their hosts and jobs stay a manager's (`GET /api/printers`)."""
    found = await service.receipt_printers(uow, location_id)
    return ReceiptPrinterList(
        data=[ReceiptPrinterOut(id=printer.id, name=printer.name) for printer in found]
    )


@router.get("/{printerId}", response_model=PrinterOut, responses=problem_responses(NotFound))
async def get_printer(staff: DiningRoomManager, printer_id: PrinterId, uow: UowDep) -> PrinterOut:
    return _printer(await service.get_printer(uow, printer_id))


@router.patch(
    "/{printerId}",
    response_model=PrinterOut,
    responses=problem_responses(NotFound, InvalidInput, PrinterTargetRefused),
)
async def update_printer(
    staff: DiningRoomManager,
    printer_id: PrinterId,
    body: PrinterUpdate,
    uow: UowDep,
    settings: SettingsDep,
) -> PrinterOut:
    """The host and port follow the rules of a new printer's."""
    changes = body.model_dump(exclude_unset=True)
    printer = await service.update_printer(uow, printer_id, changes, settings.printer_allowed_hosts)
    return _printer(printer)


@router.delete("/{printerId}", response_model=PrinterOut, responses=problem_responses(NotFound))
async def delete_printer(
    staff: DiningRoomManager, printer_id: PrinterId, uow: UowDep
) -> PrinterOut:
    """The printer and its jobs, printed or not, are gone (then 404)."""
    return _printer(await service.delete_printer(uow, printer_id))


@router.get("/{printerId}/jobs", response_model=PrintJobPage, responses=problem_responses(NotFound))
async def list_print_jobs(
    staff: DiningRoomManager, printer_id: PrinterId, uow: UowDep, pagination: PaginationDep
) -> PrintJobPage:
    """Newest first: a jam shows as PENDING jobs with attempts and the last error."""
    found, total = await service.list_jobs(
        uow, printer_id, page=pagination.page, limit=pagination.limit
    )
    return PrintJobPage(**pagination.page_of([job_out(job) for job in found], total))

"""Receipts: the order as the guest takes it home, as text, a printable page or printer bytes,
and printed on a RECEIPT printer through the print outbox."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated
from uuid import UUID

from fastapi import Query, Response
from pydantic import Field

from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.escpos import encode
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import OrderId
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.types import RequestModel
from brigade.orders import service
from brigade.orders.allowed import OrderTaker, ReceiptReader
from brigade.orders.domain.documents import receipt_document, receipt_html, receipt_text
from brigade.printing.schemas import PrintJobOut, job_out

router = brigade_router(prefix="/api/orders", tags=["orders"])

TEXT = "text/plain; charset=utf-8"
HTML = "text/html; charset=utf-8"
ESCPOS = "application/octet-stream"


class ReceiptFormat(StrEnum):
    TEXT = "text"
    HTML = "html"
    ESCPOS = "escpos"


class ReceiptPrint(RequestModel):
    printer_id: UUID = Field(
        description="The RECEIPT printer of the order's location to print it on"
    )


@router.get(
    "/{orderId}/receipt",
    response_class=Response,
    responses={
        200: {
            "description": "The receipt: 42 columns of text, a printable HTML page, or the "
            "ESC/POS bytes (`format`).",
            "content": {
                "text/plain": {"schema": {"type": "string"}},
                "text/html": {"schema": {"type": "string"}},
                ESCPOS: {"schema": {"type": "string", "format": "binary"}},
            },
        },
        **problem_responses(NotFound),
    },
)
async def get_receipt(
    staff: ReceiptReader,
    order_id: OrderId,
    uow: UowDep,
    receipt_format: Annotated[
        ReceiptFormat,
        Query(
            alias="format",
            description="`text` (default), `html`, or `escpos`: the bytes a receipt printer takes.",
        ),
    ] = ReceiptFormat.TEXT,
) -> Response:
    """Location, order number, table, customer's name, server, local time, lines with modifiers
    and seats, subtotal, discount, tax, total, payments (method, last four, tip) and balance.
    SERVER and up: it shows payment details the kitchen never sees."""
    on_paper = receipt_format is ReceiptFormat.ESCPOS
    receipt = await service.order_receipt(uow, order_id, on_paper=on_paper)
    if receipt_format is ReceiptFormat.HTML:
        return Response(receipt_html(receipt), media_type=HTML)
    if on_paper:
        return Response(encode(receipt_document(receipt)), media_type=ESCPOS)
    return Response("\n".join(receipt_text(receipt)) + "\n", media_type=TEXT)


@router.post(
    "/{orderId}/receipt/print",
    status_code=202,
    response_model=PrintJobOut,
    responses=problem_responses(NotFound, InvalidInput),
)
async def print_receipt(
    staff: OrderTaker, order_id: OrderId, body: ReceiptPrint, uow: UowDep
) -> PrintJobOut:
    """Queued on a RECEIPT printer (`printerId`, 422 if it is none): the answer is the job;
    it prints when the printer takes it (`GET /api/printers/{id}/jobs`)."""
    return job_out(await service.print_receipt(uow, order_id, body.printer_id))

"""Kitchen tickets: what each send put in front of the kitchen, for a screen to poll."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Query

from brigade.api.deps import PaginationDep, UowDep
from brigade.api.errors import problem_responses
from brigade.api.routing import brigade_router
from brigade.api.schemas import (
    ModifierOut,
    Page,
    StaffRef,
    modifiers_out,
    order_number,
    staff_ref,
)
from brigade.api.security import Reader
from brigade.api.types import Number, ResponseModel, Timestamp, UtcInstant
from brigade.domain.errors import NotFound
from brigade.domain.kitchen import KitchenTicket, TicketFilter, TicketKind
from brigade.services import kitchen as service

router = brigade_router(prefix="/api/kitchen", tags=["kitchen"])


class TicketItemOut(ResponseModel):
    item_id: UUID
    product_id: UUID
    name: str
    quantity: Number
    modifiers: list[ModifierOut]
    notes: str | None


class TicketOut(ResponseModel):
    """An ORDER ticket is a send; a VOID ticket lists what was taken back off the kitchen, each
    line's quantity negative, with the reason. ``sentBy`` is who sent or voided."""

    id: UUID
    order_id: UUID
    order_number: str
    table_id: UUID | None
    location_id: UUID | None
    items: list[TicketItemOut]
    created_at: Timestamp
    sent_by: StaffRef | None
    kind: TicketKind
    reason: str | None


class TicketPage(Page[TicketOut]):
    pass


def ticket_out(ticket: KitchenTicket) -> TicketOut:
    return TicketOut(
        id=ticket.id,
        order_id=ticket.order_id,
        order_number=order_number(ticket.order_number),
        table_id=ticket.table_id,
        location_id=ticket.location_id,
        items=[
            TicketItemOut(
                item_id=item.item_id,
                product_id=item.product_id,
                name=item.name,
                quantity=item.quantity,
                modifiers=modifiers_out(item.modifiers),
                notes=item.notes,
            )
            for item in ticket.items
        ],
        created_at=ticket.created_at,
        sent_by=staff_ref(ticket.sent_by_id, ticket.sent_by_name),
        kind=ticket.kind,
        reason=ticket.reason,
    )


@router.get("/tickets", response_model=TicketPage, responses=problem_responses())
async def list_tickets(
    staff: Reader,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: Annotated[UUID | None, Query(alias="locationId")] = None,
    since: Annotated[
        UtcInstant | None,
        Query(description="only tickets created strictly after this instant; naive is UTC"),
    ] = None,
) -> TicketPage:
    found, total = await service.list_tickets(
        uow,
        TicketFilter(location_id=location_id, since=since),
        page=pagination.page,
        limit=pagination.limit,
    )
    return TicketPage.of([ticket_out(ticket) for ticket in found], total, pagination)


@router.get("/tickets/{ticket_id}", response_model=TicketOut, responses=problem_responses(NotFound))
async def get_ticket(staff: Reader, ticket_id: UUID, uow: UowDep) -> TicketOut:
    return ticket_out(await service.get_ticket(uow, ticket_id))

"""Kitchen tickets: what each send put in front of the kitchen; the board a kitchen display
shows (the open tickets with their items as they are now), and bumping and recalling them."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Query
from pydantic import Field

from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.events import register_payload_shape
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.event_payloads import bounded
from brigade.kit.http.permissions import ItemStatusSetter, Reader
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import (
    ModifierOut,
    Page,
    StaffRef,
    modifiers_out,
    order_number,
    staff_ref,
)
from brigade.kit.http.types import Number, ResponseModel, Timestamp, UtcInstant
from brigade.kitchen.domain import BoardTicket, KitchenTicket, TicketFilter, TicketKind
from brigade.kitchen.service import tickets as service
from brigade.orders.domain.states import ItemStatus, OrderStatus, OrderType

router = brigade_router(prefix="/api/kitchen", tags=["kitchen"])


class _Placed(ResponseModel):
    """Where a line goes and when: its seat at the table and its course, as sent."""

    seat: int | None = Field(description="The guest's seat at the table; null: the table")
    course: int = Field(description="The course it goes out with (1: the first)")


class TicketItemOut(_Placed):
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
    bumped_at: Timestamp | None = Field(
        description="When a kitchen screen bumped it (done); null while it is on the board"
    )


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
                seat=item.seat,
                course=item.course,
            )
            for item in ticket.items
        ],
        created_at=ticket.created_at,
        sent_by=staff_ref(ticket.sent_by_id, ticket.sent_by_name),
        kind=ticket.kind,
        reason=ticket.reason,
        bumped_at=ticket.bumped_at,
    )


class BoardItemOut(_Placed):
    """A ticket line with its item as it is now: ``quantity`` is the live one (a partial void
    lowers it), ``sentQuantity`` what the ticket asked for."""

    item_id: UUID
    product_id: UUID
    category_id: UUID | None = Field(description="The product's category: stations filter on it")
    name: str
    quantity: Number
    sent_quantity: Number
    modifiers: list[ModifierOut]
    notes: str | None
    status: ItemStatus
    void_reason: str | None
    added: bool = Field(description="On a later send than the order's first: an addition")


class BoardTicketOut(ResponseModel):
    """A send as the kitchen display shows it. ``server`` is who opened the order."""

    id: UUID
    order_id: UUID
    order_number: str
    order_type: OrderType
    order_status: OrderStatus
    table_id: UUID | None
    table_name: str | None
    customer_name: str | None = Field(description="The order's customer (a bar tab, a takeout)")
    server: str | None
    sent_by: StaffRef | None
    created_at: Timestamp
    bumped_at: Timestamp | None
    items: list[BoardItemOut]


class BoardOut(ResponseModel):
    tickets: list[BoardTicketOut] = Field(
        description="The sends of the last 24 hours not yet bumped, oldest first (at most 200)"
    )
    last_bumped: BoardTicketOut | None = Field(description="What Recall brings back")
    recently_bumped: list[BoardTicketOut] = Field(
        description="The last 10 tickets bumped at the location, newest first (the first is "
        "`lastBumped`): the Recall list"
    )


# What a summary of a ticket's event keeps: which ticket, of which order, in what state.
_TICKET_SUMMARY = {
    "id",
    "order_id",
    "order_number",
    "order_type",
    "order_status",
    "table_id",
    "table_name",
    "customer_name",
    "created_at",
    "bumped_at",
}


def install_event_payloads(*, max_bytes: int) -> None:
    """``kitchen_ticket.*`` events carry the ticket as the board shows it, summarized past
    ``max_bytes``."""

    def board_ticket(ticket: BoardTicket) -> str:
        shown = board_ticket_out(ticket)
        href = f"/api/kitchen/tickets/{ticket.ticket.id}"
        return bounded(shown, _TICKET_SUMMARY, len(shown.items), href, max_bytes)

    register_payload_shape(BoardTicket, board_ticket)


def board_ticket_out(board: BoardTicket) -> BoardTicketOut:
    ticket, order = board.ticket, board.order
    return BoardTicketOut(
        id=ticket.id,
        order_id=ticket.order_id,
        order_number=order_number(ticket.order_number),
        order_type=order.order_type,
        order_status=order.status,
        table_id=ticket.table_id,
        table_name=order.table_name,
        customer_name=order.customer_name,
        server=order.server_name,
        sent_by=staff_ref(ticket.sent_by_id, ticket.sent_by_name),
        created_at=ticket.created_at,
        bumped_at=ticket.bumped_at,
        items=[
            BoardItemOut(
                item_id=item.line.item_id,
                product_id=item.line.product_id,
                category_id=item.live.category_id,
                name=item.line.name,
                quantity=item.live.quantity,
                sent_quantity=item.line.quantity,
                modifiers=modifiers_out(item.line.modifiers),
                notes=item.line.notes,
                status=item.live.status,
                void_reason=item.live.void_reason,
                added=item.added,
                seat=item.line.seat,
                course=item.line.course,
            )
            for item in board.items
        ],
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
        TicketFilter(location_id=staff.location_scope(location_id), since=since),
        page=pagination.page,
        limit=pagination.limit,
    )
    return TicketPage.of([ticket_out(ticket) for ticket in found], total, pagination)


@router.get("/tickets/{ticket_id}", response_model=TicketOut, responses=problem_responses(NotFound))
async def get_ticket(staff: Reader, ticket_id: UUID, uow: UowDep) -> TicketOut:
    return ticket_out(await service.get_ticket(uow, staff, ticket_id))


@router.get("/board", response_model=BoardOut, responses=problem_responses())
async def get_kitchen_board(
    staff: Reader, uow: UowDep, location_id: Annotated[UUID, Query(alias="locationId")]
) -> BoardOut:
    """What a kitchen display shows: the open tickets with their items' status now, table,
    server and category, and the last bumped tickets. Reload it on the events that touch it
    (`order.sent`, `order.course_fired`, `item.*`, `order.*`, `kitchen_ticket.*`)."""
    board = await service.get_board(uow, staff, location_id)
    recent = [board_ticket_out(ticket) for ticket in board.recently_bumped]
    return BoardOut(
        tickets=[board_ticket_out(ticket) for ticket in board.tickets],
        last_bumped=recent[0] if recent else None,
        recently_bumped=recent,
    )


@router.post(
    "/tickets/{ticket_id}/bump",
    response_model=BoardTicketOut,
    responses=problem_responses(NotFound, InvalidInput),
)
async def bump_ticket(staff: ItemStatusSetter, ticket_id: UUID, uow: UowDep) -> BoardTicketOut:
    """Done: the ticket leaves every kitchen display (`kitchen_ticket.bumped`) and its items
    still SENT or PREPARING become READY (`item.updated` each). Repeating it changes nothing.
    A VOID ticket is never on the board: 422."""
    return board_ticket_out(await service.bump_ticket(uow, staff, ticket_id))


@router.post(
    "/tickets/{ticket_id}/recall",
    response_model=BoardTicketOut,
    responses=problem_responses(NotFound, InvalidInput),
)
async def recall_ticket(staff: ItemStatusSetter, ticket_id: UUID, uow: UowDep) -> BoardTicketOut:
    """Back on the board (`kitchen_ticket.recalled`), its items as they are. Repeating it
    changes nothing."""
    return board_ticket_out(await service.recall_ticket(uow, staff, ticket_id))

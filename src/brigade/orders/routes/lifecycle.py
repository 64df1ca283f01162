"""The order itself: list, create, read, change, send to the kitchen, transfer, complete,
reopen, cancel."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Path, Query, Request, Response

from brigade.access.allowed import Reader
from brigade.kit.access import Actor
from brigade.kit.cursor import Cursor
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.http import located
from brigade.kit.http.deps import CursorPaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.json_answers import json_answer
from brigade.kit.http.paths import OrderId
from brigade.kit.http.query import renamed
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import (
    ORDER_NUMBER_PATTERN,
    LocationQuery,
    NewAtLocationQuery,
    order_number,
)
from brigade.kit.http.types import UtcInstant
from brigade.kitchen.domain import KitchenTicket
from brigade.orders import service, shaping
from brigade.orders.allowed import OrderCanceller, OrderTaker, Reopener
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.courses import MAX_COURSE
from brigade.orders.domain.errors import (
    BalanceDue,
    BusinessDayClosed,
    IdInUse,
    InvalidTransition,
    NothingToSend,
    TableOccupied,
)
from brigade.orders.domain.records import MadeKind, OrderFilter
from brigade.orders.domain.states import OrderStatus, OrderType
from brigade.orders.routes.parsing import (
    CHANGE_ERRORS,
    DateOrDateTime,
    IfMatchDep,
    inclusive_end,
    range_end,
    range_start,
)
from brigade.orders.routes.representation import (
    PreferDep,
    answered_with_order,
    client_made,
    written,
)
from brigade.orders.schemas import (
    CancelOutcome,
    CompleteOutcome,
    OrderCreate,
    OrderDetail,
    OrderPage,
    OrderSummary,
    OrderUpdate,
    ReasonBody,
    SendOutcome,
    TransferOutcome,
    TransferRequest,
)

router = brigade_router(prefix="/api/orders", tags=["orders"])


@router.get("", response_model=OrderPage, responses=problem_responses(InvalidInput))
async def list_orders(
    staff: Reader,
    uow: UowDep,
    paging: CursorPaginationDep,
    location_id: LocationQuery = None,
    status: Annotated[
        list[OrderStatus] | None,
        Query(
            max_length=len(OrderStatus),
            description="Any of these statuses: repeat the parameter (`status=OPEN&status=SENT`).",
        ),
    ] = None,
    order_type: Annotated[
        OrderType | None, Query(alias="orderType", description="Only orders of this type.")
    ] = None,
    table_id: Annotated[
        UUID | None, Query(alias="tableId", description="Only orders at this table.")
    ] = None,
    number: Annotated[
        str | None,
        Query(
            alias="orderNumber",
            pattern=ORDER_NUMBER_PATTERN,
            description="As orders show it (`#1001`) or without the `#`.",
        ),
    ] = None,
    created_from: Annotated[
        DateOrDateTime,
        Query(
            alias="from",
            max_length=40,
            description="Orders created at or after this instant, or from the start of this "
            "date (UTC); naive is UTC.",
        ),
    ] = None,
    created_to: Annotated[
        DateOrDateTime,
        Query(
            alias="to",
            max_length=40,
            description="Orders created before this instant (exclusive), or on or before this "
            "date (UTC: its whole day); naive is UTC.",
        ),
    ] = None,
    start_date: Annotated[
        DateOrDateTime,
        Query(
            alias="startDate",
            max_length=40,
            deprecated=True,
            description="Deprecated name of `from` (the same meaning).",
        ),
    ] = None,
    end_date: Annotated[
        DateOrDateTime,
        Query(
            alias="endDate",
            max_length=40,
            deprecated=True,
            description="Deprecated for `to`: orders created up to and including this instant, "
            "or on or before this date (UTC); with `to` too, both must end at the same instant.",
        ),
    ] = None,
    updated_since: Annotated[
        UtcInstant | None,
        Query(
            alias="updatedSince",
            description="Orders changed at or after this instant (naive is UTC): poll with "
            "the latest `updatedAt` seen.",
        ),
    ] = None,
) -> OrderPage:
    filters = OrderFilter(
        location_id=staff.location_scope(location_id),
        statuses=frozenset(status or ()),
        order_type=order_type,
        table_id=table_id,
        order_number=None if number is None else int(number.lstrip("#")),
        created_from=renamed(
            "from",
            range_start(created_from, "from"),
            "startDate",
            range_start(start_date, "startDate"),
        ),
        created_before=renamed(
            "to",
            range_end(created_to, "to"),
            "endDate",
            inclusive_end(end_date, "endDate"),
        ),
        updated_since=updated_since,
    )
    pagination = paging.pagination
    found, total = await service.list_orders(
        uow, filters, page=pagination.page, limit=pagination.limit, after=paging.cursor
    )
    summaries = [shaping.summary(header) for header in found]
    return OrderPage.after(summaries, total, pagination, _place)


def _place(summary: OrderSummary) -> Cursor:
    return Cursor(summary.created_at, summary.id)


@router.post(
    "",
    status_code=201,
    response_model=OrderDetail,
    responses=problem_responses(IdInUse) | {200: {"model": OrderDetail}},
)
async def create_order(
    staff: OrderTaker,
    body: OrderCreate,
    uow: UowDep,
    request: Request,
    response: Response,
    location_id: NewAtLocationQuery = None,
) -> OrderDetail:
    made = await client_made(request, MadeKind.ORDER, body.id)
    order, made_before = await service.create_order(
        uow, staff, body.command(location_id=location_id), made=made
    )
    # A terminal's next request names the new order: its location is known without a read.
    place = order.header.location_id
    uow.after_commit(lambda: located.remember("orderId", order.id, place))
    shaping.created(response, order, f"/api/orders/{order.id}")
    if made_before:
        response.status_code = 200
    return shaping.detail(order, staff.role)


@router.get("/{orderId}", response_model=OrderDetail, responses=problem_responses(NotFound))
async def get_order(staff: Reader, order_id: OrderId, uow: UowDep) -> Response:
    order = await service.get_order(uow, staff, order_id)
    body = shaping.detail_json(order, staff.role)
    return json_answer(body, headers={"ETag": shaping.etag(order)})


@router.patch(
    "/{orderId}",
    response_model=OrderDetail,
    responses=problem_responses(*CHANGE_ERRORS, InvalidInput),
)
async def update_order(
    staff: OrderTaker,
    order_id: OrderId,
    body: OrderUpdate,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrderDetail:
    """Change the open order's own fields: its customer's name (null takes it off)."""
    order = await service.name_customer(uow, staff, order_id, body.customer_name, if_match=if_match)
    shaping.tag(response, order)
    return shaping.detail(order, staff.role)


@router.post(
    "/{orderId}/send",
    response_model=SendOutcome,
    responses=problem_responses(*CHANGE_ERRORS, NothingToSend) | answered_with_order(SendOutcome),
)
async def send_order(
    staff: OrderTaker,
    order_id: OrderId,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> SendOutcome | Response:
    order, ticket = await service.send_order(uow, staff, order_id, if_match=if_match)
    return await _sent(uow, staff, order, ticket, response, wants_order)


@router.post(
    "/{orderId}/courses/{course}/fire",
    response_model=SendOutcome,
    responses=problem_responses(*CHANGE_ERRORS, NothingToSend) | answered_with_order(SendOutcome),
    description="Course `course`'s pending items go to the kitchen on a new ticket "
    "(`order.course_fired`), a DRAFT order opens, and the course is fired: later sends include "
    "its new pending items (`firedCourses`). 409 `nothing_to_send` when it has none.",
)
async def fire_course(
    staff: OrderTaker,
    order_id: OrderId,
    course: Annotated[
        int, Path(ge=1, le=MAX_COURSE, description="The course's number on the order, from 1.")
    ],
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> SendOutcome | Response:
    order, ticket = await service.fire_course(uow, staff, order_id, course, if_match=if_match)
    return await _sent(uow, staff, order, ticket, response, wants_order)


async def _sent(
    uow: UnitOfWork,
    staff: Actor,
    order: Order,
    ticket: KitchenTicket,
    response: Response,
    wants_order: bool,
) -> SendOutcome | Response:
    shaping.tag(response, order)
    answer = SendOutcome(success=True, kitchen_order_id=ticket.id, sent_items=len(ticket.items))
    return await written(uow, staff, answer, order, response, wants_order=wants_order)


@router.post(
    "/{orderId}/transfer",
    response_model=TransferOutcome,
    responses=problem_responses(*CHANGE_ERRORS) | answered_with_order(TransferOutcome),
)
async def transfer_order(
    staff: OrderTaker,
    order_id: OrderId,
    body: TransferRequest,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> TransferOutcome | Response:
    order, previous = await service.transfer_order(
        uow, staff, order_id, body.table_id, if_match=if_match
    )
    shaping.tag(response, order)
    answer = TransferOutcome(
        order_id=order.id, previous_table_id=previous, new_table_id=body.table_id
    )
    return await written(uow, staff, answer, order, response, wants_order=wants_order)


@router.post(
    "/{orderId}/complete",
    response_model=CompleteOutcome,
    responses=problem_responses(*CHANGE_ERRORS, BalanceDue) | answered_with_order(CompleteOutcome),
)
async def complete_order(
    staff: OrderTaker,
    order_id: OrderId,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> CompleteOutcome | Response:
    """Close a check with nothing left to pay (409 `balance_due` otherwise). A check already
    completed (by itself once paid, where its location's `autoComplete` is on) answers 200 with
    its `completedAt` and stays as it is."""
    order, completed_at = await service.complete_order(uow, staff, order_id, if_match=if_match)
    shaping.tag(response, order)
    header = order.header
    answer = CompleteOutcome(
        id=header.id,
        status=header.status,
        completed_at=completed_at,
        total=shaping.cents(header.total_cents),
        paid_amount=shaping.cents(header.paid_cents),
    )
    return await written(uow, staff, answer, order, response, wants_order=wants_order)


@router.post(
    "/{orderId}/reopen",
    response_model=OrderDetail,
    responses=problem_responses(
        *CHANGE_ERRORS, InvalidTransition, BusinessDayClosed, TableOccupied
    ),
    description="Make a COMPLETED check OPEN again, the business day it was completed on (in "
    "the location's timezone; 409 `business_day_closed` after), with a reason. Its table is "
    "taken again: 409 `table_occupied` while another order sits there. A MANAGER's, or a "
    "server's with a manager's approval (`order.reopen`); audited (`order.reopened`), and "
    "announced as `order.reopened` with the order.",
)
async def reopen_order(
    staff: Reopener,
    order_id: OrderId,
    body: ReasonBody,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrderDetail:
    order = await service.reopen_order(uow, staff, order_id, body.reason, if_match=if_match)
    shaping.tag(response, order)
    return shaping.detail(order, staff.role)


@router.delete(
    "/{orderId}",
    response_model=CancelOutcome,
    responses=problem_responses(*CHANGE_ERRORS, InvalidTransition)
    | answered_with_order(CancelOutcome),
)
async def cancel_order(
    staff: OrderCanceller,
    order_id: OrderId,
    body: ReasonBody,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> CancelOutcome | Response:
    order, refund = await service.cancel_order(uow, staff, order_id, body.reason, if_match=if_match)
    shaping.tag(response, order)
    answer = CancelOutcome(
        success=True,
        message=f"Order {order_number(order.header.order_number)} cancelled",
        refund_amount=shaping.cents(refund),
    )
    return await written(uow, staff, answer, order, response, wants_order=wants_order)

"""The order itself: list, create, read, send to the kitchen, transfer, complete, cancel."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Query, Response

from brigade.kit.errors import BalanceDue, InvalidInput, InvalidTransition, NotFound, NothingToSend
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.json_answers import json_answer
from brigade.kit.http.permissions import OrderCanceller, OrderTaker, Reader
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import ORDER_NUMBER_PATTERN, LocationQuery, order_number
from brigade.kit.http.types import UtcInstant
from brigade.orders import service, shaping
from brigade.orders.domain.records import OrderFilter
from brigade.orders.domain.states import OrderStatus, OrderType
from brigade.orders.routes.parsing import CHANGE_ERRORS, DateOrDateTime, IfMatchDep, instant
from brigade.orders.schemas import (
    CancelOutcome,
    CompleteOutcome,
    OrderCreate,
    OrderDetail,
    OrderPage,
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
    pagination: PaginationDep,
    location_id: LocationQuery = None,
    status: Annotated[
        list[OrderStatus] | None,
        Query(
            max_length=len(OrderStatus),
            description="Any of these statuses: repeat the parameter (`status=OPEN&status=SENT`).",
        ),
    ] = None,
    order_type: Annotated[OrderType | None, Query(alias="orderType")] = None,
    table_id: Annotated[UUID | None, Query(alias="tableId")] = None,
    number: Annotated[
        str | None,
        Query(
            alias="orderNumber",
            pattern=ORDER_NUMBER_PATTERN,
            description="As orders show it (`#1001`) or without the `#`.",
        ),
    ] = None,
    start_date: Annotated[DateOrDateTime, Query(alias="startDate", max_length=40)] = None,
    end_date: Annotated[DateOrDateTime, Query(alias="endDate", max_length=40)] = None,
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
        created_from=instant(start_date, "startDate", end=False),
        created_before=instant(end_date, "endDate", end=True),
        updated_since=updated_since,
    )
    found, total = await service.list_orders(
        uow, filters, page=pagination.page, limit=pagination.limit
    )
    return OrderPage.of([shaping.summary(header) for header in found], total, pagination)


@router.post("", status_code=201, response_model=OrderDetail, responses=problem_responses())
async def create_order(
    staff: OrderTaker,
    body: OrderCreate,
    uow: UowDep,
    response: Response,
    location_id: LocationQuery = None,
) -> OrderDetail:
    order = await service.create_order(uow, staff, body.command(location_id=location_id))
    shaping.created(response, order, f"/api/orders/{order.id}")
    return shaping.detail(order, staff.role)


@router.get("/{order_id}", response_model=OrderDetail, responses=problem_responses(NotFound))
async def get_order(staff: Reader, order_id: UUID, uow: UowDep) -> Response:
    order = await service.get_order(uow, staff, order_id)
    body = shaping.detail_json(order, staff.role)
    return json_answer(body, headers={"ETag": shaping.etag(order)})


@router.post(
    "/{order_id}/send",
    response_model=SendOutcome,
    responses=problem_responses(*CHANGE_ERRORS, NothingToSend),
)
async def send_order(
    staff: OrderTaker, order_id: UUID, uow: UowDep, response: Response, if_match: IfMatchDep
) -> SendOutcome:
    order, ticket = await service.send_order(uow, staff, order_id, if_match=if_match)
    shaping.tag(response, order)
    return SendOutcome(success=True, kitchen_order_id=ticket.id, sent_items=len(ticket.items))


@router.post(
    "/{order_id}/transfer",
    response_model=TransferOutcome,
    responses=problem_responses(*CHANGE_ERRORS),
)
async def transfer_order(
    staff: OrderTaker,
    order_id: UUID,
    body: TransferRequest,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> TransferOutcome:
    order, previous = await service.transfer_order(
        uow, staff, order_id, body.table_id, if_match=if_match
    )
    shaping.tag(response, order)
    return TransferOutcome(
        order_id=order.id, previous_table_id=previous, new_table_id=body.table_id
    )


@router.post(
    "/{order_id}/complete",
    response_model=CompleteOutcome,
    responses=problem_responses(*CHANGE_ERRORS, BalanceDue),
)
async def complete_order(
    staff: OrderTaker, order_id: UUID, uow: UowDep, response: Response, if_match: IfMatchDep
) -> CompleteOutcome:
    order, completed_at = await service.complete_order(uow, staff, order_id, if_match=if_match)
    shaping.tag(response, order)
    header = order.header
    return CompleteOutcome(
        id=header.id,
        status=header.status,
        completed_at=completed_at,
        total=shaping.cents(header.total_cents),
        paid_amount=shaping.cents(header.paid_cents),
    )


@router.delete(
    "/{order_id}",
    response_model=CancelOutcome,
    responses=problem_responses(*CHANGE_ERRORS, InvalidTransition),
)
async def cancel_order(
    staff: OrderCanceller,
    order_id: UUID,
    body: ReasonBody,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> CancelOutcome:
    order, refund = await service.cancel_order(uow, staff, order_id, body.reason, if_match=if_match)
    shaping.tag(response, order)
    return CancelOutcome(
        success=True,
        message=f"Order {order_number(order.header.order_number)} cancelled",
        refund_amount=shaping.cents(refund),
    )

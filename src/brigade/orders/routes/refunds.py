"""After the sale: refunds of a completed order, whole or partial, by amount or by line."""

from __future__ import annotations

from fastapi import Response

from brigade.access.allowed import Reader
from brigade.kit.errors import ApprovalExceeded, InvalidInput, NotFound, StaleVersion
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import OrderId, RefundId
from brigade.kit.http.routing import brigade_router
from brigade.orders import service, shaping
from brigade.orders.allowed import Refunder
from brigade.orders.domain.errors import InvalidTransition, RefundExceedsPaid
from brigade.orders.routes.parsing import IfMatchDep
from brigade.orders.routes.representation import PreferDep, answered_with_order, written
from brigade.orders.schemas import RefundByAmount, RefundByLine, RefundOut

router = brigade_router(prefix="/api/orders", tags=["orders"])


@router.post(
    "/{orderId}/refunds",
    status_code=201,
    response_model=RefundOut,
    responses=problem_responses(
        NotFound, StaleVersion, InvalidTransition, RefundExceedsPaid, ApprovalExceeded, InvalidInput
    )
    | answered_with_order(RefundOut, 201),
    description="Give money back on a COMPLETED order (409 `invalid_transition` otherwise), to "
    "one of its payments: by amount (`amount` of what was paid, `tipAmount` of the tips) or by "
    "line (`items`: each its share of the total, after discount, with tax). Never more than "
    "was paid less what was refunded, of the order and of the payment (409 "
    "`refund_exceeds_paid`, with `refundableAmount` and `refundableTip`). Audited "
    "(`order.refunded`); the order's `refunds` list it, and `order.refunded` carries the order.",
)
async def refund_order(
    staff: Refunder,
    order_id: OrderId,
    body: RefundByAmount | RefundByLine,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> RefundOut | Response:
    order, refund = await service.refund_order(
        uow, staff, order_id, body.command(), if_match=if_match
    )
    shaping.created(response, order, f"/api/orders/{order_id}/refunds/{refund.id}")
    answer = shaping.refund_out(refund, staff.role)
    return await written(
        uow, staff, answer, order, response, wants_order=wants_order, status_code=201
    )


@router.get(
    "/{orderId}/refunds",
    response_model=list[RefundOut],
    responses=problem_responses(NotFound),
    description="What was given back, oldest first, as the order detail lists it.",
)
async def list_refunds(staff: Reader, order_id: OrderId, uow: UowDep) -> list[RefundOut]:
    order = await service.get_order(uow, staff, order_id)
    return [shaping.refund_out(refund, staff.role) for refund in order.refunds]


@router.get(
    "/{orderId}/refunds/{refundId}",
    response_model=RefundOut,
    responses=problem_responses(NotFound),
)
async def get_refund(
    staff: Reader, order_id: OrderId, refund_id: RefundId, uow: UowDep
) -> RefundOut:
    return shaping.refund_out(await service.get_refund(uow, staff, order_id, refund_id), staff.role)

"""An order's service charges: a server puts one of the location's on, or takes it off."""

from __future__ import annotations

from fastapi import Response

from brigade.kit.errors import Forbidden
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import OrderId, ServiceChargeId
from brigade.kit.http.routing import brigade_router
from brigade.orders import service, shaping
from brigade.orders.allowed import ChargeRemover, OrderTaker
from brigade.orders.domain.errors import DiscountTooLarge, ServiceChargeApplied
from brigade.orders.routes.parsing import CHANGE_ERRORS, IfMatchDep
from brigade.orders.schemas import OrderDetail, ServiceChargeAdd

router = brigade_router(prefix="/api/orders", tags=["orders"])


@router.post(
    "/{orderId}/service-charges",
    response_model=OrderDetail,
    responses=problem_responses(*CHANGE_ERRORS, ServiceChargeApplied, DiscountTooLarge),
    description="Puts one of the location's service charges on the order (404 for another "
    "location's); it applies whatever the party. One the location's automatic charge a manager "
    "took off comes back. Answers the order.",
)
async def add_service_charge(
    staff: OrderTaker,
    order_id: OrderId,
    body: ServiceChargeAdd,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrderDetail:
    order = await service.add_service_charge(
        uow, staff, order_id, body.service_charge_id, if_match=if_match
    )
    shaping.tag(response, order)
    return shaping.detail(order, staff.role)


@router.delete(
    "/{orderId}/service-charges/{serviceChargeId}",
    response_model=OrderDetail,
    responses=problem_responses(*CHANGE_ERRORS, Forbidden, DiscountTooLarge),
    description="Takes a service charge that applies off the order: one a server added goes; "
    "the location's automatic one takes a MANAGER (or a manager's approval "
    "`order.service_charge_waive`) and is audited (`order.service_charge_waived`). Answers the "
    "order.",
)
async def remove_service_charge(
    staff: ChargeRemover,
    order_id: OrderId,
    service_charge_id: ServiceChargeId,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrderDetail:
    order = await service.remove_service_charge(
        uow, staff, order_id, service_charge_id, if_match=if_match
    )
    shaping.tag(response, order)
    return shaping.detail(order, staff.role)

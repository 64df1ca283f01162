"""Money on an order: payments and the order discount."""

from __future__ import annotations

from fastapi import Request, Response

from brigade.access.allowed import Reader
from brigade.kit.errors import ApprovalExceeded, InvalidInput, NotFound, StaleVersion
from brigade.kit.http.deps import SettingsDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import OrderId, PaymentId
from brigade.kit.http.routing import brigade_router
from brigade.orders import service, shaping
from brigade.orders.allowed import Discounter, Payer, TipAdjuster
from brigade.orders.domain.errors import (
    BusinessDayClosed,
    DayClosed,
    DiscountTooLarge,
    IdInUse,
    OrderClosed,
    Overpayment,
    TipNeedsApproval,
    TipNotAdjustable,
)
from brigade.orders.domain.records import MadeKind
from brigade.orders.routes.parsing import CHANGE_ERRORS, IfMatchDep
from brigade.orders.routes.representation import (
    PreferDep,
    answered_with_order,
    client_made,
    written,
)
from brigade.orders.schemas import (
    DiscountOutcome,
    DiscountRequest,
    PaymentCreate,
    PaymentDetail,
    PaymentOut,
    TipAdjustment,
)

router = brigade_router(prefix="/api/orders", tags=["orders"])


@router.post(
    "/{orderId}/discount",
    response_model=DiscountOutcome,
    responses=problem_responses(*CHANGE_ERRORS, DiscountTooLarge, ApprovalExceeded)
    | answered_with_order(DiscountOutcome),
)
async def apply_discount(
    staff: Discounter,
    order_id: OrderId,
    body: DiscountRequest,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> DiscountOutcome | Response:
    order = await service.apply_discount(uow, staff, order_id, body.command(), if_match=if_match)
    shaping.tag(response, order)
    header = order.header
    answer = DiscountOutcome(
        order_id=header.id,
        discount_amount=shaping.cents(header.discount_cents),
        discount_code=header.discount_code,
        subtotal=shaping.cents(header.subtotal_cents),
        tax_amount=shaping.cents(header.tax_cents),
        new_total=shaping.cents(header.total_cents),
        balance_due=shaping.cents(header.balance_due_cents),
    )
    return await written(uow, staff, answer, order, response, wants_order=wants_order)


@router.post(
    "/{orderId}/payments",
    status_code=201,
    response_model=PaymentDetail,
    responses=problem_responses(
        *CHANGE_ERRORS, Overpayment, TipNeedsApproval, ApprovalExceeded, IdInUse
    )
    | answered_with_order(PaymentDetail, 201, 200),
    description="A tip above BRIGADE_TIP_APPROVAL_RATIO (default 0.5) x the amount needs the "
    "MANAGER role (403 `tip_needs_approval` below it) and is audited (`order.tip_approved`).",
)
async def add_payment(
    staff: Payer,
    order_id: OrderId,
    body: PaymentCreate,
    uow: UowDep,
    settings: SettingsDep,
    request: Request,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> PaymentDetail | Response:
    order, payment, made_before = await service.add_payment(
        uow,
        staff,
        order_id,
        body.command(),
        tip_approval_ratio=settings.tip_approval_ratio,
        if_match=if_match,
        made=await client_made(request, MadeKind.PAYMENT, body.id, order_id),
    )
    shaping.created(response, order, f"/api/orders/{order_id}/payments/{payment.id}")
    answer = shaping.payment_detail(payment, staff.role)
    status = 200 if made_before else 201
    return await written(
        uow, staff, answer, order, response, wants_order=wants_order, status_code=status
    )


@router.get(
    "/{orderId}/payments",
    response_model=list[PaymentOut],
    responses=problem_responses(NotFound),
    description="Every payment of the order, refunded ones too, as the order detail shows "
    "them: without card details for a KITCHEN caller.",
)
async def list_order_payments(staff: Reader, order_id: OrderId, uow: UowDep) -> list[PaymentOut]:
    order = await service.get_order(uow, staff, order_id)
    return shaping.payments_out(order, staff.role)


@router.patch(
    "/{orderId}/payments/{paymentId}",
    response_model=PaymentDetail,
    responses=problem_responses(
        NotFound,
        StaleVersion,
        OrderClosed,
        TipNotAdjustable,
        BusinessDayClosed,
        DayClosed,
        TipNeedsApproval,
        ApprovalExceeded,
        InvalidInput,
    )
    | answered_with_order(PaymentDetail),
    description="A CARD payment's tip, changed until the business day it was taken on ends "
    "(local midnight in the location's timezone, UTC without a profile: 409 "
    "`business_day_closed` after; 409 `day_closed` once its sale is in a Z; 409 "
    "`tip_not_adjustable` for another method). The tip "
    "approval rule of a new payment applies; audited (`order.tip_adjusted`), `order.updated`.",
)
async def adjust_tip(
    staff: TipAdjuster,
    order_id: OrderId,
    payment_id: PaymentId,
    body: TipAdjustment,
    uow: UowDep,
    settings: SettingsDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> PaymentDetail | Response:
    order, payment = await service.adjust_tip(
        uow,
        staff,
        order_id,
        payment_id,
        body.tip_amount,
        tip_approval_ratio=settings.tip_approval_ratio,
        if_match=if_match,
    )
    shaping.tag(response, order)
    answer = shaping.payment_detail(payment, staff.role)
    return await written(uow, staff, answer, order, response, wants_order=wants_order)


@router.get(
    "/{orderId}/payments/{paymentId}",
    response_model=PaymentDetail,
    responses=problem_responses(NotFound),
)
async def get_payment(
    staff: Reader, order_id: OrderId, payment_id: PaymentId, uow: UowDep
) -> PaymentDetail:
    return shaping.payment_detail(
        await service.get_payment(uow, staff, order_id, payment_id), staff.role
    )

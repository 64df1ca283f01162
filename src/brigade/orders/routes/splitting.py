"""Splitting a check, sharing a line, moving lines between checks, merging checks
(docs/design.md §5): each answers the whole orders it changed, the one the path names first."""

from __future__ import annotations

from fastapi import Response

from brigade.kit.access import Actor
from brigade.kit.errors import InvalidInput
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import ItemId, OrderId
from brigade.kit.http.routing import brigade_router
from brigade.orders import service, shaping
from brigade.orders.allowed import OrderTaker
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.errors import (
    CheckHasPayments,
    InvalidTransition,
    TooManyItems,
    WouldOverpay,
)
from brigade.orders.routes.parsing import CHANGE_ERRORS, IfMatchDep
from brigade.orders.schemas import (
    MergeRequest,
    MoveRequest,
    OrderDetail,
    OrdersOut,
    ShareRequest,
    SplitRequest,
)

router = brigade_router(prefix="/api/orders", tags=["orders"])


def _orders(orders: list[Order], viewer: Actor, response: Response) -> OrdersOut:
    shaping.tag(response, orders[0])
    return OrdersOut(orders=[shaping.detail(order, viewer.role) for order in orders])


@router.post(
    "/{orderId}/split",
    status_code=201,
    response_model=OrdersOut,
    responses=problem_responses(*CHANGE_ERRORS, CheckHasPayments, InvalidInput),
    description="One new check with the `items` named (a `quantity` under the line's splits the "
    "line: this check keeps the rest), or with `bySeat` one new check per seat (items "
    "with no seat stay; when every item has a seat, the lowest seat's stay; all on one seat or "
    "none seated is 422 on `bySeat`), at the same table, its items keeping their status and "
    "kitchen tickets (nothing is sent again). Only an unpaid check (409 `check_has_payments`). "
    "The discount and service charges follow the moved amount pro rata: every total of the "
    "checks (subtotal, discount, each charge, each tax, total) adds up to this one's before, to "
    "the cent. Answers this check, then the new ones (`order.split`, `order.created`).",
)
async def split_order(
    staff: OrderTaker,
    order_id: OrderId,
    body: SplitRequest,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrdersOut:
    orders = await service.split_check(uow, staff, order_id, body.command(), if_match=if_match)
    response.headers["Location"] = f"/api/orders/{orders[1].id}"
    return _orders(orders, staff, response)


@router.post(
    "/{orderId}/items/{itemId}/share",
    response_model=OrderDetail,
    responses=problem_responses(*CHANGE_ERRORS, InvalidTransition, TooManyItems, InvalidInput),
    description="Share a line in `parts` lines, ready to move: the item keeps the first part, "
    "each part an equal share of its quantity and of its total, the first parts taking the odd "
    "cent and thousandth (10.00 in 3: 3.34, 3.33, 3.33), so the parts add up to the line. A "
    "sent line keeps its ticket and is not sent again.",
)
async def share_item(
    staff: OrderTaker,
    order_id: OrderId,
    item_id: ItemId,
    body: ShareRequest,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrderDetail:
    order = await service.share_item(uow, staff, order_id, item_id, body.parts, if_match=if_match)
    shaping.tag(response, order)
    return shaping.detail(order, staff.role)


@router.post(
    "/{orderId}/items/move",
    response_model=OrdersOut,
    responses=problem_responses(*CHANGE_ERRORS, WouldOverpay, TooManyItems, InvalidInput),
    description="Move these lines, whole, to another open check of the same location, with "
    "their part of this check's discount, service charges and tax (the two checks' totals add "
    "up to what they did). Nothing is sent to the kitchen again. Off a check with payments only "
    "while they still cover what it comes to after (409 `would_overpay`). Answers this check, "
    "then the other (`order.items_moved` on each).",
)
async def move_items(
    staff: OrderTaker,
    order_id: OrderId,
    body: MoveRequest,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrdersOut:
    orders = await service.move_items(
        uow, staff, order_id, body.item_ids, body.to_order_id, if_match=if_match
    )
    return _orders(orders, staff, response)


@router.post(
    "/{orderId}/merge",
    response_model=OrdersOut,
    responses=problem_responses(*CHANGE_ERRORS, TooManyItems, InvalidInput),
    description="Take the open check `orderId`'s live items and completed payments, with all "
    "of its discount, service charges and tax (this check's totals become the two's sums); "
    "the other is CANCELLED with `mergedInto` naming this one. Nothing is sent to the kitchen "
    "again. Answers this check, then the other (`order.merged`, `order.cancelled`).",
)
async def merge_orders(
    staff: OrderTaker,
    order_id: OrderId,
    body: MergeRequest,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrdersOut:
    orders = await service.merge_orders(uow, staff, order_id, body.order_id, if_match=if_match)
    return _orders(orders, staff, response)

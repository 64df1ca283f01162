"""An order's items: add, read, change (quantity, notes, the kitchen's status), void."""

from __future__ import annotations

from fastapi import Request, Response

from brigade.access.allowed import Reader
from brigade.catalogue.domain.errors import (
    ModifierSelectionInvalid,
    ProductUnavailable,
    VariantRequired,
)
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import ItemId, OrderId
from brigade.kit.http.routing import brigade_router
from brigade.orders import service, shaping
from brigade.orders.allowed import ItemChanger, ItemVoider, OrderTaker
from brigade.orders.domain.errors import (
    DiscountTooLarge,
    IdInUse,
    InvalidTransition,
    ItemAlreadySent,
    ItemNotEditable,
    TooManyItems,
)
from brigade.orders.domain.records import MadeKind
from brigade.orders.routes.parsing import CHANGE_ERRORS, IfMatchDep
from brigade.orders.routes.representation import (
    PreferDep,
    answered_with_order,
    client_made,
    written,
)
from brigade.orders.schemas import ItemAdd, ItemUpdate, OrderItemOut, Outcome, ReasonBody

router = brigade_router(prefix="/api/orders", tags=["orders"])


@router.post(
    "/{orderId}/items",
    status_code=201,
    response_model=OrderItemOut,
    responses=problem_responses(
        *CHANGE_ERRORS,
        ProductUnavailable,
        TooManyItems,
        InvalidInput,
        VariantRequired,
        ModifierSelectionInvalid,
        IdInUse,
    )
    | answered_with_order(OrderItemOut, 201, 200),
    description="A product with variants needs one of its own (`variantId`, 422 "
    '`variant_required`): the item takes its price and is named "Product (Variant)". A product '
    "with modifier groups takes, per group, between its minSelections and maxSelections of its "
    "options, and no catalogue modifier from outside them (422 `modifier_selection_invalid`, "
    "naming the group); an 86'd option is 409 `product_unavailable`. Ad-hoc modifiers (name and "
    "price, an id that is no catalogue modifier) count in no group.",
)
async def add_item(
    staff: OrderTaker,
    order_id: OrderId,
    body: ItemAdd,
    uow: UowDep,
    request: Request,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> OrderItemOut | Response:
    made = await client_made(request, MadeKind.ITEM, body.id, order_id)
    order, item, made_before = await service.add_item(
        uow, staff, order_id, body.command(), if_match=if_match, made=made
    )
    shaping.created(response, order, f"/api/orders/{order_id}/items/{item.id}")
    answer = shaping.item_of_order(order, item.id)
    status = 200 if made_before else 201
    return await written(
        uow, staff, answer, order, response, wants_order=wants_order, status_code=status
    )


@router.get(
    "/{orderId}/items",
    response_model=list[OrderItemOut],
    responses=problem_responses(NotFound),
    description="Every item of the order, voided ones too, as the order detail shows them.",
)
async def list_order_items(staff: Reader, order_id: OrderId, uow: UowDep) -> list[OrderItemOut]:
    order = await service.get_order(uow, staff, order_id)
    return shaping.items_out(order)


@router.get(
    "/{orderId}/items/{itemId}",
    response_model=OrderItemOut,
    responses=problem_responses(NotFound),
)
async def get_item(staff: Reader, order_id: OrderId, item_id: ItemId, uow: UowDep) -> OrderItemOut:
    order = await service.get_item(uow, staff, order_id, item_id)
    return shaping.item_of_order(order, item_id)


@router.put(
    "/{orderId}/items/{itemId}",
    response_model=OrderItemOut,
    responses=problem_responses(
        *CHANGE_ERRORS,
        InvalidTransition,
        ItemNotEditable,
        ItemAlreadySent,
        ProductUnavailable,
        DiscountTooLarge,
        InvalidInput,
        # A changed variant or modifier choice is checked as a new line's.
        VariantRequired,
        ModifierSelectionInvalid,
    )
    | answered_with_order(OrderItemOut),
    description="Only what is given changes. A sent item's quantity (status SENT or later) can't "
    "be raised (409 `item_already_sent`: add a new line); lowering it is a partial void: MANAGER, "
    "a `reason` (422 without), audited (`order.item_partly_voided`), its stock put back, and the "
    "kitchen gets a VOID ticket with the quantity taken off as a negative line.",
)
async def update_item(
    staff: ItemChanger,
    order_id: OrderId,
    item_id: ItemId,
    body: ItemUpdate,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> OrderItemOut | Response:
    order, item = await service.change_item(
        uow, staff, order_id, item_id, body.command(), if_match=if_match
    )
    shaping.tag(response, order)
    answer = shaping.item_of_order(order, item.id)
    return await written(uow, staff, answer, order, response, wants_order=wants_order)


@router.delete(
    "/{orderId}/items/{itemId}",
    response_model=Outcome,
    responses=problem_responses(*CHANGE_ERRORS, InvalidTransition, DiscountTooLarge)
    | answered_with_order(Outcome),
)
async def void_item(
    staff: ItemVoider,
    order_id: OrderId,
    item_id: ItemId,
    body: ReasonBody,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
    wants_order: PreferDep,
) -> Outcome | Response:
    order, item = await service.void_item(
        uow, staff, order_id, item_id, body.reason, if_match=if_match
    )
    shaping.tag(response, order)
    answer = Outcome(success=True, message=f"{item.name} voided")
    return await written(uow, staff, answer, order, response, wants_order=wants_order)

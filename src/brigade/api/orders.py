"""Orders: items, the kitchen, payments, discounts, tables, completion and cancellation.

Every answer about one order carries ``ETag: "<version>"``; a mutation sent with
``If-Match`` naming another version is refused with 412 and changes nothing.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Header, Query, Response
from pydantic import Field, StringConstraints, WithJsonSchema

from brigade.api.deps import PaginationDep, UowDep
from brigade.api.errors import problem_responses
from brigade.api.routing import BrigadeRoute
from brigade.api.security import Discounter, ItemStatusSetter, OrderTaker, Reader
from brigade.api.types import (
    LongText,
    Money,
    MoneyIn,
    Name,
    Number,
    PositiveMoneyIn,
    QuantityIn,
    Reason,
    RequestModel,
    ResponseModel,
    ShortText,
    Text,
    Timestamp,
    WholeNumber,
    omittable,
    to_utc,
)
from brigade.db.orders import Modifier, Order, OrderFilter, OrderItem, OrderPayment
from brigade.domain import money
from brigade.domain.errors import (
    BalanceDue,
    DiscountTooLarge,
    InvalidInput,
    InvalidTransition,
    ItemNotEditable,
    NotFound,
    NothingToSend,
    OrderClosed,
    Overpayment,
    ProductUnavailable,
    StaleVersion,
    TooManyItems,
)
from brigade.domain.orders import ItemStatus, OrderStatus, OrderType, PaymentMethod, PaymentStatus
from brigade.services import orders as service
from brigade.services.orders import OrderView

router = APIRouter(prefix="/api/orders", route_class=BrigadeRoute, tags=["orders"])

LocationQuery = Annotated[UUID | None, Query(alias="locationId")]
# Parsed by `_instant`: a date means its whole day, a date-time is an instant (naive is UTC).
DateOrDateTime = Annotated[
    str | None,
    WithJsonSchema(
        {"anyOf": [{"type": "string", "format": "date"}, {"type": "string", "format": "date-time"}]}
    ),
]
TransactionId: Any = Text(128)
CardBrand: Any = Text(32)
# Exactly four ASCII digits: a full card number or a CVV never gets stored.
CardLastFour = Annotated[str, StringConstraints(pattern=r"^[0-9]{4}$")]
GuestCount: Any = WholeNumber(1, 500)

_VERSION_TAG = re.compile(r'(?:W/)?"?([0-9]{1,9})"?')


async def _if_match(
    # Kept out of the OpenAPI operations: a standard HTTP precondition (see the module docstring).
    if_match: Annotated[str | None, Header(max_length=64, include_in_schema=False)] = None,
) -> int | None:
    if if_match is None or if_match.strip() == "*":
        return None
    matched = _VERSION_TAG.fullmatch(if_match.strip())
    if matched is None:
        raise StaleVersion("If-Match must name one order version, as its ETag gives it")
    return int(matched.group(1))


IfMatchDep = Annotated[int | None, Depends(_if_match)]


# --- requests -------------------------------------------------------------------------------


class OrderCreate(RequestModel):
    order_type: OrderType
    table_id: UUID | None = None
    customer_id: UUID | None = None
    guest_count: GuestCount | None = None
    notes: LongText | None = None
    location_id: UUID | None = None


class ModifierIn(RequestModel):
    modifier_option_id: UUID
    name: Name | None = None
    price: MoneyIn | None = None


class ItemAdd(RequestModel):
    product_id: UUID
    quantity: QuantityIn
    variant_id: UUID | None = None
    modifiers: list[ModifierIn] = Field(default_factory=list, max_length=20)
    notes: LongText | None = None


class ItemUpdate(RequestModel):
    """Every field optional; a field that is absent keeps its value (null clears notes)."""

    quantity: QuantityIn = omittable()
    notes: LongText | None = None
    status: ItemStatus = omittable()


class ReasonBody(RequestModel):
    reason: Reason


class PaymentCreate(RequestModel):
    amount: PositiveMoneyIn
    payment_method: PaymentMethod
    tip_amount: MoneyIn = omittable()
    processor_transaction_id: TransactionId | None = None
    card_last_four: CardLastFour | None = None
    card_brand: CardBrand | None = None


class DiscountRequest(RequestModel):
    discount_amount: MoneyIn
    discount_code: ShortText | None = None
    reason: Reason | None = None


class TransferRequest(RequestModel):
    table_id: UUID


# --- responses ------------------------------------------------------------------------------


class ModifierOut(ResponseModel):
    modifier_option_id: UUID
    name: str
    price: Money


class OrderItemOut(ResponseModel):
    id: UUID
    product_id: UUID
    variant_id: UUID | None
    name: str
    quantity: Number
    unit_price: Money
    total: Money
    modifiers: list[ModifierOut]
    notes: str | None
    status: ItemStatus
    void_reason: str | None
    created_at: Timestamp
    updated_at: Timestamp


class StaffRef(ResponseModel):
    """Who did it: ``staffId`` is null for the bootstrap admin token and with auth off."""

    staff_id: UUID | None
    name: str


class PaymentFields(ResponseModel):
    id: UUID
    amount: Money
    tip_amount: Money
    status: PaymentStatus
    card_last_four: str | None
    card_brand: str | None
    processed_at: Timestamp
    taken_by: StaffRef | None


class PaymentOut(PaymentFields):
    """A payment inside the order detail: the method is named ``method`` there."""

    method: PaymentMethod


class PaymentDetail(PaymentFields):
    order_id: UUID
    payment_method: PaymentMethod


class OrderSummary(ResponseModel):
    id: UUID
    order_number: str
    status: OrderStatus
    order_type: OrderType
    table_id: UUID | None
    location_id: UUID | None
    subtotal: Money
    total: Money
    balance_due: Money
    created_at: Timestamp


class OrderDetail(OrderSummary):
    customer_id: UUID | None
    guest_count: int | None
    notes: str | None
    items: list[OrderItemOut]
    discount_amount: Money
    tax_amount: Money
    paid_amount: Money
    tip_total: Money
    payments: list[PaymentOut]
    version: int
    opened_by: StaffRef | None
    updated_at: Timestamp
    completed_at: Timestamp | None
    cancelled_at: Timestamp | None


class OrderPage(ResponseModel):
    data: list[OrderSummary]
    total: int
    page: int
    limit: int


class Outcome(ResponseModel):
    success: bool
    message: str


class CancelOutcome(Outcome):
    refund_amount: Money


class SendOutcome(ResponseModel):
    success: bool
    kitchen_order_id: UUID
    sent_items: int


class DiscountOutcome(ResponseModel):
    order_id: UUID
    discount_amount: Money
    discount_code: str | None
    subtotal: Money
    tax_amount: Money
    new_total: Money
    balance_due: Money


class TransferOutcome(ResponseModel):
    order_id: UUID
    previous_table_id: UUID | None
    new_table_id: UUID


class CompleteOutcome(ResponseModel):
    id: UUID
    status: OrderStatus
    completed_at: Timestamp
    total: Money
    paid_amount: Money


# --- shaping --------------------------------------------------------------------------------

_cents = money.from_cents


def order_number(number: int) -> str:
    return f"#{number}"


def modifiers_out(modifiers: tuple[Modifier, ...]) -> list[ModifierOut]:
    return [
        ModifierOut(
            modifier_option_id=m.modifier_option_id, name=m.name, price=_cents(m.price_cents)
        )
        for m in modifiers
    ]


def _item(item: OrderItem) -> OrderItemOut:
    return OrderItemOut(
        id=item.id,
        product_id=item.product_id,
        variant_id=item.variant_id,
        name=item.name,
        quantity=item.quantity,
        unit_price=_cents(item.unit_price_cents),
        total=_cents(item.total_cents),
        modifiers=modifiers_out(item.modifiers),
        notes=item.notes,
        status=item.status,
        void_reason=item.void_reason,
        created_at=item.created_at,
        updated_at=item.updated_at,
    )


def _payment_fields(payment: OrderPayment) -> dict[str, Any]:
    return {
        "id": payment.id,
        "amount": _cents(payment.amount_cents),
        "tip_amount": _cents(payment.tip_cents),
        "status": payment.status,
        "card_last_four": payment.card_last_four,
        "card_brand": payment.card_brand,
        "processed_at": payment.processed_at,
        "taken_by": _staff_ref(payment.taken_by_id, payment.taken_by_name),
    }


def _staff_ref(staff_id: UUID | None, name: str | None) -> StaffRef | None:
    # None for orders and payments recorded before staff were.
    return None if name is None else StaffRef(staff_id=staff_id, name=name)


def _payment_detail(payment: OrderPayment) -> PaymentDetail:
    return PaymentDetail(
        **_payment_fields(payment), order_id=payment.order_id, payment_method=payment.method
    )


def _summary_fields(order: Order) -> dict[str, Any]:
    return {
        "id": order.id,
        "order_number": order_number(order.order_number),
        "status": order.status,
        "order_type": order.order_type,
        "table_id": order.table_id,
        "location_id": order.location_id,
        "subtotal": _cents(order.subtotal_cents),
        "total": _cents(order.total_cents),
        "balance_due": _cents(order.balance_due_cents),
        "created_at": order.created_at,
    }


def _detail(view: OrderView) -> OrderDetail:
    order = view.order
    return OrderDetail(
        **_summary_fields(order),
        customer_id=order.customer_id,
        guest_count=order.guest_count,
        notes=order.notes,
        items=[_item(item) for item in view.items],
        discount_amount=_cents(order.discount_cents),
        tax_amount=_cents(order.tax_cents),
        paid_amount=_cents(order.paid_cents),
        tip_total=_cents(order.tip_cents),
        payments=[PaymentOut(**_payment_fields(p), method=p.method) for p in view.payments],
        version=order.version,
        opened_by=_staff_ref(order.opened_by_id, order.opened_by_name),
        updated_at=order.updated_at,
        completed_at=order.completed_at,
        cancelled_at=order.cancelled_at,
    )


def _tag(response: Response, order: Order) -> None:
    response.headers["ETag"] = f'"{order.version}"'


def _created(response: Response, order: Order, location: str) -> None:
    response.headers["Location"] = location
    _tag(response, order)


def _instant(value: str | None, field: str, *, end: bool) -> datetime | None:
    """A list bound: a date means its whole day (UTC); an end bound is inclusive of its instant.

    Answers the inclusive start, or the exclusive end.
    """
    if value is None:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        pass
    else:
        start = datetime.combine(day, time(), tzinfo=UTC)
        return _shifted(start, timedelta(days=1) if end else timedelta(0), field)
    try:
        moment = to_utc(datetime.fromisoformat(value))
    except ValueError:
        raise InvalidInput(
            field, "must be a date (YYYY-MM-DD) or an ISO 8601 date-time in range"
        ) from None
    return _shifted(moment, timedelta(microseconds=1) if end else timedelta(0), field)


def _shifted(moment: datetime, by: timedelta, field: str) -> datetime:
    try:
        return moment + by
    except OverflowError:
        raise InvalidInput(field, "is out of range") from None


# Errors every change to an existing order can answer with.
_CHANGE_ERRORS = (NotFound, StaleVersion, OrderClosed)


# --- the order ------------------------------------------------------------------------------


@router.get("", response_model=OrderPage, responses=problem_responses(InvalidInput))
async def list_orders(
    staff: Reader,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
    status: Annotated[OrderStatus | None, Query()] = None,
    order_type: Annotated[OrderType | None, Query(alias="orderType")] = None,
    start_date: Annotated[DateOrDateTime, Query(alias="startDate", max_length=40)] = None,
    end_date: Annotated[DateOrDateTime, Query(alias="endDate", max_length=40)] = None,
) -> OrderPage:
    filters = OrderFilter(
        location_id=location_id,
        status=status,
        order_type=order_type,
        created_from=_instant(start_date, "startDate", end=False),
        created_before=_instant(end_date, "endDate", end=True),
    )
    found, total = await service.list_orders(
        uow, filters, page=pagination.page, limit=pagination.limit
    )
    return OrderPage(
        **pagination.page_of([OrderSummary(**_summary_fields(order)) for order in found], total)
    )


@router.post("", status_code=201, response_model=OrderDetail, responses=problem_responses())
async def create_order(
    staff: OrderTaker,
    body: OrderCreate,
    uow: UowDep,
    response: Response,
    location_id: LocationQuery = None,
) -> OrderDetail:
    order = await service.create_order(
        uow, staff, body.model_dump(exclude_unset=True), location_id=location_id
    )
    _created(response, order, f"/api/orders/{order.id}")
    return _detail(OrderView(order, [], []))


@router.get("/{order_id}", response_model=OrderDetail, responses=problem_responses(NotFound))
async def get_order(staff: Reader, order_id: UUID, uow: UowDep, response: Response) -> OrderDetail:
    view = await service.get_order(uow, order_id)
    _tag(response, view.order)
    return _detail(view)


@router.post(
    "/{order_id}/discount",
    response_model=DiscountOutcome,
    responses=problem_responses(*_CHANGE_ERRORS, DiscountTooLarge),
)
async def apply_discount(
    staff: Discounter,
    order_id: UUID,
    body: DiscountRequest,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> DiscountOutcome:
    order = await service.apply_discount(
        uow,
        staff,
        order_id,
        body.discount_amount,
        body.discount_code,
        reason=body.reason,
        if_match=if_match,
    )
    _tag(response, order)
    return DiscountOutcome(
        order_id=order.id,
        discount_amount=_cents(order.discount_cents),
        discount_code=order.discount_code,
        subtotal=_cents(order.subtotal_cents),
        tax_amount=_cents(order.tax_cents),
        new_total=_cents(order.total_cents),
        balance_due=_cents(order.balance_due_cents),
    )


@router.post(
    "/{order_id}/transfer",
    response_model=TransferOutcome,
    responses=problem_responses(*_CHANGE_ERRORS),
)
async def transfer_order(
    staff: OrderTaker,
    order_id: UUID,
    body: TransferRequest,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> TransferOutcome:
    order, previous = await service.transfer_order(uow, order_id, body.table_id, if_match=if_match)
    _tag(response, order)
    return TransferOutcome(
        order_id=order.id, previous_table_id=previous, new_table_id=body.table_id
    )


@router.post(
    "/{order_id}/complete",
    response_model=CompleteOutcome,
    responses=problem_responses(*_CHANGE_ERRORS, BalanceDue),
)
async def complete_order(
    staff: OrderTaker, order_id: UUID, uow: UowDep, response: Response, if_match: IfMatchDep
) -> CompleteOutcome:
    order = await service.complete_order(uow, order_id, if_match=if_match)
    _tag(response, order)
    assert order.completed_at is not None
    return CompleteOutcome(
        id=order.id,
        status=order.status,
        completed_at=order.completed_at,
        total=_cents(order.total_cents),
        paid_amount=_cents(order.paid_cents),
    )


@router.delete(
    "/{order_id}",
    response_model=CancelOutcome,
    responses=problem_responses(*_CHANGE_ERRORS, InvalidTransition),
)
async def cancel_order(
    staff: OrderTaker,
    order_id: UUID,
    body: ReasonBody,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> CancelOutcome:
    order, refund = await service.cancel_order(uow, staff, order_id, body.reason, if_match=if_match)
    _tag(response, order)
    return CancelOutcome(
        success=True,
        message=f"Order {order_number(order.order_number)} cancelled",
        refund_amount=_cents(refund),
    )


# --- items ----------------------------------------------------------------------------------


@router.post(
    "/{order_id}/items",
    status_code=201,
    response_model=OrderItemOut,
    responses=problem_responses(*_CHANGE_ERRORS, ProductUnavailable, TooManyItems, InvalidInput),
)
async def add_item(
    staff: OrderTaker,
    order_id: UUID,
    body: ItemAdd,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrderItemOut:
    order, item = await service.add_item(
        uow, order_id, body.model_dump(exclude_unset=True), if_match=if_match
    )
    _created(response, order, f"/api/orders/{order_id}/items/{item.id}")
    return _item(item)


@router.get(
    "/{order_id}/items/{item_id}",
    response_model=OrderItemOut,
    responses=problem_responses(NotFound),
)
async def get_item(staff: Reader, order_id: UUID, item_id: UUID, uow: UowDep) -> OrderItemOut:
    return _item(await service.get_item(uow, order_id, item_id))


@router.put(
    "/{order_id}/items/{item_id}",
    response_model=OrderItemOut,
    responses=problem_responses(
        *_CHANGE_ERRORS,
        InvalidTransition,
        ItemNotEditable,
        ProductUnavailable,
        DiscountTooLarge,
        InvalidInput,
    ),
)
async def update_item(
    staff: ItemStatusSetter,
    order_id: UUID,
    item_id: UUID,
    body: ItemUpdate,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> OrderItemOut:
    changes = body.model_dump(exclude_unset=True)
    order, item = await service.update_item(
        uow, staff, order_id, item_id, changes, if_match=if_match
    )
    _tag(response, order)
    return _item(item)


@router.delete(
    "/{order_id}/items/{item_id}",
    response_model=Outcome,
    responses=problem_responses(*_CHANGE_ERRORS, InvalidTransition, DiscountTooLarge),
)
async def void_item(
    staff: OrderTaker,
    order_id: UUID,
    item_id: UUID,
    body: ReasonBody,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> Outcome:
    order, item = await service.void_item(
        uow, staff, order_id, item_id, body.reason, if_match=if_match
    )
    _tag(response, order)
    return Outcome(success=True, message=f"{item.name} voided")


# --- kitchen and payments -------------------------------------------------------------------


@router.post(
    "/{order_id}/send",
    response_model=SendOutcome,
    responses=problem_responses(*_CHANGE_ERRORS, NothingToSend),
)
async def send_order(
    staff: OrderTaker, order_id: UUID, uow: UowDep, response: Response, if_match: IfMatchDep
) -> SendOutcome:
    order, ticket = await service.send_order(uow, order_id, if_match=if_match)
    _tag(response, order)
    return SendOutcome(success=True, kitchen_order_id=ticket.id, sent_items=len(ticket.items))


@router.post(
    "/{order_id}/payments",
    status_code=201,
    response_model=PaymentDetail,
    responses=problem_responses(*_CHANGE_ERRORS, Overpayment),
)
async def add_payment(
    staff: OrderTaker,
    order_id: UUID,
    body: PaymentCreate,
    uow: UowDep,
    response: Response,
    if_match: IfMatchDep,
) -> PaymentDetail:
    order, payment = await service.add_payment(
        uow, staff, order_id, body.model_dump(exclude_unset=True), if_match=if_match
    )
    _created(response, order, f"/api/orders/{order_id}/payments/{payment.id}")
    return _payment_detail(payment)


@router.get(
    "/{order_id}/payments/{payment_id}",
    response_model=PaymentDetail,
    responses=problem_responses(NotFound),
)
async def get_payment(
    staff: Reader, order_id: UUID, payment_id: UUID, uow: UowDep
) -> PaymentDetail:
    return _payment_detail(await service.get_payment(uow, order_id, payment_id))

"""The guests' endpoints (docs/design.md §28): `/api/guest`, reached from a phone with no
credential. A table's code opens a visit; the visit's id is the phone's only key, to its own
check."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Path, Response
from pydantic import Field

from brigade.dining.domain.rooms import GuestOrdering
from brigade.guests import service
from brigade.guests.domain import CalledRecently, CallKind, GuestCall, GuestsNotServed, VisitEnded
from brigade.guests.service import VisitView
from brigade.kit import money
from brigade.kit.errors import NotFound
from brigade.kit.events import register_payload_shape
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import order_number
from brigade.kit.http.types import Money, Number, RequestModel, ResponseModel, Timestamp
from brigade.kit.languages import Language
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.states import ItemStatus, OrderStatus

# Anyone at the table may call them: the table's code and the visit's id are the keys.
router = brigade_router(prefix="/api/guest", tags=["guests"], public=True)

GuestCode = Annotated[
    str,
    Path(
        alias="guestCode",
        description="The code in the table's QR code (`/t/{guestCode}`)",
        min_length=16,
        max_length=32,
        pattern=r"^[A-Za-z0-9_-]+$",
    ),
]
VisitId = Annotated[
    UUID, Path(alias="visitId", description="The visit's `id`, answered when it started")
]


class GuestLine(ResponseModel):
    """A line of the check as the guests see it: no ids, nothing they could change."""

    name: str = Field(description="What was ordered")
    quantity: Number = Field(description="How many")
    total: Money = Field(description="Its price, modifiers included, in the check's currency")
    status: ItemStatus = Field(
        description="PENDING (not sent to the kitchen yet), SENT, PREPARING, READY or SERVED"
    )


class GuestCheck(ResponseModel):
    order_number: str = Field(description="The check's number (#1042), as the staff call it")
    status: OrderStatus = Field(description="DRAFT or OPEN while the visit lasts")
    lines: list[GuestLine] = Field(description="What is on it, voided lines left out")
    subtotal: Money = Field(description="The lines' total before discount and tax")
    total: Money = Field(description="What the check comes to, tax included, tips apart")
    paid: Money = Field(description="What was paid on it so far")
    balance_due: Money = Field(description="What it still owes")


class GuestLocation(ResponseModel):
    name: str | None = Field(description="The restaurant's name")
    currency: str = Field(description="Its prices' currency (ISO 4217)")
    language: Language = Field(description="Its language, the guests' page's first")


class VisitOut(ResponseModel):
    id: UUID = Field(description="The visit: keep it to come back to its check, nothing else")
    table_name: str = Field(description="The table, as the staff call it")
    location: GuestLocation = Field(description="The restaurant the table is in")
    guest_ordering: GuestOrdering = Field(
        description="What the guests may do here: MENU (browse), ORDER, ORDER_AND_PAY"
    )
    check: GuestCheck | None = Field(
        description="The table's check the visit is bound to; null until the staff open one "
        "(the next check opened at the table)"
    )
    started_at: Timestamp = Field(description="When the phone scanned the table's code, in UTC")


def _check(order: Order) -> GuestCheck:
    totals = order.totals()
    return GuestCheck(
        order_number=order_number(order.header.order_number),
        status=order.header.status,
        lines=[
            GuestLine(
                name=item.name,
                quantity=item.quantity,
                total=money.from_cents(item.total_cents),
                status=item.status,
            )
            for item in order.items
            if item.status is not ItemStatus.VOIDED
        ],
        subtotal=money.from_cents(totals.subtotal_cents),
        total=money.from_cents(totals.total_cents),
        paid=money.from_cents(totals.paid_cents),
        balance_due=money.from_cents(totals.balance_due_cents),
    )


def _out(view: VisitView) -> VisitOut:
    location = view.location
    return VisitOut(
        id=view.visit.id,
        table_name=view.table_name,
        location=GuestLocation(
            name=location.name, currency=location.currency, language=location.language
        ),
        guest_ordering=location.guest_ordering,
        check=None if view.check is None else _check(view.check),
        started_at=view.visit.started_at,
    )


@router.post(
    "/tables/{guestCode}/visits",
    status_code=201,
    response_model=VisitOut,
    responses=problem_responses(NotFound, GuestsNotServed),
)
async def start_visit(guest_code: GuestCode, uow: UowDep, response: Response) -> VisitOut:
    """A phone scanned the table's QR code: a visit, bound to the table's check (or to the
    next one opened there). No credential: the code is the key. A code no table has (replaced
    from the back office, or never made): 404; a restaurant that takes nothing from phones:
    409 `guest_ordering_off`."""
    view = await service.start_visit(uow, guest_code)
    response.headers["Location"] = f"/api/guest/visits/{view.visit.id}"
    response.headers["Cache-Control"] = "no-store"
    return _out(view)


@router.get(
    "/visits/{visitId}",
    response_model=VisitOut,
    responses=problem_responses(NotFound, VisitEnded),
)
async def get_visit(visit_id: VisitId, uow: UowDep, response: Response) -> VisitOut:
    """The visit and its check as the guests see it. Once that check has closed (or the table
    had none for 30 minutes), 410 `visit_ended`: scan the table's code again."""
    response.headers["Cache-Control"] = "no-store"
    return _out(await service.get_visit(uow, visit_id))


class CallIn(RequestModel):
    kind: CallKind = Field(description='SERVER: "call the server"; BILL: "ask for the bill"')


class GuestCallOut(ResponseModel):
    """A call from a table's guests: what `guest.called` tells the terminals."""

    id: UUID = Field(description="The call")
    location_id: UUID
    table_id: UUID = Field(description="The table the guests called from")
    table_name: str = Field(description="The table, as the staff call it")
    order_id: UUID | None = Field(
        description="The table's check the visit is bound to; null: none yet"
    )
    kind: CallKind = Field(description="SERVER or BILL")
    at: Timestamp = Field(description="When they called, in UTC")


class CallAnswer(ResponseModel):
    """What the guests' phone says back: the staff were told."""

    kind: CallKind = Field(description="What was asked for")
    at: Timestamp = Field(description="When the staff were told, in UTC")


def _call_out(call: GuestCall) -> GuestCallOut:
    return GuestCallOut(
        id=call.id,
        location_id=call.location_id,
        table_id=call.table_id,
        table_name=call.table_name,
        order_id=call.order_id,
        kind=call.kind,
        at=call.at,
    )


@router.post(
    "/visits/{visitId}/calls",
    status_code=201,
    response_model=CallAnswer,
    responses=problem_responses(NotFound, VisitEnded, CalledRecently),
)
async def call_staff(visit_id: VisitId, body: CallIn, uow: UowDep) -> CallAnswer:
    """The guests call the server or ask for the bill: every terminal of the location hears
    `guest.called` with the table. The same call again within two minutes: 429
    `called_recently`, saying when to try again; an ended visit: 410 `visit_ended`."""
    call = await service.call_staff(uow, visit_id, body.kind)
    return CallAnswer(kind=call.kind, at=call.at)


def install_event_payloads() -> None:
    register_payload_shape(GuestCall, lambda call: _call_out(call).model_dump_json())

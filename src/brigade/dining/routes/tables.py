"""Dining tables and the floor view: each table's status and the orders seated at it."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi import Request, Response
from pydantic import Field

from brigade.access.allowed import Reader
from brigade.dining.allowed import DiningRoomManager
from brigade.dining.domain.errors import DuplicateTableName
from brigade.dining.domain.permissions import DiningPermissions
from brigade.dining.domain.rooms import SeatedOrder, TableStatus
from brigade.dining.qr import qr_svg
from brigade.dining.service import rooms as service
from brigade.dining.service.rooms import TableView
from brigade.kit import money
from brigade.kit.access import Actor, allows
from brigade.kit.errors import NotFound
from brigade.kit.http.deps import PaginationDep, SettingsDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.paths import TableId
from brigade.kit.http.routing import brigade_router

# The catalogue's delete answer, shared until the routers share one schemas module.
from brigade.kit.http.schemas import DeleteResult, LocationQuery, Page, order_number
from brigade.kit.http.types import (
    Money,
    Name,
    RequestModel,
    ResponseModel,
    Text,
    Timestamp,
    WholeNumber,
    omittable,
)
from brigade.orders.domain.errors import TableOccupied
from brigade.orders.domain.states import OrderStatus

router = brigade_router(prefix="/api/tables", tags=["tables"])

Section: Any = Text(200, min_length=1)
Seats: Any = WholeNumber(1, 1000)


class TableCreate(RequestModel):
    location_id: UUID = Field(description="The location whose floor it is on (fixed once made)")
    name: Name = Field(description='Its name as staff call it ("T12", "Patio 3"), 1-200 characters')
    section: Section | None = Field(
        default=None,
        description=('The part of the floor it is in ("Patio"), to group tables by; null: none'),
    )
    seats: Seats | None = Field(
        default=None, description="How many it seats (1-1000); null: not said"
    )


class TableUpdate(RequestModel):
    """Every field optional; `section` and `seats` take null to clear. The location is fixed."""

    name: Name = omittable(description="Its new name (1-200 characters)")
    section: Section | None = Field(
        default=None, description="Its new section; null clears it, left out keeps it"
    )
    seats: Seats | None = Field(
        default=None, description="How many it seats (1-1000); null clears it, left out keeps it"
    )


class SeatedOrderOut(ResponseModel):
    id: UUID = Field(description="The order's id")
    order_number: str = Field(description="Its check number (#1042)")
    status: OrderStatus = Field(description="DRAFT or OPEN")
    guest_count: int | None = Field(description="How many guests; null: not said")
    customer_name: str | None = Field(description="The customer's name; null: none")
    total: Money = Field(description="Its total, tax included, tips apart, in the order's currency")
    balance_due: Money = Field(description="What it still owes, in the order's currency")
    created_at: Timestamp = Field(description="When it was opened, in UTC")


class TableOut(ResponseModel):
    id: UUID = Field(description="The table's id")
    location_id: UUID = Field(description="The location whose floor it is on")
    name: str = Field(description="Its name as staff call it")
    section: str | None = Field(description="The part of the floor it is in; null: none")
    seats: int | None = Field(description="How many it seats; null: not said")
    status: TableStatus = Field(description="OCCUPIED while an order is open at it, else FREE")
    open_orders: list[SeatedOrderOut] = Field(description="Its DRAFT and OPEN orders")
    guest_code: str | None = Field(
        description="What its QR code points guests' phones at (/t/{guestCode}): answered to "
        "whoever manages the dining room (MANAGER and up), null to others"
    )
    created_at: Timestamp
    updated_at: Timestamp


class TablePage(Page[TableOut]):
    pass


def _seated(order: SeatedOrder) -> SeatedOrderOut:
    return SeatedOrderOut(
        id=order.id,
        order_number=order_number(order.order_number),
        status=order.status,
        guest_count=order.guest_count,
        customer_name=order.customer_name,
        total=money.from_cents(order.total_cents),
        balance_due=money.from_cents(order.balance_due_cents),
        created_at=order.created_at,
    )


def _out(view: TableView, staff: Actor) -> TableOut:
    table = view.table
    sees_code = allows(staff.role, DiningPermissions.MANAGE_DINING_ROOM)
    return TableOut(
        id=table.id,
        location_id=table.location_id,
        name=table.name,
        section=table.section,
        seats=table.seats,
        status=view.status,
        open_orders=[_seated(order) for order in view.seated],
        guest_code=table.guest_code if sees_code else None,
        created_at=table.created_at,
        updated_at=table.updated_at,
    )


@router.get("", response_model=TablePage, responses=problem_responses())
async def list_tables(
    staff: Reader,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
) -> TablePage:
    """By location, then name; each with its status and its DRAFT and OPEN orders."""
    found, total = await service.list_tables(
        uow, location_id, page=pagination.page, limit=pagination.limit
    )
    return TablePage(**pagination.page_of([_out(view, staff) for view in found], total))


@router.post(
    "", status_code=201, response_model=TableOut, responses=problem_responses(DuplicateTableName)
)
async def create_table(
    staff: DiningRoomManager, body: TableCreate, uow: UowDep, response: Response
) -> TableOut:
    """A table's name is unique among the live tables of its location (409 otherwise)."""
    view = await service.create_table(
        uow, body.location_id, body.name, section=body.section, seats=body.seats
    )
    response.headers["Location"] = f"/api/tables/{view.table.id}"
    return _out(view, staff)


@router.get("/{tableId}", response_model=TableOut, responses=problem_responses(NotFound))
async def get_table(staff: Reader, table_id: TableId, uow: UowDep) -> TableOut:
    return _out(await service.get_table(uow, table_id), staff)


@router.put(
    "/{tableId}",
    response_model=TableOut,
    responses=problem_responses(NotFound, DuplicateTableName),
)
async def update_table(
    staff: DiningRoomManager, table_id: TableId, body: TableUpdate, uow: UowDep
) -> TableOut:
    changes = body.model_dump(exclude_unset=True)
    return _out(await service.update_table(uow, table_id, changes), staff)


@router.delete(
    "/{tableId}", response_model=DeleteResult, responses=problem_responses(NotFound, TableOccupied)
)
async def delete_table(staff: DiningRoomManager, table_id: TableId, uow: UowDep) -> DeleteResult:
    """Refused with 409 `table_occupied` while a DRAFT or OPEN order is at the table."""
    await service.delete_table(uow, table_id)
    return DeleteResult(success=True, message=f"Table {table_id} deleted")


@router.post(
    "/{tableId}/guest-code", response_model=TableOut, responses=problem_responses(NotFound)
)
async def new_guest_code(staff: DiningRoomManager, table_id: TableId, uow: UowDep) -> TableOut:
    """The table's QR code points at a new `guestCode`: the old one opens no visit any more
    (a photo of it, a code seen where it should not be). Print the table's code again."""
    return _out(await service.new_table_guest_code(uow, table_id), staff)


@router.get(
    "/{tableId}/qr.svg",
    response_class=Response,
    responses={
        200: {
            "description": "The table's QR code, an SVG to print",
            "content": {"image/svg+xml": {"schema": {"type": "string"}}},
        },
        **problem_responses(NotFound),
    },
)
async def table_qr_code(
    staff: DiningRoomManager,
    table_id: TableId,
    uow: UowDep,
    settings: SettingsDep,
    request: Request,
) -> Response:
    """The table's QR code, pointing guests' phones at `/t/{guestCode}` on
    BRIGADE_PUBLIC_URL (else the address this request came to), as an SVG to print."""
    view = await service.get_table(uow, table_id)
    base = settings.public_url or str(request.base_url)
    svg = qr_svg(f"{base.rstrip('/')}/t/{view.table.guest_code}", title=view.table.name)
    # The code opens the table to guests: not kept by a shared cache.
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

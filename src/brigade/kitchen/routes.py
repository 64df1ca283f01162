"""Kitchen tickets: what each send put in front of the kitchen; the board a kitchen display
shows (the open tickets with their items as they are now), and bumping and recalling them."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import Query, Response
from pydantic import Field

from brigade.access.allowed import Reader
from brigade.dining.allowed import DiningRoomManager
from brigade.kit.errors import InvalidInput, NotFound
from brigade.kit.events import register_payload_shape
from brigade.kit.http.deps import PaginationDep, UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.event_payloads import bounded
from brigade.kit.http.located import OWN, located
from brigade.kit.http.paths import DeviceId, StationId, TicketId
from brigade.kit.http.query import renamed
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.schemas import (
    AtLocationQuery,
    DeleteResult,
    LocationQuery,
    ModifierOut,
    Page,
    StaffRef,
    modifiers_out,
    order_number,
    staff_ref,
)
from brigade.kit.http.types import (
    Flag,
    Name,
    Number,
    RequestModel,
    ResponseModel,
    Timestamp,
    UtcInstant,
    omittable,
)
from brigade.kitchen.domain import (
    BoardTicket,
    KitchenTicket,
    Station,
    StationChanged,
    TicketFilter,
    TicketKind,
)
from brigade.kitchen.service import stations
from brigade.kitchen.service import tickets as service
from brigade.orders.allowed import ItemStatusSetter
from brigade.orders.domain.states import ItemStatus, OrderStatus, OrderType

router = brigade_router(prefix="/api/kitchen", tags=["kitchen"])
# A kitchen display's station (docs/design.md §19): set on the device, owned by the kitchen.
device_router = brigade_router(prefix="/api/devices", tags=["kitchen"])

StationQuery = Annotated[
    UUID | None,
    Query(
        alias="stationId",
        description="Act as this station of the location (docs/design.md §19); absent: the "
        "calling kitchen display's station, or none (the whole ticket)",
    ),
]


class _Placed(ResponseModel):
    """Where a line goes and when: its seat at the table and its course, as sent."""

    seat: int | None = Field(description="The guest's seat at the table; null: the table")
    course: int = Field(description="The course it goes out with (1: the first)")


class TicketItemOut(_Placed):
    item_id: UUID = Field(description="The order's item it is")
    product_id: UUID = Field(description="The item's product")
    name: str = Field(description="The item's name as rung up")
    quantity: Number = Field(
        description="How many the send asked for; negative on a VOID ticket (taken back)"
    )
    modifiers: list[ModifierOut] = Field(description="The item's modifiers, as rung up")
    notes: str | None = Field(description="The item's notes for the kitchen; null: none")


class TicketOut(ResponseModel):
    """An ORDER ticket is a send; a VOID ticket lists what was taken back off the kitchen, each
    line's quantity negative, with the reason. ``sentBy`` is who sent or voided."""

    id: UUID = Field(description="The ticket's id")
    order_id: UUID = Field(description="The order it was sent from")
    order_number: str = Field(description="Its order's check number (#1042)")
    table_id: UUID | None = Field(description="The table it was sent for; null: none")
    location_id: UUID | None = Field(
        description="Its order's location; null for an order of no location"
    )
    items: list[TicketItemOut] = Field(description="Its lines, as sent (or voided)")
    created_at: Timestamp = Field(description="When it was sent (or the void made), in UTC")
    sent_by: StaffRef | None = Field(
        description="Who sent or voided; null when nobody was recorded"
    )
    kind: TicketKind = Field(description="ORDER: a send; VOID: what was taken back off the kitchen")
    reason: str | None = Field(description="Why, on a VOID ticket; null on an ORDER ticket")
    bumped_at: Timestamp | None = Field(
        description="When a kitchen screen bumped it (done); null while it is on the board"
    )


class TicketPage(Page[TicketOut]):
    pass


def ticket_out(ticket: KitchenTicket) -> TicketOut:
    return TicketOut(
        id=ticket.id,
        order_id=ticket.order_id,
        order_number=order_number(ticket.order_number),
        table_id=ticket.table_id,
        location_id=ticket.location_id,
        items=[
            TicketItemOut(
                item_id=item.item_id,
                product_id=item.product_id,
                name=item.name,
                quantity=item.quantity,
                modifiers=modifiers_out(item.modifiers),
                notes=item.notes,
                seat=item.seat,
                course=item.course,
            )
            for item in ticket.items
        ],
        created_at=ticket.created_at,
        sent_by=staff_ref(ticket.sent_by_id, ticket.sent_by_name),
        kind=ticket.kind,
        reason=ticket.reason,
        bumped_at=ticket.bumped_at,
    )


class BoardItemOut(_Placed):
    """A ticket line with its item as it is now: ``quantity`` is the live one (a partial void
    lowers it), ``sentQuantity`` what the ticket asked for."""

    item_id: UUID = Field(description="The order's item it is")
    product_id: UUID = Field(description="The item's product")
    category_id: UUID | None = Field(description="The product's category: stations filter on it")
    name: str = Field(description="The item's name as rung up")
    quantity: Number = Field(description="The item's live quantity (a partial void lowers it)")
    sent_quantity: Number = Field(description="What the ticket asked for")
    modifiers: list[ModifierOut] = Field(description="The item's modifiers, as rung up")
    notes: str | None = Field(description="The item's notes for the kitchen; null: none")
    status: ItemStatus = Field(description="The item's status now")
    void_reason: str | None = Field(description="Why it was voided; null unless VOIDED")
    added: bool = Field(
        description="Rung up after its check was first sent: an addition (a course held at "
        "the first send and fired later is not one)"
    )
    # Optional in the schema: screens built before stations read the board without them.
    prep_seconds: int | None = Field(
        default=None, description="The product's prep time; null: not said"
    )
    start_at: Timestamp | None = Field(
        default=None,
        description="When to start it so the ticket's items finish together: the ticket's "
        "createdAt plus the longest prep on it less this item's (null prep: at once)",
    )
    station_ids: list[UUID] = Field(
        default_factory=list, description="The stations that make it; [] without stations"
    )


class StationPartOut(ResponseModel):
    station_id: UUID = Field(description="A station with lines on the ticket")
    name: str = Field(description="The station's name")
    bumped_at: Timestamp | None = Field(description="When the station bumped its part")


class BoardTicketOut(ResponseModel):
    """A send as the kitchen display shows it. ``server`` is who opened the order."""

    id: UUID = Field(description="The ticket's id")
    order_id: UUID = Field(
        description="The check its food is on now: the one it was sent from, or the one a "
        "merge, a move or a split took its lines to"
    )
    order_number: str = Field(description="That check's number (#1042)")
    order_type: OrderType = Field(description="That check's type now")
    order_status: OrderStatus = Field(description="That check's status now")
    table_id: UUID | None = Field(description="That check's table now; null: none")
    table_name: str | None = Field(
        description="The name of its order's table now; null: none, or a table id the dining "
        "room does not know"
    )
    customer_name: str | None = Field(description="The order's customer (a bar tab, a takeout)")
    pickup_at: Timestamp | None = Field(
        description="When that check's TAKEOUT or DELIVERY order is promised, in UTC (a "
        "channel's pickup time); null: not said",
    )
    server: str | None = Field(
        description="The name of who opened the order; null when nobody was recorded"
    )
    sent_by: StaffRef | None = Field(description="Who sent it; null when nobody was recorded")
    created_at: Timestamp = Field(
        description="When it was sent, in UTC: its age on the board is judged from it"
    )
    bumped_at: Timestamp | None = Field(
        description="When it was bumped (done); null while it is on the board"
    )
    items: list[BoardItemOut] = Field(description="Its lines, each with its item as it is now")
    held_courses: list[int] = Field(
        default_factory=list,
        description="The order's courses held back (items not fired yet), ascending",
    )
    stations: list[StationPartOut] = Field(
        default_factory=list,
        description="The stations with a part of it and their bumps; [] without stations",
    )


class StationOut(ResponseModel):
    id: UUID = Field(description="The station's id")
    location_id: UUID = Field(description="The location whose kitchen it is part of")
    name: str = Field(description='Its name on the kitchen displays ("Grill")')
    category_ids: list[UUID] = Field(description="What it makes (nested ones count); []: all")
    is_expo: bool = Field(
        description="Sees every ticket whole and holds it until its own bump, which bumps it"
    )
    created_at: Timestamp
    updated_at: Timestamp


class BoardOut(ResponseModel):
    tickets: list[BoardTicketOut] = Field(
        description="The sends of the last 24 hours not yet bumped, oldest first (at most 200)"
    )
    last_bumped: BoardTicketOut | None = Field(description="What Recall brings back")
    recently_bumped: list[BoardTicketOut] = Field(
        description="The last 10 tickets bumped at the location (a station's board: that "
        "station bumped), newest first (the first is `lastBumped`): the Recall list"
    )
    station: StationOut | None = Field(
        default=None, description="Whose board it is; null: every station's"
    )


# What a summary of a ticket's event keeps: which ticket, of which order, in what state.
_TICKET_SUMMARY = {
    "id",
    "order_id",
    "order_number",
    "order_type",
    "order_status",
    "table_id",
    "table_name",
    "customer_name",
    "pickup_at",
    "created_at",
    "bumped_at",
}


def install_event_payloads(*, max_bytes: int) -> None:
    """``kitchen_ticket.*`` events carry the ticket as the board shows it, summarized past
    ``max_bytes``."""

    def board_ticket(ticket: BoardTicket) -> str:
        shown = board_ticket_out(ticket)
        href = f"/api/kitchen/tickets/{ticket.ticket.id}"
        return bounded(shown, _TICKET_SUMMARY, len(shown.items), href, max_bytes)

    register_payload_shape(BoardTicket, board_ticket)
    register_payload_shape(
        StationChanged, lambda changed: station_changed_out(changed).model_dump_json()
    )


def board_ticket_out(board: BoardTicket) -> BoardTicketOut:
    ticket, order = board.ticket, board.order
    return BoardTicketOut(
        id=ticket.id,
        order_id=order.id or ticket.order_id,
        order_number=order_number(order.number or ticket.order_number),
        order_type=order.order_type,
        order_status=order.status,
        table_id=order.table_id if order.id else ticket.table_id,
        table_name=order.table_name,
        customer_name=order.customer_name,
        pickup_at=order.pickup_at,
        server=order.server_name,
        sent_by=staff_ref(ticket.sent_by_id, ticket.sent_by_name),
        created_at=ticket.created_at,
        bumped_at=ticket.bumped_at,
        items=[
            BoardItemOut(
                item_id=item.line.item_id,
                product_id=item.line.product_id,
                category_id=item.live.category_id,
                name=item.line.name,
                quantity=item.live.quantity,
                sent_quantity=item.line.quantity,
                modifiers=modifiers_out(item.line.modifiers),
                notes=item.line.notes,
                status=item.live.status,
                void_reason=item.live.void_reason,
                added=item.added,
                seat=item.line.seat,
                course=item.line.course,
                prep_seconds=item.live.prep_seconds,
                start_at=item.start_at or ticket.created_at,
                station_ids=list(item.station_ids),
            )
            for item in board.items
        ],
        held_courses=list(order.held_courses),
        stations=[
            StationPartOut(
                station_id=part.station.id, name=part.station.name, bumped_at=part.bumped_at
            )
            for part in board.stations
        ],
    )


@router.get("/tickets", response_model=TicketPage, responses=problem_responses(InvalidInput))
async def list_tickets(
    staff: Reader,
    uow: UowDep,
    pagination: PaginationDep,
    location_id: LocationQuery = None,
    created_after: Annotated[
        UtcInstant | None,
        Query(
            alias="createdAfter",
            description="Only tickets created strictly after this instant (naive is UTC): poll "
            "with the newest `createdAt` seen.",
        ),
    ] = None,
    since: Annotated[
        UtcInstant | None,
        Query(deprecated=True, description="Deprecated name of `createdAfter` (the same meaning)."),
    ] = None,
) -> TicketPage:
    after = renamed("createdAfter", created_after, "since", since)
    found, total = await service.list_tickets(
        uow,
        TicketFilter(location_id=staff.location_scope(location_id), since=after),
        page=pagination.page,
        limit=pagination.limit,
    )
    return TicketPage.of([ticket_out(ticket) for ticket in found], total, pagination)


@router.get("/tickets/{ticketId}", response_model=TicketOut, responses=problem_responses(NotFound))
async def get_ticket(staff: Reader, ticket_id: TicketId, uow: UowDep) -> TicketOut:
    return ticket_out(await service.get_ticket(uow, staff, ticket_id))


@router.get("/board", response_model=BoardOut, responses=problem_responses())
async def get_kitchen_board(
    staff: Reader,
    uow: UowDep,
    location_id: AtLocationQuery,
    station_id: StationQuery = None,
) -> BoardOut:
    """What a kitchen display shows: the open tickets with their items' status now, table,
    server and category, and the last bumped tickets. Reload it on the events that touch it
    (`order.sent`, `order.course_fired`, `item.*`, `order.*`, `kitchen_ticket.*`,
    `kitchen_station.changed`). A station's board shows the tickets it has a part of and has
    not bumped, only its items; the expo's every ticket whole, held until its own bump
    (docs/design.md §19)."""
    board = await service.get_board(uow, staff, location_id, station_id)
    recent = [board_ticket_out(ticket) for ticket in board.recently_bumped]
    return BoardOut(
        tickets=[board_ticket_out(ticket) for ticket in board.tickets],
        last_bumped=recent[0] if recent else None,
        recently_bumped=recent,
        station=None if board.station is None else station_out(board.station),
    )


@router.post(
    "/tickets/{ticketId}/bump",
    response_model=BoardTicketOut,
    responses=problem_responses(NotFound, InvalidInput),
)
async def bump_ticket(
    staff: ItemStatusSetter, ticket_id: TicketId, uow: UowDep, station_id: StationQuery = None
) -> BoardTicketOut:
    """Done: the ticket leaves every kitchen display (`kitchen_ticket.bumped`) and its items
    still SENT or PREPARING become READY (`item.updated` each). Repeating it changes nothing.
    A VOID ticket is never on the board: 422. A station bumps its part only
    (`kitchen_ticket.station_bumped`, its items READY); the last part bumps the ticket, unless
    the location has an expo: the expo holds it until its own bump, which bumps the whole
    ticket. A station with no part of it: 422."""
    return board_ticket_out(await service.bump_ticket(uow, staff, ticket_id, station_id))


@router.post(
    "/tickets/{ticketId}/recall",
    response_model=BoardTicketOut,
    responses=problem_responses(NotFound, InvalidInput),
)
async def recall_ticket(
    staff: ItemStatusSetter, ticket_id: TicketId, uow: UowDep, station_id: StationQuery = None
) -> BoardTicketOut:
    """Back on the board (`kitchen_ticket.recalled`), its items as they are. Repeating it
    changes nothing. A station recalls its part (`kitchen_ticket.station_recalled`, and the
    ticket if it was bumped); the expo the whole ticket with every part."""
    return board_ticket_out(await service.recall_ticket(uow, staff, ticket_id, station_id))


# --- stations (docs/design.md §19) ----------------------------------------------------------

CategoryIds: Any = Annotated[
    list[UUID],
    Field(
        max_length=100,
        description="The categories it makes (their subcategories too); []: every category",
    ),
]


class StationCreate(RequestModel):
    location_id: UUID = Field(
        description="The location whose kitchen it is part of (fixed once made)"
    )
    name: Name = Field(description="Its name on the kitchen displays (1-200 characters)")
    category_ids: CategoryIds = Field(default_factory=list)
    is_expo: Flag = Field(
        default=False,
        description="An expo sees every ticket whole and holds it until its own bump, which "
        "bumps the ticket",
    )


class StationUpdate(RequestModel):
    """Every field optional; the location is fixed."""

    name: Name = omittable(description="Its new name (1-200 characters)")
    category_ids: CategoryIds = omittable()
    is_expo: Flag = omittable(
        description="An expo sees every ticket whole and holds it until its own bump, which "
        "bumps the ticket"
    )


class StationListed(StationOut):
    device_ids: list[UUID] = Field(description="The kitchen displays showing its board")


class StationList(ResponseModel):
    data: list[StationListed] = Field(description="The stations, by name")


class StationChangedOut(StationListed):
    """``kitchen_station.changed``: the station as it is now (as it was, when deleted) and the
    displays showing it; the location's kitchen screens read their board again."""

    deleted: bool = Field(description="The station was deleted: its displays show every station")


class MyStation(ResponseModel):
    station: StationOut | None = Field(description="null: this display shows every station's")


class DeviceStation(RequestModel):
    station_id: UUID | None = Field(description="A station of the device's location; null: none")


def station_out(station: Station) -> StationOut:
    return StationOut(
        id=station.id,
        location_id=station.location_id,
        name=station.name,
        category_ids=list(station.category_ids),
        is_expo=station.is_expo,
        created_at=station.created_at,
        updated_at=station.updated_at,
    )


def station_changed_out(changed: StationChanged) -> StationChangedOut:
    return StationChangedOut(
        **station_out(changed.station).model_dump(),
        device_ids=list(changed.device_ids),
        deleted=changed.deleted,
    )


@router.get("/stations", response_model=StationList, responses=problem_responses(InvalidInput))
async def list_stations(
    staff: DiningRoomManager,
    uow: UowDep,
    location_id: LocationQuery = None,
) -> StationList:
    """The location's stations by name, each with its kitchen displays (a device acts at its
    own location: `locationId` may be left out)."""
    found, devices = await stations.list_stations(uow, staff, location_id)
    return StationList(
        data=[
            StationListed(
                **station_out(station).model_dump(),
                device_ids=[device for device, of in devices.items() if of == station.id],
            )
            for station in found
        ]
    )


@router.get("/stations/mine", response_model=MyStation, responses=problem_responses())
@located(OWN)
async def my_station(staff: Reader, uow: UowDep) -> MyStation:
    """The calling kitchen display's station (null for any other caller)."""
    station = await stations.own_station(uow, staff)
    return MyStation(station=None if station is None else station_out(station))


@router.post(
    "/stations",
    status_code=201,
    response_model=StationOut,
    responses=problem_responses(InvalidInput),
)
async def create_station(
    staff: DiningRoomManager, body: StationCreate, uow: UowDep, response: Response
) -> StationOut:
    """A station makes the items of its categories (and their subcategories); an item of no
    station's category goes to the stations naming none, else to every station. The expo
    names none: it sees every ticket whole and holds it until its own bump. The location's
    kitchen screens are told (`kitchen_station.changed`)."""
    station = await stations.create_station(
        uow,
        staff,
        location_id=body.location_id,
        name=body.name,
        category_ids=body.category_ids,
        is_expo=body.is_expo,
    )
    response.headers["Location"] = f"/api/kitchen/stations/{station.id}"
    return station_out(station)


@router.patch(
    "/stations/{stationId}",
    response_model=StationOut,
    responses=problem_responses(NotFound, InvalidInput),
)
async def update_station(
    staff: DiningRoomManager, station_id: StationId, body: StationUpdate, uow: UowDep
) -> StationOut:
    """Open tickets' parts follow the new categories at once; the location's kitchen screens
    are told (`kitchen_station.changed`, none when nothing changed)."""
    changes = body.model_dump(exclude_unset=True)
    return station_out(await stations.update_station(uow, staff, station_id, changes))


@router.delete(
    "/stations/{stationId}", response_model=DeleteResult, responses=problem_responses(NotFound)
)
async def delete_station(
    staff: DiningRoomManager, station_id: StationId, uow: UowDep
) -> DeleteResult:
    """Its displays show every station's work again; its bumps go with it
    (`kitchen_station.changed`, `deleted`)."""
    station = await stations.delete_station(uow, staff, station_id)
    return DeleteResult.deleted("kitchen station", station.id)


@device_router.put(
    "/{deviceId}/station",
    response_model=MyStation,
    responses=problem_responses(NotFound, InvalidInput),
)
async def set_device_station(
    staff: DiningRoomManager, device_id: DeviceId, body: DeviceStation, uow: UowDep
) -> MyStation:
    """Which station a KITCHEN_DISPLAY shows (null: every station's work): a station of its
    location (422 otherwise). The station it left and the one it shows now each announce
    `kitchen_station.changed`, so the display reads its new board without a reload."""
    station = await stations.set_device_station(uow, staff, device_id, body.station_id)
    return MyStation(station=None if station is None else station_out(station))

"""Events: catch-up pages and a server-sent event stream, for screens and integrations.

Both read the outbox (events/repository.py) by id: a client resumes after the last id it saw
and gets every matching event exactly once, in order. Event ``data`` is the resource
as the API shows it, shaped by its own feature when the event was written (kit/events.py).
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import AsyncIterator
from functools import partial
from typing import Annotated, Any
from uuid import UUID

import orjson
from fastapi import Depends, Header, Query, Request, Response
from fastapi.responses import StreamingResponse
from pydantic import Field, StringConstraints, WithJsonSchema

from brigade.event_types import BOARD_EVENT_TYPES, EventType
from brigade.events import service
from brigade.events.allowed import EventFollower, EventReader
from brigade.events.domain import EventFilter, EventPermissions, EventsExpired, Outgoing
from brigade.events.service import Heartbeat
from brigade.kit import metrics
from brigade.kit.access import Actor, Principal
from brigade.kit.errors import Forbidden, Unauthenticated
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.located import OWN, located
from brigade.kit.http.permissions import authenticator
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.types import ResponseModel, Secret, Timestamp
from brigade.settings import Settings

router = brigade_router(prefix="/api/events", tags=["events"])

# Largest id a client may send back: PostgreSQL's bigint.
MAX_EVENT_ID = 2**63 - 1
# How soon a client reconnects after the server ended its stream (it is stopping).
RECONNECT_MS = 1000


# --- schemas --------------------------------------------------------------------------------


class EventEnvelope(ResponseModel):
    """What every event carries besides its data (a webhook's body, a stream message's data)."""

    id: int = Field(description="Ascending in commit order: resume after the last one seen")
    type: EventType = Field(description="The event type: what happened (`order.created`, ...)")
    at: Timestamp = Field(description="When the change committed")
    location_id: UUID | None = Field(description="The location it happened at; null: none")
    entity_id: UUID | None = Field(description="The resource it concerns (its `data`'s id)")
    order_id: UUID | None = Field(description="The order it concerns, if any")


class EventOut(EventEnvelope):
    data: dict[str, Any] = Field(
        description="The resource as the API shows it: the order detail for order events, "
        "the item for item events, the payment for payment events, the product for "
        "product and stock events; order.sent and order.course_fired add `kitchenTicket`; "
        "kitchen_ticket events "
        "carry the ticket as GET /api/kitchen/board shows it; kitchen_station.changed the "
        "station with its `deviceIds` and `deleted`. A payment's `cardLastFour`, "
        "`cardBrand` and `takenBy` (a refund's `refundedBy`) are null for a KITCHEN reader, "
        "set for SERVER and above and for webhooks. Past BRIGADE_EVENT_MAX_BYTES "
        "(64 KiB) an order or ticket is summarized instead: its identity, status and totals "
        "with `truncated: true`, `itemCount` and `href`, where the whole resource is read."
    )


class EventPage(ResponseModel):
    data: list[EventOut] = Field(
        description="The events after the id resumed from, in id (commit) order"
    )
    last_id: int = Field(description="The last id returned, or `after` when none: resume here.")


class StreamTicket(ResponseModel):
    ticket: Secret = Field(
        description="Open `GET /api/events/stream?ticket=…` with it, once, before `expiresAt`"
    )
    expires_at: Timestamp = Field(
        description="When the ticket stops opening a stream, in UTC: "
        "BRIGADE_STREAM_TICKET_SECONDS (60 by default) after it was made"
    )


class LatestEvent(ResponseModel):
    last_id: int = Field(
        description="The newest event's id (0: none yet): read it before loading the state, "
        "then follow with `after` (or `Last-Event-ID`) set to it, and nothing falls between."
    )


# --- parameters -----------------------------------------------------------------------------

_EVENT_TYPE = "(?:" + "|".join(re.escape(event_type) for event_type in EventType) + ")"
TYPES_PATTERN = rf"^ *{_EVENT_TYPE} *(?:, *{_EVENT_TYPE} *)*$"
# Ids stay far below 10^18; a longer number names no event.
LAST_EVENT_ID_PATTERN = r"^ *[0-9]{0,18} *$"


async def _filters(
    location_id: Annotated[
        UUID | None, Query(alias="locationId", description="Only events at this location.")
    ] = None,
    types: Annotated[
        list[Annotated[str, StringConstraints(max_length=1000, pattern=TYPES_PATTERN)]] | None,
        Query(
            max_length=len(EventType),
            description="Only events of these types: repeat the parameter "
            "(`types=order.created&types=order.sent`); a comma-separated value "
            "(`types=order.created,order.sent`) is still read.",
        ),
    ] = None,
) -> EventFilter:
    if not types:
        return EventFilter(location_id=location_id)
    chosen = frozenset(EventType(name.strip()) for value in types for name in value.split(","))
    return EventFilter(location_id=location_id, types=chosen)


FiltersDep = Annotated[EventFilter, Depends(_filters)]


def _scoped(actor: Actor, filters: EventFilter) -> EventFilter:
    """What ``actor`` reads: a device's location only; a guests' board only the types that
    move its orders (docs/design.md §20)."""
    location_id = actor.location_scope(filters.location_id)
    if actor.principal is not Principal.BOARD:
        return dataclasses.replace(filters, location_id=location_id)
    types = BOARD_EVENT_TYPES if filters.types is None else filters.types & BOARD_EVENT_TYPES
    return EventFilter(location_id=location_id, types=types)


def _view(actor: Actor) -> service.View:
    """How ``actor`` gets each event: a guests' board bare (its ids and type, never its data);
    anyone else with the data its role may see (payment details from SERVER up, design.md §7)."""
    if actor.principal is Principal.BOARD:
        return service.bare
    return partial(Outgoing.seen_by, role=actor.role)


async def _last_event_id(
    last_event_id: Annotated[
        str | None,
        # A header is a string or absent: no JSON null in the schema.
        WithJsonSchema({"type": "string", "pattern": LAST_EVENT_ID_PATTERN}),
        Header(
            alias="Last-Event-ID",
            pattern=LAST_EVENT_ID_PATTERN,
            description="Resume after this id (EventSource sends it on reconnect); "
            "wins over `after`.",
        ),
    ] = None,
) -> int | None:
    # Empty: EventSource had no id yet.
    return int(last_event_id) if last_event_id and last_event_id.strip() else None


# One message of the stream, as the OpenAPI describes text/event-stream (comments aside).
SSE_EVENT_SCHEMA = {
    "type": "object",
    "required": ["id", "event", "data"],
    "properties": {
        "id": {"type": "string", "pattern": "^[0-9]+$"},
        "event": {"type": "string", "enum": list(EventType)},
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": {"$ref": "#/components/schemas/EventOut"},
        },
        "retry": {"type": "integer"},
    },
}


# --- routes ---------------------------------------------------------------------------------


def _page(found: list[Outgoing], last_id: int) -> bytes:
    # Each event's JSON is stored ready: spliced in, never parsed and serialized again.
    return orjson.dumps(
        {"data": [orjson.Fragment(outgoing.json) for outgoing in found], "lastId": last_id}
    )


@router.get("", response_model=EventPage, responses=problem_responses(EventsExpired))
async def list_events(
    staff: EventReader,
    uow: UowDep,
    request: Request,
    filters: FiltersDep,
    after: Annotated[
        int | None,
        Query(ge=0, le=MAX_EVENT_ID, description="Events after this id; none: the oldest kept."),
    ] = None,
    limit: Annotated[
        int, Query(ge=1, le=500, description="At most this many events (default 100).")
    ] = 100,
) -> Response:
    """Catch up: the matching events after `after`, ascending by id. A cursor older than
    what retention keeps answers 410 `events_expired`: reload, then read from the latest.
    A page ends early past BRIGADE_EVENT_PAGE_BYTES (1 MiB): resume after its `lastId`."""
    settings: Settings = request.app.state.settings
    found, last_id = await service.read_events(
        uow,
        _scoped(staff, filters),
        _view(staff),
        after=after,
        limit=limit,
        max_bytes=settings.event_page_bytes,
    )
    return Response(_page(found, last_id), media_type="application/json")


@router.get("/latest", response_model=LatestEvent, responses=problem_responses())
@located(OWN)
async def latest_event(staff: EventReader, uow: UowDep) -> LatestEvent:
    """The newest event's id, whatever its type or location: "load, then follow" without a gap
    (read this, load orders or the board, then follow the stream after it) and without paging
    the whole log."""
    return LatestEvent(last_id=await service.latest_id(uow))


@router.post(
    "/stream-tickets", status_code=201, response_model=StreamTicket, responses=problem_responses()
)
@located(OWN)
async def create_stream_ticket(staff: EventReader, request: Request) -> StreamTicket:
    """A one-use ticket for a browser's `EventSource`, which cannot send an Authorization
    header: open `GET /api/events/stream?ticket=…` with it within BRIGADE_STREAM_TICKET_SECONDS
    (60 s). The stream then acts as the credential that asked for it: its role, scopes and
    location, and its revocation ends the stream. A ticket opens one stream, once, and is no
    credential anywhere else; used, expired or unknown, it is a 401 `invalid_ticket`."""
    ticket, expires_at = await authenticator(request).issue_stream_ticket(request, staff)
    return StreamTicket(ticket=ticket, expires_at=expires_at)


def _sse(outgoing: Outgoing) -> bytes:
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (
        outgoing.event.id,
        outgoing.event.type.encode(),
        outgoing.json,
    )


async def _reader_now(request: Request) -> Actor | None:
    """Who the stream's credential acts as now, if it still reads events: not revoked, signed
    out, expired or its person deactivated (its own read transaction; the token cache forgets a
    revoked credential on this worker at once, on others within BRIGADE_TOKEN_CACHE_SECONDS)."""
    try:
        async with request.app.state.database.unit_of_work(write=False) as uow:
            owner = await authenticator(request).authenticate(uow, request, ticket=True)
        owner.actor.ensure(EventPermissions.READ_EVENTS)
    except (Unauthenticated, Forbidden):
        return None
    return owner.actor


async def _stream(
    request: Request, actor: Actor, filters: EventFilter, after: int, settings: Settings
) -> AsyncIterator[bytes]:
    yield b": connected\n\n"
    view = _view(actor)
    checked_at = time.monotonic()
    with metrics.open_stream():
        async for batch in service.follow(
            request.app.state.database,
            request.app.state.event_waiter,
            filters,
            after=after,
            heartbeat_seconds=settings.event_heartbeat_seconds,
            lifetime_seconds=settings.event_stream_max_seconds,
            stopping=request.app.state.stopping,
        ):
            # Heartbeats come at least every 15 s, so a check is never much later than due.
            if time.monotonic() - checked_at >= settings.event_stream_recheck_seconds:
                now_acting = await _reader_now(request)
                if now_acting is None:
                    # No retry hint: coming back with this credential is a 401.
                    yield b": credential revoked\n\n"
                    return
                # A role changed meanwhile shows the events as the new one may see them.
                view = _view(now_acting)
                checked_at = time.monotonic()
            if isinstance(batch, Heartbeat):
                yield b": keep-alive\n\n"
            else:
                yield b"".join(_sse(view(outgoing)) for outgoing in batch)
    # The server is stopping (or the stream has lived its time): come back soon, to any
    # worker or host, after the last id received.
    yield b"retry: %d\n: reconnect\n\n" % RECONNECT_MS


@router.get(
    "/stream",
    response_class=StreamingResponse,
    responses={
        200: {
            "description": "Server-sent events: `id`, `event` (the type) and `data` (the event "
            "JSON) per event; a comment line at least every 15 s.",
            "content": {"text/event-stream": {"schema": SSE_EVENT_SCHEMA}},
        },
        **problem_responses(EventsExpired),
    },
)
async def stream_events(
    staff: EventFollower,
    uow: UowDep,
    request: Request,
    filters: FiltersDep,
    last_event_id: Annotated[int | None, Depends(_last_event_id)],
    after: Annotated[
        int | None,
        Query(ge=0, le=MAX_EVENT_ID, description="Events after this id; none: from now on."),
    ] = None,
) -> StreamingResponse:
    """Live events as they commit, on every worker and host. Resumes after the
    `Last-Event-ID` header (or `after`); without either, starts with what commits next. The
    credential is checked again every BRIGADE_EVENT_STREAM_RECHECK_SECONDS (at most 30 s): a
    revoked token or device, a signed-out session or a deactivated person ends the stream
    with a `: credential revoked` comment and no retry hint. A browser's `EventSource`, which
    sends no header, opens it with `?ticket=` (POST /api/events/stream-tickets). A device or
    PIN session reads its own location's events only (403 `other_location` for another's); a
    BOARD device gets only the events that move orders on the guests' board, bare (`data` is
    `{}`)."""
    filters = _scoped(staff, filters)
    start = await service.start_cursor(uow, last_event_id if last_event_id is not None else after)
    settings: Settings = request.app.state.settings
    return StreamingResponse(
        _stream(request, staff, filters, start, settings),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )

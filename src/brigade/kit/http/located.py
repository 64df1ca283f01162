"""Where each route acts, and the one check that keeps a location's credential at its location
(docs/design.md §7, docs/security.md "The location boundary").

A device, its PIN sessions and a manager's back-office session opened by PIN act at one
location (``Actor.location_id``). Every route says how the location it acts at is found, and
the route class (routing.py) refuses such a credential aimed at another location before the
handler runs (403 ``other_location``): by construction, never by a handler remembering to ask.

- **A resource the path names** (``{orderId}``, ``{productId}``, ...): its location, from the
  resolver its feature registered for that path parameter (``register``). A resource's
  location never changes once made, so each worker keeps the last ones it read (bounded), and
  a request for an order it has seen runs no statement for the check.
- **The body's ``locationId``** (a create): absent, the credential's own location, which the
  service takes (a device makes things at its own location).
- **The ``locationId`` query parameter** (a list, a report, a board): absent, the credential's
  own location.
- **The credential's own** (its device, its session, its staff member): nothing to compare.
- **No location's** (staff, tokens, webhooks: the whole business): refused to a credential of
  one location, which must not reach what spans them all.

A route names its source with ``@located(...)`` on its handler; without it, the route class
infers it: a path parameter with a registered resolver, else a body with a ``locationId``
field, else a ``locationId`` query parameter. A route with none of these that says nothing does
not start (``RouteWithoutLocation``), as a route without a permission.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar
from urllib.parse import urlencode
from uuid import UUID

from fastapi import Request

from brigade.kit.access import Actor
from brigade.kit.db.connection import Connection
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import NotFound, OtherLocation

LOCATION_FIELD = "locationId"

# A resource's location in a 1-tuple (None inside: an order kept at no location), or None when
# the id names nothing (the handler's own 404 then): a feature's repository reads it
# (kit/db/rows.py, ``location_reader``).
Resolver = Callable[[Connection, UUID], Awaitable[tuple[UUID | None] | None]]
# A location that cannot be read: the handler's own refusal follows.
NOT_FOUND = object()


class Source(StrEnum):
    PATH = "path"
    BODY = "body"
    QUERY = "query"
    OWN = "own"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Where:
    """How a route's location is found: ``parameter`` names the path parameter of a PATH
    source. ``fills_body`` and ``fills_query``: the body's optional ``locationId``, the query's
    ``locationId``, which a location's credential that names none is given as its own."""

    source: Source
    parameter: str | None = None
    fills_body: bool = False
    fills_query: bool = False


OWN = Where(Source.OWN)
NO_LOCATION = Where(Source.NONE)


def at_path(parameter: str) -> Where:
    return Where(Source.PATH, parameter)


class RouteWithoutLocation(TypeError):
    """A route that says nothing of where it acts and gives nothing to infer it from."""


_MARK = "brigade_located"
Handler = TypeVar("Handler", bound=Callable[..., Any])


def located(where: Where) -> Callable[[Handler], Handler]:
    """Marks a handler with where its route acts, when the route class cannot infer it (or
    would infer the wrong source: a path whose first resource is not the one it acts on)."""

    def mark(handler: Handler) -> Handler:
        setattr(handler, _MARK, where)
        return handler

    return mark


def declared(handler: Callable[..., Any]) -> Where | None:
    found: Where | None = getattr(handler, _MARK, None)
    return found


# --- the resources' resolvers, by path parameter -------------------------------------------

_RESOLVERS: dict[str, Resolver] = {}
# Locations read last, by (parameter, id): a resource's location never changes.
KEPT_LOCATIONS = 10_000
_KEPT: OrderedDict[tuple[str, UUID], UUID | None] = OrderedDict()


def register(parameter: str, resolver: Resolver) -> None:
    """``resolver`` finds the location of the resource a path's ``parameter`` names (each
    feature registers its own, at start-up)."""
    _RESOLVERS[parameter] = resolver


def resolves(parameter: str) -> bool:
    return parameter in _RESOLVERS


def remember(parameter: str, resource_id: UUID, location_id: UUID | None) -> None:
    """A resource at ``location_id``, read for a check or just made (call it once the making
    committed): the next check of it runs no statement."""
    _KEPT[(parameter, resource_id)] = location_id
    _KEPT.move_to_end((parameter, resource_id))
    while len(_KEPT) > KEPT_LOCATIONS:
        _KEPT.popitem(last=False)


async def _resource_location(uow: UnitOfWork, parameter: str, raw: str) -> UUID | object | None:
    try:
        resource_id = UUID(raw)
    except ValueError:
        return NOT_FOUND
    key = (parameter, resource_id)
    if key in _KEPT:
        _KEPT.move_to_end(key)
        return _KEPT[key]
    found = await _RESOLVERS[parameter](await uow.connection(), resource_id)
    if found is None:
        return NOT_FOUND
    remember(parameter, resource_id, found[0])
    return found[0]


async def ensure_named_within(uow: UnitOfWork, actor: Actor, named: dict[str, UUID | None]) -> None:
    """Each resource ``named`` (by its path parameter's name: ``{"orderId": id}``) exists
    (404 ``not_found``) and, for a credential of one location, is at its location (403
    ``other_location``): what a request names outside its path, an approval's resource."""
    for parameter, resource_id in named.items():
        if resource_id is None:
            continue
        found = await _resource_location(uow, parameter, str(resource_id))
        if found is NOT_FOUND:
            raise NotFound(parameter.removesuffix("Id"), resource_id)
        if actor.location_id is not None:
            actor.ensure_at(found)  # type: ignore[arg-type]


def _named(raw: Any) -> UUID | object | None:
    """A ``locationId`` as sent: a UUID, or what validation will refuse (NOT_FOUND)."""
    if raw is None:
        return None
    try:
        return UUID(str(raw))
    except ValueError:
        return NOT_FOUND


async def _json_body(request: Request) -> Any:
    try:
        return await request.json()
    except (ValueError, UnicodeDecodeError):
        return None


async def ensure_within(where: Where, request: Request, uow: UnitOfWork, actor: Actor) -> None:
    """Refuse ``actor``, a credential of one location, aimed at another (403
    ``other_location``); a request whose location cannot be read (a malformed id or body, a
    resource that does not exist) goes on to the handler's own refusal. A request of such a
    credential that names no location is given its own: the handler then lists, makes and
    checks at that location, whatever it would have done for a credential of every location."""
    own = actor.location_id
    if own is None or where.source is Source.OWN:
        return
    if where.source is Source.NONE:
        raise OtherLocation(
            "A credential of one location does not reach what spans every location: sign in "
            "with a staff token or the back office's password."
        )
    if where.source is Source.PATH:
        assert where.parameter is not None
        raw = request.path_params.get(where.parameter)
        found = NOT_FOUND if raw is None else await _resource_location(uow, where.parameter, raw)
        if found is not NOT_FOUND:
            actor.ensure_at(found)  # type: ignore[arg-type]
    body = await _json_body(request) if where.fills_body else None
    if isinstance(body, dict):
        named = _named(body.get(LOCATION_FIELD))
        if named is None and not where.fills_query:
            # The parsed body is what validation reads next (Starlette keeps it).
            body[LOCATION_FIELD] = str(own)
            named = own
        if named is not None and named is not NOT_FOUND:
            actor.ensure_at(named)  # type: ignore[arg-type]
            return
    if where.fills_query:
        named = _named(request.query_params.get(LOCATION_FIELD))
        if named is None:
            _name_in_query(request, own)
        elif named is not NOT_FOUND:
            actor.ensure_at(named)  # type: ignore[arg-type]


def _name_in_query(request: Request, location_id: UUID) -> None:
    """Add ``locationId=location_id`` to the request's query, as if the caller had sent it."""
    query: bytes = request.scope.get("query_string", b"")
    named = urlencode({LOCATION_FIELD: str(location_id)}).encode()
    request.scope["query_string"] = query + b"&" + named if query else named
    # Starlette keeps the parsed query once read: read it again.
    request.__dict__.pop("_query_params", None)


def body_names_location(schema: Any) -> bool:
    """Whether a request model's JSON has a ``locationId`` field."""
    fields = getattr(schema, "model_fields", {})
    return any((f.alias or name) == LOCATION_FIELD for name, f in fields.items())

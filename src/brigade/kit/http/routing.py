"""The router factory and the route class every Brigade endpoint uses.

Routes deny by default: a route that declares no permission (kit/http/permissions.py) is refused
when it is defined, so the application does not start, unless its router was made
``public``; ``ensure_every_route_is_brigade`` refuses, at start-up, a route made outside
the factory.

The route class parses JSON numbers as ``Decimal`` (so 0.1 arrives as exactly 0.1, never a
float) and runs the endpoint inside one unit of work: committed when the endpoint returns,
rolled back when anything raises. A route that declares a permission authenticates its
bearer token first, in that unit of work. A POST, or a DELETE that carries a body (a void, a
cancel), carrying an ``Idempotency-Key`` is claimed and its answer stored in that same unit of
work, under the caller's token. A route whose
response model has a ``Secret`` field answers ``Cache-Control: no-store``, which the retry
store honours too (kit/http/idempotency.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Coroutine, Hashable, Sequence
from decimal import Decimal
from typing import Annotated, Any, ClassVar, TypeVar

from fastapi import APIRouter, Depends, FastAPI, Header, Query, Request, Response
from fastapi.dependencies.models import Dependant
from fastapi.dependencies.utils import get_dependant
from fastapi.routing import APIRoute, _effective_route_context_var, iter_route_contexts
from starlette._utils import get_route_path
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import Scope

from brigade.kit.db.engine import Database
from brigade.kit.errors import (
    BadToken,
    CsrfFailed,
    Forbidden,
    InsufficientScope,
    InvalidTicket,
    OtherLocation,
    SecretShownOnce,
    TooManyFailedAttempts,
    Unauthenticated,
    checked_route_errors,
)
from brigade.kit.http import idempotency, located, permissions
from brigade.kit.http.errors import merged_responses, problem_responses
from brigade.kit.http.handling import planned_handler
from brigade.kit.http.json_answers import FreshAnswer, kept_answer
from brigade.kit.http.limits import (
    PUBLIC_MAX_BODY_BYTES,
    declares_more_than,
    limited,
    too_large_detail,
)
from brigade.kit.http.types import holds_secret
from brigade.kit.ready_answers import ReadyAnswers, Ticket

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
Endpoint = Callable[[Request], Coroutine[Any, Any, Response]]
_INT_DIGITS = 1000


def _integer(literal: str) -> int | Decimal:
    # Past Python's 4300-digit limit for int(), an integer stays exact as a Decimal, so its
    # field answers "out of range" (422) rather than the whole body being unreadable.
    return int(literal) if len(literal) <= _INT_DIGITS else Decimal(literal)


class DecimalJSONRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            # NaN/Infinity come through as floats and are refused by validation (422); numbers
            # of any size stay exact and are bounded by their field's type (kit/http/types.py).
            self._json = json.loads(await self.body(), parse_float=Decimal, parse_int=_integer)
        return self._json


async def _declare_idempotency_key(
    key: Annotated[
        str | None,
        Header(
            alias=idempotency.HEADER,
            pattern=idempotency.KEY_PATTERN,
            description="Retry-safe: the same key and body (compared as JSON values) replays the "
            "first answer "
            f"(at most {idempotency.MAX_KEY_LENGTH} characters, kept 24 h).",
        ),
    ] = None,
) -> None:
    """Declares the header in the OpenAPI; the route handler below acts on it."""


async def _declare_ticket(
    ticket: Annotated[
        str | None,
        Query(
            alias=permissions.TICKET_PARAMETER,
            max_length=100,
            description="Instead of a header (a browser's EventSource sends none): a ticket "
            "from POST /api/events/stream-tickets, spent by this one request; the stream then "
            "acts as the credential that asked for it.",
        ),
    ] = None,
) -> None:
    """Declares the parameter in the OpenAPI; the authenticator acts on it."""


def _declared_check(dependant: Dependant) -> permissions.PermissionCheck | None:
    for dependency in dependant.dependencies:
        if isinstance(dependency.call, permissions.PermissionCheck):
            return dependency.call
        found = _declared_check(dependency)
        if found is not None:
            return found
    return None


def _is_retryable(methods: Collection[str], dependant: Dependant) -> bool:
    """Whether the route honours ``Idempotency-Key``: every POST, and a DELETE that carries a
    body (a void or a cancel with its reason), whose retry must replay rather than answer
    that the order is already closed."""
    return "POST" in methods or ("DELETE" in methods and bool(dependant.body_params))


_KEPT_IN = "brigade_answers_kept_in"
EndpointFunction = TypeVar("EndpointFunction", bound=Callable[..., Any])


def answers_kept_in(answers: ReadyAnswers) -> Callable[[EndpointFunction], EndpointFunction]:
    """Marks a read whose ``FreshAnswer``s its route keeps in ``answers``, by path and query."""

    def mark(endpoint: EndpointFunction) -> EndpointFunction:
        setattr(endpoint, _KEPT_IN, answers)
        return endpoint

    return mark


class RouteWithoutPermission(TypeError):
    """A route that names no permission and is not public: a programming error."""


class RouteDeclaredTooEarly(TypeError):
    """A permission-checked route declared before a feature declared an error any such route
    may answer (``declare_checked_route_errors``): its OpenAPI would leave it out."""


def _never_stored(endpoint: Endpoint) -> Endpoint:
    """The endpoint, its answers marked no-store for every cache and the retry store."""

    async def answer_secret(request: Request) -> Response:
        response = await endpoint(request)
        response.headers["Cache-Control"] = idempotency.NO_STORE
        return response

    return answer_secret


class BrigadeRoute(APIRoute):
    # Set on the route class of public routers only (brigade_router(public=True)).
    public: ClassVar[bool] = False
    # A body limit below the app's (kit/http/limits.py): None, the app's only.
    max_body_bytes: ClassVar[int | None] = None

    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        dependant = get_dependant(path=path, call=endpoint)
        # A public route has no caller to keep its retries under (sign-in, the first run).
        self.retryable = not self.public and _is_retryable(kwargs.get("methods") or (), dependant)
        if self.retryable:
            declared = list(kwargs.get("dependencies") or [])
            kwargs["dependencies"] = [*declared, Depends(_declare_idempotency_key)]
        # Where it acts: settled once every feature has said where its resources are
        # (``locate_every_route``, at start-up).
        self.where: located.Where | None = None
        check = self.check = _declared_check(dependant)
        self.permission = None if check is None else check.permission
        self.kept_in: ReadyAnswers | None = getattr(endpoint, _KEPT_IN, None)
        self.takes_ticket = check is not None and check.takes_ticket
        if self.takes_ticket:
            declared = list(kwargs.get("dependencies") or [])
            kwargs["dependencies"] = [*declared, Depends(_declare_ticket)]
        if self.permission is None and not self.public:
            methods = ",".join(sorted(kwargs.get("methods") or ()))
            raise RouteWithoutPermission(
                f"{methods} {path} ({endpoint.__module__}.{endpoint.__qualname__}) names no "
                "permission: give it a parameter typed by one of its feature's allowed.py "
                "aliases, or put it on a brigade_router(public=True)"
            )
        # What the features' checks add (access's approvals), as declared so far: all of it
        # once the features are imported, which start-up checks (ensure_every_route_is_brigade).
        self.checked_errors = checked_route_errors() if self.permission is not None else ()
        if self.permission is not None:
            access_errors = problem_responses(
                Unauthenticated,
                Forbidden,
                InsufficientScope,
                *self.checked_errors,
                OtherLocation,
                TooManyFailedAttempts,
                # A change made with the back office's session cookie from elsewhere.
                *([CsrfFailed] if set(kwargs.get("methods") or ()) - SAFE_METHODS else []),
                *((InvalidTicket,) if self.takes_ticket else ()),
            )
            kwargs["responses"] = merged_responses(access_errors, kwargs.get("responses") or {})
        # A response model with a Secret field: the answer is never stored, nor replayed.
        self.answers_secret = holds_secret(kwargs.get("response_model"))
        if self.answers_secret:
            secret_errors = problem_responses(SecretShownOnce)
            kwargs["responses"] = merged_responses(secret_errors, kwargs.get("responses") or {})
        super().__init__(path, endpoint, **kwargs)
        if self.permission is not None:
            parts = (self.description, permissions.describe(self.permission))
            self.description = "\n\n".join(part for part in parts if part)

    def get_route_handler(self) -> Endpoint:
        # FastAPI builds the handler of a route it includes under a router's prefix (and that
        # router's dependencies) with the context of that inclusion set.
        context = _effective_route_context_var.get()
        included = context if context is not None and context.original_route is self else self
        methods = ",".join(sorted(self.methods or ()))
        endpoint = planned_handler(included, f"{methods} {self.path}")
        if self.answers_secret:
            endpoint = _never_stored(endpoint)
        authenticated = self.permission is not None
        max_body_bytes = self.max_body_bytes

        async def handle(request: Request) -> Response:
            receive = request.receive
            if max_body_bytes is not None:
                if declares_more_than(request.scope, max_body_bytes):
                    raise HTTPException(413, too_large_detail(max_body_bytes))
                receive = limited(receive, max_body_bytes)
            request = DecimalJSONRequest(request.scope, receive)
            database: Database = request.app.state.database
            writes = request.method not in SAFE_METHODS
            if writes:
                # Read the whole body first: a slow client must not hold the write lock.
                await request.body()
            owner = None
            kept_in = self.kept_in
            # Taken before the transaction begins: see kit/ready_answers.py.
            ticket = None if kept_in is None else kept_in.ticket()
            try:
                async with database.unit_of_work(write=writes) as uow:
                    request.state.uow = uow
                    if authenticated:
                        owner = await permissions.authenticator(request).authenticate(
                            uow, request, ticket=self.takes_ticket
                        )
                        request.state.actor = owner.actor
                        if self.where is not None:
                            await located.ensure_within(self.where, request, uow, owner.actor)
                    key = request.headers.get(idempotency.HEADER)
                    if kept_in is not None:
                        response = await self._kept_or_read(request, endpoint, kept_in, ticket)
                    elif key is None or not self.retryable:
                        response = await endpoint(request)
                    else:
                        response = await idempotency.run_idempotently(request, key, endpoint)
            except BadToken:
                await permissions.authenticator(request).count_failed_attempt(database, request)
                raise
            if owner is not None:
                await permissions.authenticator(request).touch(database, owner)
            return response

        return handle

    async def _kept_or_read(
        self,
        request: Request,
        endpoint: Endpoint,
        answers: ReadyAnswers,
        ticket: Ticket | None,
    ) -> Response:
        """The answer kept for this path and query, if the caller may have it; else the
        endpoint's, kept if it may be."""
        key: Hashable = (request.scope["path"], request.scope["query_string"])
        found = answers.get(key)
        if found is not None and self.check is not None:
            # The route's own permission check (and approval), as its endpoint would run it.
            actor = await self.check(request, None)
            if found.serves(actor.location_id):
                return kept_answer(found)
        response = await endpoint(request)
        if isinstance(response, FreshAnswer) and response.keepable:
            answers.keep(key, response.ready, ticket)
        return response


class _PublicRoute(BrigadeRoute):
    public = True
    # Anyone may send these, before any credential: a few kilobytes parsed, never a megabyte.
    max_body_bytes = PUBLIC_MAX_BODY_BYTES


class _PrefixedRouter(APIRouter):
    """A router that tells a path outside its prefix it has no route for it before trying
    each of its routes: FastAPI tries every route of every router included before the one
    that answers, twice (to match, then to handle), a few percent of a write's time. Brigade's
    routers are included at the application's root, so their prefix is the whole of it."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if not get_route_path(scope).startswith(self.prefix):
            return Match.NONE, {}
        return super().matches(scope)


def brigade_router(*, prefix: str = "", tags: Sequence[str], public: bool = False) -> APIRouter:
    """A router whose routes are Brigade routes. ``public``: its routes need no token (health)."""
    return _PrefixedRouter(
        prefix=prefix, tags=list(tags), route_class=_PublicRoute if public else BrigadeRoute
    )


def api_routes(app: FastAPI) -> list[APIRoute]:
    """Every API route of ``app``, through the routers it includes (FastAPI's own /docs and
    /openapi.json are not API routes)."""
    contexts = iter_route_contexts(app.routes)
    return [c.original_route for c in contexts if isinstance(c.original_route, APIRoute)]


def ensure_every_route_is_brigade(app: FastAPI) -> None:
    """Refuse to start with an API route made outside brigade_router: it would run with no
    permission check and no unit of work; or with a permission-checked route declared before
    a feature declared what any such route may answer: its OpenAPI would not say it."""
    checked_errors = checked_route_errors()
    for route in api_routes(app):
        methods = ",".join(sorted(route.methods or ()))
        if not isinstance(route, BrigadeRoute):
            raise RouteWithoutPermission(
                f"{methods} {route.path} ({route.name}) was not made by brigade_router"
            )
        if route.permission is not None and route.checked_errors != checked_errors:
            raise RouteDeclaredTooEarly(
                f"{methods} {route.path} ({route.name}) was declared before "
                f"{', '.join(c.__name__ for c in checked_errors)} were: import the features' "
                "errors first (declare_checked_route_errors)"
            )


_PATH_PARAMETER = re.compile(r"{(\w+)(?::\w+)?}")


def _where(route: BrigadeRoute) -> located.Where:
    """Where ``route`` acts: as its handler says (``located``), else the first resource its path
    names that a feature can place, else its body's or its query's ``locationId``."""
    body = route.body_field
    fills_body = body is not None and located.body_names_location(body.field_info.annotation)
    fills_query = located.LOCATION_FIELD in _query_aliases(route.dependant)
    said = located.declared(route.endpoint)
    if said is not None:
        if said.parameter is not None and not located.resolves(said.parameter):
            raise located.RouteWithoutLocation(f"{route.path}: nothing places {said.parameter}")
        return said
    for parameter in _PATH_PARAMETER.findall(route.path):
        if located.resolves(parameter):
            return located.at_path(parameter)
    if fills_body:
        return located.Where(located.Source.BODY, None, fills_body, fills_query)
    if fills_query:
        return located.Where(located.Source.QUERY, None, fills_body, fills_query)
    methods = ",".join(sorted(route.methods or ()))
    raise located.RouteWithoutLocation(
        f"{methods} {route.path} ({route.endpoint.__module__}.{route.endpoint.__qualname__}) "
        "says nothing of where it acts: mark its handler with kit/http/located.py's located()"
    )


def _query_aliases(dependant: Dependant) -> set[str]:
    """The query parameters a route reads, its dependencies' included."""
    found = {param.alias for param in dependant.query_params}
    for dependency in dependant.dependencies:
        found |= _query_aliases(dependency)
    return found


def locate_every_route(app: FastAPI) -> None:
    """Settle where each route acts (kit/http/located.py), refusing to start with a route that
    says nothing of it and gives nothing to infer it from."""
    for route in api_routes(app):
        if isinstance(route, BrigadeRoute) and not route.public:
            route.where = _where(route)

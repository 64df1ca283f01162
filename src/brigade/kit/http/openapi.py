"""The OpenAPI as client generators read it: every fact in it is one the server keeps.

FastAPI writes most of the document; this module adds what it cannot know:

- operationIds are the endpoint's name in camelCase (``addPayment``), checked unique at start,
  and summaries the name as a sentence ("Add payment");
- every error answer is ``application/problem+json`` with the ``Problem`` schema;
- an operation that takes an ``Idempotency-Key`` can replay (``Idempotent-Replayed``) and
  answer the idempotency problems;
- a 201 names what it created (``Location``), a 429 when to retry (``Retry-After``);
- each error answer's schema lists the codes the operation can answer, as an enum;
- examples, recorded from real answers (passed in by the app): a successful answer per media
  type with the request that got it, and a problem per code;
- the answers about a versioned resource carry an ``ETag``. Which resources are versioned is
  read from the routes themselves: a route that reads ``If-Match`` changes a versioned
  resource, so it, the resource's GET and its create answer an ``ETag``; it can also answer
  412 ``stale_version`` and 400 ``invalid_precondition``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute, RouteContext, iter_route_contexts

from brigade.kit.errors import (
    DomainError,
    IdempotencyKeyInUse,
    IdempotencyKeyReused,
    InvalidPrecondition,
    StaleVersion,
)
from brigade.kit.http.api_version import API_VERSION
from brigade.kit.http.api_version import HEADER as VERSION_HEADER
from brigade.kit.http.errors import (
    HTTP_CODES,
    PROBLEM_JSON,
    declared_codes,
    problem_description,
    status_and_code,
)
from brigade.kit.http.idempotency import HEADER as IDEMPOTENCY_KEY

TAGS: list[dict[str, str]] = [
    {
        "name": "products",
        "description": "The catalogue: items, modifiers and bundles; barcode lookup; the 86 list.",
    },
    {
        "name": "modifier-groups",
        "description": "Choices with a rule (a steak's temperature: exactly one), offered by "
        "products; their options are MODIFIER products.",
    },
    {
        "name": "pricing",
        "description": "A location's named tax rates and service charges (MANAGER sets them).",
    },
    {"name": "categories", "description": "Menu categories, nested; their order on the menu."},
    {
        "name": "orders",
        "description": "An order from open to paid: items, kitchen sends, discounts, payments, "
        "completion. Answers carry an `ETag`; send it back as `If-Match` to change safely.",
    },
    {
        "name": "payments",
        "description": "Payments across orders, with what was refunded of them: settlement "
        "and tip-out (MANAGER).",
    },
    {"name": "kitchen", "description": "Kitchen tickets: what each send put in front of the line."},
    {
        "name": "pickup",
        "description": "The order-ready board for guests: order numbers preparing and ready.",
    },
    {"name": "audit", "description": "Who voided, discounted, cancelled, 86'd or repriced what."},
    {
        "name": "reports",
        "description": "The day's close: sales by business day in the location's timezone, "
        "as JSON or CSV; the X and Z reports over the journal (MANAGER).",
    },
    {
        "name": "journal",
        "description": "Every sale, refund, void, reopen and Z of a location, numbered without "
        "a gap and hash-chained; read and verified (MANAGER).",
    },
    {"name": "staff", "description": "Staff members and their API tokens (ADMIN)."},
    {
        "name": "auth",
        "description": "The back office's sign-in with a password into a cookie session.",
    },
    {"name": "setup", "description": "The first run: the location and its first admin."},
    {
        "name": "events",
        "description": "Every committed change, in order: a catch-up feed and a live stream "
        "(server-sent events) that resume after the last id seen.",
    },
    {
        "name": "webhooks",
        "description": "Signed POSTs of chosen events to an integration's URL (Standard Webhooks "
        "headers and `Brigade-Signature`: see `POST /api/webhooks`), in order within each order, "
        "retried for 24 h then kept as failed to re-send or skip, with a delivery log (ADMIN).",
    },
    {
        "name": "printers",
        "description": "ESC/POS printers on raw TCP: kitchen tickets on each send, receipts on "
        "demand, through a print outbox whose jobs a manager can read (MANAGER).",
    },
    {
        "name": "locations",
        "description": "Location profiles: name, timezone and currency (ADMIN sets them up).",
    },
    {
        "name": "tables",
        "description": "The floor: tables by section, each FREE or OCCUPIED with its open orders.",
    },
    {
        "name": "devices",
        "description": "Paired terminals and kitchen displays, each with a token shown once.",
    },
    {
        "name": "sessions",
        "description": "Staff PIN sign-in on a paired terminal, and a manager's one-shot approval.",
    },
    {
        "name": "cash drawers",
        "description": "The till: drawers opened with a float, the cash sales and refunds posted "
        "to them, pay-ins, pay-outs, the count and its variance (MANAGER).",
    },
    {
        "name": "payment readers",
        "description": "Card readers paired with a payment provider (MANAGER), their state, "
        "each terminal's default reader, and the simulator's tap.",
    },
    {
        "name": "card checkouts",
        "description": "A card charge on a reader for an order: PENDING, WAITING_FOR_CARD, then "
        "SUCCEEDED (one card payment), DECLINED, CANCELED, TIMED_OUT or REFUNDED.",
    },
    {
        "name": "card refunds",
        "description": "Money an order's refund gives back to a card, sent to its provider.",
    },
    {
        "name": "guests",
        "description": "Guests at a table, from their phones, with no credential: the table's "
        "QR code opens a visit bound to the table's check, which ends with it.",
    },
    {
        "name": "channels",
        "description": "Online ordering pages and delivery platforms: the orders they bring in "
        "(signed, whole or refused), accepted on the terminal, their statuses told back by "
        "the channel's webhook (docs/channels.md).",
    },
    {"name": "shifts", "description": "Clocking in and out; the staff's shifts (MANAGER)."},
    {
        "name": "checkout",
        "description": "A server's business day: sales, tips, cash held, open checks, shifts.",
    },
    {"name": "health", "description": "Is the service up and its database answering."},
]

# Properties that mean the same in every schema, described once here; a model's own
# description of one wins (docs/decisions.md, "Every property described").
SHARED_PROPERTIES = {
    "createdAt": "When it was created, in UTC (ISO 8601 with Z).",
    "updatedAt": "When it last changed, in UTC (ISO 8601 with Z).",
    "locationId": "The location it belongs to.",
}

_PROBLEM_REF = {"$ref": "#/components/schemas/Problem"}
_HEADERS = {
    "Location": {
        "description": "Where the created resource lives.",
        "schema": {"type": "string", "format": "uri-reference"},
    },
    "Idempotent-Replayed": {
        "description": f"`true` when this is the stored answer to an earlier request with "
        f"the same `{IDEMPOTENCY_KEY}` and body: nothing was done again.",
        "schema": {"type": "string", "enum": ["true"]},
    },
    "Retry-After": {
        "description": "Seconds to wait before trying again.",
        "schema": {"type": "integer", "minimum": 0},
    },
    "RateLimit-Limit": {
        "description": "How many failures the limit reached allows in its window (absent when "
        "two limits with different numbers apply).",
        "schema": {"type": "integer", "minimum": 1},
    },
    "RateLimit-Remaining": {
        "description": "How many more are allowed now: 0.",
        "schema": {"type": "integer", "minimum": 0},
    },
    "RateLimit-Reset": {
        "description": "Seconds until the limit lets requests through again (as `Retry-After`).",
        "schema": {"type": "integer", "minimum": 0},
    },
    "ETag": {
        "description": 'A versioned resource\'s version, `"<version>"`: send it as `If-Match` '
        "on a change to get 412 `stale_version` instead of overwriting someone else's change; "
        'on any other read, a weak tag of the answer (`W/"…"`). Send either as '
        "`If-None-Match` to get 304 while the answer is unchanged.",
        "schema": {"type": "string"},
    },
}
# On every answer (kit/http/request_id.py): declared once, referred to from each response.
_EVERY_ANSWER = {
    "Request-Id": {
        "description": "This request's id: the one sent as `Request-Id` (or `X-Request-Id`) if "
        "it was 1 to 200 visible ASCII characters, else a new one. Quote it when reporting a "
        "problem; the server's log names it.",
        "schema": {"type": "string"},
    },
    VERSION_HEADER: {
        "description": "The API version that answered (a date; see the changelog).",
        "schema": {"type": "string", "enum": [API_VERSION]},
    },
}
_EVERY_ANSWER_REFS = {name: {"$ref": f"#/components/headers/{name}"} for name in _EVERY_ANSWER}
# What an operation taking an Idempotency-Key can answer (kit/http/idempotency.py), and one that
# reads If-Match (a stale version, or a header that names none).
_IDEMPOTENCY_PROBLEMS = (IdempotencyKeyInUse, IdempotencyKeyReused)
_PRECONDITION_PROBLEMS = (StaleVersion, InvalidPrecondition)
_BODY_PROBLEMS = ((400, HTTP_CODES[400]), (413, HTTP_CODES[413]))
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def operation_id(route: APIRoute) -> str:
    """``add_payment`` → ``addPayment``, ``mark_86d`` → ``mark86d``: the endpoint's name."""
    first, *rest = route.name.split("_")
    return first + "".join(word[:1].upper() + word[1:] for word in rest)


@dataclass(frozen=True, slots=True)
class _Operation:
    """What the document needs to know about one method of one route."""

    path: str
    method: str  # lower case, as the document's keys
    summary: str
    creates: bool
    reads_if_match: bool


def install_openapi(app: FastAPI, examples: Mapping[str, Any]) -> None:
    """Call once every router is included: checks the operationIds, then serves the document
    with ``examples`` (by operation id: ``answers`` by media type, ``problems`` by code)."""
    routes = _documented_routes(app)
    repeated = [name for name, n in Counter(r.unique_id for r, _ in routes).items() if n > 1]
    if repeated:
        raise RuntimeError(f"operationIds must be unique; repeated: {', '.join(repeated)}")
    known = [
        _Operation(
            path=route.path_format or declared.path_format,
            method=method.lower(),
            # "List products" rather than FastAPI's "List Products", unless the route says.
            summary=declared.summary or declared.name.replace("_", " ").capitalize(),
            creates=declared.status_code == 201,
            reads_if_match=_reads_if_match(route.dependant),
        )
        for route, declared in routes
        for method in route.methods or declared.methods or ()
    ]
    generate = app.openapi
    corrected: dict[str, Any] | None = None

    def openapi() -> dict[str, Any]:
        nonlocal corrected
        document = generate()
        # FastAPI builds the document once, and again only when routes change.
        if document is not corrected:
            _tell_the_truth(document, known)
            _show_examples(document, examples)
            corrected = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]


def _documented_routes(app: FastAPI) -> list[tuple[RouteContext, APIRoute]]:
    """Each route as included (prefixes, router and app dependencies applied), and as declared."""
    found = []
    for route in iter_route_contexts(app.routes):
        declared = route.original_route
        if isinstance(declared, APIRoute) and route.include_in_schema:
            found.append((route, declared))
    return found


def _tell_the_truth(document: dict[str, Any], known: list[_Operation]) -> None:
    tagged = _etag_operations(known)
    by_key = {(op.path, op.method): op for op in known}
    for path, method, operation in _operations(document):
        if (path, method) in by_key:
            operation["summary"] = by_key[path, method].summary
        responses: dict[str, Any] = operation["responses"]
        parameters = {parameter["name"] for parameter in operation.get("parameters", [])}
        replayable = IDEMPOTENCY_KEY in parameters
        if replayable:
            _declare_problems(responses, _IDEMPOTENCY_PROBLEMS)
        if (path, method) in by_key and by_key[path, method].reads_if_match:
            _declare_problems(responses, _PRECONDITION_PROBLEMS)
        if "requestBody" in operation:
            # Before any route runs: a body over the limit (kit/http/limits.py), or one that
            # can't be parsed at all.
            for body_status, code in _BODY_PROBLEMS:
                _declare_code(responses, body_status, code)
        conditional = _conditional_read(path, method, responses)
        if conditional:
            responses["304"] = {"description": _NOT_MODIFIED}
        for status, response in responses.items():
            if status[0] in "45":
                codes = declared_codes(response)
                response["content"] = {PROBLEM_JSON: {"schema": _problem_schema(codes)}}
            headers = _headers(status, replayable, (path, method) in tagged or conditional)
            response.setdefault("headers", {}).update(
                {h: _HEADERS[h] for h in headers} | _EVERY_ANSWER_REFS
            )
    document.setdefault("components", {})["headers"] = _EVERY_ANSWER
    schemas = document.get("components", {}).get("schemas", {})
    # FastAPI's own 422 body, now replaced by Problem everywhere.
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    describe_shared_properties(schemas)


def describe_shared_properties(schemas: dict[str, Any]) -> None:
    """Gives each property of ``SHARED_PROPERTIES`` with no description of its own that one."""
    for schema in schemas.values():
        for name, prop in schema.get("properties", {}).items():
            if name in SHARED_PROPERTIES and not prop.get("description"):
                prop["description"] = SHARED_PROPERTIES[name]


def _problem_schema(codes: list[str]) -> dict[str, Any]:
    """A ``Problem`` whose ``code`` is one of ``codes``: what a client can switch on."""
    if not codes:
        return _PROBLEM_REF
    # Beside the reference (JSON Schema 2020-12), not a type of its own: generators keep one
    # Problem class, so a code added later does not break a client that was generated before.
    return _PROBLEM_REF | {"properties": {"code": {"type": "string", "enum": codes}}}


def _show_examples(document: dict[str, Any], examples: Mapping[str, Any]) -> None:
    for _, _, operation in _operations(document):
        recorded = examples.get(operation["operationId"])
        if recorded is None:
            continue
        responses: dict[str, Any] = operation["responses"]
        for media_type, answer in recorded["answers"].items():
            content = responses.get(str(answer["status"]), {}).get("content", {})
            if media_type in content:
                content[media_type]["example"] = answer["body"]
            asked = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if asked is not None and answer.get("request") is not None:
                asked["example"] = answer["request"]
        for code, problem in recorded["problems"].items():
            content = responses.get(str(problem["status"]), {}).get("content", {})
            if PROBLEM_JSON in content:
                content[PROBLEM_JSON].setdefault("examples", {})[code] = {"value": problem["body"]}


_NOT_MODIFIED = (
    "Not modified: the request's `If-None-Match` names this answer's `ETag`, so the answer "
    "held is still the current one (kit/http/conditional.py)."
)


def _conditional_read(path: str, method: str, responses: dict[str, Any]) -> bool:
    """A JSON read under /api/: ``ConditionalReads`` tags it and answers 304."""
    answer = responses.get("200", {}).get("content", {})
    return method == "get" and path.startswith("/api/") and "application/json" in answer


def _operations(document: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in document["paths"].items():
        for method in _METHODS:
            if method in item:
                yield path, method, item[method]


def _declare_problems(
    responses: dict[str, Any], error_classes: tuple[type[DomainError], ...]
) -> None:
    for error_class in error_classes:
        _declare_code(responses, *status_and_code(error_class))


def _declare_code(responses: dict[str, Any], status: int, code: str) -> None:
    response = responses.setdefault(str(status), {})
    codes = declared_codes(response)
    if code not in codes:
        response["description"] = problem_description(status, [*codes, code])


def _headers(status: str, replayable: bool, answers_etag: bool) -> list[str]:
    headers = []
    if status == "201":
        headers.append("Location")
    if status.startswith("2") and replayable:
        headers.append("Idempotent-Replayed")
    if (status.startswith("2") or status == "304") and answers_etag:
        headers.append("ETag")
    if status == "429":
        headers += ["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]
    return headers


def _etag_operations(known: list[_Operation]) -> set[tuple[str, str]]:
    """(path, method) of every operation answering an ETag: see the module docstring."""
    conditional = [op for op in known if op.reads_if_match]
    resources = {_resource_of(op.path) for op in conditional}
    collections = {resource.rsplit("/", 1)[0] for resource in resources}
    return {
        (op.path, op.method)
        for op in known
        if op.reads_if_match
        or (op.method == "get" and op.path in resources)
        or (op.method == "post" and op.creates and op.path in collections)
    }


def _reads_if_match(dependant: Dependant) -> bool:
    # Declared in the document or not: the header names a precondition the route honours.
    if any(
        param.alias.lower().replace("_", "-") == "if-match" for param in dependant.header_params
    ):
        return True
    return any(_reads_if_match(dependency) for dependency in dependant.dependencies)


def _resource_of(path: str) -> str:
    """``/api/orders/{orderId}/items`` → ``/api/orders/{orderId}``: up to its first id."""
    head, closing, _ = path.partition("}")
    return head + closing

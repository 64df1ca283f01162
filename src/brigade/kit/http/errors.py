"""Every error leaves as RFC 9457 application/problem+json with a stable ``code``.

Each error class's status and code are declared beside it, by the kit or its feature
(``declare_answers`` in kit/errors.py); routes declare the errors they can answer with
``problem_responses`` so the OpenAPI stays truthful.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from decimal import Decimal
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import IntegrityError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from brigade.kit import errors
from brigade.kit.http.request_id import current_request_id
from brigade.kit.http.types import Money

log = logging.getLogger("brigade.errors")

PROBLEM_JSON = "application/problem+json"
# A 422 lists this many refused inputs, then counts the rest (`moreErrors`): a body of 60,000
# unknown keys had answered 3.7 MB (docs/security.md, "The metrics and the limits").
MAX_FIELD_ERRORS = 20
# How a problem answer's description names its codes (``problem_description``).
_CODE_IN_DESCRIPTION = re.compile(r"`([a-z0-9_]+)`")

# The codes of answers made before any route runs (Starlette's HTTP errors), by status.
HTTP_CODES = {
    400: "malformed_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    410: "events_expired",
    412: "stale_version",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_failed",
    429: "rate_limited",
    503: "unavailable",
}


class FieldError(BaseModel):
    """One refused input."""

    field: str = Field(description="The field or parameter, dotted when nested: `items.0.quantity`")
    message: str = Field(description="Why it was refused, for a person")


class OpenCheck(BaseModel):
    """A check still open (`open_checks`)."""

    id: str = Field(description="The order's id")
    number: int = Field(description="Its check number as a number (1042 for #1042)")
    table: str | None = Field(description="Its table's name; null for none")


class Problem(BaseModel):
    """RFC 9457 problem details. Branch on `code`: it is stable; the texts are for people."""

    type: str = Field(description="A URI naming the kind of problem")
    title: str = Field(description="The HTTP status phrase")
    status: int = Field(description="The HTTP status code, as the answer's")
    detail: str = Field(description="What went wrong here, for a person")
    code: str = Field(description="Stable machine code: `not_found`, `overpayment`, ...")
    errors: list[FieldError] | None = Field(
        default=None,
        description=f"`validation_failed`: the refused inputs, the first {MAX_FIELD_ERRORS}",
    )
    more_errors: int | None = Field(
        default=None,
        alias="moreErrors",
        description=f"`validation_failed`: how many more inputs were refused than the "
        f"{MAX_FIELD_ERRORS} in `errors`; absent when `errors` lists them all",
    )
    balance_due: Money | None = Field(
        default=None,
        alias="balanceDue",
        description="`overpayment`, `balance_due`: what the order still owes",
    )
    refundable_amount: Money | None = Field(
        default=None,
        alias="refundableAmount",
        description="`refund_exceeds_paid`: what is left to refund, tips apart",
    )
    refundable_tip: Money | None = Field(
        default=None,
        alias="refundableTip",
        description="`refund_exceeds_paid`: what is left to refund of the tips",
    )
    open_checks: list[OpenCheck] | None = Field(
        default=None,
        alias="openChecks",
        description="`open_checks`: the checks still open when a Z was asked for",
    )
    check_paid: bool | None = Field(
        default=None,
        alias="checkPaid",
        description="`visit_ended`: true when the guests' check closed paid in full",
    )


def problem(
    status: int,
    code: str,
    detail: str,
    *,
    field_errors: list[dict[str, str]] | None = None,
    more_errors: int | None = None,
    headers: dict[str, str] | None = None,
    balance_due: Decimal | None = None,
    refundable_amount: Decimal | None = None,
    refundable_tip: Decimal | None = None,
    open_checks: list[dict[str, object]] | None = None,
    check_paid: bool | None = None,
) -> JSONResponse:
    body = Problem(
        type=f"https://brigade.dev/problems/{code.replace('_', '-')}",
        title=HTTPStatus(status).phrase,
        status=status,
        detail=detail,
        code=code,
        errors=None if field_errors is None else [FieldError(**e) for e in field_errors],
        moreErrors=more_errors,
        balanceDue=balance_due,
        refundableAmount=refundable_amount,
        refundableTip=refundable_tip,
        openChecks=None
        if open_checks is None
        else [OpenCheck.model_validate(c) for c in open_checks],
        checkPaid=check_paid,
    )
    content = body.model_dump(mode="json", by_alias=True, exclude_none=True)
    if body.open_checks is not None:
        # A check's table is null when it has none: said, not left out.
        content["openChecks"] = [c.model_dump(mode="json") for c in body.open_checks]
    return JSONResponse(content, status_code=status, headers=headers, media_type=PROBLEM_JSON)


def status_and_code(cls: type[errors.DomainError]) -> tuple[int, str]:
    """The answer declared for the class, or else for its nearest base that has one."""
    for base in cls.__mro__:
        if issubclass(base, errors.DomainError) and (answer := errors.declared_answer(base)):
            return answer
    raise LookupError(f"{cls.__name__} has no declared answer (kit/errors.py, declare_answers)")


def error_code(error: errors.DomainError) -> str:
    return status_and_code(type(error))[1]


def problem_responses(*error_classes: type[errors.DomainError]) -> dict[int | str, Any]:
    """`responses=` for a route: 400 and 422 always (any route parses input), plus each error's.

    Each answer's description names the codes it can carry; kit/http/openapi.py puts the
    ``Problem`` schema under ``application/problem+json``.
    """
    codes: dict[int, list[str]] = {400: ["malformed_json"], 422: ["validation_failed"]}
    for cls in error_classes:
        status, code = status_and_code(cls)
        codes.setdefault(status, [])
        if code not in codes[status]:
            codes[status].append(code)
    return {
        status: {"model": Problem, "description": problem_description(status, found)}
        for status, found in codes.items()
    }


def problem_description(status: int, codes: list[str]) -> str:
    return f"{HTTPStatus(status).phrase}: " + ", ".join(f"`{code}`" for code in codes)


def declared_codes(response: Mapping[str, Any]) -> list[str]:
    """The codes an error answer's description names (``problem_description``)."""
    return _CODE_IN_DESCRIPTION.findall(response.get("description", ""))


def merged_responses(*declared: Mapping[int | str, Any]) -> dict[int | str, Any]:
    """Several ``responses=`` as one: an error status declared twice names both's codes (a
    route's own 403 adds to the access checks' 403, never replaces it)."""
    merged: dict[int | str, Any] = {}
    by_status: dict[str, int | str] = {}
    for responses in declared:
        for status, response in responses.items():
            earlier = by_status.setdefault(str(status), status)
            if earlier in merged and int(status) >= 400:
                codes = declared_codes(merged[earlier])
                codes += [code for code in declared_codes(response) if code not in codes]
                description = problem_description(int(status), codes)
                merged[earlier] = merged[earlier] | response | {"description": description}
            else:
                merged[earlier] = response
    return merged


# An unknown key is named as sent: a key of a megabyte is not echoed whole.
MAX_FIELD_NAME = 200


def _field_name(location: tuple[int | str, ...]) -> str:
    parts = list(location)
    if parts and parts[0] in ("body", "query", "path", "header"):
        parts = parts[1:]
    name = ".".join(str(part) for part in parts) or "body"
    return name if len(name) <= MAX_FIELD_NAME else name[: MAX_FIELD_NAME - 1] + "…"


def _message(error: dict[str, Any]) -> str:
    message = str(error.get("msg", "is invalid"))
    return message.removeprefix("Value error, ")


async def _on_domain_error(_request: Request, error: errors.DomainError) -> JSONResponse:
    return problem_for(error)


def problem_for(error: errors.DomainError) -> JSONResponse:
    """The problem answer for ``error``: also returned (not raised) by a handler whose refusal
    must still commit, such as a wrong PIN counted towards a lock-out."""
    status, code = status_and_code(type(error))
    field_errors = None
    if isinstance(error, errors.InvalidInput):
        field_errors = [{"field": error.field, "message": error.message}]
    return problem(
        status,
        code,
        error.detail,
        field_errors=field_errors,
        headers=_headers(error),
        balance_due=getattr(error, "balance_due", None),
        refundable_amount=getattr(error, "refundable_amount", None),
        refundable_tip=getattr(error, "refundable_tip", None),
        open_checks=getattr(error, "open_checks", None),
        check_paid=getattr(error, "check_paid", None) or None,
    )


def _headers(error: errors.DomainError) -> dict[str, str] | None:
    if isinstance(error, errors.Unauthenticated):
        return {"WWW-Authenticate": 'Bearer realm="brigade"'}
    if isinstance(error, errors.TooManyFailedAttempts):
        seconds = str(error.retry_after_seconds)
        limited = {"Retry-After": seconds, "RateLimit-Remaining": "0", "RateLimit-Reset": seconds}
        if error.limit is not None:
            limited["RateLimit-Limit"] = str(error.limit)
        return limited
    if isinstance(error, errors.SecretShownOnce) and error.created is not None:
        return {"Location": error.created}
    return None


async def _on_validation_error(_request: Request, error: RequestValidationError) -> JSONResponse:
    details = list(error.errors())
    if any(item.get("type") == "json_invalid" for item in details):
        return problem(400, "malformed_json", "The request body is not valid JSON.")
    field_errors = [
        {"field": _field_name(tuple(e["loc"])), "message": _message(e)}
        for e in details[:MAX_FIELD_ERRORS]
    ]
    summary = "; ".join(f"{e['field']}: {e['message']}" for e in field_errors[:5])
    more = len(details) - len(field_errors)
    return problem(
        422, "validation_failed", summary, field_errors=field_errors, more_errors=more or None
    )


async def _on_http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
    status = error.status_code
    code = HTTP_CODES.get(status, "error")
    detail = error.detail if isinstance(error.detail, str) else HTTPStatus(status).phrase
    if status == 404 and detail == "Not Found":
        detail = "No such resource or route."
    return problem(status, code, detail, headers=getattr(error, "headers", None))


async def _on_integrity_error(_request: Request, error: Exception) -> JSONResponse:
    # A uniqueness race the service's own checks could not see; the transaction rolled back.
    log.warning("integrity error mapped to 409: %s", error)
    return problem(409, "conflict", "The change conflicts with another one; retry it.")


async def _on_client_gone(_request: Request, _error: Exception) -> JSONResponse:
    # The client went away, or its body came too slowly (brigade/serving.py answered the 408
    # and closed): no one reads this answer, and it is no error of ours to log.
    return problem(408, "request_timeout", "The request's body did not arrive whole.")


async def _on_unexpected_error(request: Request, error: Exception) -> JSONResponse:
    log.exception(
        "unhandled error on %s %s (Request-Id %s)",
        request.method,
        request.url.path,
        current_request_id(),
        exc_info=error,
    )
    return problem(500, "internal_error", "An unexpected error occurred; it has been logged.")


def install_error_handlers(app: FastAPI) -> None:
    # FastAPI's own table, typed per error class (Starlette's add_exception_handler is not).
    app.exception_handlers.update(
        {
            errors.DomainError: _on_domain_error,
            RequestValidationError: _on_validation_error,
            StarletteHTTPException: _on_http_error,
            IntegrityError: _on_integrity_error,
            ClientDisconnect: _on_client_gone,
            Exception: _on_unexpected_error,
        }
    )

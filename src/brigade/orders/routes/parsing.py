"""What order routes read besides their bodies: the If-Match precondition, list date bounds."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated

from fastapi import Depends, Header
from pydantic import WithJsonSchema

from brigade.kit.errors import InvalidInput, InvalidPrecondition, NotFound, StaleVersion
from brigade.kit.http.types import to_utc
from brigade.orders.domain.errors import OrderClosed

# Parsed by `instant`: a date means its whole day, a date-time is an instant (naive is UTC).
DateOrDateTime = Annotated[
    str | None,
    WithJsonSchema(
        {"anyOf": [{"type": "string", "format": "date"}, {"type": "string", "format": "date-time"}]}
    ),
]

_VERSION_TAG = re.compile(r'(?:W/)?"?([0-9]{1,9})"?')
# What the OpenAPI states; enforced by _if_match below, not by FastAPI, so that a header that
# names no version is 400 `invalid_precondition` rather than a 422.
_IF_MATCH = r'^\s*(\*|(W/)?"?[0-9]{1,9}"?)\s*$'


async def _if_match(
    # A stale version is 412 (the service checks it); one that names no version is 400.
    if_match: Annotated[
        str | None,
        WithJsonSchema({"type": "string", "maxLength": 64, "pattern": _IF_MATCH}),
        Header(
            alias="If-Match",
            max_length=64,
            description='The order\'s ETag as last read (`"7"`): 412 `stale_version` if it has '
            "changed since, and nothing changes.",
        ),
    ] = None,
) -> int | None:
    if if_match is None or if_match.strip() == "*":
        return None
    matched = _VERSION_TAG.fullmatch(if_match.strip())
    if matched is None:
        raise InvalidPrecondition("If-Match must name one order version, as its ETag gives it")
    return int(matched.group(1))


IfMatchDep = Annotated[int | None, Depends(_if_match)]


def range_start(value: str | None, field: str) -> datetime | None:
    """`from`: the instant itself, or the start of the date's day (UTC); inclusive."""
    return _bound(value, field, day_after=False, instant_after=False)


def range_end(value: str | None, field: str) -> datetime | None:
    """`to`, as the exclusive instant it ends before: an instant excluded, a date's day
    included (the API guide, "Naming")."""
    return _bound(value, field, day_after=True, instant_after=False)


def inclusive_end(value: str | None, field: str) -> datetime | None:
    """The deprecated `endDate`, as an exclusive instant: its instant or its date's day
    included."""
    return _bound(value, field, day_after=True, instant_after=True)


def _bound(
    value: str | None, field: str, *, day_after: bool, instant_after: bool
) -> datetime | None:
    if value is None:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        pass
    else:
        start = datetime.combine(day, time(), tzinfo=UTC)
        return _shifted(start, timedelta(days=1) if day_after else timedelta(0), field)
    try:
        moment = to_utc(datetime.fromisoformat(value))
    except ValueError:
        raise InvalidInput(
            field, "must be a date (YYYY-MM-DD) or an ISO 8601 date-time in range"
        ) from None
    return _shifted(moment, timedelta(microseconds=1) if instant_after else timedelta(0), field)


def _shifted(moment: datetime, by: timedelta, field: str) -> datetime:
    try:
        return moment + by
    except OverflowError:
        raise InvalidInput(field, "is out of range") from None


# Errors every change to an existing order can answer with.
CHANGE_ERRORS = (NotFound, StaleVersion, OrderClosed)

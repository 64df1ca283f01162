"""Field types shared by request and response schemas."""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Annotated, Any

from annotated_types import Interval
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    Strict,
    StringConstraints,
    WithJsonSchema,
    model_validator,
)
from pydantic.alias_generators import to_camel

from brigade.kit import money
from brigade.kit.currencies import ISO_4217


def _character_class(code_points: list[int]) -> str:
    """Regex class ranges (``\\u200b-\\u200f``...) for sorted BMP code points."""
    ranges: list[list[int]] = []
    for point in code_points:
        if ranges and ranges[-1][1] == point - 1:
            ranges[-1][1] = point
        else:
            ranges.append([point, point])
    return "".join(
        f"\\u{first:04x}" + (f"-\\u{last:04x}" if last > first else "") for first, last in ranges
    )


# Control characters and lone surrogates (which no database can store as text).
_BANNED = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f"
_BANNED_CHARACTER = re.compile(f"[{_BANNED}]")
# Embeddings, overrides and isolates: they would flip the text after them on tickets and receipts.
_BIDI_CONTROLS = r"\u202a-\u202e\u2066-\u2069"
_BIDI_CONTROL = re.compile(f"[{_BIDI_CONTROLS}]")
# What prints as nothing: format characters (zero-width space, BOM, ...) and the blank fillers.
_INVISIBLE = _character_class(
    sorted(
        [point for point in range(0x10000) if unicodedata.category(chr(point)) == "Cf"]
        + [0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0]
    )
)
_VISIBLE_CHARACTER = re.compile(rf"[^\s{_BANNED}{_INVISIBLE}]")
# The same rules as JSON Schema patterns, so the OpenAPI describes exactly what is accepted.
ANY_TEXT = f"^[^{_BANNED}]*$"
_ALLOWED = f"[^{_BANNED}{_BIDI_CONTROLS}]"
_SOME_VISIBLE = rf"{_ALLOWED}*[^\s{_BANNED}{_INVISIBLE}]{_ALLOWED}*"
_DISPLAY_TEXT = rf"^(?:[^\S{_BANNED}]*|{_SOME_VISIBLE})$"  # blank trims to empty
_NON_BLANK_TEXT = f"^{_SOME_VISIBLE}$"


class RequestModel(BaseModel):
    """camelCase in, unknown fields refused (no mass assignment), strings trimmed."""

    model_config = ConfigDict(
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        extra="forbid",
    )

    @model_validator(mode="before")
    @classmethod
    def _json_object(cls, data: Any) -> Any:
        # FastAPI validates with from_attributes, which read a bare 1.5 or true as {}.
        if not isinstance(data, dict | BaseModel):
            raise ValueError("must be a JSON object")
        return data


class ResponseModel(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        serialize_by_alias=True,
    )


def omittable(**kwargs: Any) -> Any:
    """An optional field that may be left out but not sent as null (its type is not nullable)."""
    return Field(default=None, validate_default=False, **kwargs)


def _clean_text(*, non_blank: bool) -> AfterValidator:
    def clean(value: str) -> str:
        if _BANNED_CHARACTER.search(value):
            raise ValueError("must not contain control characters")
        if _BIDI_CONTROL.search(value):
            raise ValueError("must not contain bidirectional control characters")
        value = value.strip()
        if non_blank and not value:
            raise ValueError("must not be blank")
        if value and not _VISIBLE_CHARACTER.search(value):
            raise ValueError("must contain a visible character")
        return value

    return AfterValidator(clean)


def _number(parse: Any) -> Any:
    def validate(value: object) -> Decimal:
        try:
            return parse(value)  # type: ignore[no-any-return]
        except money.InvalidNumber as error:
            raise ValueError(str(error)) from None

    return BeforeValidator(validate)


def Text(max_length: int, *, min_length: int = 0) -> Any:
    """A display string, at most ``max_length`` as sent, then trimmed: no control or
    bidirectional control characters, and empty or with something visible (docs/design.md §3).

    ``min_length`` >= 1 means "not blank": something must remain after trimming.
    """
    non_blank = min_length > 0
    return Annotated[
        str,
        StringConstraints(min_length=min_length, max_length=max_length),
        Field(json_schema_extra={"pattern": _NON_BLANK_TEXT if non_blank else _DISPLAY_TEXT}),
        _clean_text(non_blank=non_blank),
    ]


_WHOLE_NUMBER_CEILING = 10**18


def _whole_number(value: object) -> int:
    # JSON Schema counts 3.0 as an integer; "3" and true are not numbers at all.
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ValueError("must be a whole number")
    if isinstance(value, Decimal) and (not value.is_finite() or value != value.to_integral_value()):
        raise ValueError("must be a whole number")
    # int() of 1e999999999 would build a billion-digit integer (and abs() would overflow).
    if not -_WHOLE_NUMBER_CEILING < value < _WHOLE_NUMBER_CEILING:
        raise ValueError("is out of range")
    return int(value)


def WholeNumber(minimum: int, maximum: int) -> Any:
    """An integer in [minimum, maximum], given as a JSON number with no fraction."""
    return Annotated[int, Interval(ge=minimum, le=maximum), BeforeValidator(_whole_number)]


# A JSON true or false; "true", 1 and "yes" are refused.
Flag = Annotated[bool, Strict()]

Name = Text(200, min_length=1)
ShortText = Text(64)
LongText = Text(2000)
# Why a void, cancellation, discount or 86 happened: kept in the audit log.
Reason = Text(500, min_length=1)
Url = Text(2048)

_money_schema = {
    "type": "number",
    "minimum": 0,
    "maximum": float(money.MAX_AMOUNT),
    "multipleOf": 0.01,
}
MoneyIn = Annotated[Decimal, _number(money.parse_amount), WithJsonSchema(_money_schema)]
PositiveMoneyIn = Annotated[
    Decimal,
    _number(lambda value: money.parse_amount(value, allow_zero=False)),
    WithJsonSchema({**_money_schema, "minimum": 0.01}),
]
RateIn = Annotated[
    Decimal,
    _number(money.parse_rate),
    WithJsonSchema({"type": "number", "minimum": 0, "maximum": 1, "multipleOf": 0.000001}),
]
StockIn = Annotated[
    Decimal,
    _number(lambda value: money.parse_quantity(value, allow_zero=True)),
    WithJsonSchema({"type": "number", "minimum": 0, "maximum": 9999, "multipleOf": 0.001}),
]
StockChangeIn = Annotated[
    Decimal,
    _number(money.parse_stock_change),
    WithJsonSchema(
        {
            "type": "number",
            "minimum": -9999,
            "maximum": 9999,
            "multipleOf": 0.001,
            "not": {"const": 0},
        }
    ),
]
QuantityIn = Annotated[
    Decimal,
    _number(money.parse_quantity),
    WithJsonSchema({"type": "number", "exclusiveMinimum": 0, "maximum": 9999, "multipleOf": 0.001}),
]


class _SecretMarker:
    """Marks a response field holding a secret (kit/http/routing.py acts on it)."""


SECRET = _SecretMarker()
# A secret in an answer (a new token): the answer is never stored, by the retry store or by any
# cache (Cache-Control: no-store), and a retry of its request does not show it again.
Secret = Annotated[
    str, SECRET, Field(description="Shown only in this answer: store it now, it is not kept.")
]


def holds_secret(model: object) -> bool:
    """Whether a response model has a ``Secret`` field."""
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return False
    return any(SECRET in field.metadata for field in model.model_fields.values())


# JSON numbers out. float() of a Decimal with ≤ 2 places is the nearest double,
# whose shortest representation is exactly those digits: no amount changes.
_as_number = PlainSerializer(float, return_type=float, when_used="json")
Money = Annotated[Decimal, _as_number]
Number = Annotated[Decimal, _as_number]


def to_utc(value: datetime) -> datetime:
    """An instant in UTC (naive means UTC); 422 when it falls outside the calendar."""
    try:
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    except OverflowError:
        raise ValueError("is out of range") from None


_NUMBER = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*")


def _not_a_number(value: object) -> object:
    # Pydantic reads a number, or a query value made of digits, as Unix time: not a date-time.
    if isinstance(value, int | float | Decimal) or (
        isinstance(value, str) and _NUMBER.fullmatch(value)
    ):
        raise ValueError("must be an ISO 8601 date-time")
    return value


# A date-time given by a client, as UTC.
UtcInstant = Annotated[datetime, BeforeValidator(_not_a_number), AfterValidator(to_utc)]

# The business days a report or a checkout can compute in every timezone: a day's window ends
# where the next one starts, which the calendar's last day (9999-12-31) has not (a 500 once),
# and the first days' starts fall before year 1 east of UTC. No restaurant sold before 1900.
FIRST_BUSINESS_DAY = date(1900, 1, 1)
LAST_BUSINESS_DAY = date(9998, 12, 31)
_BUSINESS_DAY_PATTERN = r"^(19\d\d|[2-8]\d{3}|9[0-8]\d\d|99[0-8]\d|999[0-8])-\d\d-\d\d$"


def _a_day(value: object) -> object:
    # A business day is YYYY-MM-DD; pydantic would also read a number as a Unix time.
    if not isinstance(value, str) or len(value) != len("2026-01-31"):
        raise ValueError("must be a date, YYYY-MM-DD")
    return value


def _computable(day: date) -> date:
    if not FIRST_BUSINESS_DAY <= day <= LAST_BUSINESS_DAY:
        raise ValueError(f"must be between {FIRST_BUSINESS_DAY} and {LAST_BUSINESS_DAY}")
    return day


BusinessDay = Annotated[
    date,
    BeforeValidator(_a_day),
    AfterValidator(_computable),
    WithJsonSchema({"type": "string", "format": "date", "pattern": _BUSINESS_DAY_PATTERN}),
]


def utc_z(value: datetime) -> str:
    """An instant as an answer shows it: ISO 8601 in UTC, with Z."""
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


Timestamp = Annotated[
    datetime,
    PlainSerializer(utc_z, return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]


# An IANA name's shape; which names exist is the host's tz database (checked by the domain,
# 422 otherwise). Not an enum: its ~600 names include aliases (GMT+0, GMT-0, GMT0) that client
# generators cannot tell apart, and the list varies with the tz database.
TimezoneName = Annotated[
    str,
    StringConstraints(max_length=64),
    WithJsonSchema({"type": "string", "maxLength": 64, "pattern": r"^[A-Za-z][A-Za-z0-9_+\-/]*$"}),
]
# The schema lists every accepted currency, so what it describes is exactly what is accepted.
CurrencyCode = Annotated[
    str,
    StringConstraints(max_length=3),
    WithJsonSchema({"type": "string", "enum": sorted(ISO_4217)}),
]

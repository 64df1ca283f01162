"""Field types shared by request and response schemas."""

from __future__ import annotations

import re
from datetime import UTC, datetime
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
)
from pydantic.alias_generators import to_camel

from brigade.domain import money

# Control characters and lone surrogates (which no database can store as text).
_BANNED = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f"
_BANNED_CHARACTER = re.compile(f"[{_BANNED}]")
# The same rules as JSON Schema patterns, so the OpenAPI describes exactly what is accepted.
ANY_TEXT = f"^[^{_BANNED}]*$"
_NON_BLANK_TEXT = rf"^[^{_BANNED}]*[^\s{_BANNED}][^{_BANNED}]*$"


class RequestModel(BaseModel):
    """camelCase in, unknown fields refused (no mass assignment), strings trimmed."""

    model_config = ConfigDict(
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        extra="forbid",
    )


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
        value = value.strip()
        if non_blank and not value:
            raise ValueError("must not be blank")
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
    """A string without control characters, at most ``max_length`` as sent, then trimmed.

    ``min_length`` >= 1 means "not blank": something must remain after trimming.
    """
    non_blank = min_length > 0
    return Annotated[
        str,
        StringConstraints(min_length=min_length, max_length=max_length),
        Field(json_schema_extra={"pattern": _NON_BLANK_TEXT if non_blank else ANY_TEXT}),
        _clean_text(non_blank=non_blank),
    ]


def _whole_number(value: object) -> int:
    # JSON Schema counts 3.0 as an integer; "3" and true are not numbers at all.
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ValueError("must be a whole number")
    if isinstance(value, Decimal) and (not value.is_finite() or value != value.to_integral_value()):
        raise ValueError("must be a whole number")
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
QuantityIn = Annotated[
    Decimal,
    _number(money.parse_quantity),
    WithJsonSchema({"type": "number", "exclusiveMinimum": 0, "maximum": 9999, "multipleOf": 0.001}),
]

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


_ISO_DATE_START = re.compile(r"^\d{4}-\d{2}-\d{2}")


def _iso_date_time(value: object) -> object:
    # Pydantic would take a number ("-1.5e-38" in a query) as a Unix time: not a date-time.
    if isinstance(value, datetime) or (isinstance(value, str) and _ISO_DATE_START.match(value)):
        return value
    raise ValueError("must be an ISO 8601 date-time")


# A date-time given by a client, as UTC.
UtcInstant = Annotated[datetime, BeforeValidator(_iso_date_time), AfterValidator(to_utc)]


def _utc_z(value: datetime) -> str:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


Timestamp = Annotated[
    datetime,
    PlainSerializer(_utc_z, return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]

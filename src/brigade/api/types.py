"""Field types shared by request and response schemas."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    StringConstraints,
    WithJsonSchema,
)
from pydantic.alias_generators import to_camel

from brigade.domain import money

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class RequestModel(BaseModel):
    """camelCase in, unknown fields refused (no mass assignment), strings trimmed."""

    model_config = ConfigDict(
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        extra="forbid",
        str_strip_whitespace=True,
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


def _no_control_characters(value: str) -> str:
    if _CONTROL.search(value):
        raise ValueError("must not contain control characters")
    return value


def _number(parse: Any) -> Any:
    def validate(value: object) -> Decimal:
        try:
            return parse(value)  # type: ignore[no-any-return]
        except money.InvalidNumber as error:
            raise ValueError(str(error)) from None

    return BeforeValidator(validate)


def Text(max_length: int, *, min_length: int = 0) -> Any:
    """A trimmed string without control characters, bounded in length."""
    return Annotated[
        str,
        StringConstraints(strip_whitespace=True, min_length=min_length, max_length=max_length),
        AfterValidator(_no_control_characters),
    ]


Name = Text(200, min_length=1)
ShortText = Text(64)
LongText = Text(2000)
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
    WithJsonSchema({"type": "number", "minimum": 0, "maximum": 1}),
]
StockIn = Annotated[
    Decimal,
    _number(lambda value: money.parse_quantity(value, allow_zero=True)),
    WithJsonSchema({"type": "number", "minimum": 0, "maximum": 9999}),
]
QuantityIn = Annotated[
    Decimal,
    _number(money.parse_quantity),
    WithJsonSchema({"type": "number", "exclusiveMinimum": 0, "maximum": 9999}),
]

# JSON numbers out. float() of a Decimal with ≤ 2 places is the nearest double,
# whose shortest representation is exactly those digits: no amount changes.
_as_number = PlainSerializer(float, return_type=float, when_used="json")
Money = Annotated[Decimal, _as_number]
Number = Annotated[Decimal, _as_number]


def _utc_z(value: datetime) -> str:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


Timestamp = Annotated[
    datetime,
    PlainSerializer(_utc_z, return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "format": "date-time"}),
]

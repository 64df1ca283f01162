"""The API kit: the answer shapes, query parameters and request helpers every resource shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, Generic, Protocol, Self, TypeVar
from uuid import UUID

from fastapi import Query
from pydantic import BaseModel, Field

from brigade.kit import money
from brigade.kit.changes import UNSET, Change
from brigade.kit.cursor import Cursor
from brigade.kit.http.deps import Pagination
from brigade.kit.http.types import Money, ResponseModel, UtcInstant

Item = TypeVar("Item")
Answer = TypeVar("Answer", bound=BaseModel)
T = TypeVar("T")

# `?locationId=`: locations belong to another system, so it is an opaque id, filtered on.
LocationQuery = Annotated[
    UUID | None,
    Query(alias="locationId", description="Only what belongs to this location (its `id`)."),
]
# One location's state (its board, its journal, its Z reports): it must be named.
AtLocationQuery = Annotated[
    UUID, Query(alias="locationId", description="The location (its `id`) the answer is about.")
]
# A create's location, for a body that names none.
NewAtLocationQuery = Annotated[
    UUID | None,
    Query(
        alias="locationId",
        description="The location the new one belongs to, when the body names none "
        "(its `locationId`).",
    ),
]
# `?from=&to=`: a window of time, from inclusive, to exclusive.
FromQuery = Annotated[
    UtcInstant | None,
    Query(alias="from", description="The window's start, inclusive (naive is UTC)."),
]
ToQuery = Annotated[
    UtcInstant | None, Query(alias="to", description="The window's end, exclusive (naive is UTC).")
]


class Page(ResponseModel, Generic[Item]):
    """One page of a list: ``{data, total, page, limit}``.

    Name each kind with a one-line subclass (``class ProductPage(Page[ProductSummary])``): the
    OpenAPI then calls it ``ProductPage`` rather than ``Page_ProductSummary_``.
    """

    data: list[Item] = Field(description="This page's rows, in the list's order")
    total: int = Field(
        description="How many rows the list holds over all its pages (its filters applied)"
    )
    page: int = Field(description="This page's number, from 1")
    limit: int = Field(description="The most rows a page holds (the request's `limit`)")

    @classmethod
    def of(cls, records: Sequence[Any], total: int, pagination: Pagination) -> Self:
        """The page holding ``records`` (domain records, shaped by their attributes)."""
        return cls.model_validate(pagination.page_of(list(records), total), from_attributes=True)


class CursorPage(Page[Item], Generic[Item]):
    """A page of a list also read by cursor: ``nextCursor`` reads on after its last row (null
    when the page is not full: nothing follows)."""

    next_cursor: str | None = Field(
        description="Send as `cursor` to read the rows after this page's last; null when the "
        "page is not full (nothing follows)"
    )

    @classmethod
    def after(
        cls,
        records: Sequence[Any],
        total: int,
        pagination: Pagination,
        cursor_of: Callable[[Any], Cursor],
    ) -> Self:
        """The page holding ``records``; ``cursor_of`` tells a record's place in the list."""
        full = len(records) == pagination.limit
        next_cursor = cursor_of(records[-1]).encode() if full and records else None
        answer = pagination.page_of(list(records), total) | {"next_cursor": next_cursor}
        return cls.model_validate(answer, from_attributes=True)


def shaped(model: type[Answer], record: object) -> Answer:
    """The answer ``model`` for a domain record, read from its attributes."""
    return model.model_validate(record, from_attributes=True)


class ModifierOut(ResponseModel):
    """A modifier chosen on a line, as it was when the line was rung up."""

    modifier_option_id: UUID = Field(description="The MODIFIER product chosen")
    name: str = Field(description="Its name as rung up (what the ticket and receipt print)")
    price: Money = Field(
        description="What it adds to one unit of the line, in the order's currency; tax as the "
        "order's taxMode says (on top when EXCLUSIVE, included when INCLUSIVE)"
    )


class StaffRef(ResponseModel):
    """Who did it: ``staffId`` is null for the bootstrap admin token and with auth off."""

    staff_id: UUID | None = Field(
        description="The staff member; null for the bootstrap admin token and with auth off"
    )
    name: str = Field(description="Their name as it was when they did it")


# An order number as a client may give it: as shown (`#1001`), or its digits.
ORDER_NUMBER_PATTERN = r"^#?[0-9]{1,9}$"


def order_number(number: int) -> str:
    return f"#{number}"


class ChosenModifier(Protocol):
    """A modifier as a line carries it (an order item's, a kitchen ticket's)."""

    @property
    def modifier_option_id(self) -> UUID: ...

    @property
    def name(self) -> str: ...

    @property
    def price_cents(self) -> int: ...


def modifiers_out(modifiers: Sequence[ChosenModifier]) -> list[ModifierOut]:
    return [
        ModifierOut(
            modifier_option_id=m.modifier_option_id,
            name=m.name,
            price=money.from_cents(m.price_cents),
        )
        for m in modifiers
    ]


def staff_ref(staff_id: UUID | None, name: str | None) -> StaffRef | None:
    # None where nobody was recorded: before staff were, or nobody did it yet.
    return None if name is None else StaffRef(staff_id=staff_id, name=name)


class DeleteResult(ResponseModel):
    success: bool = Field(description="Always true: a deletion that fails answers a problem")
    message: str = Field(
        description="What was done, for a person (`Product <id> deleted`; `... archived` when "
        "it was kept for what names it)"
    )

    @classmethod
    def deleted(cls, what: str, id_: UUID) -> DeleteResult:
        return cls(success=True, message=f"{what} {id_} deleted")


def given(request: BaseModel, field: str, value: T) -> Change[T]:
    """``value`` if the request carried ``field`` (null included), else UNSET: what a partial
    change needs to tell "leave it" from "clear it". ``field`` is the attribute's name."""
    if field not in type(request).model_fields:
        raise KeyError(f"{type(request).__name__} has no field {field!r}")
    return value if field in request.model_fields_set else UNSET

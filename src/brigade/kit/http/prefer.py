"""`Prefer: return=representation` (RFC 7240) on an action: the client asks for the resource
the action changed in its answer, beside the action's own outcome, so a tap needs no read
after its write. Every action that answers an outcome rather than its resource takes it (the
API guide, "Actions"); a DELETE does not: what it deleted has no representation."""

# No `from __future__ import annotations`: the header's annotation is read by FastAPI, and a
# string annotation could not see `carries`, local to `preference`.

from collections.abc import Callable, Coroutine, Mapping
from functools import cache
from typing import Annotated, Any

from fastapi import Header, Response
from pydantic import BaseModel, Field, create_model

from brigade.kit.http.json_answers import json_answer

REPRESENTATION = "return=representation"
APPLIED_HEADER = "Preference-Applied"


def asks_representation(prefer: str | None) -> bool:
    if not prefer:
        return False
    # Preferences are comma separated, each with optional "; parameters"; tokens are
    # case-insensitive.
    asked = (preference.split(";")[0].replace(" ", "").lower() for preference in prefer.split(","))
    return REPRESENTATION in asked


def preference(carries: str) -> Callable[..., Coroutine[Any, Any, bool]]:
    """The dependency that reads `Prefer` for an action whose answer can also carry
    ``carries`` (as its OpenAPI says: "the answer also carries ``carries``")."""

    async def wants_representation(
        prefer: Annotated[
            str | None,
            Header(
                alias="Prefer",
                max_length=200,
                description=f"`return=representation`: the answer also carries {carries} "
                "(`Preference-Applied` says so).",
            ),
        ] = None,
    ) -> bool:
        return asks_representation(prefer)

    return wants_representation


@cache
def with_representation(
    answer: type[BaseModel], field: str, represented: Any, description: str
) -> type[BaseModel]:
    """The OpenAPI's model of ``answer`` with its ``field``: null unless it was asked for."""
    carried: Any = (
        represented | None,
        Field(default=None, description=f"{description}: only with `Prefer: {REPRESENTATION}`."),
    )
    return create_model(
        f"{answer.__name__}With{field.title()}", __base__=answer, **{field: carried}
    )


def answered_with(
    answer: type[BaseModel], field: str, represented: Any, description: str, *statuses: int
) -> dict[int | str, Any]:
    """`responses=` entries: the route's ``answer`` as the OpenAPI shows it, with ``field``."""
    model = with_representation(answer, field, represented, description)
    return {status: {"model": model} for status in statuses or (200,)}


def represented(
    answer: BaseModel,
    field: str,
    representation: Any,
    *,
    status_code: int = 200,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """``answer`` with the resource's JSON ``representation`` as its ``field``, saying so."""
    body = answer.model_dump(mode="json", by_alias=True) | {field: representation}
    applied = {**(headers or {}), APPLIED_HEADER: REPRESENTATION}
    return json_answer(body, status_code=status_code, headers=applied)

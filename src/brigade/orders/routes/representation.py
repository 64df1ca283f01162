"""What order writes answer beyond their own fields (docs/design.md §16): the whole order
after the write when the client prefers it, and what an id the client made has made."""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar
from uuid import UUID

from fastapi import Request, Response
from pydantic import BaseModel, Field, create_model

from brigade.kit.access import Actor
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.http.idempotency import request_hash
from brigade.kit.http.json_answers import json_answer
from brigade.kit.http.prefer import APPLIED_HEADER, REPRESENTATION
from brigade.orders import service
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.records import ClientMade, MadeKind
from brigade.orders.schemas import OrderDetail
from brigade.orders.shaping import detail_json

Answer = TypeVar("Answer", bound=BaseModel)

# The headers a write's answer keeps when it is answered with the order.
_KEPT_HEADERS = ("etag", "location")


@cache
def _with_order(answer: type[BaseModel]) -> type[BaseModel]:
    order_field: Any = (
        OrderDetail | None,
        Field(
            default=None,
            description="The whole order after the write: only with "
            "`Prefer: return=representation`.",
        ),
    )
    return create_model(f"{answer.__name__}WithOrder", __base__=answer, order=order_field)


def answered_with_order(answer: type[BaseModel], *statuses: int) -> dict[int | str, Any]:
    """`responses=` entries: the route's answer as the OpenAPI shows it, with `order`."""
    return {status: {"model": _with_order(answer)} for status in statuses or (200,)}


async def written(
    uow: UnitOfWork,
    staff: Actor,
    answer: Answer,
    order: Order,
    response: Response,
    *,
    wants_order: bool,
    status_code: int = 200,
) -> Answer | Response:
    """The write's ``answer``; with ``wants_order``, the whole ``order`` beside its fields (read
    again in the write's transaction when the write loaded only the items it needed)."""
    response.status_code = status_code
    if not wants_order:
        return answer
    whole = order if order.is_whole else await service.get_order(uow, staff, order.id)
    body = answer.model_dump(mode="json", by_alias=True) | {"order": detail_json(whole, staff.role)}
    kept = {name: response.headers[name] for name in _KEPT_HEADERS if name in response.headers}
    return json_answer(
        body, status_code=status_code, headers=kept | {APPLIED_HEADER: REPRESENTATION}
    )


async def client_made(
    request: Request, kind: MadeKind, made_id: UUID | None, order_id: UUID | None = None
) -> ClientMade | None:
    """What the client's id ``made_id`` makes by this request (None: the server makes the id);
    an order's own id is its ``order_id``."""
    if made_id is None:
        return None
    return ClientMade(made_id, kind, order_id or made_id, await request_hash(request))

"""What order writes answer beyond their own fields (docs/design.md §16): the whole order
after the write when the client prefers it, and what an id the client made has made."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar
from uuid import UUID

from fastapi import Depends, Request, Response
from pydantic import BaseModel

from brigade.kit.access import Actor
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.http.idempotency import request_hash
from brigade.kit.http.prefer import answered_with, preference, represented
from brigade.orders import service
from brigade.orders.domain.aggregate import Order
from brigade.orders.domain.records import ClientMade, MadeKind
from brigade.orders.schemas import OrderDetail
from brigade.orders.shaping import detail_json

Answer = TypeVar("Answer", bound=BaseModel)

# The headers a write's answer keeps when it is answered with the order.
_KEPT_HEADERS = ("etag", "location")
_ORDER = "The whole order after the write"

# `Prefer` on an order's action.
PreferDep = Annotated[bool, Depends(preference("`order`, the whole order after the write"))]


def answered_with_order(answer: type[BaseModel], *statuses: int) -> dict[int | str, Any]:
    """`responses=` entries: the route's answer as the OpenAPI shows it, with `order`."""
    return answered_with(answer, "order", OrderDetail, _ORDER, *statuses)


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
    kept = {name: response.headers[name] for name in _KEPT_HEADERS if name in response.headers}
    return represented(
        answer, "order", detail_json(whole, staff.role), status_code=status_code, headers=kept
    )


async def client_made(
    request: Request, kind: MadeKind, made_id: UUID | None, order_id: UUID | None = None
) -> ClientMade | None:
    """What the client's id ``made_id`` makes by this request (None: the server makes the id);
    an order's own id is its ``order_id``."""
    if made_id is None:
        return None
    return ClientMade(made_id, kind, order_id or made_id, await request_hash(request))

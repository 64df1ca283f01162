"""The route class every Brigade endpoint uses.

It parses JSON numbers as ``Decimal`` (so 0.1 arrives as exactly 0.1, never a
float) and runs the endpoint inside one unit of work: committed when the
endpoint returns, rolled back when anything raises. A POST carrying an
``Idempotency-Key`` is claimed and its answer stored in that same unit of work.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from decimal import Decimal
from typing import Annotated, Any

from fastapi import Depends, Header, Request, Response
from fastapi.routing import APIRoute

from brigade.api import idempotency
from brigade.db.engine import Database

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class DecimalJSONRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            # NaN/Infinity come through as floats and are refused by validation (422).
            self._json = json.loads(await self.body(), parse_float=Decimal)
        return self._json


async def _declare_idempotency_key(
    key: Annotated[
        str | None,
        Header(
            alias=idempotency.HEADER,
            pattern=idempotency.KEY_PATTERN,
            description="Retry-safe POST: the same key and body replays the first answer "
            f"(at most {idempotency.MAX_KEY_LENGTH} characters, kept 24 h).",
        ),
    ] = None,
) -> None:
    """Declares the header in the OpenAPI; the route handler below acts on it."""


class BrigadeRoute(APIRoute):
    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        if "POST" in (kwargs.get("methods") or ()):
            declared = list(kwargs.get("dependencies") or [])
            kwargs["dependencies"] = [*declared, Depends(_declare_idempotency_key)]
        super().__init__(path, endpoint, **kwargs)

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        endpoint = super().get_route_handler()

        async def handle(request: Request) -> Response:
            request = DecimalJSONRequest(request.scope, request.receive)
            database: Database = request.app.state.database
            async with database.unit_of_work(write=request.method not in SAFE_METHODS) as uow:
                request.state.uow = uow
                key = request.headers.get(idempotency.HEADER)
                if key is None or request.method != "POST":
                    return await endpoint(request)
                return await idempotency.run_idempotently(uow, request, key, endpoint)

        return handle

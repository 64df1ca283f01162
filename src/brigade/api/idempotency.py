"""`Idempotency-Key` on POST: a retried request replays the first answer instead of acting twice.

The key is claimed and the answer stored inside the request's own unit of work, so
the key exists exactly when the effect does, and every worker and host sees it.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

from fastapi import Request, Response

from brigade.db.engine import UnitOfWork
from brigade.db.idempotency import IdempotencyRepository, KeyBusy, KeyIdentity
from brigade.domain.access import Actor
from brigade.domain.errors import IdempotencyKeyInUse, IdempotencyKeyReused, InvalidInput

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 255
KEY_PATTERN = rf"^[\x20-\x7e]{{1,{MAX_KEY_LENGTH}}}$"
_VALID_KEY = re.compile(KEY_PATTERN)
KEEP_FOR = timedelta(hours=24)
REPLAYED_HEADERS = ("content-type", "location", "etag")
# Expired keys are swept by a small share of requests rather than by a separate job.
PURGE_PROBABILITY = 0.01


def caller_of(request: Request) -> str:
    actor: Actor | None = getattr(request.state, "actor", None)
    return actor.caller_key if actor is not None else "anonymous"


async def run_idempotently(
    uow: UnitOfWork,
    request: Request,
    key: str,
    endpoint: Callable[[Request], Awaitable[Response]],
) -> Response:
    if not _VALID_KEY.match(key):
        raise InvalidInput(HEADER, f"must be 1 to {MAX_KEY_LENGTH} printable ASCII characters")
    body = await request.body()
    request_hash = hashlib.sha256(body).hexdigest()
    identity = KeyIdentity(caller_of(request), f"{request.method} {request.url.path}", key)
    repository = IdempotencyRepository(uow)
    now = datetime.now(UTC)
    if random.random() < PURGE_PROBABILITY:
        await repository.purge_expired(now)
    try:
        stored = await repository.claim(identity, request_hash, now=now, expires_at=now + KEEP_FOR)
    except KeyBusy:
        raise IdempotencyKeyInUse("A request with this Idempotency-Key is still running") from None
    if stored is None:
        response = await endpoint(request)
        headers = {
            name: response.headers[name] for name in REPLAYED_HEADERS if name in response.headers
        }
        await repository.store_answer(identity, response.status_code, bytes(response.body), headers)
        return response
    if stored.request_hash != request_hash:
        raise IdempotencyKeyReused("This Idempotency-Key was used with another request body")
    if stored.status_code is None or stored.body is None:
        raise IdempotencyKeyInUse("A request with this Idempotency-Key is still running")
    return Response(
        content=stored.body,
        status_code=stored.status_code,
        headers=stored.headers | {"Idempotent-Replayed": "true"},
    )

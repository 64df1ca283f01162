"""Idempotency keys: claim one for a request, and keep its answer, in the request's unit of work.

The key exists exactly when the effect does, and every worker and host sees it. What an
answer is (status, body, headers) is the API's business; here it is only kept and compared.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta

from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.idempotency import IdempotencyRepository, KeyBusy, KeyIdentity
from brigade.kit.errors import IdempotencyKeyInUse, IdempotencyKeyReused

__all__ = ["KEEP_FOR", "KeptAnswer", "KeyIdentity", "claim", "keep_answer"]


@dataclass(frozen=True, slots=True)
class KeptAnswer:
    status_code: int
    body: bytes
    headers: dict[str, str]


KEEP_FOR = timedelta(hours=24)
# Expired keys are swept by a small share of requests rather than by a separate job.
PURGE_PROBABILITY = 0.01


async def claim(uow: UnitOfWork, identity: KeyIdentity, request_hash: str) -> KeptAnswer | None:
    """Claim the key for this request (None: go ahead and act), or the answer an earlier
    request with the same key and body stored.

    A concurrent request with the same key waits for the first one's transaction; the same
    key with another body is IdempotencyKeyReused, one still running IdempotencyKeyInUse.
    """
    repository = IdempotencyRepository(uow)
    at = now()
    if random.random() < PURGE_PROBABILITY:
        await repository.purge_expired(at)
    try:
        stored = await repository.claim(identity, request_hash, now=at, expires_at=at + KEEP_FOR)
    except KeyBusy:
        raise IdempotencyKeyInUse("A request with this Idempotency-Key is still running") from None
    if stored is None:
        return None
    if stored.request_hash != request_hash:
        raise IdempotencyKeyReused("This Idempotency-Key was used with another request body")
    if stored.status_code is None or stored.body is None:
        raise IdempotencyKeyInUse("A request with this Idempotency-Key is still running")
    return KeptAnswer(stored.status_code, stored.body, stored.headers)


async def keep_answer(uow: UnitOfWork, identity: KeyIdentity, answer: KeptAnswer) -> None:
    """Keep the answer of the request that claimed the key, for its retries to replay."""
    await IdempotencyRepository(uow).store_answer(
        identity, answer.status_code, answer.body, answer.headers
    )

"""`Idempotency-Key` on POST: a retried request replays the first answer instead of acting twice.

The key is claimed and the answer kept inside the request's own unit of work
(services/idempotency.py), so the key exists exactly when the effect does.

An answer marked ``Cache-Control: no-store`` carries a secret (a new token): it is never kept.
Only where its effect is (``Location``) is, and a retry with its key gets 409
``secret_shown_once`` pointing there instead of the secret again.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Awaitable, Callable, Mapping

from fastapi import Request, Response

from brigade.domain.access import Actor
from brigade.domain.errors import InvalidInput, SecretShownOnce
from brigade.services import idempotency
from brigade.services.idempotency import KeptAnswer, KeyIdentity

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 255
KEY_PATTERN = rf"^[\x20-\x7e]{{1,{MAX_KEY_LENGTH}}}$"
_VALID_KEY = re.compile(KEY_PATTERN)
REPLAYED_HEADERS = ("content-type", "location", "etag")
SECRET_ANSWER_HEADERS = ("cache-control", "location")
NO_STORE = "no-store"


def caller_of(request: Request) -> str:
    actor: Actor | None = getattr(request.state, "actor", None)
    return actor.caller_key if actor is not None else "anonymous"


def _is_secret(headers: Mapping[str, str]) -> bool:
    return NO_STORE in headers.get("cache-control", "")


async def run_idempotently(
    request: Request, key: str, endpoint: Callable[[Request], Awaitable[Response]]
) -> Response:
    if not _VALID_KEY.match(key):
        raise InvalidInput(HEADER, f"must be 1 to {MAX_KEY_LENGTH} printable ASCII characters")
    uow = request.state.uow
    request_hash = hashlib.sha256(await request.body()).hexdigest()
    identity = KeyIdentity(caller_of(request), f"{request.method} {request.url.path}", key)
    kept = await idempotency.claim(uow, identity, request_hash)
    if kept is None:
        response = await endpoint(request)
        await idempotency.keep_answer(uow, identity, _to_keep(response))
        return response
    if _is_secret(kept.headers):
        raise SecretShownOnce(
            "The request with this Idempotency-Key succeeded, and the secret in its answer is "
            "shown only once. If it was lost, revoke what was created (Location) and create "
            "another with a new key.",
            created=kept.headers.get("location"),
        )
    return Response(
        content=kept.body,
        status_code=kept.status_code,
        headers=kept.headers | {"Idempotent-Replayed": "true"},
    )


def _to_keep(response: Response) -> KeptAnswer:
    """The answer for retries to replay; of a secret's answer, only where its effect is."""
    secret = _is_secret(response.headers)
    names = SECRET_ANSWER_HEADERS if secret else REPLAYED_HEADERS
    headers = {name: response.headers[name] for name in names if name in response.headers}
    return KeptAnswer(response.status_code, b"" if secret else bytes(response.body), headers)

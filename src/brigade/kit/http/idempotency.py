"""`Idempotency-Key` on POST (and on a DELETE with a body): a retried request replays the first
answer instead of acting twice. Bodies are compared as JSON values: whitespace, key order or
``1.50`` for ``1.5`` do not make another request.

The key is claimed and the answer kept inside the request's own unit of work
(kit/idempotency.py), so the key exists exactly when the effect does.

An answer marked ``Cache-Control: no-store`` carries a secret (a new token): it is never kept.
Only where its effect is (``Location``) is, and a retry with its key gets 409
``secret_shown_once`` pointing there instead of the secret again.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Awaitable, Callable, Mapping
from decimal import Decimal
from typing import Any

from fastapi import Request, Response

from brigade.kit import idempotency
from brigade.kit.access import Actor
from brigade.kit.errors import InvalidInput, SecretShownOnce
from brigade.kit.idempotency import KeptAnswer, KeyIdentity

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
    request_hash = hashlib.sha256(await _canonical_body(request)).hexdigest()
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


async def request_hash(request: Request) -> str:
    """What a request asks, as one digest: its path, its query and its body (as JSON values,
    like a retry's)."""
    query = "&".join(
        sorted(f"{name}={value}" for name, value in request.query_params.multi_items())
    )
    asked = f"{request.method} {request.url.path}?{query}\n".encode() + await _canonical_body(
        request
    )
    return hashlib.sha256(asked).hexdigest()


async def _canonical_body(request: Request) -> bytes:
    """The body as one text per JSON value; a body that is not JSON as it came (the endpoint
    refuses it, and a refusal keeps no key)."""
    body = await request.body()
    if not body:
        return body
    try:
        value = await request.json()
    except ValueError:
        return body
    return canonical_json(value).encode()


def canonical_json(value: Any) -> str:
    """One text for each JSON value: object keys sorted, no whitespace, numbers as their
    digits and exponent (``1.50``, ``1.5`` and ``15e-1`` are one number)."""
    if isinstance(value, dict):
        members = sorted(value.items())
        return "{" + ",".join(f"{json.dumps(k)}:{canonical_json(v)}" for k, v in members) + "}"
    if isinstance(value, list):
        return "[" + ",".join(canonical_json(element) for element in value) + "]"
    if isinstance(value, bool) or value is None or isinstance(value, str | float):
        # A float here is NaN or Infinity, which every field refuses.
        return json.dumps(value)
    return _number(value)


def _number(value: int | Decimal) -> str:
    # Exact, whatever the size: no context rounding, and an exponent is never expanded.
    sign, digits, exponent = Decimal(value).as_tuple()
    significant = "".join(map(str, digits)).rstrip("0")
    if not significant:
        return "0"
    shifted = int(exponent) + len(digits) - len(significant)
    return f"{'-' if sign else ''}{significant}e{shifted}"


def _to_keep(response: Response) -> KeptAnswer:
    """The answer for retries to replay; of a secret's answer, only where its effect is."""
    secret = _is_secret(response.headers)
    names = SECRET_ANSWER_HEADERS if secret else REPLAYED_HEADERS
    headers = {name: response.headers[name] for name in names if name in response.headers}
    return KeptAnswer(response.status_code, b"" if secret else bytes(response.body), headers)

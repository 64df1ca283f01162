"""Request body size limits, enforced before the body is read into memory: the whole app's
(``BRIGADE_MAX_BODY_BYTES``), and a small one for the public routes (sign-in, the first run,
pairing codes), which anyone can reach without a credential (docs/security.md, "The metrics
and the limits")."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from brigade.kit.http.errors import problem
from brigade.kit.http.middleware import HttpMiddleware

# A first run's body, the largest public one, is under 6 KiB with every field at its longest and
# every character escaped as \uXXXX: a sign-in or a pairing code needs far less.
PUBLIC_MAX_BODY_BYTES = 16 * 1024


class BodySizeLimit(HttpMiddleware):
    """413 for a body over ``max_bytes``: by Content-Length up front, or while it streams in."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        super().__init__(app)
        self.max_bytes = max_bytes

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        if declares_more_than(scope, self.max_bytes):
            await problem(413, "payload_too_large", too_large_detail(self.max_bytes))(
                scope, receive, send
            )
            return
        await self.app(scope, limited(receive, self.max_bytes), send)


def declares_more_than(scope: Scope, max_bytes: int) -> bool:
    declared = dict(scope["headers"]).get(b"content-length")
    return declared is not None and declared.isdigit() and int(declared) > max_bytes


def limited(receive: Receive, max_bytes: int) -> Receive:
    """``receive``, raising 413 once the body it has given goes past ``max_bytes``."""
    received = 0

    async def limited_receive() -> Message:
        nonlocal received
        message = await receive()
        received += len(message.get("body", b""))
        if received > max_bytes:
            raise HTTPException(413, too_large_detail(max_bytes))
        return message

    return limited_receive


def too_large_detail(max_bytes: int) -> str:
    return f"The request body is larger than {max_bytes} bytes."

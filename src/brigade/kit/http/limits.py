"""Request body size limit, enforced before the body is read into memory."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from brigade.kit.http.errors import problem
from brigade.kit.http.middleware import HttpMiddleware


class BodySizeLimit(HttpMiddleware):
    """413 for a body over ``max_bytes``: by Content-Length up front, or while it streams in."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        super().__init__(app)
        self.max_bytes = max_bytes

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._too_large()(scope, receive, send)
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_bytes:
                raise HTTPException(413, self._detail())
            return message

        await self.app(scope, limited_receive, send)

    def _detail(self) -> str:
        return f"The request body is larger than {self.max_bytes} bytes."

    def _too_large(self) -> ASGIApp:
        return problem(413, "payload_too_large", self._detail())

"""The pure ASGI middlewares' common part: they act on HTTP requests only, and let anything else
(the lifespan, a WebSocket) through untouched."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from starlette.applications import Starlette
from starlette.types import ASGIApp, Receive, Scope, Send


class HttpMiddleware(ABC):
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    @abstractmethod
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one HTTP request (``self.app`` answers it)."""


def outside_server_errors(app: Starlette, wrap: Callable[[ASGIApp], ASGIApp]) -> None:
    """Puts ``wrap`` around the whole middleware stack, outside even Starlette's
    ServerErrorMiddleware (always the stack's outermost, the one answering an unexpected error
    with a 500): what it adds goes on that 500 too. The last one installed is the outermost."""
    build = app.build_middleware_stack

    def build_wrapped() -> ASGIApp:
        return wrap(build())

    app.build_middleware_stack = build_wrapped  # type: ignore[method-assign]

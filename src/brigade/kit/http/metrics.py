"""`GET /metrics` and the timing of every request (brigade/metrics.py says what is measured).

The timing is a pure ASGI middleware, outermost: it adds a clock read and one histogram
observation per request (bench/results.md, "/metrics"), no wrapper per request around the
app. It labels by route template, never by the path asked, so ids cannot blow the series up.

A scrape is rendered at most once per ``BRIGADE_METRICS_CACHE_SECONDS`` in each worker, off the
event loop, and every scrape within that window answers the same bytes: scrapers looping on it
cost one rendering a second, not one each, and never hold up the requests (docs/security.md,
"The metrics"). With ``BRIGADE_METRICS_TOKEN`` set, a scrape needs it as a bearer token.
"""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import Awaitable, Callable
from time import monotonic, perf_counter

from fastapi import FastAPI
from prometheus_client import CONTENT_TYPE_LATEST
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Message, Receive, Scope, Send

from brigade.kit import metrics
from brigade.kit.db.engine import Database
from brigade.kit.http.errors import problem
from brigade.kit.http.middleware import HttpMiddleware

# A queue a feature keeps, read on each scrape: how many wait, and the oldest's age in seconds.
Backlog = Callable[[Database], Awaitable[tuple[int, float]]]

METRICS_PATH = "/metrics"
STREAM_PATH = "/api/events/stream"
# Long-lived or self-referential: their durations would only blur the histograms.
UNTIMED = frozenset({METRICS_PATH, STREAM_PATH})


class RequestTiming(HttpMiddleware):
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = perf_counter()
        status = 500

        async def send_noting_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_noting_status)
        finally:
            # The router leaves the matched route in the scope; no route: a 404 or 405.
            route = getattr(scope.get("route"), "path", None) or _mount_of(scope) or "unmatched"
            if route not in UNTIMED:
                metrics.time_request(scope["method"], route, status, perf_counter() - started)


def _mount_of(scope: Scope) -> str | None:
    """A file under a mount (the screens' hashed assets) counts under the mount, one series:
    the mount leaves its prefix as the root path and no route."""
    prefix = scope.get("root_path", "")[len(scope.get("app_root_path", "")) :]
    return f"{prefix}/{{path}}" if prefix else None


class Scrapes:
    """The exposition, rendered by ``render`` at most once per ``seconds``: scrapes that arrive
    while it renders wait for that rendering rather than starting their own."""

    def __init__(self, render: Callable[[], Awaitable[bytes]], seconds: float) -> None:
        self._render = render
        self._seconds = seconds
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = asyncio.Lock()
        self._body = b""
        self._fresh_until = float("-inf")

    async def body(self) -> bytes:
        # A lock serves one event loop: the app started again (as the tests do) starts afresh.
        if self._loop is not asyncio.get_running_loop():
            self._loop, self._lock = asyncio.get_running_loop(), asyncio.Lock()
            self._fresh_until = float("-inf")
        async with self._lock:
            if monotonic() >= self._fresh_until:
                self._body = await self._render()
                self._fresh_until = monotonic() + self._seconds
            return self._body


def install_metrics(
    app: FastAPI,
    *,
    webhooks: Backlog,
    printing: Backlog,
    cache_seconds: float,
    token: str | None,
) -> None:
    """Time every request and answer /metrics; call after every other middleware."""

    async def render() -> bytes:
        """Reads the webhook and print backlogs, then every metric, in a thread: the text of a
        few hundred series takes tens of milliseconds to make."""
        behind, oldest_seconds = await webhooks(app.state.database)
        metrics.WEBHOOK_BACKLOG.set(behind)
        metrics.WEBHOOK_OLDEST_SECONDS.set(oldest_seconds)
        jobs, oldest_job_seconds = await printing(app.state.database)
        metrics.PRINT_BACKLOG.set(jobs)
        metrics.PRINT_OLDEST_SECONDS.set(oldest_job_seconds)
        return await asyncio.to_thread(metrics.exposition)

    scrapes = Scrapes(render, cache_seconds)

    async def serve_metrics(request: Request) -> Response:
        """Without BRIGADE_METRICS_TOKEN Prometheus scrapes without one: the numbers name no
        order, amount or person; keep the path inside the restaurant's network, set the token,
        or turn it off with BRIGADE_METRICS=off."""
        if token is not None and not _bearer_is(request, token):
            return problem(
                401,
                "unauthorized",
                "/metrics needs the metrics token (BRIGADE_METRICS_TOKEN) as a bearer token.",
                headers={"WWW-Authenticate": 'Bearer realm="brigade-metrics"'},
            )
        return Response(await scrapes.body(), media_type=CONTENT_TYPE_LATEST)

    app.add_route(METRICS_PATH, serve_metrics, methods=["GET"], include_in_schema=False)
    app.add_middleware(RequestTiming)


def _bearer_is(request: Request, token: str) -> bool:
    scheme, _, sent = request.headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(sent.encode(), token.encode())

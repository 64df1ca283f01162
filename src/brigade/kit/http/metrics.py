"""`GET /metrics` and the timing of every request (brigade/metrics.py says what is measured).

The timing is a pure ASGI middleware, outermost: it adds a clock read and one histogram
observation per request (bench/results.md, "/metrics"), no wrapper per request around the
app. It labels by route template, never by the path asked, so ids cannot blow the series up.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from time import perf_counter

from fastapi import FastAPI
from prometheus_client import CONTENT_TYPE_LATEST
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Message, Receive, Scope, Send

from brigade.kit import metrics
from brigade.kit.db.engine import Database
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
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            if route not in UNTIMED:
                metrics.REQUEST_SECONDS.labels(scope["method"], route, str(status)).observe(
                    perf_counter() - started
                )


def install_metrics(app: FastAPI, *, webhooks: Backlog, printing: Backlog) -> None:
    """Time every request and answer /metrics; call after every other middleware."""

    async def serve_metrics(request: Request) -> Response:
        """Reads the webhook and print backlogs once per scrape, then answers every metric.
        Prometheus scrapes without a token: the numbers name no order, amount or person; keep
        the path inside the restaurant's network, or turn it off with BRIGADE_METRICS=off."""
        behind, oldest_seconds = await webhooks(request.app.state.database)
        metrics.WEBHOOK_BACKLOG.set(behind)
        metrics.WEBHOOK_OLDEST_SECONDS.set(oldest_seconds)
        jobs, oldest_job_seconds = await printing(request.app.state.database)
        metrics.PRINT_BACKLOG.set(jobs)
        metrics.PRINT_OLDEST_SECONDS.set(oldest_job_seconds)
        return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    app.add_route(METRICS_PATH, serve_metrics, methods=["GET"], include_in_schema=False)
    app.add_middleware(RequestTiming)

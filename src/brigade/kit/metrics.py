"""Operational metrics in the Prometheus text format, answered at ``GET /metrics``.

What a restaurant's operator watches during a rush: request latency by route, database
connections in use, open event streams, how far behind the streams and the webhooks are.
Nothing here names an order, an amount or a person. ``BRIGADE_METRICS=off`` records nothing
and answers 404.

The series are bounded whatever clients send: a request is labelled by its route's template (never
the path asked), one of the methods a route can serve (any other word a client makes up is
``OTHER``) and its status, and past ``MAX_REQUEST_SERIES`` label sets a new one is counted under
the route ``overflow`` (docs/security.md, "The metrics").

With ``brigade serve --workers`` above 1, every worker records into files of a folder made for
that run (``PROMETHEUS_MULTIPROC_DIR``, set before the workers start), so whichever worker answers
a scrape answers for all of them; a stopped worker's gauges leave with it. A single worker records
in memory and answers its own registry: what a process records into is fixed when
prometheus_client is first imported, so the choice follows that, never the environment read later
(the folder set after the import had answered an empty /metrics).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    values,
)
from sqlalchemy import Engine, event

from brigade.serving import METRICS_FOLDER

# From a cached read (about a millisecond) to the slow tail this project watches (1 s).
LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.3, 0.5, 1.0, 2.5, 5.0)

REQUEST_SECONDS = Histogram(
    "brigade_http_request_duration_seconds",
    "Time from a request's arrival to the end of its answer, by route template and status "
    "(the event stream and /metrics itself are not timed).",
    ["method", "route", "status"],
    buckets=LATENCY_BUCKETS,
)
STREAMS_OPEN = Gauge(
    "brigade_event_streams_open",
    "Event streams (GET /api/events/stream) open now, over every worker.",
    multiprocess_mode="livesum",
)
STREAM_LAG_SECONDS = Histogram(
    "brigade_event_stream_lag_seconds",
    "From an event's commit to a worker reading it for its open streams.",
    buckets=LATENCY_BUCKETS,
)
CONNECTIONS_IN_USE = Gauge(
    "brigade_db_connections_in_use",
    "Database connections checked out of the workers' pools now (PostgreSQL: at most "
    "BRIGADE_DB_POOL_SIZE per worker).",
    multiprocess_mode="livesum",
)
WEBHOOK_BACKLOG = Gauge(
    "brigade_webhook_backlog_events",
    "Events committed after the slowest webhook's cursor (0 with no webhooks).",
    multiprocess_mode="mostrecent",
)
WEBHOOK_OLDEST_SECONDS = Gauge(
    "brigade_webhook_oldest_pending_seconds",
    "Age of the oldest event the slowest webhook has not handled yet (0 when none waits).",
    multiprocess_mode="mostrecent",
)
PRINT_BACKLOG = Gauge(
    "brigade_print_backlog_jobs",
    "Print jobs (kitchen tickets, receipts) queued and not printed yet.",
    multiprocess_mode="mostrecent",
)
PRINT_OLDEST_SECONDS = Gauge(
    "brigade_print_oldest_pending_seconds",
    "Age of the oldest print job not printed yet (0 when none waits): a jammed printer.",
    multiprocess_mode="mostrecent",
)


# The methods a route serves; a client may send any token as its method (405), one label for all.
HTTP_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
OTHER_METHOD = "OTHER"
# About 160 operations, each with a few statuses, fit well under it; a scan of every route with
# every refusal could go past it, and then counts under one route rather than growing the scrape.
MAX_REQUEST_SERIES = 1000
OVERFLOW_ROUTE = "overflow"
# Each label set's histogram, as timed so far in this process (at most MAX_REQUEST_SERIES plus one
# overflow set per status).
_timed: dict[tuple[str, str, int], Histogram] = {}


def time_request(method: str, route: str, status: int, seconds: float) -> None:
    """One request's duration, under bounded labels."""
    if method not in HTTP_METHODS:
        method = OTHER_METHOD
    key = (method, route, status)
    series = _timed.get(key)
    if series is None:
        if len(_timed) >= MAX_REQUEST_SERIES:
            key = (OTHER_METHOD, OVERFLOW_ROUTE, status)
        series = _timed.get(key) or REQUEST_SECONDS.labels(key[0], key[1], str(status))
        _timed[key] = series
    series.observe(seconds)


def _shared() -> bool:
    """Whether this process's metrics are written to the shared folder (prometheus_client chose
    its value class when it was imported: in memory unless PROMETHEUS_MULTIPROC_DIR was set)."""
    return values.ValueClass is not values.MutexValue and METRICS_FOLDER in os.environ


def exposition() -> bytes:
    """Every metric in the text format: all workers' when they share a folder."""
    if not _shared():
        return generate_latest(REGISTRY)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


def worker_stopped() -> None:
    """A stopping worker's live gauges (open streams, connections) stop counting."""
    if _shared():
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


@contextmanager
def open_stream() -> Iterator[None]:
    STREAMS_OPEN.inc()
    try:
        yield
    finally:
        STREAMS_OPEN.dec()


def connections_in_use(engine: Engine) -> None:
    """Count ``engine``'s pool checkouts into CONNECTIONS_IN_USE."""

    @event.listens_for(engine, "checkout")
    def checked_out(*_: Any) -> None:
        CONNECTIONS_IN_USE.inc()

    @event.listens_for(engine, "checkin")
    def checked_in(*_: Any) -> None:
        CONNECTIONS_IN_USE.dec()

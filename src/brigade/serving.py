"""How an app is served: uvicorn with the settings Brigade and the benchmark's floor share."""

from __future__ import annotations

import asyncio
import copy
import ipaddress
import logging
import os
import re
import signal
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import uvicorn
from sqlalchemy.engine import make_url
from uvicorn.config import LOGGING_CONFIG
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class NoDelayHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with Nagle's algorithm off on every connection.

    With several workers, uvicorn hands them a listening socket whose protocol number is 0,
    so the standard event loop does not set TCP_NODELAY on accepted connections; every answer
    then waited out the client's delayed ACK (44 ms per request on one keep-alive connection).
    """

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)  # type: ignore[arg-type]


# Where prometheus_client's workers keep their metrics (brigade/kit/metrics.py). Named here, not
# there: importing that module imports prometheus_client, which reads this when first imported.
METRICS_FOLDER = "PROMETHEUS_MULTIPROC_DIR"


@contextmanager
def shared_metrics_folder(enabled: bool) -> Iterator[None]:
    """A fresh folder for this run's workers to record metrics into, so that any worker
    answers /metrics for all of them; an operator's own PROMETHEUS_MULTIPROC_DIR is kept.
    Only for several workers: they are new processes, which import prometheus_client after it
    is set (the serving process itself has imported it before)."""
    if not enabled or METRICS_FOLDER in os.environ:
        yield
        return
    with tempfile.TemporaryDirectory(prefix="brigade-metrics-") as folder:
        os.environ[METRICS_FOLDER] = folder
        try:
            yield
        finally:
            del os.environ[METRICS_FOLDER]


def on_shutdown_signal(callback: Callable[[], None]) -> bool:
    """Run ``callback`` (then uvicorn's own handler) when the process is told to stop.

    uvicorn waits for open connections on SIGTERM, up to its graceful timeout, and runs
    the app's lifespan shutdown only after them: a long-lived answer (an event stream)
    learns of the stop only through this. Call it from the lifespan's startup, once uvicorn
    has installed its handlers. Answers False where signals can't be watched (not the main
    thread: the in-process test client).
    """
    if threading.current_thread() is not threading.main_thread():
        return False
    for sig in (signal.SIGINT, signal.SIGTERM):
        previous = signal.getsignal(sig)

        def handle(signum: int, frame: FrameType | None, previous: object = previous) -> None:
            callback()
            if callable(previous):
                previous(signum, frame)
            elif previous == signal.SIG_DFL:
                signal.signal(signum, signal.SIG_DFL)
                signal.raise_signal(signum)

        signal.signal(sig, handle)
    return True


def event_loop(database_url: str) -> str:
    """uvloop for PostgreSQL; the standard loop for SQLite, whose statements run inside the
    loop: there uvloop served some connections seconds late under load (p99 0.9 s against
    56 ms at the same throughput, bench/results.md)."""
    return "asyncio" if make_url(database_url).get_backend_name() == "sqlite" else "uvloop"


# A stream ticket in a query string (GET /api/events/stream?ticket=…): the value, up to the next
# parameter.
_TICKET_VALUE = re.compile(r"(?<=[?&]ticket=)[^&]*")


class RedactTicketFilter(logging.Filter):
    """Blanks a stream ticket out of an access line's path: a ticket is a credential for its
    60 seconds, and log lines outlive that (docs/security.md)."""

    def filter(self, record: logging.LogRecord) -> bool:
        # uvicorn's access record: client, method, path with its query, HTTP version, status.
        args = record.args
        if isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str):
            record.args = (*args[:2], _TICKET_VALUE.sub("[redacted]", args[2]), *args[3:])
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging, with each access line ending in the request's Request-Id
    (brigade/kit/http/request_id.py; "-" for an app that sets none) and no stream ticket."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {
        "request_id": {"()": "brigade.kit.http.request_id.RequestIdLogFilter"},
        "redact_ticket": {"()": "brigade.serving.RedactTicketFilter"},
    }
    config["handlers"]["access"]["filters"] = ["request_id", "redact_ticket"]
    config["formatters"]["access"]["fmt"] += " request_id=%(request_id)s"
    return config


def serve(
    app: str,
    *,
    database_url: str,
    host: str,
    port: int,
    workers: int,
    log_level: str,
    factory: bool = False,
    forwarded_allow_ips: str | None = None,
) -> None:
    """``forwarded_allow_ips``: the proxies whose X-Forwarded-For is believed; None: none (not
    uvicorn's default, which believes 127.0.0.1, so a local client could pick its address)."""
    uvicorn.run(
        app,
        factory=factory,
        host=host,
        port=port,
        workers=workers,
        loop=event_loop(database_url),
        http=NoDelayHttpToolsProtocol,
        log_level=log_level,
        log_config=log_config(),
        timeout_graceful_shutdown=30,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
    )


def network_address() -> str | None:
    """This machine's IPv4 address on its network (where its default route leaves from), or
    None with no network. Connecting a UDP socket picks the route and sends nothing; the
    address is a documentation one (RFC 5737), never contacted."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found = ipaddress.ip_address(probe.getsockname()[0])
    except OSError:
        return None
    return None if found.is_loopback or found.is_unspecified else str(found)


def links_to(
    path: str, host: str, port: int, find_address: Callable[[], str | None] = network_address
) -> list[str]:
    """Where a person opens ``path`` of a server bound to ``host``: that host; when bound to
    every interface (0.0.0.0, ::), localhost, then this machine's network address if any."""
    hosts = [host]
    if _every_interface(host):
        found = find_address()
        hosts = ["localhost"] if found is None else ["localhost", found]
    return [f"http://{f'[{h}]' if ':' in h else h}:{port}{path}" for h in hosts]


def _every_interface(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:  # a name, not an address
        return False

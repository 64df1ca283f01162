"""How an app is served: uvicorn with the settings Brigade and the benchmark's floor share."""

from __future__ import annotations

import asyncio
import copy
import functools
import importlib
import ipaddress
import json
import logging
import multiprocessing
import os
import re
import signal
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http import HTTPStatus
from types import FrameType
from typing import Any

import uvicorn
import uvicorn._subprocess
from sqlalchemy.engine import make_url
from uvicorn.config import LOGGING_CONFIG
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from brigade.kit.http.security_headers import HEADERS as SECURITY_HEADERS


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


# The most a request's line and headers may hold: a browser's or a tablet's are a few kilobytes.
MAX_HEAD_BYTES = 64 * 1024


class GuardedHttpToolsProtocol(NoDelayHttpToolsProtocol):
    """Bounds what a slow or endless request may hold (uvicorn has no such limits of its own):

    - its head (request line and headers) must arrive within ``header_timeout`` of the
      connection opening or of its first byte, and hold at most ``MAX_HEAD_BYTES``;
    - its body must arrive within ``body_timeout`` of its head.

    Past a limit the connection closes, after a 408 (431 for a head too large) when no answer
    has started. Idle keep-alive connections are uvicorn's (``timeout_keep_alive``); an answer
    being sent, an event stream's hours, are not timed.
    """

    def __init__(self, *args: Any, header_timeout: float, body_timeout: float, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._header_timeout = header_timeout
        self._body_timeout = body_timeout
        self._head_timer: asyncio.TimerHandle | None = None
        self._body_timer: asyncio.TimerHandle | None = None
        self._head_bytes = 0
        self._refused = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timers()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        if self.cycle is None or self.cycle.response_complete:
            # Bytes between requests (a next request's first ones, or blank lines): the
            # keep-alive timer they stop gives way to the head's.
            self._await_head()
        super().data_received(data)
        if self._head_timer is not None and not self.transport.is_closing():
            # Still inside a head: the parser keeps a header's value until its line ends.
            self._head_bytes += len(data)
            if self._head_bytes > MAX_HEAD_BYTES:
                self._refuse(
                    431,
                    "request_header_fields_too_large",
                    f"The request's line and headers are longer than {MAX_HEAD_BYTES} bytes.",
                )

    def on_headers_complete(self) -> None:
        self._cancel(self._head_timer)
        self._head_timer = None
        self._head_bytes = 0
        super().on_headers_complete()
        self._body_timer = self.loop.call_later(self._body_timeout, self._body_too_slow)

    def on_message_complete(self) -> None:
        self._cancel(self._body_timer)
        self._body_timer = None
        super().on_message_complete()

    def _await_head(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self._header_timeout, self._head_too_slow)

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.cycle is None or self.cycle.response_complete:
            self._refuse(
                408,
                "request_timeout",
                f"The request's line and headers did not arrive within {self._header_timeout:g} s.",
            )
        else:  # an answer to the request before is still being written
            self._close()

    def _body_too_slow(self) -> None:
        self._body_timer = None
        cycle = self.cycle
        if not cycle.response_started:
            # The app waiting for the rest of the body hears that the client went away, and
            # whatever it answers then is dropped: the 408 is the answer.
            self._refuse(
                408,
                "request_timeout",
                f"The request's body did not arrive within {self._body_timeout:g} s of its head.",
            )
            cycle.disconnected = True
            cycle.message_event.set()
        else:
            self._close()

    def _refuse(self, status: int, code: str, detail: str) -> None:
        self._refused = True
        if not self.transport.is_closing():
            self.transport.write(refusal(status, code, detail))
        self._close()

    def _close(self) -> None:
        self._cancel_timers()
        if not self.transport.is_closing():
            self.transport.close()

    def _cancel_timers(self) -> None:
        self._cancel(self._head_timer)
        self._cancel(self._body_timer)
        self._head_timer = self._body_timer = None

    @staticmethod
    def _cancel(timer: asyncio.TimerHandle | None) -> None:
        if timer is not None:
            timer.cancel()


def refusal(status: int, code: str, detail: str) -> bytes:
    """A whole HTTP answer, a problem+json with the security headers, that closes its connection:
    for a request refused before the app saw it."""
    phrase = HTTPStatus(status).phrase
    body = json.dumps(
        {
            "type": f"https://brigade.dev/problems/{code.replace('_', '-')}",
            "title": phrase,
            "status": status,
            "detail": detail,
            "code": code,
        }
    ).encode()
    head = [
        f"HTTP/1.1 {status} {phrase}".encode(),
        b"content-type: application/problem+json",
        b"content-length: %d" % len(body),
        b"connection: close",
        *(name + b": " + value for name, value in SECURITY_HEADERS),
    ]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


# Where prometheus_client's workers keep their metrics (brigade/kit/metrics.py). Named here, not
# there: importing that module imports prometheus_client, which reads this when first imported.
METRICS_FOLDER = "PROMETHEUS_MULTIPROC_DIR"


@contextmanager
def shared_metrics_folder(enabled: bool) -> Iterator[None]:
    """A fresh folder for this run's workers to record metrics into, so that any worker
    answers /metrics for all of them; an operator's own PROMETHEUS_MULTIPROC_DIR is kept.
    Only for several workers, and entered before the serving process imports prometheus_client:
    the workers are its forks, and what a process records into is fixed at that import
    (brigade/kit/metrics.py; a fork records into files of its own pid)."""
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
    header_timeout: float = 10,
    body_timeout: float = 30,
) -> None:
    """``forwarded_allow_ips``: the proxies whose X-Forwarded-For is believed; None: none (not
    uvicorn's default, which believes 127.0.0.1, so a local client could pick its address).
    ``header_timeout``, ``body_timeout``: GuardedHttpToolsProtocol's (the defaults: Settings')."""
    protocol = functools.partial(
        GuardedHttpToolsProtocol, header_timeout=header_timeout, body_timeout=body_timeout
    )
    if workers > 1:
        _fork_workers_from(app)
    uvicorn.run(
        app,
        factory=factory,
        host=host,
        port=port,
        workers=workers,
        loop=event_loop(database_url),
        http=protocol,  # type: ignore[arg-type]
        log_level=log_level,
        log_config=log_config(),
        timeout_graceful_shutdown=30,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
    )


def _fork_workers_from(app: str) -> None:
    """Each worker a fork of this process, the app's modules imported here first (gunicorn's
    preloaded app): uvicorn starts its workers as new interpreters that each import the app
    again, about 2.5 s of CPU apiece, where a fork shares this process's imports. The app itself
    is still made in each worker (the factory): its database, lanes and caches are its own.
    Forked before anything opened a connection or a thread: migrations and the start-up's
    commands ran on event loops and engines that are closed by now."""
    importlib.import_module(app.partition(":")[0])
    # Until the worker's server takes SIGTERM and SIGINT over, they stop it as they would any
    # process, not the supervisor's handler it was forked with (that only queues them).
    os.register_at_fork(after_in_child=_default_stop_signals)
    # uvicorn makes each worker's process with this context (uvicorn/_subprocess.py).
    uvicorn._subprocess.spawn = multiprocessing.get_context("fork")  # type: ignore[assignment]


def _default_stop_signals() -> None:
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)


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

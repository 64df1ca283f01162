"""How an app is served: uvicorn with the settings Brigade and the benchmark's floor share."""

from __future__ import annotations

import asyncio
import socket

import uvicorn
from sqlalchemy.engine import make_url
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


def event_loop(database_url: str) -> str:
    """uvloop for PostgreSQL; the standard loop for SQLite, whose statements run inside the
    loop: there uvloop served some connections seconds late under load (p99 0.9 s against
    56 ms at the same throughput, bench/results.md)."""
    return "asyncio" if make_url(database_url).get_backend_name() == "sqlite" else "uvloop"


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
        timeout_graceful_shutdown=30,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
    )

"""Name lookups for outbound connections (webhooks, printers), on a small pool of their own.

``getaddrinfo`` blocks a thread for as long as the DNS server takes, which may be forever.
On asyncio's default pool, a dozen printers named by a host whose DNS server never answers
held every thread, and PIN sign-ins (scrypt) and the rest of the pool's work waited behind
them. Here lookups get ``LOOKUP_THREADS`` threads of their own and each lookup a deadline:
a stuck lookup fails its delivery or print job, never anything else.

A caller resolves once, judges the addresses, and connects to the address it judged (never
to the name again: a name answering a public address to the check and a loopback one to the
connection is DNS rebinding).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

LOOKUP_THREADS = 4
LOOKUP_DEADLINE_SECONDS = 5

# socket.getaddrinfo's shape: tests substitute a resolver of their own.
Lookup = Callable[..., list[tuple[Any, ...]]]


class NameNotFound(Exception):
    """The name did not resolve (no such name, no answer in time, or not a valid name)."""


class Resolver:
    def __init__(
        self,
        lookup: Lookup = socket.getaddrinfo,
        *,
        threads: int = LOOKUP_THREADS,
        deadline_seconds: float = LOOKUP_DEADLINE_SECONDS,
    ) -> None:
        self._lookup = lookup
        self._deadline = deadline_seconds
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="brigade-dns")

    def close(self) -> None:
        """Lets its threads go (a lookup still hanging ends on its own; nobody awaits it)."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def addresses(self, host: str, port: int) -> list[str]:
        """The addresses ``host`` resolves to, in the resolver's order (an address stays
        itself, without a lookup)."""
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(self._deadline):
                found = await loop.run_in_executor(
                    self._pool,
                    lambda: self._lookup(host, port, type=socket.SOCK_STREAM),
                )
        except (TimeoutError, socket.gaierror, UnicodeError) as failure:
            raise NameNotFound(f"{host}: {type(failure).__name__} {failure}".strip()) from None
        return list(dict.fromkeys(str(sockaddr[0]) for *_, sockaddr in found))

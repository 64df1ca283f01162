"""Background delivery in lanes: one lane per receiver (a webhook, a printer), each running on
its own, so a slow or jammed receiver holds only its own lane.

A round (``start_due``) leases what is due for the receivers not busy in this worker, as many
as there is room for, and starts a lane for each; it never waits for them. The loop goes again
at once after a round that started something, as soon as a lane finishes, or after
``poll_seconds``. Printing (printing/service.py) and webhooks (webhooks/service.py) say only
how to lease and what a lane does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine, Hashable, Mapping
from typing import Any, Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Leased = TypeVar("Leased")


class Lanes(Generic[Key]):
    def __init__(self, what: str, log: logging.Logger, *, most: int) -> None:
        """``most``: lanes running at once in this worker."""
        self._what = what
        self._log = log
        self._most = most
        self._running: dict[Key, asyncio.Task[None]] = {}
        self._wake = asyncio.Event()

    def busy(self) -> frozenset[Key]:
        return frozenset(self._running)

    def room(self) -> int:
        return max(0, self._most - len(self._running))

    def start(self, key: Key, work: Coroutine[Any, Any, None]) -> None:
        """Runs ``work`` as ``key``'s lane (the caller leased it: no lane of ``key`` runs)."""
        task = asyncio.create_task(work, name=f"brigade-{self._what}-lane")
        self._running[key] = task
        task.add_done_callback(lambda done: self._finished(key, done))

    def _finished(self, key: Key, task: asyncio.Task[None]) -> None:
        self._running.pop(key, None)
        # A failed lane's lease runs out and its work is tried again.
        if not task.cancelled() and task.exception() is not None:
            self._log.error("%s lane failed", self._what, exc_info=task.exception())
        self._wake.set()

    async def start_due(
        self,
        lease: Callable[[frozenset[Key], int], Awaitable[Mapping[Key, Leased]]],
        work: Callable[[Leased], Coroutine[Any, Any, None]],
    ) -> bool:
        """One round: ``lease`` what is due for at most the room left, leaving out the
        receivers busy here, and start ``work`` on each in its receiver's lane (not waited
        for). Answers whether any was due."""
        room = self.room()
        if not room:
            return False
        leased = await lease(self.busy(), room)
        for key, due in leased.items():
            self.start(key, work(due))
        return bool(leased)

    async def finish_round(self, start_due: Callable[[], Awaitable[bool]]) -> bool:
        """One round, waited for to its end (tests, tools): answers whether any was due."""
        started = await start_due()
        await self.settled()
        return started

    async def settled(self) -> None:
        """Once every running lane has finished."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    async def run(
        self,
        start_due: Callable[[], Awaitable[bool]],
        stopping: asyncio.Event,
        poll_seconds: float,
    ) -> None:
        """Rounds until ``stopping``; then running lanes are cancelled (their leases run out
        and their work is tried again: at least once, never lost)."""
        watcher = asyncio.create_task(self._wake_when(stopping))
        try:
            while not stopping.is_set():
                self._wake.clear()
                try:
                    started = await start_due()
                except Exception:
                    self._log.exception("%s round failed", self._what)
                    started = False
                if not started:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._wake.wait(), timeout=poll_seconds)
        finally:
            watcher.cancel()
            for task in list(self._running.values()):
                task.cancel()
            await asyncio.gather(watcher, *self._running.values(), return_exceptions=True)

    async def _wake_when(self, stopping: asyncio.Event) -> None:
        await stopping.wait()
        self._wake.set()

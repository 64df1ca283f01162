"""The gate in front of PostgreSQL's pool: first come, first served, whatever arrives later."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.exc import TimeoutError as PoolTimeout

from brigade.kit.db.engine import FairGate


class _Line:
    """A gate and the tasks queued at it; each holds its place until ``hold`` is set."""

    def __init__(self, capacity: int) -> None:
        self.gate = FairGate(capacity, timeout=5)
        self.admitted: list[str] = []
        self.hold = asyncio.Event()

    def join(self, name: str) -> asyncio.Task[None]:
        return asyncio.create_task(self._hold(name))

    async def _hold(self, name: str) -> None:
        await self.gate.acquire()
        self.admitted.append(name)
        await self.hold.wait()
        self.gate.release()


def test_waiters_are_let_in_in_arrival_order() -> None:
    async def scenario() -> list[str]:
        line = _Line(2)
        tasks = [line.join(f"t{n}") for n in range(6)]
        await asyncio.sleep(0)
        assert line.admitted == ["t0", "t1"]
        line.hold.set()
        await asyncio.gather(*tasks)
        return line.admitted

    assert asyncio.run(scenario()) == [f"t{n}" for n in range(6)]


def test_a_place_freed_goes_to_the_longest_waiter_not_to_a_newcomer() -> None:
    # SQLAlchemy's async pool hands a returned connection to whoever asks first, before the
    # waiter woken for it runs; that waiter then queues again at the back.
    async def scenario() -> list[str]:
        line = _Line(1)
        await line.gate.acquire()
        waiter = line.join("waiter")
        await asyncio.sleep(0)
        line.gate.release()
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(line.gate.acquire(), 0.05)  # asks right after the release
        line.hold.set()
        await waiter
        await asyncio.wait_for(line.gate.acquire(), 1)  # the place came back, and only one
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(line.gate.acquire(), 0.01)
        return line.admitted

    assert asyncio.run(scenario()) == ["waiter"]


def test_a_cancelled_waiter_leaves_the_line_and_its_place_goes_to_the_next() -> None:
    async def scenario() -> list[str]:
        line = _Line(1)
        holder = line.join("holder")
        await asyncio.sleep(0)
        gone, after = line.join("gone"), line.join("after")
        await asyncio.sleep(0)
        gone.cancel()
        line.hold.set()
        await asyncio.gather(holder, after)
        with pytest.raises(asyncio.CancelledError):
            await gone
        await asyncio.wait_for(line.gate.acquire(), 1)  # every place is free again
        return line.admitted

    assert asyncio.run(scenario()) == ["holder", "after"]


def test_a_waiter_handed_a_place_as_it_is_cancelled_passes_it_on() -> None:
    async def scenario() -> list[str]:
        line = _Line(1)
        await line.gate.acquire()
        handed, after = line.join("handed"), line.join("after")
        await asyncio.sleep(0)
        line.gate.release()  # handed its place ...
        handed.cancel()  # ... and cancelled before it runs
        line.hold.set()
        await asyncio.wait_for(after, 1)
        return line.admitted

    assert asyncio.run(scenario()) == ["after"]


def test_a_waiter_gives_up_after_the_timeout_as_the_pool_would() -> None:
    async def scenario() -> None:
        gate = FairGate(1, timeout=0.01)
        await gate.acquire()
        with pytest.raises(PoolTimeout):
            await gate.acquire()
        gate.release()
        await asyncio.wait_for(gate.acquire(), 1)

    asyncio.run(scenario())

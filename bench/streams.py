"""Screens listening: N event streams (GET /api/events/stream) held open against a server,
as kitchen displays and terminals hold them. Run as its own process; it prints one JSON
object when its time is up.

    python bench/streams.py --base http://127.0.0.1:8000 --token brg_... --streams 200 \
        --seconds 40

Every stream reads every event; the delivery lag (arrival here minus the event's `at`,
same machine, same clock) is sampled on one stream in ten, and the others only count
their events, so the client's own parsing does not become the bottleneck it measures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import time
from collections.abc import Awaitable
from datetime import UTC, datetime
from typing import Any

import aiohttp
from rush import percentile

LAG_SAMPLE_EVERY = 10  # streams
# Every event's data line follows its `event:` line.
EVENT_DATA = b"\ndata:"


class Tally:
    def __init__(self) -> None:
        self.connected = 0
        self.events = 0
        self.errors: list[str] = []
        self.lags_ms: list[float] = []


async def listen(http: aiohttp.ClientSession, index: int, tally: Tally, stop: float) -> None:
    try:
        async with http.get(
            "/api/events/stream", headers={"Accept": "text/event-stream"}
        ) as response:
            if response.status != 200:
                tally.errors.append(f"stream {index}: {response.status}")
                return
            tally.connected += 1
            read = _sample_lags if index % LAG_SAMPLE_EVERY == 0 else _count_events
            if not await read(response, tally, stop):
                tally.errors.append(f"stream {index}: closed by the server")
    except aiohttp.ClientError as error:
        tally.errors.append(f"stream {index}: {error!r}")


async def _until(stop: float, read: Awaitable[bytes]) -> bytes | None:
    """What ``read`` answers, or None if the time is up first."""
    try:
        return await asyncio.wait_for(read, timeout=max(0.1, stop - time.monotonic()))
    except TimeoutError:
        return None


async def _sample_lags(response: aiohttp.ClientResponse, tally: Tally, stop: float) -> bool:
    """Read line by line, parsing each event's `at`; False if the server closed first."""
    while time.monotonic() < stop:
        line = await _until(stop, response.content.readline())
        if line is None:
            return True
        if not line:
            return False
        if line.startswith(b"data:"):
            tally.events += 1
            at = json.loads(line[5:])["at"].replace("Z", "+00:00")
            lag = datetime.now(UTC) - datetime.fromisoformat(at)
            tally.lags_ms.append(lag.total_seconds() * 1000)
    return True


async def _count_events(response: aiohttp.ClientResponse, tally: Tally, stop: float) -> bool:
    """Count events in whatever chunks arrive, without splitting lines: a client this cheap
    leaves the machine's cores to the server it measures. False if the server closed first."""
    carry = b""
    while time.monotonic() < stop:
        chunk = await _until(stop, response.content.readany())
        if chunk is None:
            return True
        if not chunk:
            return False
        window = carry + chunk
        tally.events += window.count(EVENT_DATA)
        # A marker split across two chunks is counted in the next one, never twice.
        carry = window[-(len(EVENT_DATA) - 1) :]
    return True


async def main(arguments: argparse.Namespace) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {arguments.token}"}
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    connector = aiohttp.TCPConnector(limit=arguments.streams)
    tally = Tally()
    stop = time.monotonic() + arguments.seconds
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    async with aiohttp.ClientSession(
        arguments.base, headers=headers, timeout=timeout, connector=connector
    ) as http:
        listeners = [listen(http, n, tally, stop) for n in range(arguments.streams)]
        await asyncio.gather(*listeners)
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return {
        "streams": arguments.streams,
        "connected": tally.connected,
        "events": tally.events,
        "errors": len(tally.errors),
        "error_samples": tally.errors[:5],
        "lag_ms": {
            "samples": len(tally.lags_ms),
            "p50": percentile(tally.lags_ms, 0.50),
            "p99": percentile(tally.lags_ms, 0.99),
        },
        "client_cpu_percent": 100 * cpu / arguments.seconds,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=40)
    sys.stdout.write(json.dumps(asyncio.run(main(parser.parse_args()))) + "\n")

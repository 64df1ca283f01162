"""Screens listening: N event streams (GET /api/events/stream) held open against a server,
as kitchen displays and terminals hold them. Run as its own process; it prints one JSON
object when its time is up.

    python bench/streams.py --base http://127.0.0.1:8000 --token brg_... --streams 200 \
        --seconds 40

Every stream reads every event; the delivery lag (arrival here minus the event's `at`,
same machine, same clock) is sampled on one stream in ten, so the client's own parsing
does not become the bottleneck it measures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import time
from datetime import UTC, datetime
from typing import Any

import aiohttp
from rush import percentile

LAG_SAMPLE_EVERY = 10  # streams


class Tally:
    def __init__(self) -> None:
        self.connected = 0
        self.events = 0
        self.errors: list[str] = []
        self.lags_ms: list[float] = []


async def listen(http: aiohttp.ClientSession, index: int, tally: Tally, stop: float) -> None:
    sample = index % LAG_SAMPLE_EVERY == 0
    try:
        async with http.get(
            "/api/events/stream", headers={"Accept": "text/event-stream"}
        ) as response:
            if response.status != 200:
                tally.errors.append(f"stream {index}: {response.status}")
                return
            tally.connected += 1
            while time.monotonic() < stop:
                try:
                    line = await asyncio.wait_for(
                        response.content.readline(), timeout=max(0.1, stop - time.monotonic())
                    )
                except TimeoutError:
                    break
                if not line:
                    tally.errors.append(f"stream {index}: closed by the server")
                    return
                if not line.startswith(b"data:"):
                    continue
                tally.events += 1
                if sample:
                    at = json.loads(line[5:])["at"].replace("Z", "+00:00")
                    lag = datetime.now(UTC) - datetime.fromisoformat(at)
                    tally.lags_ms.append(lag.total_seconds() * 1000)
    except aiohttp.ClientError as error:
        tally.errors.append(f"stream {index}: {error!r}")


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

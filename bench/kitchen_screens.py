"""Kitchen screens during the rush: what N kitchen displays cost the server, idle and busy.

Run by `python bench/run.py --only-kitchen` (results-kitchen.md); as a client process of its
own it is N screens doing what web/src/kitchen does, and prints one JSON object:

    python bench/kitchen_screens.py --base http://127.0.0.1:8000 --token brd_... \
        --screens 50 --seconds 60

Each screen loads GET /api/kitchen/board when it starts, holds one event stream
(GET /api/events/stream) and reads every event, reloading the board only on the events whose
data cannot say what to show (`kitchen_ticket.recalled`, `.station_recalled`,
`kitchen_station.changed`), as web/src/kitchen does: the
other events carry what changed. Nothing else: no timer, no poll. Bare streams (reading,
loading nothing) are bench/streams.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
import httpx

# The rush's orders carry no location: their tickets are stored under the nil location.
NO_LOCATION = "00000000-0000-0000-0000-000000000000"
# What web/src/kitchen reloads the board on (board.ts, applyEvent).
RELOADS_THE_BOARD = re.compile(rb"^event: kitchen_(ticket\.(station_)?recalled|station\.changed)")
SCREENS = 50
IDLE_SECONDS = 20


class Tally:
    def __init__(self) -> None:
        self.connected = 0
        self.events = 0
        self.board_loads = 0
        self.errors: list[str] = []


async def screen(http: aiohttp.ClientSession, index: int, tally: Tally, stop: float) -> None:
    dirty = asyncio.Event()
    dirty.set()  # a screen loads the board when it starts

    async def reload() -> None:
        while time.monotonic() < stop:
            try:
                await asyncio.wait_for(dirty.wait(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            dirty.clear()
            params = {"locationId": NO_LOCATION}
            async with http.get("/api/kitchen/board", params=params) as response:
                await response.read()
                if response.status != 200:
                    tally.errors.append(f"screen {index}: board {response.status}")
            tally.board_loads += 1

    reloading = asyncio.create_task(reload())
    try:
        headers = {"Accept": "text/event-stream"}
        async with http.get("/api/events/stream", headers=headers) as response:
            if response.status != 200:
                tally.errors.append(f"screen {index}: stream {response.status}")
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
                    tally.errors.append(f"screen {index}: stream closed by the server")
                    break
                if line.startswith(b"event: "):
                    tally.events += 1
                    if RELOADS_THE_BOARD.match(line):
                        dirty.set()
    except aiohttp.ClientError as error:
        tally.errors.append(f"screen {index}: {error!r}")
    finally:
        await reloading


async def screens(arguments: argparse.Namespace) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {arguments.token}"}
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    connector = aiohttp.TCPConnector(limit=2 * arguments.screens)
    tally = Tally()
    stop = time.monotonic() + arguments.seconds
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    async with aiohttp.ClientSession(
        arguments.base, headers=headers, timeout=timeout, connector=connector
    ) as http:
        await asyncio.gather(*(screen(http, n, tally, stop) for n in range(arguments.screens)))
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return {
        "screens": arguments.screens,
        "connected": tally.connected,
        "events": tally.events,
        "board_loads": tally.board_loads,
        "errors": len(tally.errors),
        "error_samples": tally.errors[:5],
        "client_cpu_percent": 100 * cpu / arguments.seconds,
    }


# --- the measurement, run by bench/run.py ---------------------------------------------------


def _process_tree(pid: int) -> Iterator[int]:
    yield pid
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        yield from _process_tree(int(child))


def server_cpu_seconds(pid: int) -> float:
    """User and system CPU the server (its master and workers) has used so far."""
    ticks = 0
    for process in _process_tree(pid):
        fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / _CLOCK_TICKS


_CLOCK_TICKS = 100  # os.sysconf("SC_CLK_TCK") on Linux


def _requests_served(base: str) -> float:
    """Requests timed so far (every route but the streams and /metrics), from /metrics."""
    text = httpx.get(f"{base}/metrics", timeout=10).text
    pattern = r"^brigade_http_request_duration_seconds_count\{[^}]*\} ([0-9.e+]+)$"
    return sum(float(value) for value in re.findall(pattern, text, re.MULTILINE))


def _idle(base: str, pid: int, seconds: float) -> dict[str, float]:
    requests, cpu = _requests_served(base), server_cpu_seconds(pid)
    time.sleep(seconds)
    # /metrics itself is not timed: the scrapes count nothing.
    return {
        "cpu_percent": 100 * (server_cpu_seconds(pid) - cpu) / seconds,
        "requests": _requests_served(base) - requests,
    }


@dataclass
class KitchenFigures:
    database: str
    screens: int
    idle_without: dict[str, float]
    idle_with: dict[str, float]
    rush_without: dict[str, Any]
    rush_streams: dict[str, Any]
    rush_screens: dict[str, Any]
    streams_client: dict[str, Any]
    screens_client: dict[str, Any]


def _kitchen_token(base: str, admin: str) -> str:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {admin}"}) as http:
        # A device is paired only at a location that was made (docs/design.md §10).
        profile = {"name": "Bench", "timezone": "UTC", "currency": "USD"}
        http.put(f"/api/locations/{NO_LOCATION}", json=profile).raise_for_status()
        body = {"name": "bench pass", "kind": "KITCHEN_DISPLAY", "locationId": NO_LOCATION}
        made = http.post("/api/devices", json=body)
        made.raise_for_status()
        return str(made.json()["token"])


def _clients(script: str, base: str, token: str, *options: str) -> subprocess.Popen[str]:
    """Screens (this file) or bare streams (streams.py), as a process of their own."""
    command = [sys.executable, str(Path(__file__).parent / script), "--base", base]
    command += ["--token", token, *options]
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True)


def measure(
    database: str,
    serving: Callable[[], AbstractContextManager[tuple[str, str, int]]],
    rush: Callable[[str, str], dict[str, Any]],
    rush_seconds: float,
    *,
    admin: str,
) -> KitchenFigures:
    """On one server (1 worker): the rush alone; idle CPU without screens and with SCREENS
    kitchen screens open; the rush with SCREENS bare streams, then with SCREENS screens that
    reload the board on each kitchen event, as the real screen does."""
    with serving() as (base, token, pid):
        kitchen = _kitchen_token(base, admin)
        rush_without = rush(base, token)
        idle_without = _idle(base, pid, IDLE_SECONDS)
        listening = IDLE_SECONDS + rush_seconds + 15
        opened = _clients(
            "kitchen_screens.py", base, kitchen, f"--screens={SCREENS}", f"--seconds={listening}"
        )
        time.sleep(5)  # every screen connected, its first board loaded
        idle_with = _idle(base, pid, IDLE_SECONDS)
        rush_screens = rush(base, token)
        screens_client = json.loads(opened.communicate(timeout=listening + 60)[0])
        listening = rush_seconds + 10
        opened = _clients(
            "streams.py", base, kitchen, f"--streams={SCREENS}", f"--seconds={listening}"
        )
        time.sleep(5)
        rush_streams = rush(base, token)
        streams_client = json.loads(opened.communicate(timeout=listening + 60)[0])
    return KitchenFigures(
        database,
        SCREENS,
        idle_without,
        idle_with,
        rush_without,
        rush_streams,
        rush_screens,
        streams_client,
        screens_client,
    )


def _rush_cells(rush: dict[str, Any]) -> str:
    """Orders/s and the slowest endpoint's p99 (ms)."""
    p99 = max(float(endpoint["p99"]) for endpoint in rush["endpoints"].values())
    return f"{rush['orders_per_s']:.1f} / {p99:.0f}"


def errors(figures: list[KitchenFigures]) -> int:
    return sum(
        f.rush_without["errors"]
        + f.rush_streams["errors"]
        + f.rush_screens["errors"]
        + f.streams_client["errors"]
        + f.screens_client["errors"]
        for f in figures
    )


def render(figures: list[KitchenFigures]) -> str:
    load = ", ".join(f"{minutes:.1f}" for minutes in os.getloadavg())
    lines = [
        f"# Kitchen screens during the rush ({SCREENS} screens, 1 worker, 16 terminals)",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {os.cpu_count()} cores (load "
        f"average at the end {load}); server, clients and database share the machine.",
        "",
        "Idle: the server's CPU (master and worker, from /proc) and the requests it served over "
        f"{IDLE_SECONDS} s with no order coming in, without screens and with {SCREENS} kitchen "
        "screens open (each an event stream; the board loaded once).",
        "",
        "| database | idle CPU, no screens | idle CPU, screens open | requests while idle |",
        "|---|---|---|---|",
    ]
    for f in figures:
        lines.append(
            f"| {f.database} | {f.idle_without['cpu_percent']:.2f} % | "
            f"{f.idle_with['cpu_percent']:.2f} % | {f.idle_with['requests']:.0f} |"
        )
    lines += [
        "",
        "The rush: orders/s / the slowest endpoint's p99 (ms), alone, with bare streams open "
        "(bench/streams.py) and with the kitchen screens (their stream, the board loaded at "
        "start and on a recall), as web/src/kitchen does.",
        "",
        "| database | alone | streams open | screens open | board loads | client CPU, streams / "
        "screens | errors |",
        "|---|---|---|---|---|---|---|",
    ]
    for f in figures:
        lines.append(
            f"| {f.database} | {_rush_cells(f.rush_without)} | {_rush_cells(f.rush_streams)} | "
            f"{_rush_cells(f.rush_screens)} | {f.screens_client['board_loads']} | "
            f"{f.streams_client['client_cpu_percent']:.0f} % / "
            f"{f.screens_client['client_cpu_percent']:.0f} % | {errors([f])} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--screens", type=int, default=SCREENS)
    parser.add_argument("--seconds", type=float, default=60)
    sys.stdout.write(json.dumps(asyncio.run(screens(parser.parse_args()))) + "\n")

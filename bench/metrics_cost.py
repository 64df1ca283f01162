"""What timing a request for /metrics costs: the RequestTiming middleware around an app that
does nothing, against the bare app, per request, in one process (one worker) and with
prometheus_client's shared files (several workers). Prints a markdown table.

    .venv/bin/python bench/metrics_cost.py
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

REQUESTS = 200_000


class _Route:
    path = "/api/products/{product_id}"


async def _nothing(scope: Any, receive: Any, send: Any) -> None:
    scope["route"] = _Route
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"{}"})


async def _sent(message: Any) -> None:
    return None


async def _received() -> Any:
    return {"type": "http.request", "body": b""}


async def _per_request_us(app: Any) -> float:
    scope = {"type": "http", "method": "GET", "path": "/api/products/1"}
    started = time.perf_counter()
    for _ in range(REQUESTS):
        await app(dict(scope), _received, _sent)
    return (time.perf_counter() - started) / REQUESTS * 1e6


def measure() -> None:
    """One mode, in this process: the bare app, then timed; best of three each."""
    from brigade.kit.http.metrics import RequestTiming

    timed = RequestTiming(_nothing)
    bare = min(asyncio.run(_per_request_us(_nothing)) for _ in range(3))
    with_timing = min(asyncio.run(_per_request_us(timed)) for _ in range(3))
    print(f"{bare:.2f} {with_timing:.2f}")


def main() -> int:
    if sys.argv[1:] == ["--measure"]:
        measure()
        return 0
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for mode, extra in (
            ("one worker", {}),
            ("several workers", {"PROMETHEUS_MULTIPROC_DIR": folder}),
        ):
            environment = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
            answer = subprocess.run(
                [sys.executable, __file__, "--measure"],
                env=environment | extra,
                capture_output=True,
                text=True,
                check=True,
            )
            bare, timed = (float(value) for value in answer.stdout.split())
            rows.append(f"| {mode} | {bare:.1f} µs | {timed:.1f} µs | {timed - bare:.1f} µs |")
    print("| metrics | bare app per request | timed | cost per request |")
    print("|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

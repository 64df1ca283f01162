"""Reading a real server's event stream from a test (this module holds no tests)."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import orjson

from factories import ADMIN


class StreamReader:
    """Reads a server's event stream in a thread, noting when each event arrived."""

    def __init__(self, base_url: str, *, after: int | None = None) -> None:
        self.events: list[tuple[float, dict[str, Any]]] = []
        self.lines: list[str] = []
        self.ended = threading.Event()
        self.connected = threading.Event()
        params = {} if after is None else {"after": after}
        self._thread = threading.Thread(target=self._read, args=(base_url, params), daemon=True)
        self._thread.start()
        assert self.connected.wait(10), "the stream did not open"

    def _read(self, base_url: str, params: dict[str, Any]) -> None:
        try:
            with httpx.stream(
                "GET", f"{base_url}/api/events/stream", params=params, headers=ADMIN, timeout=60
            ) as response:
                assert response.status_code == 200
                for line in response.iter_lines():
                    self.lines.append(line)
                    if line == ": connected":
                        self.connected.set()
                    if line.startswith("data: "):
                        self.events.append((time.monotonic(), orjson.loads(line[6:])))
        except httpx.TransportError:
            pass
        finally:
            self.connected.set()
            self.ended.set()

    def wait_for(self, count: int, timeout: float) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while len(self.events) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return [event for _, event in self.events]

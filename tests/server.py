"""A real `brigade serve` process on a free port: what the e2e tests and fixtures start."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import httpx

from factories import ADMIN_TOKEN
from throwaway_db import throwaway_database


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """`python -m brigade serve` on a free port; stopped with SIGTERM like a supervisor would."""

    def __init__(
        self,
        database_url: str,
        log_path: Path,
        *,
        workers: int = 2,
        environment: Mapping[str, str] | None = None,
    ) -> None:
        """``environment``: BRIGADE_* settings, by default the tests' admin token."""
        self.database_url = database_url
        self.environment = (
            {"BRIGADE_ADMIN_TOKEN": ADMIN_TOKEN} if environment is None else environment
        )
        self.workers = workers
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    # A wait, not a measure: on a starved machine a cold start (imports, migrations) has taken
    # over 30 s, and a test then failed for nothing it tests.
    def start(self, *, timeout: float = 90) -> None:
        inherited = {k: v for k, v in os.environ.items() if not k.startswith("BRIGADE_")}
        environment = (
            inherited | dict(self.environment) | {"BRIGADE_DATABASE_URL": self.database_url}
        )
        command = [sys.executable, "-m", "brigade", "serve", "--port", str(self.port)]
        command += ["--workers", str(self.workers)]
        with self.log_path.open("ab") as log:
            # Its own process group, so a crash test can kill the workers with their master.
            self.process = subprocess.Popen(
                command, env=environment, stdout=log, stderr=log, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited early:\n{self.log_path.read_text()}")
            try:
                if httpx.get(f"{self.base_url}/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server did not become healthy:\n{self.log_path.read_text()}")

    def crash(self) -> None:
        """SIGKILL the master and every worker at once, like a power cut."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.process = None

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 30) -> int | None:
        if self.process is None:
            return None
        self.signal(sig)
        return self.wait(timeout)

    def signal(self, sig: int) -> None:
        """Send ``sig`` and return at once (``wait`` for the exit)."""
        assert self.process is not None
        self.process.send_signal(sig)

    def wait(self, timeout: float = 30) -> int | None:
        """The exit code, once the process ends (killed after ``timeout``)."""
        if self.process is None:
            return None
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()
        finally:
            self.process = None


@contextmanager
def serving_with(
    db_option: str, folder: Path, environment: Mapping[str, str]
) -> Iterator[ServerProcess]:
    """A started server, with these BRIGADE_* settings, on a database of its own in ``folder``
    (``db_option`` as --db-url gives it), stopped at the end."""
    with throwaway_database(db_option, folder) as url:
        process = ServerProcess(url, folder / "server.log", environment=environment)
        process.start()
        try:
            yield process
        finally:
            process.stop()

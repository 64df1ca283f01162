"""`brigade serve --workers 2`: each worker is a fork of the serving process, which imported
the app once (brigade/serving.py), not a new interpreter importing it again."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from server import ServerProcess

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.once("how the server starts its workers, the same whatever the database"),
]


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.parametrize("fresh_server", [2], indirect=True, ids=["2-workers"])
def test_the_workers_are_forks_of_the_serving_process(fresh_server: ServerProcess) -> None:
    assert fresh_server.process is not None
    master = fresh_server.process.pid
    command = (Path("/proc") / str(master) / "cmdline").read_bytes()
    workers = _children(master)
    assert len(workers) == 2, workers
    # A fork keeps its parent's command line; a spawned interpreter's is multiprocessing's.
    for worker in workers:
        assert (Path("/proc") / str(worker) / "cmdline").read_bytes() == command
    for _ in range(10):
        assert httpx.get(f"{fresh_server.base_url}/health", timeout=5).status_code == 200

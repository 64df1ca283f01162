"""What a durable COMMIT costs on this disk: small write transactions on a WAL file with
synchronous=FULL (an fsync of the WAL at each COMMIT) against NORMAL (none), and one
os.fsync of the -wal file alone. Prints one JSON object (microseconds per commit).

    python bench/fsync_cost.py [--commits 2000] [--directory /tmp]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any


def _commits(path: Path, synchronous: str, count: int) -> list[float]:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute(f"PRAGMA synchronous={synchronous}")
    connection.execute("CREATE TABLE IF NOT EXISTS line (id INTEGER PRIMARY KEY, body TEXT)")
    elapsed = []
    for n in range(count):
        began = time.perf_counter()
        connection.execute("BEGIN IMMEDIATE")
        # About what an add-item writes: a few rows of a few hundred bytes.
        for _ in range(4):
            connection.execute("INSERT INTO line (body) VALUES (?)", (f"{n:08d}" * 40,))
        connection.execute("COMMIT")
        elapsed.append((time.perf_counter() - began) * 1e6)
    connection.close()
    return elapsed


def _fsyncs(path: Path, count: int) -> list[float]:
    """A commit with NORMAL, then os.fsync of the -wal file: what group commit would pay."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    descriptor = os.open(f"{path}-wal", os.O_RDONLY)
    elapsed = []
    for n in range(count):
        connection.execute("INSERT INTO line (body) VALUES (?)", (f"{n:08d}" * 40,))
        began = time.perf_counter()
        os.fsync(descriptor)
        elapsed.append((time.perf_counter() - began) * 1e6)
    os.close(descriptor)
    connection.close()
    return elapsed


def _summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_us": round(statistics.median(ordered), 1),
        "p99_us": round(ordered[int(len(ordered) * 0.99)], 1),
        "mean_us": round(statistics.fmean(ordered), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commits", type=int, default=2000)
    parser.add_argument("--directory", type=Path, default=None)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=arguments.directory) as folder:
        figures: dict[str, Any] = {"directory": str(arguments.directory or tempfile.gettempdir())}
        for synchronous in ("FULL", "NORMAL", "FULL", "NORMAL"):  # twice each, alternated
            path = Path(folder) / f"{synchronous}.db"
            key = f"commit_{synchronous.lower()}"
            figures.setdefault(key, []).append(
                _summary(_commits(path, synchronous, arguments.commits))
            )
        figures["fsync_wal_alone"] = _summary(_fsyncs(Path(folder) / "NORMAL.db", 500))
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()

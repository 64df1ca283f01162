"""What runs once (in the SQLite pass only), as tests/runs_once.txt writes it down: shared by
the root conftest.py, which marks it, and tests/kit/unit/test_runs_once.py, which checks it."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

TESTS = Path(__file__).parent
# What PostgreSQL's run leaves out changes only with this file, so nothing stops running there
# unseen.
RUNS_ONCE = TESTS / "runs_once.txt"
# Where an item's `once` came from when a directory name gave it (conftest.py, ONCE_UNDER).
WHERE_ONCE = pytest.StashKey[str]()


def relative(item: pytest.Item) -> PurePosixPath:
    """The item's file, from tests/."""
    return PurePosixPath(Path(item.path).relative_to(TESTS).as_posix())


def runs_once_table(items: list[pytest.Item]) -> str:
    """What runs once, a line per directory or module and reason: how many, where, why."""
    counted: dict[tuple[str, str], int] = {}
    for item in items:
        marker = item.get_closest_marker("once")
        if marker is not None:
            key = (item.stash.get(WHERE_ONCE, str(relative(item))), str(marker.args[0]))
            counted[key] = counted.get(key, 0) + 1
    return "".join(f"{n:5d}  {where}  {why}\n" for (where, why), n in sorted(counted.items()))

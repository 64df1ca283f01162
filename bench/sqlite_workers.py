"""SQLite with several workers: the rush on `brigade serve --workers 2`, a baseline revision
against this tree in the same run, alternated and repeated (the machine is shared: the
spread between repeats says how noisy it was). Prints one JSON line per rush, then a table.

    python bench/sqlite_workers.py --baseline main --terminals 16 64 --repeats 3
    python bench/sqlite_workers.py --tree "no fsync=/tmp/variant"  # and a third tree
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from run import QUICK, ROOT, _baseline_tree, _prepared_server, _rush

from throwaway_db import throwaway_database

ENDPOINTS = ("get product", "barcode", "list category", "add item", "payment", "complete")


def _one_rush(code: Path, workers: int, terminals: int, plan: Any, work: Path) -> dict[str, Any]:
    # The first migration only: each tree's own `brigade migrate` takes it to its head.
    with (
        throwaway_database("sqlite", Path(tempfile.mkdtemp(dir=work)), "0001") as url,
        _prepared_server(
            url, workers, plan, products=plan.products, orders=plan.orders, code=code
        ) as (base, token, _pid),
    ):
        return _rush(base, token, terminals, plan)


def _table(runs: list[dict[str, Any]]) -> str:
    lines = [
        "| terminals | tree | orders/s | "
        + " | ".join(f"{name} p99" for name in ENDPOINTS)
        + " | errors |",
        "|---" * (len(ENDPOINTS) + 4) + "|",
    ]
    keys = sorted({(run["terminals"], run["tree"]) for run in runs}, key=lambda k: (k[0], k[1]))
    for terminals, tree in keys:
        mine = [r for r in runs if (r["terminals"], r["tree"]) == (terminals, tree)]

        def spread(values: list[float], digits: int = 0) -> str:
            middle = statistics.median(values)
            return f"{middle:.{digits}f} ({min(values):.{digits}f}..{max(values):.{digits}f})"

        cells = [spread([r["orders_per_s"] for r in mine], 1)]
        cells += [
            spread([r["endpoints"].get(n, {}).get("p99", 0) for r in mine]) for n in ENDPOINTS
        ]
        errors = sum(r["errors"] for r in mine)
        lines.append(f"| {terminals} | {tree} | " + " | ".join(cells) + f" | {errors} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--baseline", default="main", help="the git revision to compare with")
    parser.add_argument(
        "--tree",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="one more tree to rush (a folder with src, bench, tests): an experiment",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--terminals", type=int, nargs="+", default=[16, 64])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--duration", type=float, default=15)
    parser.add_argument("--warmup", type=float, default=3)
    arguments = parser.parse_args()
    plan = QUICK
    plan.duration, plan.warmup = arguments.duration, arguments.warmup
    work = Path(tempfile.mkdtemp(prefix="brigade-bench-"))
    revision = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", arguments.baseline],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    trees = {f"baseline {revision[:7]}": _baseline_tree(revision, work), "this tree": ROOT}
    trees |= {name: Path(path) for name, path in (tree.split("=", 1) for tree in arguments.tree)}
    runs: list[dict[str, Any]] = []
    try:
        for repeat in range(arguments.repeats):
            for terminals in arguments.terminals:
                # Alternate which tree goes first, so a drift in the machine's load is shared.
                order = list(trees.items())
                for tree, code in order if repeat % 2 == 0 else order[::-1]:
                    figures = _one_rush(code, arguments.workers, terminals, plan, work)
                    figures.update(tree=tree, repeat=repeat)
                    runs.append(figures)
                    print(json.dumps(figures), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(_table(runs))
    return 1 if any(run["errors"] for run in runs) else 0


if __name__ == "__main__":
    sys.exit(main())

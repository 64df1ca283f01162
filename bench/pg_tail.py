"""PostgreSQL's tail (issue 19): the rush on a baseline revision and on this tree, alternating,
repeated, in one run; prints each round's p50/p95/p99 per endpoint and orders/s, then each
side's spread (min-max of the rounds).

    python bench/pg_tail.py --baseline main --terminals 64 --rounds 3 --duration 25
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

from run import PG_SERVER, QUICK, ROOT, _baseline_tree, _prepared_server, _rush

from throwaway_db import throwaway_database


def _one(code: Path, arguments: argparse.Namespace, work: Path) -> dict[str, Any]:
    plan = QUICK
    plan.warmup, plan.duration, plan.categories = arguments.warmup, arguments.duration, 40
    with (
        # The first migration only: each tree's own `brigade migrate` takes it to its head.
        throwaway_database(PG_SERVER, Path(tempfile.mkdtemp(dir=work)), "0001") as url,
        _prepared_server(
            url, arguments.workers, plan, products=1_000, orders=arguments.orders, code=code
        ) as (base, token, _pid),
    ):
        return _rush(base, token, arguments.terminals, plan)


def _line(side: str, figures: dict[str, Any]) -> str:
    cells = [f"{side:9} {figures['orders_per_s']:5.1f} orders/s, errors {figures['errors']}"]
    for name, numbers in figures["endpoints"].items():
        cells.append(f"{name} {numbers['p50']:.0f}/{numbers['p95']:.0f}/{numbers['p99']:.0f}")
    return " | ".join(cells)


def _spread(side: str, rounds: list[dict[str, Any]]) -> str:
    orders = [r["orders_per_s"] for r in rounds]
    cells = [f"{side:9} orders/s {min(orders):.1f}-{max(orders):.1f}"]
    for name in rounds[0]["endpoints"]:
        p99s = [r["endpoints"][name]["p99"] for r in rounds]
        cells.append(f"{name} p99 {min(p99s):.0f}-{max(p99s):.0f}")
    worst = [max(e["p99"] for e in r["endpoints"].values()) for r in rounds]
    cells.append(f"worst p99 {min(worst):.0f}-{max(worst):.0f}")
    return " | ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--baseline", default="main", help="the git revision compared with")
    parser.add_argument("--terminals", type=int, default=64)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--duration", type=float, default=25)
    parser.add_argument("--orders", type=int, default=1_000, help="orders seeded beforehand")
    parser.add_argument("--only", choices=["baseline", "tree"], help="one side only")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="brigade-pgtail-"))
    sides = {"baseline": _baseline_tree(arguments.baseline, work), "tree": ROOT}
    if arguments.only:
        sides = {arguments.only: sides[arguments.only]}
    figures: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
    print(f"{arguments.terminals} terminals, {arguments.workers} worker(s)", flush=True)
    for round_number in range(arguments.rounds):
        # Each side goes first every other round: the first run of a round follows the
        # previous round's dropped database (a checkpoint, files deleted) and reads slower.
        order = list(sides.items())
        for side, code in order if round_number % 2 == 0 else reversed(order):
            figures[side].append(_one(code, arguments, work))
            print(_line(side, figures[side][-1]), flush=True)
    for side, rounds in figures.items():
        print(_spread(side, rounds), flush=True)
    (work / "figures.json").write_text(json.dumps(figures))
    print(f"figures: {work / 'figures.json'}")


if __name__ == "__main__":
    main()

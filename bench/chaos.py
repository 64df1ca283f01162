"""The long run of the chaos test (tests/browser/test_offline_chaos.py): three terminals
play a scripted evening of 3,000 operations while their networks are cut at random (offline
spells, writes aborted before the server, answers lost after it) and their pages reloaded,
online and offline; then the server must hold exactly what the script's model says.

    make chaos                                  # 3,000 operations on SQLite (about 10 minutes)
    python bench/chaos.py --operations 1000 --database postgresql --seed 7

Writes its figures into results-chaos.md (a section per database) and fails on any loss,
double or ghost.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent / "tests")]

import screens  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from browser.chaos import Summary, Turbulence, play_evening  # noqa: E402
from browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from browser.evening import Tally  # noqa: E402

OPERATIONS = 3000
PG_SERVER = os.environ.get("BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


def render(
    database: str,
    summary: Summary,
    tally: Tally,
    chromium: str,
    load: tuple[float, float],
    stopped: str | None = None,
) -> str:
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    turbulence = Turbulence()
    verdict = "met" if tally.clean and stopped is None else "**not met**"
    # An evening that stopped was never read back: no count is known.
    unread = "not read back (stopped)"
    checks = (
        unread if stopped else f"{tally.lost_checks}, {tally.doubled_checks}, {tally.ghost_checks}"
    )
    lines_ = (
        unread if stopped else f"{tally.lost_lines}, {tally.doubled_lines}; {len(tally.differing)}"
    )
    kinds = ", ".join(f"{kind} {count:,}" for kind, count in sorted(summary.by_kind.items()))
    rate = summary.ops / summary.seconds if summary.seconds else 0.0
    lines = [
        f"## The long evening on {NAMES[database]}: {summary.planned:,} operations",
        "",
        f"Measured {when} by [chaos.py](chaos.py) (`make chaos`): {chromium} driven by "
        f"Playwright, three terminals (browser contexts) against `brigade serve` on "
        f"{NAMES[database]} with 1 worker, built from commit {_commit()}, on this machine's "
        f"loopback ({os.cpu_count()} cores, "
        f"shared: load average {load[0]:.1f} before, {load[1]:.1f} after). Seed "
        f"{summary.seed} (`--seed {summary.seed}` replays the script).",
        "",
        "| target | measured | verdict |",
        "|---|---|---|",
        f"| checks lost, doubled, ghost | {checks} | {verdict} |",
        f"| lines lost, doubled; checks that differ from the model | {lines_} | {verdict} |",
        "",
        "| what | figure |",
        "|---|---|",
        f"| operations | {summary.ops:,} ({kinds}) |",
        f"| checks, lines the model expects | {summary.checks:,}, {summary.lines:,} |",
        f"| offline spells (each {turbulence.offline_ops[0]} to {turbulence.offline_ops[1]} of "
        f"the terminal's operations) | {summary.offline_spells:,} |",
        f"| order writes aborted before the server | {summary.aborted_before:,} |",
        f"| answers lost after the server committed | {summary.answers_lost:,} |",
        f"| reloads online, offline | {summary.reloads_online:,}, {summary.reloads_offline:,} |",
        f"| played | {summary.seconds:,.0f} s ({rate:.1f} operations/s) |",
        f"| from all back online to the server holding the model | {summary.drain_seconds:.1f} s |",
        "",
        f"Chances: an offline spell before {turbulence.offline:.0%} of a terminal's "
        f"operations, a reload before {turbulence.reload:.0%}; of the order writes, "
        f"{turbulence.abort_before:.0%} aborted before the server and "
        f"{turbulence.lose_answer:.0%} answered but the answer lost.",
        "",
    ]
    if stopped is not None:
        lines += [
            f"The evening stopped after {summary.ops:,} operations:",
            "",
            "```",
            stopped,
            "```",
            "",
        ]
    lines += [f"- {difference}" for difference in tally.differing[:10]]
    for terminal, words in enumerate(summary.left_on_screens):
        lines.append(f"- terminal {terminal} said at the end: {'; '.join(words)}")
    return "\n".join(lines)


def _commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--operations", type=int, default=OPERATIONS)
    parser.add_argument("--database", choices=sorted(NAMES), default="sqlite")
    parser.add_argument("--seed", type=int, default=random.randrange(1_000_000))
    parser.add_argument("--output", type=Path, default=BENCH / "results-chaos.md")
    arguments = parser.parse_args()
    option = "sqlite" if arguments.database == "sqlite" else PG_SERVER
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, check=False)
    before = os.getloadavg()[0]
    started = time.monotonic()

    def progress(done: int) -> None:
        if done % 250 == 0:
            print(f"{done:,} operations, {time.monotonic() - started:.0f} s", flush=True)

    with (
        tempfile.TemporaryDirectory(prefix="brigade-chaos-") as work,
        screens.restaurant_served(Path(work), option) as restaurant,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        summary, tally, stopped = Summary(seed=arguments.seed), Tally(), None
        try:
            summary, tally = play_evening(
                browser,
                restaurant,
                seed=arguments.seed,
                operations=arguments.operations,
                turbulence=Turbulence(),
                patience=300,
                progress=progress,
                summary=summary,
            )
        except Exception as failure:  # the figures so far, and why it stopped, are the result
            told = str(failure).split("\n")[:8]  # the error and the start of its call log
            stopped = "\n".join([*told, *getattr(failure, "__notes__", [])])
            summary.seconds = time.monotonic() - started
        finally:
            browser.close()
    load = (before, os.getloadavg()[0])
    section = render(arguments.database, summary, tally, version.stdout.strip(), load, stopped)
    if not arguments.output.exists():
        arguments.output.write_text("# The chaos test's long run\n")
    screens.write_section(arguments.output, section)
    print(summary.line())
    clean = tally.clean and stopped is None
    print(f"report: {arguments.output}; clean: {clean}")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())

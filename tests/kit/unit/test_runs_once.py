"""What PostgreSQL's run leaves out is written down (tests/runs_once.txt): a new `once` mark,
or a test moved under a directory that runs once, changes that file with it, so nothing stops
running on PostgreSQL unseen (issue 52). Checked when the whole suite was collected, as in
`make test`; `BRIGADE_WRITE_RUNS_ONCE=1 pytest --collect-only -q` writes the file anew."""

from __future__ import annotations

from pathlib import Path

import pytest

from running_once import RUNS_ONCE, TESTS, runs_once_table


def _whole_suite(config: pytest.Config) -> bool:
    asked = [Path(argument).resolve() for argument in config.args]
    return asked in ([], [TESTS]) and not config.getoption("keyword") and not config.option.markexpr


def test_what_runs_once_is_written_down(request: pytest.FixtureRequest) -> None:
    if not _whole_suite(request.config):
        pytest.skip("only a run of the whole suite sees everything that runs once")
    found = runs_once_table(request.session.items)
    assert found == RUNS_ONCE.read_text(), (
        "what runs once changed: if that is meant, write it down with "
        "BRIGADE_WRITE_RUNS_ONCE=1 pytest --collect-only -q, and say why in the marks"
    )
    # Every line says why.
    assert all(line.split("  ", 2)[2].strip() for line in found.splitlines())

"""The tap counter (bench/taps.py) drives the terminal and counts what the person taps: cash
exact and a send, in a real browser against a real server (SQLite); and its report on
hand-made results, an action the terminal lacks said "not available"."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
try:
    import taps
finally:
    sys.path.remove(str(BENCH))

pytestmark = pytest.mark.e2e


def test_cash_exact_and_a_send_are_counted_tap_by_tap() -> None:
    cash, send = taps.measure(["cash exact", "send"])
    assert cash.taps is not None
    assert cash.away is not None
    # The check closed by itself: no tap back to the floor.
    assert (cash.taps.words(), cash.away.words()) == ("Pay, Cash, Take cash", "")
    assert send.taps is not None
    assert send.taps.words() == "Send (1)"
    report = taps.render([cash, send])
    assert "| cash exact | 5 | 3 | 1 / 0 | Pay, Cash, Take cash |" in report
    assert "| send | 1 | 1 | — / — | Send (1) |" in report


def test_typing_counts_a_tap_on_the_field_and_one_a_character() -> None:
    typed = taps.Taps([("Pay", False), ("Card last four", False)] + [(c, True) for c in "4242"])
    assert typed.words() == "Pay, Card last four, 4242 typed"
    report = taps.render(
        [taps.Result("split by seat", None), taps.Result("card with a typed tip", typed)]
    )
    assert "| split by seat | not available | not available | — / — | — |" in report
    assert (
        "| card with a typed tip | not available | 6 | — / — | Pay, Card last four, 4242" in report
    )

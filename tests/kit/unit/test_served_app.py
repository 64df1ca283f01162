"""The app `brigade serve` runs: its worker's garbage collector set for a server's load."""

from __future__ import annotations

import gc

import pytest

from brigade import app as application


def test_a_served_worker_collects_garbage_at_the_servers_thresholds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built = object()
    monkeypatch.setattr(application, "create_app", lambda: built)
    python_defaults = gc.get_threshold()
    try:
        assert application.served_app() is built
        assert gc.get_threshold() == application.GC_THRESHOLDS
    finally:
        gc.set_threshold(*python_defaults)
    assert application.GC_THRESHOLDS[0] > python_defaults[0]

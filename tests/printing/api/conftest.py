"""The fake printers listen on 127.0.0.1 at a port of their own, not a printer's: these tests
allow that host (BRIGADE_PRINTER_ALLOW_HOSTS) as a restaurant with such a printer would;
test_printer_targets.py checks the rule itself without it."""

from __future__ import annotations

import pytest

from brigade.settings import Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"printer_allow_hosts": "127.0.0.1"})

from __future__ import annotations

import pytest

from api.reports.report_helpers import Clock
from brigade.orders import service as order_service


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    faked = Clock()
    monkeypatch.setattr(order_service, "now", faked)
    return faked

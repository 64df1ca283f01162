from __future__ import annotations

import pytest

from brigade.orders import service as order_service
from reports.api.report_helpers import Clock


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    faked = Clock()
    monkeypatch.setattr(order_service, "now", faked)
    return faked

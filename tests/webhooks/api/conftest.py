"""A webhook receiver on 127.0.0.1 for the tests that deliver (tests/receivers.py); those tests
allow that host (BRIGADE_WEBHOOK_ALLOW_HOSTS) themselves, as test_webhooks_api.py checks the
guard without it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from receivers import Receiver


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    receiving = Receiver()
    yield receiving
    receiving.close()

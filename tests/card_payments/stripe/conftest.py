"""The Stripe fake, served on 127.0.0.1 for each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from card_payments.stripe.fake_stripe import FakeStripe


@pytest.fixture
def fake() -> Iterator[FakeStripe]:
    with FakeStripe() as running:
        yield running

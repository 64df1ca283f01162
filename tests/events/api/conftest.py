"""In-process streams live 1 s (then end with a retry hint) and beat every 0.2 s, so a test
client reads them to their end."""

from __future__ import annotations

import pytest

from brigade.settings import Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(
        update={"event_stream_max_seconds": 1.0, "event_heartbeat_seconds": 0.2}
    )

"""A stream opened without a cursor sends what commits after it opened, live. Streams here
live 3 s: the order is made while the stream is open, and a starved machine once took longer
than the module's usual 1 s between the stream opening and the order's commit."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from brigade.settings import Settings
from events.api.event_helpers import sse_events, stream_while
from factories import AppClient, make_order


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"event_stream_max_seconds": 3.0})


def test_without_a_cursor_it_starts_with_what_commits_next_and_sees_it_live(
    client: AppClient,
) -> None:
    make_order(client)  # before the stream: not sent
    later: list[dict[str, Any]] = []
    body = stream_while(client, lambda: later.append(make_order(client)))
    [event] = sse_events(body)
    assert orjson.loads(event["data"])["entityId"] == later[0]["id"]

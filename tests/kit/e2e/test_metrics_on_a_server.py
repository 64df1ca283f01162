"""/metrics on a real server, with one worker and with two: whichever worker answers a scrape
counts every worker's requests and open streams, in text prometheus_client's own parser reads
(one worker had answered an empty body: the metrics folder was set after the import)."""

from __future__ import annotations

import re
import time

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from factories import ADMIN_TOKEN
from server import ServerProcess

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.once("the server's HTTP handling, the same whatever the database"),
]

HEALTH = 'brigade_http_request_duration_seconds_count{method="GET",route="/health",status="200"}'


def _sample(base_url: str, series: str) -> float:
    text = httpx.get(f"{base_url}/metrics", timeout=5).text
    found = re.search(rf"^{re.escape(series)} (\S+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def _eventually(base_url: str, series: str, expected: float) -> None:
    """Every scrape (any worker) agrees, within the time a stream takes to open or close."""
    deadline = time.monotonic() + 5
    while True:
        seen = [_sample(base_url, series) for _ in range(6)]
        if all(value == expected for value in seen):
            return
        assert time.monotonic() < deadline, (series, seen, expected)
        time.sleep(0.1)


@pytest.mark.parametrize("fresh_server", [1, 2], indirect=True)
def test_any_worker_answers_for_all_of_them(fresh_server: ServerProcess) -> None:
    server = fresh_server
    families = {
        family.name: family
        for family in text_string_to_metric_families(
            httpx.get(f"{server.base_url}/metrics", timeout=5).text
        )
    }
    for name in ("brigade_http_request_duration_seconds", "brigade_event_streams_open"):
        assert name in families, sorted(families)
    assert families["brigade_http_request_duration_seconds"].samples  # the start-up's /health
    before = _sample(server.base_url, HEALTH)  # the start-up's own health checks
    # New connections each time, so the two workers share the requests.
    for _ in range(40):
        assert httpx.get(f"{server.base_url}/health", timeout=5).status_code == 200
    _eventually(server.base_url, HEALTH, before + 40)

    headers = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    with httpx.stream(
        "GET", f"{server.base_url}/api/events/stream", headers=headers, timeout=10
    ) as stream:
        assert stream.status_code == 200
        _eventually(server.base_url, "brigade_event_streams_open", 1)
    _eventually(server.base_url, "brigade_event_streams_open", 0)

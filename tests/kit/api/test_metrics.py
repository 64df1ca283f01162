"""/metrics: request timing by route template, the webhook and print backlogs, and the setting that
turns it all off (the numbers across workers are tested on a real server, tests/kit/e2e)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from pydantic import SecretStr

from brigade.app import create_app
from brigade.kit import metrics
from brigade.kit.http import metrics as http_metrics
from brigade.serving import METRICS_FOLDER
from brigade.settings import Settings
from factories import (
    ADMIN_TOKEN,
    LOCATION,
    AppClient,
    bearer,
    make_order,
    make_product,
    metric_value,
)

METRICS_TOKEN = "metrics-token-0123456789abcdef-0123456789"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Every scrape rendered afresh, so a count read after a request holds it (the window of a
    second is tested apart, below)."""
    return settings.model_copy(update={"metrics_cache_seconds": 0})


PRODUCT_ROUTE = (
    'brigade_http_request_duration_seconds_count{method="GET",'
    'route="/api/products/{productId}",status="%s"}'
)


def test_requests_are_timed_by_route_template_and_status(client: AppClient) -> None:
    product = make_product(client)
    ok, missing = PRODUCT_ROUTE % "200", PRODUCT_ROUTE % "404"
    before_ok, before_missing = metric_value(client, ok), metric_value(client, missing)
    for _ in range(3):
        assert client.get(f"/api/products/{product['id']}").status_code == 200
    assert client.get(f"/api/products/{product['id'][:-4]}0000").status_code == 404
    assert metric_value(client, ok) == before_ok + 3
    assert metric_value(client, missing) == before_missing + 1
    # No product id becomes a label: the path asked is never recorded.
    assert product["id"] not in client.get("/metrics").text


def test_unknown_paths_share_one_label_and_metrics_itself_is_not_timed(client: AppClient) -> None:
    unmatched = (
        'brigade_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'
    )
    before = metric_value(client, unmatched)
    assert client.get("/no/such/thing/1").status_code == 404
    assert client.get("/no/such/thing/2").status_code == 404
    assert metric_value(client, unmatched) == before + 2
    assert 'route="/metrics"' not in client.get("/metrics").text


def test_files_under_a_mount_count_under_the_mount(client: AppClient) -> None:
    """Not as "unmatched" beside the 404s: a hashed asset is found, by the mount."""
    index = client.get("/").text
    script = re.findall(r'src="(/assets/[^"]+\.js)"', index)[0]
    series = (
        'brigade_http_request_duration_seconds_count{method="GET",'
        'route="/assets/{path}",status="200"}'
    )
    before = metric_value(client, series)
    assert client.get(script).status_code == 200
    assert metric_value(client, series) == before + 1


def test_the_webhook_backlog_counts_events_the_slowest_webhook_has_not_handled(
    client: AppClient, settings: Settings
) -> None:
    assert metric_value(client, "brigade_webhook_backlog_events") == 0
    # A receiver that refuses connections (port 9 on loopback): nothing is ever delivered.
    allowing = settings.model_copy(update={"webhook_allow_hosts": "127.0.0.1"})
    with TestClient(create_app(allowing), headers=client.headers) as other:
        hook = {"url": "http://127.0.0.1:9/hook", "types": ["product.created"]}
        assert other.post("/api/webhooks", json=hook).status_code == 201
        make_product(other)
        make_product(other)
        assert metric_value(other, "brigade_webhook_backlog_events") == 2
        assert metric_value(other, "brigade_webhook_oldest_pending_seconds") >= 0


def test_the_print_backlog_counts_jobs_not_printed_yet(client: AppClient) -> None:
    assert metric_value(client, "brigade_print_backlog_jobs") == 0
    # Printing is off in-process: the job waits, as behind a switched-off printer.
    body = {"name": "Pass", "locationId": LOCATION, "host": "127.0.0.1", "kind": "KITCHEN"}
    assert client.post("/api/printers", json=body).status_code == 201
    order = make_order(client)
    item = {"productId": make_product(client)["id"], "quantity": 1}
    assert client.post(f"/api/orders/{order['id']}/items", json=item).status_code == 201
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    assert metric_value(client, "brigade_print_backlog_jobs") == 1
    assert metric_value(client, "brigade_print_oldest_pending_seconds") >= 0


def test_metrics_off_records_nothing_and_answers_404(settings: Settings) -> None:
    quiet = settings.model_copy(update={"metrics": "off"})
    with TestClient(create_app(quiet)) as off:
        assert off.get("/metrics").status_code == 404


def test_a_metrics_folder_named_after_the_import_still_answers_this_process_metrics(
    client: AppClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """As `brigade serve` with one worker once did: the folder set once prometheus_client was
    imported, recording in memory; the scrape answered the empty folder (an empty body)."""
    monkeypatch.setenv(METRICS_FOLDER, str(tmp_path))
    assert client.get("/health").status_code == 200
    text = client.get("/metrics").text
    families = {family.name for family in text_string_to_metric_families(text)}
    assert {"brigade_http_request_duration_seconds", "brigade_event_streams_open"} <= families
    assert (
        metric_value(
            client,
            'brigade_http_request_duration_seconds_count{method="GET",'
            'route="/health",status="200"}',
        )
        >= 1
    )


def _timed_series(client: TestClient) -> set[tuple[str, str, str]]:
    text = client.get("/metrics").text
    return {
        (sample.labels["method"], sample.labels["route"], sample.labels["status"])
        for family in text_string_to_metric_families(text)
        if family.name == "brigade_http_request_duration_seconds"
        for sample in family.samples
        if sample.name.endswith("_count")
    }


def test_made_up_methods_and_paths_add_no_series(client: AppClient) -> None:
    """The probe's 837 KB scrape: every method a client made up was a series of its own."""
    assert client.request("BREW", "/api/orders").status_code == 405
    assert client.request("BREW", "/no/such/0").status_code == 404
    before = _timed_series(client)
    size = len(client.get("/metrics").content)
    for n in range(200):
        assert client.request(f"BREW{n}", f"/api/orders/{n}").status_code == 405
        assert client.request(f"X-{n}", f"/no/such/{n}").status_code == 404
    # The registry is the process's: only these requests' own series are looked for, so a
    # request another thread makes meanwhile cannot fail the test.
    added = _timed_series(client) - before
    assert {method for method, _, _ in added} <= metrics.HTTP_METHODS
    assert not {route for _, route, _ in added if re.search(r"/\d+$", route)}
    assert ("OTHER", "unmatched", "405") in before
    # The counts and sums of those two series grew a few digits: nothing else.
    assert len(client.get("/metrics").content) < size + 1024


def test_past_the_cap_new_label_sets_count_under_one_route(
    client: AppClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(metrics, "_timed", {})
    monkeypatch.setattr(metrics, "MAX_REQUEST_SERIES", 2)
    assert client.get("/health").status_code == 200
    assert client.get("/api/products").status_code == 200
    assert client.get("/api/categories").status_code == 200
    assert client.get("/api/orders").status_code == 200
    assert len(metrics._timed) == 3
    assert ("GET", "overflow", "200") not in _timed_series(client)
    assert ("OTHER", "overflow", "200") in _timed_series(client)


def test_scrapes_within_the_window_render_once(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    renders = []
    render = metrics.exposition

    def counted() -> bytes:
        renders.append(1)
        return render()

    clock = [1000.0]
    monkeypatch.setattr(metrics, "exposition", counted)
    monkeypatch.setattr(http_metrics, "monotonic", lambda: clock[0])
    cached = settings.model_copy(update={"metrics_cache_seconds": 1})
    with TestClient(create_app(cached)) as scraper:
        first = scraper.get("/metrics")
        assert scraper.get("/health").status_code == 200
        clock[0] += 0.99
        second = scraper.get("/metrics")
        assert len(renders) == 1
        assert second.content == first.content
        clock[0] += 0.01
        assert scraper.get("/metrics").content != first.content  # the /health since
        assert len(renders) == 2


def test_scrapes_arriving_together_share_one_rendering() -> None:
    renders = []

    async def slow_render() -> bytes:
        renders.append(1)
        await asyncio.sleep(0.05)
        return b"rendered"

    async def five_scrapes() -> list[bytes]:
        scrapes = http_metrics.Scrapes(slow_render, seconds=60)
        return await asyncio.gather(*(scrapes.body() for _ in range(5)))

    assert asyncio.run(five_scrapes()) == [b"rendered"] * 5
    assert len(renders) == 1


def test_a_metrics_token_is_needed_when_set(settings: Settings) -> None:
    guarded = settings.model_copy(update={"metrics_token": SecretStr(METRICS_TOKEN)})
    with TestClient(create_app(guarded)) as scraper:
        for headers in (
            {},
            bearer(ADMIN_TOKEN),
            bearer(METRICS_TOKEN + "x"),
            {"Authorization": METRICS_TOKEN},
        ):
            refused = scraper.get("/metrics", headers=headers)
            assert refused.status_code == 401
            assert refused.headers["content-type"].startswith("application/problem+json")
            assert refused.json()["code"] == "unauthorized"
            assert "brigade_" not in refused.text
        answered = scraper.get("/metrics", headers=bearer(METRICS_TOKEN))
        assert answered.status_code == 200
        assert "brigade_http_request_duration_seconds" in answered.text

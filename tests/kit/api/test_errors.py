"""The error model at its edges: database down, an unexpected exception (its answer and log
line name the Request-Id)."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient

from brigade.app import create_app
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.security_headers import CONTENT_SECURITY_POLICY
from brigade.settings import Settings


def test_health_is_503_problem_when_the_database_does_not_answer() -> None:
    settings = Settings(database_url="postgresql://postgres@127.0.0.1:1/unreachable")
    with TestClient(create_app(settings)) as client:
        response = client.get("/health")
    assert response.status_code == 503
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["code"] == "unavailable"


def test_an_unexpected_error_is_a_logged_500_problem_without_internals(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(settings)
    router = brigade_router(tags=["test"], public=True)

    @router.get("/boom")
    async def boom() -> None:
        raise RuntimeError("secret connection string postgresql://admin:hunter2@db")

    app.include_router(router)
    with (
        caplog.at_level(logging.ERROR, logger="brigade.errors"),
        TestClient(app, raise_server_exceptions=False) as client,
    ):
        response = client.get("/boom", headers={"Request-Id": "trace-me-7"})
    assert response.status_code == 500
    # Answered outside every middleware but the Request-Id's and the security headers': the id
    # is said and logged, and the headers are on it (they were not: issue 51).
    assert response.headers["request-id"] == "trace-me-7"
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == "internal_error"
    assert "hunter2" not in response.text
    assert "Traceback" not in response.text
    assert any("hunter2" in (record.exc_text or "") for record in caplog.records), (
        "the traceback is logged for the operator"
    )
    assert any("Request-Id trace-me-7" in record.getMessage() for record in caplog.records)

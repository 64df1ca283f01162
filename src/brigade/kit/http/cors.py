"""Browsers on other origins: off unless ``BRIGADE_CORS_ORIGINS`` names them.

Tokens travel in ``Authorization``, never in cookies, so credentials stay off and ``*`` is
safe to allow. Every request header the API documents is allowed
(tests/kit/api/test_http_semantics.py checks the OpenAPI's against this list), and a browser
client reads the answer headers it needs for retries, concurrency and reporting a problem
(``Request-Id``).
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

from brigade.kit.http.api_version import HEADER as VERSION_HEADER
from brigade.kit.http.cookies import CSRF_HEADER
from brigade.kit.http.idempotency import HEADER as IDEMPOTENCY_KEY
from brigade.kit.http.permissions import APPROVAL_HEADER
from brigade.kit.http.prefer import APPLIED_HEADER
from brigade.kit.http.request_id import HEADER as REQUEST_ID

ALLOWED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]
# Last-Event-ID: a browser's EventSource resumes the event stream with it (docs/design.md §8).
# X-CSRF-Token goes with the session cookie, which a cross-origin request never carries (no
# credentials): allowed so that a page sending it everywhere is not refused at the preflight.
ALLOWED_HEADERS = [
    "Authorization",
    "Content-Type",
    "If-Match",
    "If-None-Match",
    IDEMPOTENCY_KEY,
    "Last-Event-ID",
    "Prefer",
    APPROVAL_HEADER,
    CSRF_HEADER,
    REQUEST_ID,
    f"X-{REQUEST_ID}",
]
EXPOSED_HEADERS = [
    "ETag",
    "Location",
    "Idempotent-Replayed",
    "Retry-After",
    APPLIED_HEADER,
    REQUEST_ID,
    VERSION_HEADER,
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
]
# How long a browser may reuse a preflight answer (seconds).
PREFLIGHT_MAX_AGE = 600


def install_cors(app: FastAPI, origins: list[str]) -> None:
    if not origins:
        return
    app.add_middleware(
        CORSMiddleware,
        allow_origins=origins,
        allow_methods=ALLOWED_METHODS,
        allow_headers=ALLOWED_HEADERS,
        expose_headers=EXPOSED_HEADERS,
        max_age=PREFLIGHT_MAX_AGE,
    )

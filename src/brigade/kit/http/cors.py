"""Browsers on other origins: off unless ``BRIGADE_CORS_ORIGINS`` names them.

Tokens travel in ``Authorization``, never in cookies, so credentials stay off and ``*`` is
safe to allow. A browser client reads the headers it needs for retries and concurrency.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

from brigade.kit.http.idempotency import HEADER as IDEMPOTENCY_KEY

ALLOWED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]
# Last-Event-ID: a browser's EventSource resumes the event stream with it (docs/design.md §8).
ALLOWED_HEADERS = ["Authorization", "Content-Type", "If-Match", IDEMPOTENCY_KEY, "Last-Event-ID"]
EXPOSED_HEADERS = ["ETag", "Location", "Idempotent-Replayed", "Retry-After"]
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

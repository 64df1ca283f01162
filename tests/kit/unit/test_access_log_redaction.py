"""The access log never holds a stream ticket: uvicorn prints each request's query string."""

from __future__ import annotations

import importlib
import logging
from typing import Any

from uvicorn.logging import AccessFormatter

from brigade.serving import log_config

TICKET = "bre_" + "A1b2" * 10


def _built(config: dict[str, Any], section: str, name: str) -> Any:
    """What logging.config builds for ``name`` of ``section``, without installing it."""
    spec = dict(config[section][name])
    factory = spec.pop("()")
    if isinstance(factory, str):
        module, _, attribute = factory.rpartition(".")
        factory = getattr(importlib.import_module(module), attribute)
    return factory(**spec)


def _access_line(path: str) -> str:
    config = log_config()
    handler = logging.Handler()
    for name in config["handlers"]["access"]["filters"]:
        handler.addFilter(_built(config, "filters", name))
    formatter = config["formatters"]["access"]
    handler.setFormatter(AccessFormatter(fmt=formatter["fmt"], use_colors=False))
    # As uvicorn's HTTP protocol logs each answer.
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", path, "1.1", 200),
        None,
    )
    assert handler.filter(record)
    return handler.format(record)


def test_a_ticket_is_blanked_wherever_it_stands_in_the_query() -> None:
    first = _access_line(f"/api/events/stream?ticket={TICKET}&after=3")
    assert TICKET not in first
    assert '"GET /api/events/stream?ticket=[redacted]&after=3 HTTP/1.1" 200' in first
    last = _access_line(f"/api/events/stream?types=order.created&ticket={TICKET}")
    assert TICKET not in last
    assert "/api/events/stream?types=order.created&ticket=[redacted] HTTP/1.1" in last


def test_other_queries_are_logged_as_they_came() -> None:
    line = _access_line("/api/orders?status=OPEN&after=2")
    assert '"GET /api/orders?status=OPEN&after=2 HTTP/1.1" 200' in line

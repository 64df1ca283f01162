"""`Request-Id` on every answer, and in the log lines the request causes; `Brigade-Version`
(kit/http/api_version.py) beside it.

The client's own id is kept when it sent a sane one in `Request-Id` (or the older
`X-Request-Id`): at most 200 visible ASCII characters, so it can go into a header and a log line
as it is. Anything else, or none, gets a new one (32 random hex digits). A pure ASGI
middleware: one look through the request's headers and one header more on the answer. The id
is also this request's context variable, read by the access log's filter (``RequestIdLogFilter``,
set up by brigade/serving.py) and by the unexpected-error log.
"""

from __future__ import annotations

import logging
import os
import re
from contextvars import ContextVar

from starlette.applications import Starlette
from starlette.types import Message, Receive, Scope, Send

from brigade.kit.http.api_version import API_VERSION
from brigade.kit.http.api_version import HEADER as VERSION_HEADER
from brigade.kit.http.middleware import HttpMiddleware, outside_server_errors

HEADER = "Request-Id"
MAX_LENGTH = 200
_SENT = b"request-id"
_SENT_OLDER = b"x-request-id"
_VERSION = (VERSION_HEADER.lower().encode(), API_VERSION.encode())
_SANE = re.compile(rb"[\x21-\x7e]{1,%d}" % MAX_LENGTH)
# Outside any request (start-up, background loops) the log says "-".
NO_REQUEST = "-"
_current: ContextVar[str] = ContextVar("brigade_request_id", default=NO_REQUEST)


def current_request_id() -> str:
    """The id of the request being answered; "-" outside one."""
    return _current.get()


def _chosen(scope: Scope) -> bytes:
    older = None
    for name, value in scope["headers"]:
        if name == _SENT and _SANE.fullmatch(value):
            return bytes(value)
        if name == _SENT_OLDER and older is None and _SANE.fullmatch(value):
            older = bytes(value)
    # 128 random bits as 32 hex digits: a uuid4's worth, at a third of uuid4()'s cost.
    return older if older is not None else os.urandom(16).hex().encode()


class RequestId(HttpMiddleware):
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        request_id = _chosen(scope)
        token = _current.set(request_id.decode("ascii"))

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), (_SENT, request_id), _VERSION]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            _current.reset(token)


class RequestIdLogFilter(logging.Filter):
    """Gives each record the current request's id as ``request_id`` (for a log format)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _current.get()
        return True


def install_request_id(app: Starlette) -> None:
    """Around the whole middleware stack, outside even Starlette's ServerErrorMiddleware: a 500
    carries the id too, and the error's log line names it."""
    outside_server_errors(app, RequestId)

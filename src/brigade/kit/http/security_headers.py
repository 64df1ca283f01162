"""Security headers on every answer, pages and API alike (docs/security.md).

A redirect's ``Location`` leaves as a path on this server, never naming the Host the client sent.

A pure ASGI middleware with the header list built once: each answer only gets the ones it does
not set itself (``/docs`` sets its own policy, for Swagger UI's one inline script). It sits
outside Starlette's ServerErrorMiddleware, so an unexpected error's 500 carries them too.
"""

from __future__ import annotations

import base64
import hashlib
import re
from urllib.parse import urlsplit, urlunsplit

from starlette.applications import Starlette
from starlette.types import Message, Receive, Scope, Send

from brigade.kit.http.middleware import HttpMiddleware, outside_server_errors

# The screens load their hashed scripts and styles from this origin only, and talk to it only.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
CSP_HEADER = "Content-Security-Policy"

HEADERS: list[tuple[bytes, bytes]] = [
    (CSP_HEADER.lower().encode(), CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


def policy_with_inline_script(script: str) -> str:
    """The policy, allowing one inline script by its SHA-256 (Swagger UI's start-up) and inline
    styles (which Swagger UI sets): for /docs, a page that shows no stored data."""
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    return CONTENT_SECURITY_POLICY.replace(
        "script-src 'self'", f"script-src 'self' 'sha256-{digest}'"
    ).replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


def policy_with_photos() -> str:
    """The policy, letting images come from any https address too: the guests' menu shows each
    product's photo where the restaurant keeps it (``imageUrl``, often a CDN). Nothing else
    loosens, and ``no-referrer`` keeps the page's address (the table's code) from the photos'
    hosts."""
    return CONTENT_SECURITY_POLICY.replace("img-src 'self' data:", "img-src 'self' data: https:")


# Leading slashes and backslashes: a browser reads "//host" and "/\\host" as another host's.
_LEADING_SLASHES = re.compile(rb"^[/\\]+")


def relative_location(location: bytes) -> bytes:
    """A redirect's target as a path on this server (with its query and fragment): an absolute
    one was made from the request's Host header, which a client may forge (issue 51)."""
    parts = urlsplit(location)
    path = _LEADING_SLASHES.sub(b"/", parts.path)
    if not parts.scheme and not parts.netloc and path == parts.path:
        return location
    return urlunsplit((b"", b"", path or b"/", parts.query, parts.fragment))


class SecurityHeaders(HttpMiddleware):
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _value in headers}
                headers.extend(pair for pair in HEADERS if pair[0] not in present)
                if 300 <= message["status"] < 400:
                    # Starlette's trailing-slash redirect names the Host the client sent.
                    headers = [
                        (name, relative_location(value) if name.lower() == b"location" else value)
                        for name, value in headers
                    ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def install_security_headers(app: Starlette) -> None:
    """On every answer, a 500 included (before install_request_id, which goes around it)."""
    outside_server_errors(app, SecurityHeaders)

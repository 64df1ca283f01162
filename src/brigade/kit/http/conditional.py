"""`ETag` and `If-None-Match` on reads (docs/design.md §3): a client polling a resource or a
list gets 304 with no body when nothing changed since the answer it holds.

A pure ASGI middleware on `GET /api/...` JSON answers: an answer with an `ETag` of its own (an
order's `"<version>"`) keeps it; any other gets a weak one, the digest of its body. The answer
is still made: this saves the network and the client's parsing, not the server's reading.
"""

from __future__ import annotations

import hashlib

from starlette.types import Message, Receive, Scope, Send

from brigade.kit.http.middleware import HttpMiddleware

_ETAG = b"etag"
_IF_NONE_MATCH = b"if-none-match"
_JSON = b"application/json"
# What a 304 keeps of the answer it stands for (RFC 9110 §15.4.5), with the middlewares' own.
_KEPT_ON_304 = {b"etag", b"cache-control", b"vary", b"content-location", b"date", b"expires"}


def _matches(if_none_match: bytes, etag: bytes) -> bool:
    """Weak comparison, as If-None-Match asks: `W/` aside, any listed tag, or `*`."""
    wanted = etag.removeprefix(b"W/")
    for listed in if_none_match.split(b","):
        tag = listed.strip()
        if tag == b"*" or tag.removeprefix(b"W/") == wanted:
            return True
    return False


def body_etag(body: bytes) -> bytes:
    return b'W/"' + hashlib.blake2b(body, digest_size=12).hexdigest().encode() + b'"'


class ConditionalReads(HttpMiddleware):
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] != "GET" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        if_none_match = next((v for k, v in scope["headers"] if k == _IF_NONE_MATCH), None)
        started: Message | None = None

        async def send_tagged(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                headers = message.get("headers", [])
                json = any(k == b"content-type" and v.startswith(_JSON) for k, v in headers)
                if message["status"] == 200 and json:
                    started = message  # held until the body is known
                    return
                await send(message)
                return
            if started is None:
                await send(message)
                return
            if message.get("more_body", False):
                # Streamed in parts: sent as it comes, untagged.
                held, started = started, None
                await send(held)
                await send(message)
                return
            await _answer(started, message["body"], if_none_match, send)
            started = None

        await self.app(scope, receive, send_tagged)


async def _answer(start: Message, body: bytes, if_none_match: bytes | None, send: Send) -> None:
    headers = list(start.get("headers", []))
    etag = next((v for k, v in headers if k == _ETAG), None)
    if etag is None:
        etag = body_etag(body)
        headers.append((_ETAG, etag))
    if if_none_match is not None and _matches(if_none_match, etag):
        kept = [(k, v) for k, v in headers if k in _KEPT_ON_304]
        await send({"type": "http.response.start", "status": 304, "headers": kept})
        await send({"type": "http.response.body", "body": b""})
        return
    await send({**start, "headers": headers})
    await send({"type": "http.response.body", "body": body})

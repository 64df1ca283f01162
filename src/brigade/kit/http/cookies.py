"""The back office's session cookie and its CSRF guard (docs/design.md §7, docs/decisions.md
"A cookie session with a double-submit CSRF token").

``brigade_session`` holds the session token: HttpOnly, SameSite=Strict, Path=/, Secure over
HTTPS (or when BRIGADE_SECURE_COOKIES says the proxy in front ends TLS). ``brigade_csrf`` is
readable by the page, which sends it back as ``X-CSRF-Token`` with every change: another site
can make a browser send the cookie, never read it and set the header. The token is the
session's own, an HMAC under the session token (``csrf_token_of``): a token planted in the
browser, or taken from another session, is refused.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from urllib.parse import urlsplit

from fastapi import Request, Response

from brigade.kit.errors import CsrfFailed

SESSION_COOKIE = "brigade_session"
CSRF_COOKIE = "brigade_csrf"
CSRF_HEADER = "X-CSRF-Token"
# The cookies outlive a closed tab; the server ends the session sooner when it is idle.
COOKIE_MAX_AGE_SECONDS = 7 * 24 * 3600


# What the CSRF token is derived from, under the session token as the key.
_CSRF_LABEL = b"brigade-csrf"


def csrf_token_of(session_token: str) -> str:
    """The CSRF token of a session: nothing to store, that session's only, and it tells nothing
    of the session token it comes from (the page can read it; the session token it may not)."""
    digest = hmac.new(session_token.encode(), _CSRF_LABEL, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def session_cookie(request: Request) -> str | None:
    return request.cookies.get(SESSION_COOKIE) or None


def set_session_cookies(
    response: Response, request: Request, session_token: str, *, always_secure: bool
) -> None:
    """Both cookies of a new session: the session's, and a fresh CSRF token the page reads."""
    secure = always_secure or request.url.scheme == "https"
    for name, value, http_only in (
        (SESSION_COOKIE, session_token, True),
        (CSRF_COOKIE, csrf_token_of(session_token), False),
    ):
        response.set_cookie(
            name,
            value,
            max_age=COOKIE_MAX_AGE_SECONDS,
            path="/",
            secure=secure,
            httponly=http_only,
            samesite="strict",
        )


def clear_session_cookies(response: Response) -> None:
    for name in (SESSION_COOKIE, CSRF_COOKIE):
        response.delete_cookie(name, path="/", samesite="strict")


def ensure_same_site(request: Request) -> None:
    """A change made with the session cookie must carry its session's CSRF token (the
    ``brigade_csrf`` cookie's value) as ``X-CSRF-Token`` and, when the browser names its
    ``Origin``, come from this server."""
    sent = request.headers.get(CSRF_HEADER, "")
    session = session_cookie(request)
    expected = "" if session is None else csrf_token_of(session)
    if not sent or not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
        raise CsrfFailed(
            f"A change made with the session cookie needs its session's {CSRF_COOKIE} cookie's "
            f"value in {CSRF_HEADER}; reload the page, or sign in again."
        )
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise CsrfFailed(f"A change made with the session cookie from {origin} is refused.")

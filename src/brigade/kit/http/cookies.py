"""The back office's session cookie and its CSRF guard (docs/design.md §7, docs/decisions.md
"A cookie session with a double-submit CSRF token").

``brigade_session`` holds the session token: HttpOnly, SameSite=Strict, Path=/, Secure over
HTTPS (or when BRIGADE_SECURE_COOKIES says the proxy in front ends TLS). ``brigade_csrf`` is
readable by the page, which sends it back as ``X-CSRF-Token`` with every change: another site
can make a browser send the cookie, never read it and set the header.
"""

from __future__ import annotations

import hmac
import secrets
from urllib.parse import urlsplit

from fastapi import Request, Response

from brigade.kit.errors import CsrfFailed

SESSION_COOKIE = "brigade_session"
CSRF_COOKIE = "brigade_csrf"
CSRF_HEADER = "X-CSRF-Token"
# The cookies outlive a closed tab; the server ends the session sooner when it is idle.
COOKIE_MAX_AGE_SECONDS = 7 * 24 * 3600


def session_cookie(request: Request) -> str | None:
    return request.cookies.get(SESSION_COOKIE) or None


def set_session_cookies(
    response: Response, request: Request, session_token: str, *, always_secure: bool
) -> None:
    """Both cookies of a new session: the session's, and a fresh CSRF token the page reads."""
    secure = always_secure or request.url.scheme == "https"
    for name, value, http_only in (
        (SESSION_COOKIE, session_token, True),
        (CSRF_COOKIE, secrets.token_urlsafe(32), False),
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
    """A change made with the session cookie must carry the CSRF cookie's value as
    ``X-CSRF-Token`` and, when the browser names its ``Origin``, come from this server."""
    sent = request.headers.get(CSRF_HEADER, "")
    expected = request.cookies.get(CSRF_COOKIE, "")
    if not sent or not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
        raise CsrfFailed(
            f"A change made with the session cookie needs the {CSRF_COOKIE} cookie's value in "
            f"{CSRF_HEADER}; reload the page."
        )
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise CsrfFailed(f"A change made with the session cookie from {origin} is refused.")

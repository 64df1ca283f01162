"""Every page and API answer carries the security headers the probe found missing: a content
security policy with ``frame-ancestors 'none'``, ``nosniff`` and a referrer policy."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest
from httpx import Response

from brigade.kit.http.security_headers import CONTENT_SECURITY_POLICY, relative_location
from factories import AppClient

pytestmark = pytest.mark.once("the server's HTTP handling, the same whatever the database")


def _assert_secured(response: Response) -> None:
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(
    ("path", "token"),
    [
        ("/health", True),
        ("/api/orders", True),
        ("/api/orders", False),
        ("/api/no-such-thing", True),
        ("/", True),
        ("/kitchen", True),
        ("/manage", True),
        ("/openapi.json", True),
    ],
)
def test_every_answer_carries_the_security_headers(
    client: AppClient, path: str, token: bool
) -> None:
    headers = None if token else {"Authorization": ""}
    response = client.get(path, headers=headers)
    _assert_secured(response)
    if path in ("/", "/kitchen", "/manage", "/api/orders"):
        assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY


def test_the_docs_page_allows_its_one_inline_script_by_hash(client: AppClient) -> None:
    response = client.get("/docs")
    _assert_secured(response)
    (script,) = re.findall(r"<script>(.*?)</script>", response.text, re.DOTALL)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    policy = response.headers["content-security-policy"]
    assert f"script-src 'self' 'sha256-{digest}'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("/api/orders/", "/api/orders"),
        ("/api/orders/?limit=5", "/api/orders?limit=5"),
        ("/kitchen/", "/kitchen"),
        ("/manage//", "/manage"),
    ],
)
def test_a_trailing_slash_redirect_never_names_the_host_sent(
    client: AppClient, path: str, location: str
) -> None:
    """The redirect to the path without its slash was absolute, made of the Host header: a
    forged one was echoed back (issue 51)."""
    answer = client.get(path, headers={"Host": "evil.example"}, follow_redirects=False)
    assert answer.status_code == 307
    assert answer.headers["location"] == location
    _assert_secured(answer)
    followed = client.get(path)
    assert followed.status_code == 200


@pytest.mark.parametrize(
    ("sent", "answered"),
    [
        (b"http://evil.example/api/orders?limit=5#top", b"/api/orders?limit=5#top"),
        (b"https://evil.example", b"/"),
        (b"//evil.example/manage", b"/manage"),
        (b"http://pos.local//evil.example/", b"/evil.example/"),
        (b"/\\evil.example", b"/evil.example"),
        (b"/api/orders", b"/api/orders"),
    ],
)
def test_a_redirect_leaves_as_a_path_that_names_no_other_host(sent: bytes, answered: bytes) -> None:
    """A browser reads //host and /\\host as another host: never left at the start of a path."""
    assert relative_location(sent) == answered

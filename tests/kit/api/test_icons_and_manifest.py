"""The icons and the terminal's web app manifest (docs/design.md §11): answered from the root
without a token, with their content types, kept a day; each screen's page links the icons and
the terminal's links the manifest."""

from __future__ import annotations

import pytest

from factories import AppClient

pytestmark = pytest.mark.once("the server's HTTP handling, the same whatever the database")

NO_TOKEN = {"Authorization": ""}


@pytest.mark.parametrize(
    ("path", "content_type", "starts_with"),
    [
        ("/favicon.ico", "image/x-icon", b"\x00\x00\x01\x00"),
        ("/icon.svg", "image/svg+xml", b"<svg"),
        ("/icon-192.png", "image/png", b"\x89PNG"),
        ("/icon-512.png", "image/png", b"\x89PNG"),
        ("/manifest.webmanifest", "application/manifest+json", b"{"),
    ],
)
def test_each_icon_and_the_manifest_is_answered_with_its_type(
    client: AppClient, path: str, content_type: str, starts_with: bytes
) -> None:
    answer = client.get(path, headers=NO_TOKEN)
    assert answer.status_code == 200
    assert answer.headers["content-type"].split(";")[0] == content_type
    assert answer.headers["cache-control"] == "public, max-age=86400"
    assert answer.content.startswith(starts_with)


def test_the_manifest_installs_the_terminal_full_screen(client: AppClient) -> None:
    manifest = client.get("/manifest.webmanifest", headers=NO_TOKEN).json()
    assert (manifest["name"], manifest["display"], manifest["start_url"]) == (
        "Brigade terminal",
        "fullscreen",
        "/",
    )
    for icon in manifest["icons"]:
        assert client.get(icon["src"], headers=NO_TOKEN).status_code == 200
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}


@pytest.mark.parametrize("path", ["/", "/kitchen", "/manage", "/board"])
def test_every_screen_links_the_icons_and_the_terminal_its_manifest(
    client: AppClient, path: str
) -> None:
    page = client.get(path, headers=NO_TOKEN).text
    assert '<link rel="icon" href="/favicon.ico"' in page
    assert '<link rel="icon" href="/icon.svg" type="image/svg+xml"' in page
    assert ('<link rel="manifest" href="/manifest.webmanifest"' in page) == (path == "/")

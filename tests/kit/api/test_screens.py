"""The screens and the API docs as files: what is cached, for how long, and where from."""

from __future__ import annotations

import gzip
import re

import pytest

from brigade.kit.http.screens import SCREENS
from factories import AppClient

pytestmark = pytest.mark.once("the server's HTTP handling, the same whatever the database")


@pytest.mark.parametrize(
    ("path", "page_file"),
    [
        ("/", "index.html"),
        ("/kitchen", "kitchen.html"),
        ("/manage", "manage.html"),
        ("/board", "board.html"),
        ("/t/qW3rTy-ZxC_0", "guest.html"),
        ("/order/harbour-st", "order.html"),
    ],
)
def test_each_screen_has_its_page_and_it_is_never_cached(
    client: AppClient, path: str, page_file: str
) -> None:
    page = client.get(path, headers={"Authorization": ""})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert page.headers["cache-control"] == "no-cache"
    assert page.text == (SCREENS / page_file).read_text()


@pytest.mark.parametrize("path", ["/t/qW3rTy-ZxC_0", "/order/harbour-st"])
def test_only_the_guests_pages_show_photos_from_elsewhere(client: AppClient, path: str) -> None:
    """A product's photo may be kept anywhere on https (docs/security.md); every other screen
    loads images from this server only, and no page names its address to the photos' hosts."""
    guests = client.get(path, headers={"Authorization": ""})
    terminal = client.get("/", headers={"Authorization": ""})
    assert "img-src 'self' data: https:;" in guests.headers["content-security-policy"]
    assert "img-src 'self' data:;" in terminal.headers["content-security-policy"]
    assert (
        guests.headers["content-security-policy"].replace(" https:;", ";")
        == (terminal.headers["content-security-policy"])
    )
    assert guests.headers["referrer-policy"] == "no-referrer"


# What the guests' phone (at a table, or on the restaurant's ordering page) loads before it shows
# the menu, compressed: it opens on a restaurant's Wi-Fi or a slow mobile network (docs/design.md
# §28, §29).
GUEST_FIRST_SCREEN_BYTES = 150 * 1024


@pytest.mark.parametrize(
    ("address", "entry"), [("/t/qW3rTy-ZxC_0", "guest"), ("/order/harbour-st", "order")]
)
def test_the_guests_phone_loads_less_than_150_kb_compressed(
    client: AppClient, address: str, entry: str
) -> None:
    page = client.get(address, headers={"Authorization": ""})
    assert page.status_code == 200
    assets = re.findall(r'(?:src|href)="(/assets/[^"]+\.(?:js|css))"', page.text)
    assert any(path.startswith(f"/assets/{entry}-") for path in assets)
    sizes = {"page": len(gzip.compress(page.content))}
    for path in assets:
        asset = client.get(path)
        assert asset.status_code == 200
        sizes[path] = len(gzip.compress(asset.content))
    assert sum(sizes.values()) < GUEST_FIRST_SCREEN_BYTES, sizes


def test_hashed_assets_are_cached_for_a_year(client: AppClient) -> None:
    index = client.get("/").text
    scripts = re.findall(r'src="(/assets/[^"]+\.js)"', index)
    styles = re.findall(r'href="(/assets/[^"]+\.css)"', index)
    assert scripts
    assert styles
    for path in scripts + styles:
        asset = client.get(path)
        assert asset.status_code == 200
        assert asset.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert client.get("/assets/index-missing.js").status_code == 404


def test_the_service_worker_covers_the_screens_and_is_never_cached(client: AppClient) -> None:
    worker = client.get("/sw.js", headers={"Authorization": ""})
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"
    assert worker.headers["service-worker-allowed"] == "/"
    # This build's own cache, holding this build's hashed assets; the API is never kept.
    build = re.search(r'const BUILD = "([0-9a-f]{16})"', worker.text)
    assert build
    index = client.get("/").text
    for script in re.findall(r'src="(/assets/[^"]+\.js)"', index):
        assert f'"{script}"' in worker.text
    assert '"/api' not in worker.text


def test_the_docs_load_swagger_ui_from_the_app(client: AppClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200
    assert "cdn" not in docs.text.lower()
    bundle = re.search(r"src=\"(/docs/assets/swagger-ui-bundle\.js)\"", docs.text)
    style = re.search(r"href=\"(/docs/assets/swagger-ui\.css)\"", docs.text)
    assert bundle
    assert style
    script = client.get(bundle.group(1))
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.text
    assert client.get(style.group(1)).headers["cache-control"] == "public, max-age=86400"
    assert client.get("/redoc").status_code == 404

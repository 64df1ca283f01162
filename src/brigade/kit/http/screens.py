"""The staff's screens and the API docs, served as files built by `make install` (web/).

The Vite build writes the screens into ``static/screens/``: one page per screen
(``index.html`` the terminal, ``kitchen.html`` the kitchen display, ``manage.html`` the back
office, ``board.html`` the guests' board, ``guest.html`` the guests' phone at ``/t/{guest_code}``,
``order.html`` the restaurant's own ordering page at ``/order/{slug}``),
never cached (each names the current build), and
``assets/`` whose names carry a content hash, so they are cached for a year. ``sw.js``, the
service worker that keeps the terminal's and the kitchen display's shell on the tablet, is served
from the root so that its scope covers their pages, never cached (a new build must reach the
tablet). The icons and the terminal's web app manifest sit at the root too (``ROOT_FILES``).
Swagger UI's script
and style are copied from the pinned npm package into ``static/swagger-ui/``: ``/docs`` needs no
internet.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from brigade.kit.http.errors import problem
from brigade.kit.http.security_headers import (
    CSP_HEADER,
    policy_with_inline_script,
    policy_with_photos,
)

STATIC = Path(__file__).resolve().parents[2] / "static"
SCREENS = STATIC / "screens"
# Where each screen is served, and the page the build writes for it.
PAGES = {
    "/": "index.html",
    "/kitchen": "kitchen.html",
    "/manage": "manage.html",
    "/board": "board.html",
    # The first run (docs/design.md §22).
    "/setup": "setup.html",
    # A manual simulator card reader's page, where a person taps the card (docs/design.md §27):
    # the back office's, under its Readers.
    "/reader/{reader_id}": "manage.html",
    # The guests' phone at a table, the page its QR code opens (docs/design.md §28): public,
    # the page reads the code from its address.
    "/t/{guest_code}": "guest.html",
    # The restaurant's own ordering page (docs/design.md §29): public, the page reads its WEB
    # channel's slug from its address.
    "/order/{slug}": "order.html",
}
# The guests' pages show products' photos from wherever the restaurant keeps them.
PHOTO_PAGES = frozenset({"guest.html", "order.html"})
# The icons and the terminal's web app manifest, written by the build at its root (web/src/build/
# icons.ts) and served from the site's root, where browsers look for them; their names carry no
# hash, so they are kept a day like Swagger UI's files.
ROOT_FILES = {
    "/favicon.ico": ("favicon.ico", "image/x-icon"),
    "/icon.svg": ("icon.svg", "image/svg+xml"),
    "/icon-192.png": ("icon-192.png", "image/png"),
    "/icon-512.png": ("icon-512.png", "image/png"),
    "/manifest.webmanifest": ("manifest.webmanifest", "application/manifest+json"),
}
SWAGGER_UI = STATIC / "swagger-ui"
SERVICE_WORKER = "/sw.js"
DOCS_ASSETS = "/docs/assets"
HASHED_ASSETS = "/assets"

NEVER_CACHED = "no-cache"
# A hashed name never changes content: keep it a year, never revalidate.
FOREVER = "public, max-age=31536000, immutable"
# Swagger UI's files keep their names across versions: a day, then revalidate.
A_DAY = "public, max-age=86400"


class _CachedFiles(StaticFiles):
    """Static files answered with one Cache-Control; a missing folder answers 404s."""

    def __init__(self, directory: Path, cache_control: str) -> None:
        super().__init__(directory=directory, check_dir=False)
        self.cache_control = cache_control

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code == 200:
            response.headers["Cache-Control"] = self.cache_control
        return response


def _not_built() -> Response:
    return problem(
        503, "screens_not_built", "The screens are not built: run `make install` to build them."
    )


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    headers = {"Cache-Control": NEVER_CACHED}
    if name in PHOTO_PAGES:
        headers[CSP_HEADER] = policy_with_photos()

    async def serve(request: Request) -> Response:
        page = SCREENS / name
        if not page.is_file():
            return _not_built()
        return FileResponse(page, headers=headers)

    return serve


def _root_file(name: str, media_type: str) -> Callable[[Request], Awaitable[Response]]:
    async def serve(request: Request) -> Response:
        built = SCREENS / name
        if not built.is_file():
            return _not_built()
        return FileResponse(built, media_type=media_type, headers={"Cache-Control": A_DAY})

    return serve


async def service_worker(request: Request) -> Response:
    script = SCREENS / "sw.js"
    if not script.is_file():
        return _not_built()
    return FileResponse(
        script,
        media_type="text/javascript",
        headers={"Cache-Control": NEVER_CACHED, "Service-Worker-Allowed": "/"},
    )


async def api_docs(request: Request) -> Response:
    root_path = request.scope.get("root_path", "").rstrip("/")
    page: HTMLResponse = get_swagger_ui_html(
        openapi_url=f"{root_path}/openapi.json",
        title=f"{request.app.title} - Swagger UI",
        swagger_js_url=f"{root_path}{DOCS_ASSETS}/swagger-ui-bundle.js",
        swagger_css_url=f"{root_path}{DOCS_ASSETS}/swagger-ui.css",
        swagger_favicon_url=f"{root_path}{DOCS_ASSETS}/favicon-32x32.png",
    )
    page.headers["Cache-Control"] = NEVER_CACHED
    inline = _INLINE_SCRIPT.search(bytes(page.body).decode())
    if inline is not None:
        page.headers[CSP_HEADER] = policy_with_inline_script(inline.group(1))
    return page


# Swagger UI's start-up script, the page's only inline one.
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def install_screens(app: FastAPI) -> None:
    """`/` the terminal, `/kitchen` the kitchen display, `/manage` the back office and `/board`
    the guests' board with their hashed assets, `/sw.js` their service worker, the icons
    (`/favicon.ico`, `/icon.svg`, ...) and the terminal's `/manifest.webmanifest`, `/docs`
    Swagger UI from local files. The app is made with ``docs_url=None`` and ``redoc_url=None``:
    FastAPI's own pages load from a CDN."""
    for path, name in PAGES.items():
        app.add_route(path, _page(name), methods=["GET"], include_in_schema=False)
    for path, (name, media_type) in ROOT_FILES.items():
        route = _root_file(name, media_type)
        app.add_route(path, route, methods=["GET"], include_in_schema=False)
    app.add_route(SERVICE_WORKER, service_worker, methods=["GET"], include_in_schema=False)
    app.add_route("/docs", api_docs, methods=["GET"], include_in_schema=False)
    app.mount(HASHED_ASSETS, _CachedFiles(SCREENS / "assets", FOREVER), name="screen-assets")
    app.mount(DOCS_ASSETS, _CachedFiles(SWAGGER_UI, A_DAY), name="docs-assets")

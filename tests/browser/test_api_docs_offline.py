"""/docs on a restaurant's network with no internet: Swagger UI's files come from the app."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Browser, Route, expect

LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}


def test_the_api_docs_work_with_no_internet(browser: Browser, server: str) -> None:
    context = browser.new_context()
    blocked: list[str] = []

    def only_loopback(route: Route) -> None:
        if urlsplit(route.request.url).hostname in LOOPBACK:
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort("internetdisconnected")

    context.route("**/*", only_loopback)
    page = context.new_page()
    page.goto(f"{server}/docs")
    # Swagger UI reads the whole spec (close to 1 MB) before it draws anything: on a busy
    # machine that takes longer than an assertion's default wait.
    expect(page.get_by_role("heading", name="Brigade")).to_be_visible(timeout=30_000)
    # Past 127 operations it draws only those near the view (a deep link's target is not
    # among them for certain): the page's first operations are.
    expect(page.locator(".opblock-summary-path").first).to_be_visible(timeout=30_000)
    assert blocked == []
    context.close()

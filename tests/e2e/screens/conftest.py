"""The screens in a real browser: Debian's chromium driven by Playwright, against a real
`brigade serve` on its own database (one per test module, on SQLite or PostgreSQL)."""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Error, sync_playwright

from brigade.kit.http.screens import SCREENS
from e2e.screens.back_office import Office, set_up_office
from e2e.screens.restaurant import Restaurant, set_up_restaurant
from e2e.server import ServerProcess
from factories import ADMIN_TOKEN
from throwaway_db import throwaway_database

CHROMIUM = "/usr/bin/chromium"
# The screen tests drive Debian's headless build of the same Chromium (the chromium source
# package's chromium-headless-shell, same version): the same Blink at about half the CPU of the
# whole browser run headless, on a machine where CI is CPU-bound (docs/testing.md). The
# benchmarks measure the whole browser a tablet runs (CHROMIUM).
SCREEN_TESTS_CHROMIUM = "/usr/bin/chromium-headless-shell"
# Playwright cannot download its own browsers here; these keep Debian's quiet and lean.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
]


@pytest.fixture(scope="session", autouse=True)
def _screens_are_built() -> None:
    if not (SCREENS / "index.html").is_file():
        pytest.fail("The screens are not built: run `make install` first.")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed screen test's report adds what each of its pages showed (an ARIA snapshot) and
    its server's answers other than 2xx and 304: a failure seen once in CI can be read."""
    report = yield
    if report.when == "call" and report.failed:
        browser = getattr(item, "funcargs", {}).get("browser")
        for number, page in enumerate(
            page for context in (browser.contexts if browser else []) for page in context.pages
        ):
            try:
                shown = page.locator("body").aria_snapshot(timeout=2_000)
            except Error as error:
                shown = f"(no snapshot: {error.message})"
            report.sections.append((f"page {number} at {page.url}", shown))
        server = _SERVERS.get(item.path)
        if server is not None and server.log_path.is_file():
            lines = server.log_path.read_text(errors="replace").splitlines()
            refused = [line for line in lines if '" ' in line and not _ANSWERED_WELL.search(line)]
            report.sections.append(("server: answers other than 2xx/304", "\n".join(refused[-40:])))
    return report


_ANSWERED_WELL = re.compile(r'" (2\d\d|304) ')
# Each module's server, by the module's path, for the failure report above.
_SERVERS: dict[Path, ServerProcess] = {}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=SCREEN_TESTS_CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def screen_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """One server per module, on a database of its own; a module's ``SERVER_SETTINGS`` (a dict
    of BRIGADE_* variables) are added to its environment."""
    directory = tmp_path_factory.mktemp("screens")
    database = throwaway_database(request.config.getoption("--db-url"), directory)
    # Made and dropped on another thread: Playwright's sync API keeps an event loop running
    # on this one, where the database helpers' asyncio.run cannot start another.
    with ThreadPoolExecutor(max_workers=1) as other_thread:
        url = other_thread.submit(database.__enter__).result()
        try:
            # The fake printers listen on 127.0.0.1 at ports of their own: allowed, as a
            # restaurant would allow such a printer.
            environment = {
                "BRIGADE_ADMIN_TOKEN": ADMIN_TOKEN,
                "BRIGADE_PRINTER_ALLOW_HOSTS": "127.0.0.1",
                # Every screen opened shows a pairing code, all from 127.0.0.1.
                "BRIGADE_PAIRING_CODES_PER_ADDRESS": "10000",
            } | getattr(request.module, "SERVER_SETTINGS", {})
            process = ServerProcess(
                url, directory / "server.log", workers=1, environment=environment
            )
            process.start()
            _SERVERS[request.path] = process
            try:
                yield process
            finally:
                _SERVERS.pop(request.path, None)
                process.stop()
        finally:
            other_thread.submit(database.__exit__, None, None, None).result()


@pytest.fixture(scope="module")
def office(screen_server: ServerProcess) -> Office:
    """A location with a profile, a manager's token and a server: the back office's tests."""
    return set_up_office(screen_server.base_url)


@pytest.fixture(scope="module")
def restaurant(screen_server: ServerProcess) -> Restaurant:
    return set_up_restaurant(screen_server.base_url)

"""The screens in a real browser: Debian's chromium driven by Playwright, against a real
`brigade serve` (on SQLite or PostgreSQL). Each worker keeps one browser and one server for the
modules that need no other, the server's database emptied for each module; a module with
settings of its own gets a server of its own (docs/decisions.md, "Testing")."""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Error, Playwright, expect, sync_playwright

from brigade.kit.http.screens import SCREENS
from browser.back_office import Office, set_up_office
from browser.restaurant import Restaurant, set_up_restaurant
from factories import ADMIN_TOKEN
from server import ServerProcess
from throwaway_db import empty_database, throwaway_database

CHROMIUM = "/usr/bin/chromium"
# The screen tests drive Debian's headless build of the same Chromium (the chromium source
# package's chromium-headless-shell, same version): the same Blink at about half the CPU of the
# whole browser run headless, on a machine where CI is CPU-bound (docs/testing.md). The
# benchmarks measure the whole browser a tablet runs (CHROMIUM).
SCREEN_TESTS_CHROMIUM = "/usr/bin/chromium-headless-shell"
# An assertion waits as long as an action does not, 10 s rather than Playwright's 5: a payment
# the terminal's outbox sends took longer than 5 s to close its sheet once, in a CI run on a
# machine twice as slow as usual (docs/testing.md).
expect.set_options(timeout=10_000)
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
        server, log_starts = _SERVERS.get(item.path, (None, 0))
        if server is not None and server.log_path.is_file():
            with server.log_path.open("rb") as log:
                log.seek(log_starts)
                lines = log.read().decode(errors="replace").splitlines()
            refused = [line for line in lines if '" ' in line and not _ANSWERED_WELL.search(line)]
            report.sections.append(("server: answers other than 2xx/304", "\n".join(refused[-40:])))
    return report


_ANSWERED_WELL = re.compile(r'" (2\d\d|304) ')
# Each module's server, by the module's path, and where its lines start in the server's log, for
# the failure report above.
_SERVERS: dict[Path, tuple[ServerProcess, int]] = {}


class _WorkersBrowser:
    """This worker's Chromium, launched for the first screen test and closed when the worker
    turns to tests of another directory (``pytest_runtest_teardown`` below): Playwright's sync
    API keeps an event loop running on this thread meanwhile, where their ``asyncio.run`` and
    test clients could not start theirs. Each module closes the contexts it opened."""

    def __init__(self) -> None:
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None

    def get(self) -> Browser:
        if self._browser is None or not self._browser.is_connected():
            self.close()
            self._playwright = sync_playwright().start()
            self._browser = self._playwright.chromium.launch(
                executable_path=SCREEN_TESTS_CHROMIUM, args=CHROMIUM_ARGS
            )
        return self._browser

    def close(self) -> None:
        browser, self._browser = self._browser, None
        playwright, self._playwright = self._playwright, None
        try:
            if browser is not None:
                browser.close()
        finally:
            if playwright is not None:
                playwright.stop()


_BROWSER = _WorkersBrowser()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, None, None]:
    """After a screen test's teardown: the browser closes if the next test is not one."""
    yield
    if nextitem is None or nextitem.path.parent != item.path.parent:
        _BROWSER.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    launched = _BROWSER.get()
    try:
        yield launched
    finally:
        for context in list(launched.contexts):
            context.close()


def _environment(module_settings: dict[str, str]) -> dict[str, str]:
    # The fake printers listen on 127.0.0.1 at ports of their own: allowed, as a restaurant
    # would allow such a printer.
    return {
        "BRIGADE_ADMIN_TOKEN": ADMIN_TOKEN,
        "BRIGADE_PRINTER_ALLOW_HOSTS": "127.0.0.1",
        # Every screen opened shows a pairing code, all from 127.0.0.1.
        "BRIGADE_PAIRING_CODES_PER_ADDRESS": "10000",
        # A stream checks its credential every second (at its next heartbeat), not every 30
        # at the 15 s heartbeats: a screen revoked in the back office says so within about 2 s,
        # and its test no longer waits up to 30 (the bounds themselves are proven in
        # tests/events).
        "BRIGADE_EVENT_STREAM_RECHECK_SECONDS": "1",
        "BRIGADE_EVENT_HEARTBEAT_SECONDS": "1",
        # The guests' phones pay with the simulator's test card.
        "BRIGADE_GUEST_PAYMENTS_PROVIDER": "simulator",
    } | module_settings


# The worker's shared server keeps no ready menu answers (catalogue/service/ready_menu.py): they
# are dropped by the events of a change, and emptying the database between modules writes none,
# so a module could be answered the menu of the module before. The answers themselves are
# proven in tests/*/api and over HTTP in tests/*/e2e; what a screen is sent is the same bytes.
SHARED_SERVER_SETTINGS = _environment({"BRIGADE_CATALOGUE_CACHE_SIZE": "0"})


class _ReusableServer:
    """A server on a database of its own, started when first asked for; asked again, the same
    server with its database emptied (``throwaway_db.empty_database``)."""

    def __init__(self, db_option: str, directory: Path, environment: dict[str, str]) -> None:
        self._db_option = db_option
        self._directory = directory
        self._environment = environment
        self._database: AbstractContextManager[str] | None = None
        self._server: ServerProcess | None = None

    def ready(self) -> ServerProcess:
        # On another thread: Playwright's sync API may be running an event loop on this one,
        # where the database helpers' asyncio.run cannot start another.
        with ThreadPoolExecutor(max_workers=1) as other_thread:
            if self._server is None:
                self._database = throwaway_database(self._db_option, self._directory)
                url = other_thread.submit(self._database.__enter__).result()
                self._server = ServerProcess(
                    url, self._directory / "server.log", workers=1, environment=self._environment
                )
            else:
                other_thread.submit(empty_database, self._server.database_url).result()
        server = self._server
        # Not started yet, or stopped by the module before (a restart test) and not restarted.
        if server.process is None or server.process.poll() is not None:
            server.stop()
            server.start()
        return server

    def close(self) -> None:
        if self._server is not None:
            self._server.stop()
        if self._database is not None:
            with ThreadPoolExecutor(max_workers=1) as other_thread:
                other_thread.submit(self._database.__exit__, None, None, None).result()


@pytest.fixture(scope="session")
def _shared_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[_ReusableServer]:
    """This worker's server for the modules that need no other (docs/decisions.md, "Testing"):
    a server start is about 3 s of CPU, most of a short module's time."""
    directory = tmp_path_factory.mktemp("screens")
    shared = _ReusableServer(
        request.config.getoption("--db-url"), directory, SHARED_SERVER_SETTINGS
    )
    try:
        yield shared
    finally:
        shared.close()


@pytest.fixture(scope="module")
def screen_server(
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    _shared_server: _ReusableServer,
) -> Iterator[ServerProcess]:
    """The module's server, on a database as the migrations leave it: the worker's shared one,
    emptied; or for a module with ``SERVER_SETTINGS`` (a dict of BRIGADE_* variables added to
    its environment) or ``OWN_SERVER`` (why it needs a server just started), its own."""
    module_settings = getattr(request.module, "SERVER_SETTINGS", None)
    if module_settings is None and not hasattr(request.module, "OWN_SERVER"):
        own = None
        server = _shared_server.ready()
    else:
        directory = tmp_path_factory.mktemp("screens")
        environment = _environment(module_settings or {})
        own = _ReusableServer(request.config.getoption("--db-url"), directory, environment)
    try:
        if own is not None:
            server = own.ready()
        log_starts = server.log_path.stat().st_size if server.log_path.is_file() else 0
        _SERVERS[request.path] = (server, log_starts)
        yield server
    finally:
        _SERVERS.pop(request.path, None)
        if own is not None:
            own.close()


@pytest.fixture(scope="module")
def office(screen_server: ServerProcess) -> Office:
    """A location with a profile, a manager's token and a server: the back office's tests."""
    return set_up_office(screen_server.base_url)


@pytest.fixture(scope="module")
def restaurant(screen_server: ServerProcess) -> Restaurant:
    return set_up_restaurant(screen_server.base_url)

"""Kitchen tickets and receipts from a real server (two workers) to fake printers on
127.0.0.1: the bytes arrive and decode to the items; a printer that is off for the first send
prints once it is up; no ticket prints twice across a restart or a crash."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from factories import ADMIN, ADMIN_TOKEN, LOCATION
from printers import FakePrinter
from server import ServerProcess, serving_with

pytestmark = pytest.mark.e2e


@pytest.fixture
def printing_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    option = request.config.getoption("--db-url")
    environment = {
        "BRIGADE_ADMIN_TOKEN": ADMIN_TOKEN,
        "BRIGADE_PRINT_POLL_SECONDS": "0.1",
        # The fake printers' ports are their own: allowed, as for such a printer.
        "BRIGADE_PRINTER_ALLOW_HOSTS": "127.0.0.1",
    }
    with serving_with(option, tmp_path, environment) as process:
        yield process
    assert "Traceback" not in process.log_path.read_text()


@pytest.fixture
def printer() -> Iterator[FakePrinter]:
    with FakePrinter() as fake:
        yield fake


def _api(server: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=server.base_url, headers=ADMIN, timeout=10)


def _add_printer(api: httpx.Client, fake: FakePrinter, kind: str = "KITCHEN") -> str:
    body = {"name": kind.title(), "locationId": LOCATION, "host": "127.0.0.1", "port": fake.port}
    response = api.post("/api/printers", json=body | {"kind": kind})
    assert response.status_code == 201, response.text
    printer_id: str = response.json()["id"]
    return printer_id


def _send(api: httpx.Client, *names: str) -> str:
    """A dine-in order of ``names``, sent to the kitchen: its order number."""
    order = api.post("/api/orders", json={"orderType": "DINE_IN", "locationId": LOCATION}).json()
    for name in names:
        product = api.post("/api/products", json={"name": name, "price": 12}).json()
        body = {"productId": product["id"], "quantity": 2}
        assert api.post(f"/api/orders/{order['id']}/items", json=body).status_code == 201
    assert api.post(f"/api/orders/{order['id']}/send").status_code == 200
    number: str = order["orderNumber"]
    return number


def _jobs(api: httpx.Client, printer_id: str) -> list[dict[str, Any]]:
    jobs: list[dict[str, Any]] = api.get(f"/api/printers/{printer_id}/jobs").json()["data"]
    return jobs


def _first_attempt_failed(api: httpx.Client, printer_id: str) -> None:
    """Waits until the printer's one job still to print has failed an attempt and waits to be
    tried again."""
    deadline = time.monotonic() + 10
    while True:
        (waiting,) = [job for job in _jobs(api, printer_id) if job["status"] != "PRINTED"]
        if waiting["attempts"]:
            break
        assert time.monotonic() < deadline, waiting
        time.sleep(0.1)
    assert waiting["status"] == "PENDING"
    assert waiting["lastError"]


def _settled(fake: FakePrinter, count: int, timeout: float = 15) -> list[str]:
    """The tickets once ``count`` printed, and still ``count`` a while later (no reprint)."""
    printed = fake.wait_for(count, timeout)
    time.sleep(1.5)
    assert fake.printed() == printed, "nothing printed twice"
    return printed


def test_a_send_prints_its_ticket_and_a_receipt_prints_on_the_till(
    printing_server: ServerProcess, printer: FakePrinter
) -> None:
    printer.switch_on()
    with _api(printing_server) as api, FakePrinter() as till:
        till.switch_on()
        kitchen_id = _add_printer(api, printer)
        till_id = _add_printer(api, till, kind="RECEIPT")
        number = _send(api, "Margherita", "Tiramisu")
        (ticket,) = _settled(printer, 1)
        assert printer.jobs[0].startswith(b"\x1b@")
        assert number in ticket
        assert "2 x Margherita" in ticket
        assert "2 x Tiramisu" in ticket
        assert [job["status"] for job in _jobs(api, kitchen_id)] == ["PRINTED"]

        order_id = api.get("/api/orders").json()["data"][0]["id"]
        queued = api.post(f"/api/orders/{order_id}/receipt/print", json={"printerId": till_id})
        assert queued.status_code == 202
        (receipt,) = _settled(till, 1)
        assert "TOTAL USD" in receipt
        assert "48.00" in receipt
        assert printer.printed() == [ticket]  # the kitchen printer got no receipt


def test_a_printer_off_for_the_first_send_prints_the_ticket_once_it_is_up(
    printing_server: ServerProcess, printer: FakePrinter
) -> None:
    with _api(printing_server) as api:
        printer_id = _add_printer(api, printer)
        number = _send(api, "Ramen")
        _first_attempt_failed(api, printer_id)
        assert printer.jobs == []

        printer.switch_on()
        (ticket,) = _settled(printer, 1)
        assert number in ticket
        assert "2 x Ramen" in ticket
        assert _jobs(api, printer_id)[0]["status"] == "PRINTED"


def test_no_ticket_prints_twice_across_a_restart_or_a_crash(
    printing_server: ServerProcess, printer: FakePrinter
) -> None:
    printer.switch_on()
    with _api(printing_server) as api:
        printer_id = _add_printer(api, printer)
        numbers = [_send(api, "Pho"), _send(api, "Banh mi")]
        _settled(printer, 2)

    printing_server.stop()
    printing_server.start()
    with _api(printing_server) as api:
        numbers.append(_send(api, "Spring rolls"))
        _settled(printer, 3)
        printer.switch_off()
        numbers.append(_send(api, "Curry"))  # waits: the printer is off
        # The crash comes once the failed attempt is recorded: a crash between a job's lease and
        # its mark would leave the job to its lease (a minute) before it is tried again.
        _first_attempt_failed(api, printer_id)

    printing_server.crash()
    printer.switch_on()
    printing_server.start()
    printed = _settled(printer, 4)
    assert [sum(number in ticket for ticket in printed) for number in numbers] == [1, 1, 1, 1]
    assert "2 x Curry" in printed[-1]

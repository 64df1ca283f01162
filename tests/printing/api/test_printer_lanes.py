"""Each printer prints in its own lane: the probe queued 200 tickets on a jammed kitchen
printer and a receipt on a healthy one took 30 s (400 tickets: not within 55 s), as every
round took the 20 oldest jobs and waited out the jammed printer's timeout. Here the outbox
runs as a worker runs it, and the receipt prints while the jammed printer's first attempt
is still hanging. bench/printer_lanes.py measures the time on a real server."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta
from typing import Any

from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.printing.domain import JobKind, JobStatus, PrintJob
from brigade.printing.repository import PrintJobRepository
from brigade.printing.service import PrintOutbox
from factories import LOCATION, AppClient, in_transaction, make_order
from printers import FakePrinter, JammedPrinter

QUEUED_ON_THE_JAMMED = 200


def _printer(client: AppClient, name: str, kind: str, port: int) -> dict[str, Any]:
    body = {"name": name, "locationId": LOCATION, "host": "127.0.0.1", "port": port, "kind": kind}
    response = client.post("/api/printers", json=body)
    assert response.status_code == 201, response.text
    printer: dict[str, Any] = response.json()
    return printer


def _queue_tickets(
    client: AppClient, printer: dict[str, Any], order: dict[str, Any], count: int
) -> None:
    """``count`` kitchen tickets, older than anything queued after them."""
    start = now() - timedelta(minutes=5)
    jobs = [
        PrintJob(
            id=uuid.uuid4(),
            printer_id=uuid.UUID(printer["id"]),
            kind=JobKind.TICKET,
            order_id=uuid.UUID(order["id"]),
            ticket_id=None,
            payload=b"\x1b@ticket %d\n" % n,
            status=JobStatus.PENDING,
            attempts=0,
            retrying_since=None,
            next_attempt_at=start,
            lease_until=None,
            last_error=None,
            created_at=start + timedelta(milliseconds=n),
            printed_at=None,
        )
        for n in range(count)
    ]

    async def insert(uow: UnitOfWork) -> None:
        await PrintJobRepository(uow).insert(jobs)

    in_transaction(client, insert)


def _tried(client: AppClient, printer: dict[str, Any]) -> int:
    """The jammed printer's jobs tried at least once so far."""
    url = f"/api/printers/{printer['id']}/jobs"
    jobs = [
        job
        for page in (1, 2)
        for job in client.get(url, params={"limit": 100, "page": page}).json()["data"]
    ]
    assert len(jobs) == QUEUED_ON_THE_JAMMED
    return sum(1 for job in jobs if job["attempts"] > 0)


def test_a_receipt_prints_at_once_beside_a_jammed_printers_queue(client: AppClient) -> None:
    order = make_order(client)
    with JammedPrinter() as jammed, FakePrinter() as till_printer:
        till_printer.switch_on()
        kitchen = _printer(client, "Line", "KITCHEN", jammed.port)
        till = _printer(client, "Till", "RECEIPT", till_printer.port)
        _queue_tickets(client, kitchen, order, QUEUED_ON_THE_JAMMED)
        queued = client.post(
            f"/api/orders/{order['id']}/receipt/print", json={"printerId": till["id"]}
        )
        assert queued.status_code == 202, queued.text

        outbox = PrintOutbox(
            client.app.state.database, poll_seconds=0.1, resolver=client.app.state.resolver
        )
        stopping = client.portal.call(asyncio.Event)
        running = client.portal.start_task_soon(outbox.run, stopping)
        try:
            (printed,) = till_printer.wait_for(1, timeout=30)
            # The jammed printer's first attempt (3 s) has not ended: none of its jobs is
            # marked tried yet, though all 200 were queued before the receipt.
            assert _tried(client, kitchen) == 0
        finally:
            client.portal.call(stopping.set)
            running.result(timeout=30)
    assert order["orderNumber"] in printed
    assert client.get(f"/api/printers/{till['id']}/jobs").json()["data"][0]["status"] == "PRINTED"

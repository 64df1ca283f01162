"""Name lookups have threads of their own: the probe named 12 printers by a host whose DNS
server never answered, and PIN sign-ins took 2 to 12 s, their scrypt queued behind the
lookups on asyncio's default pool. Here the lookups hang until the test lets them go, and
sign-ins answer meanwhile."""

from __future__ import annotations

import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from brigade.kit.names import LOOKUP_THREADS, Resolver
from brigade.printing.service import PrintOutbox
from factories import (
    LOCATION,
    AppClient,
    make_device,
    make_order,
    make_product,
    make_staff_with_pin,
    sign_in,
)

PRINTERS = 12


class HangingDns:
    """A lookup that hangs until ``release``; it notes the threads it hung on."""

    def __init__(self) -> None:
        self.released = threading.Event()
        self.threads: set[str] = set()
        self._lock = threading.Lock()

    def lookup(self, host: str, port: int, **_: object) -> list[tuple[Any, ...]]:
        with self._lock:
            self.threads.add(threading.current_thread().name)
        self.released.wait(60)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]


def test_pin_sign_ins_answer_while_every_printers_lookup_hangs(client: AppClient) -> None:
    printers = []
    for n in range(PRINTERS):
        body = {"name": f"Station {n}", "locationId": LOCATION, "host": f"station-{n}.local"}
        created = client.post("/api/printers", json=body | {"kind": "KITCHEN"})
        assert created.status_code == 201
        printers.append(created.json())
    order = make_order(client)
    item = {"productId": make_product(client)["id"], "quantity": 1}
    assert client.post(f"/api/orders/{order['id']}/items", json=item).status_code == 201
    assert client.post(f"/api/orders/{order['id']}/send").status_code == 200
    terminal = make_device(client)["token"]
    people = [make_staff_with_pin(client, "SERVER") for _ in range(3)]

    dns = HangingDns()
    outbox = PrintOutbox(
        client.app.state.database, poll_seconds=1, resolver=Resolver(dns.lookup, threads=4)
    )
    try:
        assert client.portal.call(outbox.start_due)  # 12 lanes, each stuck in its lookup
        with ThreadPoolExecutor(max_workers=1) as caller:
            for person in people:
                answer = caller.submit(sign_in, client, terminal, person["id"], "4826")
                # Generous: a starved pool never answers until the lookups end (60 s).
                assert answer.result(timeout=30).status_code == 201
        assert not dns.released.is_set()
        assert len(dns.threads) == LOOKUP_THREADS
        assert all(name.startswith("brigade-dns") for name in dns.threads)
    finally:
        dns.released.set()
        client.portal.call(outbox.print_due)
    # Each lookup's job ended at its deadline, to be tried again.
    for printer in printers:
        (job,) = client.get(f"/api/printers/{printer['id']}/jobs").json()["data"]
        assert (job["status"], job["attempts"]) == ("PENDING", 1)

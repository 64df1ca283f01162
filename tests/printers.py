"""A fake ESC/POS printer on 127.0.0.1, and the text a printer would print from its bytes.

The printer listens on a port chosen up front, so a test can name it in a printer before
it is switched on (a printer that is off refuses connections). Each connection is one job,
taken one at a time in the order they connect, as a receipt printer's raw port does: a
thread per connection could record a later job before an earlier one.
"""

from __future__ import annotations

import socket
import socketserver
import threading
import time
from typing import Any

from brigade.kit.escpos import ENCODING
from brigade.printing.service import PrintOutbox
from factories import LOCATION
from server import free_port

# ESC/POS commands the tickets use, by their first two bytes: how long each one is.
_COMMAND_LENGTHS = {
    b"\x1b@": 2,
    b"\x1bt": 3,
    b"\x1bE": 3,
    b"\x1ba": 3,
    b"\x1d!": 3,
    b"\x1dV": 4,
}


def printed_text(payload: bytes) -> str:
    """What the paper shows: the bytes without their commands, decoded from PC858."""
    text = bytearray()
    index = 0
    while index < len(payload):
        length = _COMMAND_LENGTHS.get(payload[index : index + 2])
        if length is not None:
            index += length
            continue
        assert payload[index] in (0x0A,) or payload[index] >= 0x20, payload[index : index + 8]
        text.append(payload[index])
        index += 1
    return text.decode(ENCODING)


class FakePrinter:
    def __init__(self) -> None:
        self.port = free_port()
        self.jobs: list[bytes] = []
        self._server: socketserver.TCPServer | None = None
        self._lock = threading.Lock()

    def switch_on(self) -> None:
        printer = self

        class Job(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                received = self.rfile.read()  # to the end: the sender closes when done
                with printer._lock:
                    printer.jobs.append(received)

        socketserver.TCPServer.allow_reuse_address = True
        self._server = socketserver.TCPServer(("127.0.0.1", self.port), Job)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def switch_off(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def printed(self) -> list[str]:
        with self._lock:
            return [printed_text(job) for job in self.jobs]

    def wait_for(self, count: int, timeout: float = 15) -> list[str]:
        """The texts printed once ``count`` jobs arrived (fails after ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.jobs) >= count:
                return self.printed()
            time.sleep(0.05)
        raise AssertionError(f"{len(self.jobs)} jobs printed, expected {count}")

    def __enter__(self) -> FakePrinter:
        return self

    def __exit__(self, *_: object) -> None:
        self.switch_off()


def refuses_connections(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


class JammedPrinter:
    """A printer that takes no more jobs (out of paper, jammed): it listens on 127.0.0.1
    but never accepts, and its one-place queue is taken, so a connection to it hangs until
    the sender's timeout, as to a jammed printer on the network."""

    def __init__(self) -> None:
        self._listening = socket.socket()
        self._listening.bind(("127.0.0.1", 0))
        self._listening.listen(0)
        self.port = self._listening.getsockname()[1]
        self._queued: list[socket.socket] = []
        for _ in range(2):
            queued = socket.socket()
            queued.setblocking(False)
            queued.connect_ex(("127.0.0.1", self.port))
            self._queued.append(queued)
        time.sleep(0.2)

    def __enter__(self) -> JammedPrinter:
        return self

    def __exit__(self, *_: object) -> None:
        for queued in self._queued:
            queued.close()
        self._listening.close()


def printed_on_send(client: Any, order_id: str) -> str:
    """The kitchen ticket that sending the order ``order_id`` prints on a kitchen printer of
    the location (a fake one, made for it; its host allowed by the test's settings)."""
    with FakePrinter() as fake:
        fake.switch_on()
        body = {"name": "Pass", "locationId": LOCATION, "host": "127.0.0.1", "port": fake.port}
        made = client.post("/api/printers", json=body | {"kind": "KITCHEN"})
        assert made.status_code == 201, made.text
        assert client.post(f"/api/orders/{order_id}/send").status_code == 200
        outbox = PrintOutbox(
            client.app.state.database, poll_seconds=1, resolver=client.app.state.resolver
        )
        assert client.portal.call(outbox.print_due)
        (printed,) = fake.wait_for(1)
    return printed

"""A webhook receiver on 127.0.0.1, as well-behaved or as bad as a test needs: it records
every POST and answers 500 while ``failing`` (or for the bodies ``fails_for`` picks); it may
answer ``answer_after`` seconds late, trickle its answer a byte every ``trickle_seconds``, or
send ``answer_bytes`` of body. Also a deliverer allowed to post to it, one round of it, and
a webhook's retries made due at once."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from uuid import UUID

from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.webhooks.repository import WebhookRepository
from brigade.webhooks.service import Deliverer
from factories import AppClient, in_transaction

LOCAL = "127.0.0.1"


class Receiver:
    def __init__(
        self,
        *,
        answer_after: float = 0,
        trickle_seconds: float | None = None,
        answer_bytes: int = 0,
    ) -> None:
        self.received: list[tuple[dict[str, str], bytes]] = []
        self.failing = False
        self.fails_for: Callable[[bytes], bool] = lambda _body: False
        # Bytes of answer body the receiver managed to hand to the network.
        self.answered_bytes = 0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append((dict(self.headers), body))
                time.sleep(answer_after)
                has_body = answer_bytes or trickle_seconds is not None
                failing = receiver.failing or receiver.fails_for(body)
                self.send_response(500 if failing else 200 if has_body else 204)
                if trickle_seconds is not None:
                    self.send_header("Content-Length", "1000")
                    self.end_headers()
                    self._send_each(b"x", 1000, trickle_seconds)
                elif answer_bytes:
                    self.send_header("Content-Length", str(answer_bytes))
                    self.end_headers()
                    self._send_each(b"x" * 65536, answer_bytes // 65536, 0)
                else:
                    self.end_headers()

            def _send_each(self, chunk: bytes, times: int, pause: float) -> None:
                try:
                    for _ in range(times):
                        self.wfile.write(chunk)
                        self.wfile.flush()
                        receiver.answered_bytes += len(chunk)
                        time.sleep(pause)
                except OSError:
                    pass  # the sender hung up: what a capped reader does

            def log_message(self, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self._server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hooks/brigade"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def wait_for(self, count: int, timeout: float) -> list[tuple[dict[str, str], bytes]]:
        deadline = time.monotonic() + timeout
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return list(self.received)


def local_deliverer(client: AppClient, **overrides: Any) -> Deliverer:
    """A deliverer of ``client``'s app allowed to post to 127.0.0.1, as a worker runs one."""
    return Deliverer(
        client.app.state.database,
        allowed_hosts=frozenset({LOCAL}),
        configured_key=None,
        poll_seconds=0.1,
        resolver=client.app.state.resolver,
        **overrides,
    )


def one_round(client: AppClient, deliverer: Deliverer) -> bool:
    """One delivery round, waited for to its end: whether any webhook was due."""

    async def round_() -> bool:
        async with Deliverer.client() as http:
            return await deliverer.deliver_due(http)

    result: bool = client.portal.call(round_)
    return result


def due_now(client: AppClient, webhook_id: str) -> None:
    """Every pending retry of the webhook due at once (rather than waiting its backoff)."""

    async def due(uow: UnitOfWork) -> None:
        repository = WebhookRepository(uow)
        for delivery in await repository.pending(UUID(webhook_id)):
            await repository.update_queued(delivery.id, next_attempt_at=now())

    in_transaction(client, due)

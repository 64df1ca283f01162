"""Webhook use cases, and the delivery loop every worker runs.

Each webhook goes through the event log on its own cursor, one event at a time: in id
order, at least once (the cursor moves only once an event is delivered or given up on,
in the transaction that logs the attempt). A worker leases due webhooks in the database
(webhooks/repository.py), so one delivery is never made by two workers at once, and a pending
delivery survives a restart or a crash: its state is only ever in the database.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Collection, Mapping
from datetime import datetime, timedelta
from functools import partial
from typing import Any
from uuid import UUID

import httpx

from brigade import __version__
from brigade.events import service as events
from brigade.events.domain import EventFilter, StoredEvent
from brigade.kit.clock import now
from brigade.kit.db.engine import Database, UnitOfWork
from brigade.kit.errors import DomainError, InvalidInput, NotFound
from brigade.kit.ids import new_id
from brigade.kit.lanes import Lanes
from brigade.kit.names import NameNotFound, Resolver
from brigade.kit.retries import GiveUp
from brigade.webhooks.domain import (
    Delivery,
    Target,
    Webhook,
    after_failure,
    check_addresses,
    derive_secret,
    parse_target,
    signature,
)
from brigade.webhooks.repository import WebhookRepository

log = logging.getLogger("brigade.webhooks")

# An attempt ends at its deadline however the receiver answers (slowly, a byte at a time).
DELIVERY_DEADLINE_SECONDS = 10
# Longer than one delivery can take: a lease outlives its attempt unless the worker died.
LEASE = timedelta(seconds=DELIVERY_DEADLINE_SECONDS + 20)
# Webhooks delivering at once in a worker, each on its own.
WEBHOOKS_AT_ONCE = 20
# Of a receiver's answer only the status matters: at most this much of its body is read.
ANSWER_READ_BYTES = 64 * 1024
_ERROR_LENGTH = 500


async def checked_address(
    url: str, allowed_hosts: Collection[str], resolver: Resolver
) -> tuple[Target, str]:
    """The URL's target and the address to connect to: it is http(s) and every address its
    host resolves to now is outside the restaurant's network (or the host is allowed)."""
    target = parse_target(url)
    try:
        addresses = await resolver.addresses(target.host, target.port)
    except NameNotFound:
        addresses = []
    check_addresses(target, addresses, allowed_hosts)
    if not addresses:
        raise InvalidInput("url", f"host {target.host} does not resolve")
    return target, addresses[0]


async def server_key(uow: UnitOfWork, configured: str | None) -> bytes:
    """The key webhook secrets are derived from: the setting, or the one kept in the database."""
    key = configured or await WebhookRepository(uow).signing_key()
    return key.encode()


async def create_webhook(
    uow: UnitOfWork,
    fields: Mapping[str, Any],
    *,
    allowed_hosts: Collection[str],
    configured_key: str | None,
    resolver: Resolver,
) -> tuple[Webhook, str]:
    """A webhook receiving the events committed from now on, and its secret (shown once)."""
    await checked_address(fields["url"], allowed_hosts, resolver)
    created = now()
    webhook = Webhook(
        id=new_id(),
        url=fields["url"],
        types=tuple(dict.fromkeys(fields["types"])),
        description=fields.get("description"),
        created_at=created,
        cursor=await events.start_cursor(uow, None),
        attempts=0,
        retrying_since=None,
        next_attempt_at=created,
        lease_until=None,
    )
    await WebhookRepository(uow).insert(webhook)
    return webhook, derive_secret(await server_key(uow, configured_key), webhook.id)


async def list_webhooks(uow: UnitOfWork, *, page: int, limit: int) -> tuple[list[Webhook], int]:
    return await WebhookRepository(uow).page(page=page, limit=limit)


async def get_webhook(uow: UnitOfWork, webhook_id: UUID) -> Webhook:
    webhook = await WebhookRepository(uow).get(webhook_id)
    if webhook is None:
        raise NotFound("webhook", webhook_id)
    return webhook


async def delete_webhook(uow: UnitOfWork, webhook_id: UUID) -> Webhook:
    """Stops its deliveries at once; its delivery log goes with it."""
    webhook = await get_webhook(uow, webhook_id)
    await WebhookRepository(uow).delete(webhook_id)
    return webhook


async def sweep_deliveries(uow: UnitOfWork, older_than: datetime) -> None:
    """Retention of the delivery attempts: swept with the events they delivered (app.py), as
    old as BRIGADE_EVENT_RETENTION_DAYS."""
    await WebhookRepository(uow).sweep_log(older_than)


async def list_deliveries(
    uow: UnitOfWork, webhook_id: UUID, *, page: int, limit: int
) -> tuple[list[Delivery], int]:
    await get_webhook(uow, webhook_id)
    return await WebhookRepository(uow).deliveries(webhook_id, page=page, limit=limit)


# --- delivering -----------------------------------------------------------------------------


async def backlog(database: Database) -> tuple[int, float]:
    """Events the slowest webhook has not handled, and the age of the oldest in seconds."""
    async with database.unit_of_work(write=False) as uow:
        found = await WebhookRepository(uow).backlog()
    return found.count, found.oldest_seconds(now())


class Deliverer:
    """One per worker: leases due webhooks and delivers the next event of each, each
    webhook in its own lane (kit/lanes.py): a slow receiver delays only itself."""

    def __init__(
        self,
        database: Database,
        *,
        allowed_hosts: Collection[str],
        configured_key: str | None,
        poll_seconds: float,
        resolver: Resolver,
        deadline_seconds: float = DELIVERY_DEADLINE_SECONDS,
    ) -> None:
        self._database = database
        self._allowed_hosts = allowed_hosts
        self._configured_key = configured_key
        self._poll_seconds = poll_seconds
        self._deadline = deadline_seconds
        self._resolver = resolver
        self._key: bytes | None = None
        self._lanes: Lanes[UUID] = Lanes("webhook delivery", log, most=WEBHOOKS_AT_ONCE)

    @staticmethod
    def client() -> httpx.AsyncClient:
        """The HTTP client deliveries go through (redirects are never followed)."""
        return httpx.AsyncClient(
            timeout=DELIVERY_DEADLINE_SECONDS,
            follow_redirects=False,
            headers={"User-Agent": f"Brigade-Webhooks/{__version__}"},
        )

    async def run(self, stopping: asyncio.Event) -> None:
        async with self.client() as client:
            await self._lanes.run(lambda: self.start_due(client), stopping, self._poll_seconds)

    async def start_due(self, client: httpx.AsyncClient) -> bool:
        """One round: starts a lane for each due webhook (not waited for); answers whether
        any was due."""
        return await self._lanes.start_due(self._lease_due, partial(self._deliver_next, client))

    async def deliver_due(self, client: httpx.AsyncClient) -> bool:
        """One round, waited for to its end (tests, tools): answers whether any was due."""
        return await self._lanes.finish_round(partial(self.start_due, client))

    async def _lease_due(self, _busy: frozenset[UUID], room: int) -> dict[UUID, Webhook]:
        """At most ``room`` due webhooks, leased (a webhook busy here is leased already)."""
        moment = now()
        async with self._database.unit_of_work(write=True) as uow:
            leased = await WebhookRepository(uow).lease_due(
                now=moment, until=moment + LEASE, limit=room
            )
            if leased and self._key is None:
                self._key = await server_key(uow, self._configured_key)
        return {webhook.id: webhook for webhook in leased}

    async def _deliver_next(self, client: httpx.AsyncClient, webhook: Webhook) -> None:
        async with self._database.unit_of_work(write=False) as uow:
            wanted = EventFilter(types=frozenset(webhook.types))
            event, last_id = await events.next_for(uow, webhook.cursor, wanted)
        if event is None:
            # Nothing for this webhook yet: skip what it does not want.
            async with self._database.unit_of_work(write=True) as uow:
                await WebhookRepository(uow).settle(webhook, cursor=last_id)
            return
        started = time.monotonic()
        try:
            async with asyncio.timeout(self._deadline):
                status_code, error = await self._post(client, webhook, event)
        except TimeoutError:
            status_code, error = None, f"no complete answer within {self._deadline:g} s"
        duration_ms = round((time.monotonic() - started) * 1000)
        await self._record(webhook, event, status_code, error, duration_ms)

    async def _post(
        self, client: httpx.AsyncClient, webhook: Webhook, event: StoredEvent
    ) -> tuple[int | None, str | None]:
        body = events.event_json(event)
        assert self._key is not None
        secret = derive_secret(self._key, webhook.id)
        try:
            # Resolved again at every attempt (the name may point elsewhere since creation),
            # and the connection goes to the address judged, never to the name again.
            target, address = await checked_address(
                webhook.url, self._allowed_hosts, self._resolver
            )
            url = httpx.URL(webhook.url)
            async with client.stream(
                "POST",
                url.copy_with(host=address),
                content=body,
                headers={
                    "Host": url.netloc.decode("ascii"),
                    "Content-Type": "application/json",
                    "Brigade-Event-Id": str(event.id),
                    "Brigade-Event-Type": event.type,
                    "Brigade-Signature": signature(secret, int(time.time()), body),
                },
                # TLS names (and checks the certificate of) the host, not the address.
                extensions={"sni_hostname": target.host} if url.scheme == "https" else {},
            ) as response:
                read = 0
                async for chunk in response.aiter_raw():
                    read += len(chunk)
                    if read >= ANSWER_READ_BYTES:
                        break
        except DomainError as refused:
            return None, refused.detail
        except httpx.HTTPError as failure:
            return None, f"{type(failure).__name__}: {failure}"[:_ERROR_LENGTH] or "error"
        if response.is_success:
            return response.status_code, None
        return response.status_code, f"answered {response.status_code}"

    async def _record(
        self,
        webhook: Webhook,
        event: StoredEvent,
        status_code: int | None,
        error: str | None,
        duration_ms: int,
    ) -> None:
        moment = now()
        changes: dict[str, Any]
        if error is None:
            outcome = "delivered"
            changes = {"cursor": event.id, "attempts": 0, "retrying_since": None}
        else:
            step = after_failure(webhook.attempts, webhook.retrying_since, moment)
            if isinstance(step, GiveUp):
                outcome = "failed"
                changes = {"cursor": event.id, "attempts": 0, "retrying_since": None}
            else:
                outcome = "retrying"
                changes = {
                    "attempts": step.attempts,
                    "retrying_since": step.retrying_since,
                    "next_attempt_at": step.at,
                }
        delivery = Delivery(
            id=new_id(),
            webhook_id=webhook.id,
            event_id=event.id,
            event_type=event.type,
            attempt=webhook.attempts + 1,
            at=moment,
            duration_ms=duration_ms,
            status_code=status_code,
            outcome=outcome,
            error=error,
        )
        async with self._database.unit_of_work(write=True) as uow:
            repository = WebhookRepository(uow)
            if await repository.settle(webhook, **changes):
                await repository.log(delivery)
            else:
                log.warning("webhook %s: lease lost during delivery of %s", webhook.id, event.id)

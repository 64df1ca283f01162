"""Webhook use cases, and the delivery loop every worker runs.

Each webhook goes through the event log on its own cursor, queueing the events it wants
(``webhook_queue``, in the transaction that moves the cursor); each queued delivery is
attempted at least once, after every earlier delivery of its ordering key (the event's order)
has been delivered, given up on or skipped: a stuck event holds back only its own order's. A
worker leases due webhooks in the database (webhooks/repository.py), so one delivery is never
made by two workers at once, and a pending delivery survives a restart or a crash: its state
is only ever in the database.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from collections.abc import Collection, Mapping
from datetime import datetime, timedelta
from functools import cache, partial
from typing import Any
from uuid import UUID

import httpx
import orjson

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
    FIRST_BASE64_VERSION,
    SUBSCRIBER,
    TEST_EVENT_TYPE,
    Delivery,
    DeliveryAction,
    DeliveryState,
    QueuedDelivery,
    Target,
    Webhook,
    after_failure,
    check_addresses,
    delivery_headers,
    derive_secret,
    ensure_may,
    ordering_key,
    parse_target,
    signing_secrets,
)
from brigade.webhooks.repository import WebhookRepository

log = logging.getLogger("brigade.webhooks")

# An attempt ends at its deadline however the receiver answers (slowly, a byte at a time).
DELIVERY_DEADLINE_SECONDS = 10
# Longer than one delivery can take: a lease outlives its attempt unless the worker died.
LEASE = timedelta(seconds=DELIVERY_DEADLINE_SECONDS + 20)
# Webhooks delivering at once in a worker, each on its own.
WEBHOOKS_AT_ONCE = 20
# Deliveries of one webhook attempted at once (each the head of its own ordering key).
DELIVERIES_AT_ONCE = 10
# Events queued for a webhook per round at most.
QUEUED_PER_ROUND = 50
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
    """A webhook receiving the events committed from now on, and its secret (shown once).
    Another feature's own webhook names its ``id`` and the ``entity_id`` it follows."""
    await checked_address(fields["url"], allowed_hosts, resolver)
    created = now()
    webhook = Webhook(
        id=fields.get("id") or new_id(),
        url=fields["url"],
        types=tuple(dict.fromkeys(fields["types"])),
        description=fields.get("description"),
        created_at=created,
        cursor=await events.start_cursor(uow, None),
        lease_until=None,
        enabled=True,
        secret_version=FIRST_BASE64_VERSION,
        rotated_at=None,
        entity_id=fields.get("entity_id"),
    )
    await WebhookRepository(uow).insert(webhook)
    key = await server_key(uow, configured_key)
    return webhook, derive_secret(key, webhook.id, webhook.secret_version)


async def list_webhooks(uow: UnitOfWork, *, page: int, limit: int) -> tuple[list[Webhook], int]:
    return await WebhookRepository(uow).page(page=page, limit=limit)


async def get_webhook(uow: UnitOfWork, webhook_id: UUID) -> Webhook:
    webhook = await WebhookRepository(uow).get(webhook_id)
    if webhook is None:
        raise NotFound("webhook", webhook_id)
    return webhook


async def update_webhook(
    uow: UnitOfWork,
    webhook_id: UUID,
    fields: Mapping[str, Any],
    *,
    allowed_hosts: Collection[str],
    resolver: Resolver,
) -> Webhook:
    """Changes its URL, event types or enabled; checked as at creation. Disabled, it is
    paused: nothing is sent until it is enabled again, then it goes on where it stopped."""
    await get_webhook(uow, webhook_id)
    changes = dict(fields)
    if "url" in changes:
        await checked_address(changes["url"], allowed_hosts, resolver)
    if "types" in changes:
        changes["types"] = tuple(dict.fromkeys(changes["types"]))
    if changes:
        await WebhookRepository(uow).update(webhook_id, **changes)
    return await get_webhook(uow, webhook_id)


async def rotate_secret(
    uow: UnitOfWork, webhook_id: UUID, *, configured_key: str | None
) -> tuple[Webhook, str]:
    """A new secret (answered once); the previous one signs too during the overlap."""
    webhook = await get_webhook(uow, webhook_id)
    version = max(webhook.secret_version, FIRST_BASE64_VERSION - 1) + 1
    await WebhookRepository(uow).update(webhook_id, secret_version=version, rotated_at=now())
    key = await server_key(uow, configured_key)
    return await get_webhook(uow, webhook_id), derive_secret(key, webhook_id, version)


async def send_test(uow: UnitOfWork, webhook_id: UUID) -> QueuedDelivery:
    """Queues a ``webhook.test`` delivery to this webhook only, sent and signed like any."""
    webhook = await get_webhook(uow, webhook_id)
    created = now()
    delivery_id = new_id()
    body = orjson.dumps(
        {
            "id": None,
            "type": TEST_EVENT_TYPE,
            "at": created.isoformat().replace("+00:00", "Z"),
            "locationId": None,
            "entityId": str(webhook.id),
            "orderId": None,
            "data": {"webhookId": str(webhook.id), "message": "A test delivery from Brigade."},
        }
    ).decode()
    delivery = _pending_delivery(
        delivery_id,
        webhook,
        position=webhook.cursor,
        event_id=None,
        event_type=TEST_EVENT_TYPE,
        key=f"test:{delivery_id}",
        body=body,
    )
    await WebhookRepository(uow).enqueue(delivery)
    return delivery


async def get_delivery(uow: UnitOfWork, webhook_id: UUID, delivery_id: UUID) -> QueuedDelivery:
    await get_webhook(uow, webhook_id)
    delivery = await WebhookRepository(uow).queued(webhook_id, delivery_id)
    if delivery is None:
        raise NotFound("delivery", delivery_id)
    return delivery


async def resend_delivery(uow: UnitOfWork, webhook_id: UUID, delivery_id: UUID) -> QueuedDelivery:
    """Queues a delivery again (the same ``webhook-id``), its attempts from the first; one
    still pending is a conflict."""
    delivery = await get_delivery(uow, webhook_id, delivery_id)
    ensure_may(DeliveryAction.RESEND, delivery.state, delivery_id)
    await WebhookRepository(uow).update_queued(
        delivery_id,
        state=DeliveryState.PENDING,
        attempts=0,
        retrying_since=None,
        next_attempt_at=now(),
    )
    return await get_delivery(uow, webhook_id, delivery_id)


async def skip_delivery(uow: UnitOfWork, webhook_id: UUID, delivery_id: UUID) -> QueuedDelivery:
    """Gives up on a pending or failed delivery: the later ones of its order go."""
    delivery = await get_delivery(uow, webhook_id, delivery_id)
    ensure_may(DeliveryAction.SKIP, delivery.state, delivery_id)
    await WebhookRepository(uow).update_queued(
        delivery_id, state=DeliveryState.SKIPPED, retrying_since=None
    )
    return await get_delivery(uow, webhook_id, delivery_id)


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


@cache
def _trusted_authorities() -> ssl.SSLContext:
    """httpx's default TLS context (certifi's authorities), built once a process: loading the
    authorities takes ~40 ms, every start of the app's lifespan made it again."""
    return httpx.create_ssl_context()


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
            verify=_trusted_authorities(),
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
        """Queue the webhook's new events, then attempt the deliveries at the head of their
        ordering keys, at once; the outcomes are written if the lease still holds."""
        async with self._database.unit_of_work(write=True) as uow:
            if not await self._queue_new(uow, webhook):
                return
            moment = now()
            due = await WebhookRepository(uow).at_head(
                webhook.id, now=moment, limit=DELIVERIES_AT_ONCE
            )
        assert self._key is not None
        secrets = signing_secrets(
            self._key, webhook.id, webhook.secret_version, webhook.rotated_at, moment
        )
        outcomes = await asyncio.gather(
            *(self._attempt(client, webhook, delivery, secrets) for delivery in due)
        )
        async with self._database.unit_of_work(write=True) as uow:
            repository = WebhookRepository(uow)
            if not await repository.settle(webhook):
                log.warning("webhook %s: lease lost during delivery", webhook.id)
                return
            for delivery, (status_code, error, duration_ms) in zip(due, outcomes, strict=True):
                await self._record(repository, delivery, status_code, error, duration_ms)

    async def _queue_new(self, uow: UnitOfWork, webhook: Webhook) -> bool:
        """Queue the events past the webhook's cursor that it wants (a round's worth) and move
        the cursor past them; False if the lease was lost."""
        wanted = EventFilter(types=frozenset(webhook.types), entity_id=webhook.entity_id)
        cursor = webhook.cursor
        repository = WebhookRepository(uow)
        for _ in range(QUEUED_PER_ROUND):
            event, last_id = await events.next_for(uow, cursor, wanted)
            if event is None:
                # Nothing more for this webhook yet: skip what it does not want.
                cursor = max(cursor, last_id)
                break
            await repository.enqueue(_queued(webhook, event))
            cursor = event.id
        return cursor == webhook.cursor or await repository.advance(webhook, cursor)

    async def _attempt(
        self,
        client: httpx.AsyncClient,
        webhook: Webhook,
        delivery: QueuedDelivery,
        secrets: list[str],
    ) -> tuple[int | None, str | None, int]:
        started = time.monotonic()
        try:
            async with asyncio.timeout(self._deadline):
                status_code, error = await self._post(client, webhook, delivery, secrets)
        except TimeoutError:
            status_code, error = None, f"no complete answer within {self._deadline:g} s"
        return status_code, error, round((time.monotonic() - started) * 1000)

    async def _post(
        self,
        client: httpx.AsyncClient,
        webhook: Webhook,
        delivery: QueuedDelivery,
        secrets: list[str],
    ) -> tuple[int | None, str | None]:
        body = delivery.body.encode()
        try:
            # Resolved again at every attempt (the name may point elsewhere since creation),
            # and the connection goes to the address judged, never to the name again.
            target, address = await checked_address(
                webhook.url, self._allowed_hosts, self._resolver
            )
            url = httpx.URL(webhook.url)
            headers = {
                "Host": url.netloc.decode("ascii"),
                "Content-Type": "application/json",
                "Brigade-Event-Type": delivery.event_type,
                **delivery_headers(secrets, str(delivery.id), int(time.time()), body),
            }
            if delivery.event_id is not None:
                headers["Brigade-Event-Id"] = str(delivery.event_id)
            async with client.stream(
                "POST",
                url.copy_with(host=address),
                content=body,
                headers=headers,
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

    @staticmethod
    async def _record(
        repository: WebhookRepository,
        delivery: QueuedDelivery,
        status_code: int | None,
        error: str | None,
        duration_ms: int,
    ) -> None:
        moment = now()
        changes: dict[str, Any]
        if error is None:
            outcome = "delivered"
            changes = {"state": DeliveryState.DELIVERED, "retrying_since": None}
        else:
            step = after_failure(delivery.attempts, delivery.retrying_since, moment)
            if isinstance(step, GiveUp):
                outcome = "failed"
                changes = {"state": DeliveryState.FAILED, "retrying_since": None}
            else:
                outcome = "retrying"
                changes = {
                    "attempts": step.attempts,
                    "retrying_since": step.retrying_since,
                    "next_attempt_at": step.at,
                }
        await repository.update_queued(delivery.id, last_error=error, **changes)
        await repository.log(
            Delivery(
                id=new_id(),
                webhook_id=delivery.webhook_id,
                delivery_id=delivery.id,
                event_id=delivery.event_id,
                event_type=delivery.event_type,
                attempt=delivery.attempts + 1,
                at=moment,
                duration_ms=duration_ms,
                status_code=status_code,
                outcome=outcome,
                error=error,
            )
        )


def _queued(webhook: Webhook, event: StoredEvent) -> QueuedDelivery:
    """The delivery of ``event`` to ``webhook``, due now: its body, signed at each attempt
    and the same on every retry, is the event as the webhook's subscriber may see it."""
    return _pending_delivery(
        new_id(),
        webhook,
        position=event.id,
        event_id=event.id,
        event_type=event.type,
        key=ordering_key(event.type, event.order_id, event.entity_id, event.id),
        body=events.event_json(event, event.data_for(SUBSCRIBER)).decode(),
    )


def _pending_delivery(
    delivery_id: UUID,
    webhook: Webhook,
    *,
    position: int,
    event_id: int | None,
    event_type: str,
    key: str,
    body: str,
) -> QueuedDelivery:
    """A delivery to ``webhook`` queued now, due at once."""
    created = now()
    return QueuedDelivery(
        id=delivery_id,
        webhook_id=webhook.id,
        position=position,
        event_id=event_id,
        event_type=event_type,
        ordering_key=key,
        body=body,
        state=DeliveryState.PENDING,
        attempts=0,
        retrying_since=None,
        next_attempt_at=created,
        last_error=None,
        created_at=created,
    )

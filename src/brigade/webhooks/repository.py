"""Every webhook, delivery-queue, delivery-log and server-key query.

A webhook row carries the last event queued for it (``cursor``) and a lease
(kit/db/leases.py); each queued delivery (``webhook_queue``) its own state, failures and
next attempt. A worker leases due webhooks, queues their new events and attempts the
deliveries at the head of their ordering keys, then writes the outcomes only if its lease
still holds: a webhook is never delivered by two workers at once, and a crashed worker's lease
simply runs out.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, and_, delete, exists, func, or_, select, update
from sqlalchemy.orm import aliased

from brigade.event_types import EventType
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.leases import lease, settle
from brigade.kit.db.outbox import events
from brigade.kit.db.rows import fetch_page, insert_or_update, record_from_row, row_from_record
from brigade.kit.retries import Backlog
from brigade.webhooks.domain import Delivery, DeliveryState, QueuedDelivery, Webhook
from brigade.webhooks.tables import server_keys, webhook_deliveries, webhook_queue, webhooks

WEBHOOK_SIGNING_KEY = "webhook_signing"


def _webhook(row: Row[Any]) -> Webhook:
    columns = row._mapping
    return record_from_row(
        Webhook,
        row,
        types=tuple(EventType(name) for name in row.types),
        failing_since=columns.get("failing_since"),
        next_attempt_at=columns.get("next_attempt_at"),
    )


_pending = webhook_queue.c.state == DeliveryState.PENDING


def _at_head() -> ColumnElement[bool]:
    """A pending delivery with no earlier pending one of its ordering key."""
    earlier = aliased(webhook_queue)
    return ~exists().where(
        earlier.c.webhook_id == webhook_queue.c.webhook_id,
        earlier.c.ordering_key == webhook_queue.c.ordering_key,
        earlier.c.state == DeliveryState.PENDING,
        earlier.c.position < webhook_queue.c.position,
    )


def _with_status() -> Any:
    """The webhooks, with when their deliveries started failing and when the next is due."""
    mine = and_(webhook_queue.c.webhook_id == webhooks.c.id, _pending)
    failing = select(func.min(webhook_queue.c.retrying_since)).where(mine)
    due = select(func.min(webhook_queue.c.next_attempt_at)).where(mine)
    return select(
        webhooks,
        failing.scalar_subquery().label("failing_since"),
        due.scalar_subquery().label("next_attempt_at"),
    )


class WebhookRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, webhook: Webhook) -> None:
        connection = await self._uow.connection()
        row = row_from_record(
            webhook,
            dropped=("failing_since", "next_attempt_at"),
            types=[str(name) for name in webhook.types],
        )
        await connection.execute(webhooks.insert().values(row))

    async def get(self, webhook_id: UUID) -> Webhook | None:
        connection = await self._uow.connection()
        statement = _with_status().where(webhooks.c.id == webhook_id)
        row = (await connection.execute(statement)).first()
        return None if row is None else _webhook(row)

    async def page(self, *, page: int, limit: int) -> tuple[list[Webhook], int]:
        connection = await self._uow.connection()
        total = (await connection.execute(select(func.count()).select_from(webhooks))).scalar_one()
        statement = (
            _with_status()
            .order_by(webhooks.c.created_at, webhooks.c.id)
            .offset((page - 1) * limit)
            .limit(limit)
        )
        return [_webhook(row) for row in await connection.execute(statement)], total

    async def update(self, webhook_id: UUID, **changes: Any) -> None:
        if "types" in changes:
            changes["types"] = [str(name) for name in changes["types"]]
        connection = await self._uow.connection()
        await connection.execute(
            update(webhooks).where(webhooks.c.id == webhook_id).values(**changes)
        )

    async def delete(self, webhook_id: UUID) -> bool:
        connection = await self._uow.connection()
        result = await connection.execute(delete(webhooks).where(webhooks.c.id == webhook_id))
        return result.rowcount > 0

    async def deliveries(
        self, webhook_id: UUID, *, page: int, limit: int
    ) -> tuple[list[Delivery], int]:
        connection = await self._uow.connection()
        rows, total = await fetch_page(
            connection,
            webhook_deliveries,
            [webhook_deliveries.c.webhook_id == webhook_id],
            [webhook_deliveries.c.at.desc(), webhook_deliveries.c.id.desc()],
            page=page,
            limit=limit,
        )
        return [record_from_row(Delivery, row) for row in rows], total

    # --- delivering -----------------------------------------------------------------------

    async def lease_due(self, *, now: datetime, until: datetime, limit: int) -> list[Webhook]:
        """Lease the enabled webhooks with events still to queue, or a delivery at the head of
        its ordering key whose next attempt is due."""
        connection = await self._uow.connection()
        deliverable = exists().where(
            webhook_queue.c.webhook_id == webhooks.c.id,
            _pending,
            webhook_queue.c.next_attempt_at <= now,
            _at_head(),
        )
        due = (
            select(webhooks.c.id)
            .where(
                webhooks.c.enabled,
                or_(webhooks.c.lease_until.is_(None), webhooks.c.lease_until < now),
                or_(
                    webhooks.c.cursor < select(func.max(events.c.id)).scalar_subquery(),
                    deliverable,
                ),
            )
            .order_by(webhooks.c.created_at)
            .limit(limit)
        )
        return [_webhook(row) for row in await lease(connection, webhooks, due, until=until)]

    async def advance(self, leased: Webhook, cursor: int) -> bool:
        """Move a leased webhook's cursor, keeping the lease; False if the lease was lost."""
        connection = await self._uow.connection()
        statement = (
            update(webhooks)
            .where(webhooks.c.id == leased.id, webhooks.c.lease_until == leased.lease_until)
            .values(cursor=cursor)
        )
        return (await connection.execute(statement)).rowcount == 1

    async def backlog(self) -> Backlog:
        """Events after the smallest cursor (a range of the events' primary key), and the
        deliveries still pending, read in one statement: under READ COMMITTED two statements
        could straddle a worker's commit that moves events from the first count to the second."""
        connection = await self._uow.connection()
        after_slowest = events.c.id > select(func.min(webhooks.c.cursor)).scalar_subquery()
        found = await connection.execute(
            select(
                select(func.count(events.c.id)).where(after_slowest).scalar_subquery(),
                select(func.min(events.c.at)).where(after_slowest).scalar_subquery(),
                select(func.count(webhook_queue.c.id)).where(_pending).scalar_subquery(),
                select(func.min(webhook_queue.c.created_at)).where(_pending).scalar_subquery(),
            )
        )
        count, oldest_at, pending, oldest_pending = found.one()
        oldest = min((at for at in (oldest_at, oldest_pending) if at is not None), default=None)
        return Backlog(count=count + pending, oldest_at=oldest)

    async def settle(self, leased: Webhook) -> bool:
        """End the lease of a webhook delivered; False if the lease was lost (it ran out and
        another worker took over, or the webhook was deleted)."""
        connection = await self._uow.connection()
        return await settle(connection, webhooks, leased.id, leased.lease_until)

    # --- the delivery queue ---------------------------------------------------------------

    async def enqueue(self, delivery: QueuedDelivery) -> None:
        connection = await self._uow.connection()
        await connection.execute(webhook_queue.insert().values(row_from_record(delivery)))

    async def at_head(self, webhook_id: UUID, *, now: datetime, limit: int) -> list[QueuedDelivery]:
        """The webhook's pending deliveries due now and first of their ordering keys."""
        connection = await self._uow.connection()
        statement = (
            select(webhook_queue)
            .where(
                webhook_queue.c.webhook_id == webhook_id,
                _pending,
                webhook_queue.c.next_attempt_at <= now,
                _at_head(),
            )
            .order_by(webhook_queue.c.next_attempt_at, webhook_queue.c.position)
            .limit(limit)
        )
        return [record_from_row(QueuedDelivery, row) for row in await connection.execute(statement)]

    async def pending(self, webhook_id: UUID) -> list[QueuedDelivery]:
        """The webhook's pending deliveries, in queue order."""
        connection = await self._uow.connection()
        statement = (
            select(webhook_queue)
            .where(webhook_queue.c.webhook_id == webhook_id, _pending)
            .order_by(webhook_queue.c.position)
        )
        return [record_from_row(QueuedDelivery, row) for row in await connection.execute(statement)]

    async def queued(self, webhook_id: UUID, delivery_id: UUID) -> QueuedDelivery | None:
        connection = await self._uow.connection()
        statement = select(webhook_queue).where(
            webhook_queue.c.webhook_id == webhook_id, webhook_queue.c.id == delivery_id
        )
        row = (await connection.execute(statement)).first()
        return None if row is None else record_from_row(QueuedDelivery, row)

    async def update_queued(self, delivery_id: UUID, **changes: Any) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            update(webhook_queue).where(webhook_queue.c.id == delivery_id).values(**changes)
        )

    async def log(self, delivery: Delivery) -> None:
        connection = await self._uow.connection()
        await connection.execute(webhook_deliveries.insert().values(row_from_record(delivery)))

    async def sweep_log(self, older_than: datetime) -> None:
        """The attempts older than ``older_than``, and the deliveries as old no longer pending."""
        connection = await self._uow.connection()
        await connection.execute(
            delete(webhook_deliveries).where(webhook_deliveries.c.at < older_than)
        )
        await connection.execute(
            delete(webhook_queue).where(webhook_queue.c.created_at < older_than, ~_pending)
        )

    # --- the signing key ------------------------------------------------------------------

    async def signing_key(self) -> str:
        """The server's webhook signing key, made on first use (every worker agrees on it)."""
        connection = await self._uow.connection()
        await connection.execute(
            insert_or_update(connection, server_keys)
            .values(name=WEBHOOK_SIGNING_KEY, value=secrets.token_hex(32))
            .on_conflict_do_nothing()
        )
        statement = select(server_keys.c.value).where(server_keys.c.name == WEBHOOK_SIGNING_KEY)
        return str((await connection.execute(statement)).scalar_one())

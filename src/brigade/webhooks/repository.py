"""Every webhook, delivery-log and server-key query.

A webhook row carries its delivery state: the last event handled (``cursor``), the
failures at the next one, when to try again, and a lease (kit/db/leases.py). A worker leases
due webhooks, delivers one event each, then writes the outcome only if its lease still holds:
a webhook is never delivered by two workers at once, and a crashed worker's lease simply
runs out.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import Row, delete, func, or_, select

from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.leases import lease, settle
from brigade.kit.db.outbox import events
from brigade.kit.db.rows import fetch_page, insert_or_update, record_from_row, row_from_record
from brigade.kit.events import EventType
from brigade.kit.retries import Backlog
from brigade.webhooks.domain import Delivery, Webhook
from brigade.webhooks.tables import server_keys, webhook_deliveries, webhooks

WEBHOOK_SIGNING_KEY = "webhook_signing"


def _webhook(row: Row[Any]) -> Webhook:
    return record_from_row(Webhook, row, types=tuple(EventType(name) for name in row.types))


class WebhookRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, webhook: Webhook) -> None:
        connection = await self._uow.connection()
        row = row_from_record(webhook, types=[str(name) for name in webhook.types])
        await connection.execute(webhooks.insert().values(row))

    async def get(self, webhook_id: UUID) -> Webhook | None:
        connection = await self._uow.connection()
        statement = select(webhooks).where(webhooks.c.id == webhook_id)
        row = (await connection.execute(statement)).first()
        return None if row is None else _webhook(row)

    async def page(self, *, page: int, limit: int) -> tuple[list[Webhook], int]:
        connection = await self._uow.connection()
        rows, total = await fetch_page(
            connection, webhooks, [], [webhooks.c.created_at, webhooks.c.id], page=page, limit=limit
        )
        return [_webhook(row) for row in rows], total

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
        """Lease the webhooks with an event to deliver whose next attempt is due."""
        connection = await self._uow.connection()
        due = (
            select(webhooks.c.id)
            .where(
                webhooks.c.next_attempt_at <= now,
                or_(webhooks.c.lease_until.is_(None), webhooks.c.lease_until < now),
                webhooks.c.cursor < select(func.max(events.c.id)).scalar_subquery(),
            )
            .order_by(webhooks.c.next_attempt_at)
            .limit(limit)
        )
        return [_webhook(row) for row in await lease(connection, webhooks, due, until=until)]

    async def backlog(self) -> Backlog:
        """Events after the smallest cursor: a range of the events' primary key."""
        connection = await self._uow.connection()
        slowest = select(func.min(webhooks.c.cursor)).scalar_subquery()
        found = await connection.execute(
            select(func.count(events.c.id), func.min(events.c.at)).where(events.c.id > slowest)
        )
        count, oldest_at = found.one()
        return Backlog(count=count, oldest_at=oldest_at)

    async def settle(self, leased: Webhook, **changes: Any) -> bool:
        """Write the outcome of a leased delivery and end the lease; False if the lease was
        lost (it ran out and another worker took over, or the webhook was deleted)."""
        connection = await self._uow.connection()
        return await settle(connection, webhooks, leased.id, leased.lease_until, **changes)

    async def log(self, delivery: Delivery) -> None:
        connection = await self._uow.connection()
        await connection.execute(webhook_deliveries.insert().values(row_from_record(delivery)))

    async def sweep_log(self, older_than: datetime) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            delete(webhook_deliveries).where(webhook_deliveries.c.at < older_than)
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

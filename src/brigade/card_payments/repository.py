"""Every card reader, checkout and card refund query (docs/design.md §27)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, Table, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from brigade.card_payments.domain import (
    HOLDING,
    OPEN,
    WORKING,
    CardCheckout,
    CardRefund,
    CheckoutStatus,
    PaymentReader,
    ReaderBusy,
    ReaderMode,
    ReaderView,
    checkout_event,
    refund_event,
)
from brigade.card_payments.provider import RefundStatus, TipMode
from brigade.card_payments.tables import (
    card_checkouts,
    card_refunds,
    payment_reader_defaults,
    payment_readers,
)
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import location_reader, record_from_row, row_from_record
from brigade.orders.domain.states import FINAL_ORDER_STATUSES
from brigade.orders.tables import orders

reader_location = location_reader(payment_readers)
checkout_location = location_reader(card_checkouts)
_OPEN = [status.value for status in OPEN]
_WORKING = [status.value for status in WORKING]
_HOLDING = [status.value for status in HOLDING]
_CLOSED_ORDERS = [status.value for status in FINAL_ORDER_STATUSES]


def _reader(row: Row[Any]) -> PaymentReader:
    return record_from_row(PaymentReader, row, mode=ReaderMode(row.mode))


def _checkout(row: Row[Any]) -> CardCheckout:
    return record_from_row(
        CardCheckout, row, status=CheckoutStatus(row.status), tip_mode=TipMode(row.tip_mode)
    )


def _refund(row: Row[Any]) -> CardRefund:
    return record_from_row(CardRefund, row, status=RefundStatus(row.status))


class ReaderRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, reader: PaymentReader) -> None:
        connection = await self._uow.connection()
        row = row_from_record(reader, mode=reader.mode.value)
        await connection.execute(payment_readers.insert().values(row))

    async def get(self, reader_id: UUID) -> PaymentReader | None:
        connection = await self._uow.connection()
        statement = select(payment_readers).where(payment_readers.c.id == reader_id)
        row = (await connection.execute(statement)).first()
        return None if row is None else _reader(row)

    async def views(self, readers: Sequence[PaymentReader]) -> list[ReaderView]:
        """Each reader with its open checkout and the terminals it is the default of."""
        ids = [reader.id for reader in readers]
        if not ids:
            return []
        connection = await self._uow.connection()
        busy = select(card_checkouts.c.reader_id, card_checkouts.c.id).where(
            card_checkouts.c.reader_id.in_(ids), card_checkouts.c.status.in_(_OPEN)
        )
        open_checkouts = {row.reader_id: row.id for row in await connection.execute(busy)}
        defaults: defaultdict[UUID, list[UUID]] = defaultdict(list)
        statement = (
            select(payment_reader_defaults)
            .where(payment_reader_defaults.c.reader_id.in_(ids))
            .order_by(payment_reader_defaults.c.device_id)
        )
        for row in await connection.execute(statement):
            defaults[row.reader_id].append(row.device_id)
        return [
            ReaderView(reader, open_checkouts.get(reader.id), tuple(defaults[reader.id]))
            for reader in readers
        ]

    async def at(self, location_id: UUID | None) -> list[PaymentReader]:
        connection = await self._uow.connection()
        statement = select(payment_readers).order_by(payment_readers.c.name, payment_readers.c.id)
        if location_id is not None:
            statement = statement.where(payment_readers.c.location_id == location_id)
        return [_reader(row) for row in await connection.execute(statement)]

    async def delete(self, reader_id: UUID) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            delete(payment_reader_defaults).where(payment_reader_defaults.c.reader_id == reader_id)
        )
        await connection.execute(delete(payment_readers).where(payment_readers.c.id == reader_id))

    async def set_default(self, device_id: UUID, reader_id: UUID) -> None:
        """``reader_id`` becomes the terminal's default reader (instead of any other)."""
        connection = await self._uow.connection()
        await connection.execute(
            delete(payment_reader_defaults).where(payment_reader_defaults.c.device_id == device_id)
        )
        await connection.execute(
            insert(payment_reader_defaults).values(device_id=device_id, reader_id=reader_id)
        )

    async def drop_default(self, device_id: UUID, reader_id: UUID) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            delete(payment_reader_defaults).where(
                payment_reader_defaults.c.device_id == device_id,
                payment_reader_defaults.c.reader_id == reader_id,
            )
        )


class CheckoutRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, checkout: CardCheckout) -> None:
        """A new checkout and its event; another open one on its reader: ReaderBusy (the
        index decides between two starts at once)."""
        connection = await self._uow.connection()
        try:
            await connection.execute(card_checkouts.insert().values(_checkout_row(checkout)))
        except IntegrityError:
            raise ReaderBusy(
                f"reader {checkout.reader_id} is busy with another checkout: finish or cancel it"
            ) from None
        self._uow.record([checkout_event(checkout)])

    async def get(self, checkout_id: UUID, *, for_update: bool = False) -> CardCheckout | None:
        connection = await self._uow.connection()
        statement = select(card_checkouts).where(card_checkouts.c.id == checkout_id)
        if for_update:
            statement = statement.with_for_update()
        row = (await connection.execute(statement)).first()
        return None if row is None else _checkout(row)

    async def of_order(self, order_id: UUID) -> list[CardCheckout]:
        connection = await self._uow.connection()
        statement = (
            select(card_checkouts)
            .where(card_checkouts.c.order_id == order_id)
            .order_by(card_checkouts.c.created_at, card_checkouts.c.id)
        )
        return [_checkout(row) for row in await connection.execute(statement)]

    async def of_visit(self, visit_id: UUID) -> list[CardCheckout]:
        """The online checkouts a guests' visit started, oldest first."""
        connection = await self._uow.connection()
        statement = (
            select(card_checkouts)
            .where(card_checkouts.c.visit_id == visit_id)
            .order_by(card_checkouts.c.created_at, card_checkouts.c.id)
        )
        return [_checkout(row) for row in await connection.execute(statement)]

    async def online_in_flight_cents(self, order_id: UUID) -> int:
        """What the order's online checkouts still open are charging, their tips apart."""
        connection = await self._uow.connection()
        statement = select(func.coalesce(func.sum(card_checkouts.c.amount_cents), 0)).where(
            card_checkouts.c.order_id == order_id,
            card_checkouts.c.reader_id.is_(None),
            card_checkouts.c.status.in_(_OPEN),
        )
        total: int = (await connection.execute(statement)).scalar_one()
        return int(total)

    async def save(self, checkout: CardCheckout, *, moved: bool) -> None:
        """Its row as it is now; ``moved``: its status changed, and its event is recorded."""
        connection = await self._uow.connection()
        statement = card_checkouts.update().where(card_checkouts.c.id == checkout.id)
        await connection.execute(statement.values(_checkout_row(checkout)))
        if moved:
            self._uow.record([checkout_event(checkout)])

    async def claim_open(
        self, *, now: datetime, until: datetime, limit: int, only: UUID | None = None
    ) -> list[CardCheckout]:
        """Checkouts waiting for their provider (``only`` this one): on a reader, or a tab's
        capture or release asked for; nobody else asking about them, each leased to the
        caller until ``until``: a lease is taken by one conditional update, so two workers
        never both win."""
        wanted: ColumnElement[bool] = card_checkouts.c.status.in_(_WORKING)
        if only is not None:
            wanted = and_(wanted, card_checkouts.c.id == only)
        rows = await _claim(self._uow, card_checkouts, wanted, now, until, limit)
        return [_checkout(row) for row in rows]

    async def held_for_closed_orders(self, limit: int) -> list[CardCheckout]:
        """Cards HELD for tabs whose order has closed (completed another way, or cancelled):
        their partial index finds the few held, the orders' key their status (a read model
        of the orders' table, docs/design.md §27), locked to be released."""
        connection = await self._uow.connection()
        closed = select(orders.c.id).where(orders.c.status.in_(_CLOSED_ORDERS))
        statement = (
            select(card_checkouts)
            .where(
                # The partial index's own condition, so SQLite uses it too.
                card_checkouts.c.status.in_(_HOLDING),
                card_checkouts.c.status == CheckoutStatus.HELD.value,
                card_checkouts.c.order_id.in_(closed),
            )
            .order_by(card_checkouts.c.id)
            .limit(limit)
            .with_for_update(of=card_checkouts)
        )
        return [_checkout(row) for row in await connection.execute(statement)]

    async def holding_at(self, location_id: UUID) -> list[CardCheckout]:
        """The location's cards still held, oldest first (found by their partial index)."""
        connection = await self._uow.connection()
        statement = (
            select(card_checkouts)
            .where(
                card_checkouts.c.location_id == location_id,
                card_checkouts.c.status.in_(_HOLDING),
            )
            .order_by(card_checkouts.c.created_at, card_checkouts.c.id)
        )
        return [_checkout(row) for row in await connection.execute(statement)]

    async def open_charging(self, provider: str, charge_ref: str) -> UUID | None:
        """The open checkout whose charge at ``provider`` is ``charge_ref`` (a webhook names
        the charge only); the open ones are few, found by their partial index."""
        connection = await self._uow.connection()
        found = await connection.execute(
            select(card_checkouts.c.id).where(
                card_checkouts.c.status.in_(_OPEN),
                card_checkouts.c.provider == provider,
                card_checkouts.c.charge_ref == charge_ref,
            )
        )
        checkout_id: UUID | None = found.scalar_one_or_none()
        return checkout_id

    async def release(self, checkout_id: UUID) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            update(card_checkouts)
            .where(card_checkouts.c.id == checkout_id)
            .values(lease_until=None)
        )


class RefundRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, refund: CardRefund) -> None:
        connection = await self._uow.connection()
        await connection.execute(card_refunds.insert().values(_refund_row(refund)))
        self._uow.record([refund_event(refund)])

    async def save(self, refund: CardRefund, *, moved: bool) -> None:
        connection = await self._uow.connection()
        statement = card_refunds.update().where(card_refunds.c.id == refund.id)
        await connection.execute(statement.values(_refund_row(refund)))
        if moved:
            self._uow.record([refund_event(refund)])

    async def get(self, refund_id: UUID, *, for_update: bool = False) -> CardRefund | None:
        connection = await self._uow.connection()
        statement = select(card_refunds).where(card_refunds.c.id == refund_id)
        if for_update:
            statement = statement.with_for_update()
        row = (await connection.execute(statement)).first()
        return None if row is None else _refund(row)

    async def of_order(self, order_id: UUID) -> list[CardRefund]:
        connection = await self._uow.connection()
        statement = (
            select(card_refunds)
            .where(card_refunds.c.order_id == order_id)
            .order_by(card_refunds.c.created_at, card_refunds.c.id)
        )
        return [_refund(row) for row in await connection.execute(statement)]

    async def claim_pending(
        self, *, now: datetime, until: datetime, limit: int
    ) -> list[CardRefund]:
        pending = card_refunds.c.status == RefundStatus.PENDING.value
        rows = await _claim(self._uow, card_refunds, pending, now, until, limit)
        return [_refund(row) for row in rows]

    async def release(self, refund_id: UUID) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            update(card_refunds).where(card_refunds.c.id == refund_id).values(lease_until=None)
        )


async def _claim(
    uow: UnitOfWork, table: Table, wanted: Any, now: datetime, until: datetime, limit: int
) -> list[Row[Any]]:
    """Rows of ``table`` that are ``wanted`` and not leased (or whose lease ran out), each
    leased until ``until`` by an update that only one caller's can match."""
    connection = await uow.connection()
    free = or_(table.c.lease_until.is_(None), table.c.lease_until < now)
    candidates = select(table.c.id).where(wanted, free).order_by(table.c.id).limit(limit)
    claimed: list[Row[Any]] = []
    for (row_id,) in (await connection.execute(candidates)).all():
        taken = await connection.execute(
            update(table).where(table.c.id == row_id, free).values(lease_until=until)
        )
        if taken.rowcount == 1:
            row = (await connection.execute(select(table).where(table.c.id == row_id))).first()
            if row is not None:
                claimed.append(row)
    return claimed


def _checkout_row(checkout: CardCheckout) -> dict[str, Any]:
    return row_from_record(checkout, status=checkout.status.value, tip_mode=checkout.tip_mode.value)


def _refund_row(refund: CardRefund) -> dict[str, Any]:
    return row_from_record(refund, status=refund.status.value)

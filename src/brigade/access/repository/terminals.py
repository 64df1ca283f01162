"""Every device, PIN, PIN session and approval query, and the lookups that authenticate
device and session tokens."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import ColumnElement, Row, and_, bindparam, delete, func, select, update

from brigade.access.domain.lockout import FailedAttempts
from brigade.access.domain.terminals import (
    Approval,
    Device,
    DeviceKind,
    DirectoryEntry,
    PinFailureAlert,
    PinHolder,
    StaffSession,
    limit_reached,
)
from brigade.access.tables import (
    approvals,
    devices,
    pin_failures,
    pin_locks,
    staff,
    staff_pins,
    staff_sessions,
)
from brigade.dining.tables import locations
from brigade.kit.access import Role
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import (
    count_one_more,
    fetch_page,
    insert_or_update,
    location_reader,
    record_from_row,
    row_from_record,
)


@dataclass(frozen=True, slots=True)
class SignedInStaff:
    """Who a live session token belongs to, and on which device."""

    session_id: UUID
    staff_id: UUID
    name: str
    role: Role
    device_id: UUID
    location_id: UUID
    expires_at: datetime


def _to_device(row: Row[Any]) -> Device:
    return record_from_row(Device, row, kind=DeviceKind(row.kind))


# Every request with a device or session token runs one of these: built once.
_DEVICE_BY_DIGEST = select(devices).where(
    devices.c.token_digest == bindparam("digest"), devices.c.revoked_at.is_(None)
)
# A session is live while unexpired, not ended, its staff member active and its device not
# revoked: one indexed read decides all four, so deactivating or revoking ends it at once.
_SESSION_BY_DIGEST = (
    select(
        staff_sessions.c.id.label("session_id"),
        staff_sessions.c.device_id,
        staff_sessions.c.expires_at,
        devices.c.location_id,
        staff.c.id.label("staff_id"),
        staff.c.name,
        staff.c.role,
    )
    .join(staff, staff.c.id == staff_sessions.c.staff_id)
    .join(devices, devices.c.id == staff_sessions.c.device_id)
    .where(
        staff_sessions.c.token_digest == bindparam("digest"),
        staff_sessions.c.ended_at.is_(None),
        staff_sessions.c.expires_at > bindparam("now"),
        staff.c.is_active.is_(True),
        devices.c.revoked_at.is_(None),
    )
)


class DeviceRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, device: Device) -> None:
        connection = await self._uow.connection()
        values = row_from_record(device, kind=device.kind.value)
        await connection.execute(devices.insert().values(values))

    async def location_exists(self, location_id: UUID) -> bool:
        """Whether the location was made (has a profile, docs/design.md §10)."""
        connection = await self._uow.connection()
        query = select(locations.c.id).where(locations.c.id == location_id)
        return (await connection.execute(query)).first() is not None

    async def get(self, device_id: UUID, *, for_update: bool = False) -> Device | None:
        connection = await self._uow.connection()
        query = select(devices).where(devices.c.id == device_id)
        row = (await connection.execute(query.with_for_update() if for_update else query)).first()
        return None if row is None else _to_device(row)

    async def live_by_digest(self, digest: str) -> Device | None:
        connection = await self._uow.connection()
        row = (await connection.execute(_DEVICE_BY_DIGEST, {"digest": digest})).first()
        return None if row is None else _to_device(row)

    async def list(
        self, location_id: UUID | None, *, page: int, limit: int
    ) -> tuple[list[Device], int]:
        """Oldest first, revoked ones too (they say when they stopped)."""
        connection = await self._uow.connection()
        c = devices.c
        where = [] if location_id is None else [c.location_id == location_id]
        rows, total = await fetch_page(
            connection, devices, where, (c.created_at, c.id), page=page, limit=limit
        )
        return [_to_device(row) for row in rows], total

    async def revoke(self, device_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        statement = update(devices).where(devices.c.id == device_id)
        await connection.execute(statement.values(revoked_at=at))


class PinRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def holder(self, staff_id: UUID, *, for_update: bool = False) -> PinHolder | None:
        """A staff member who has a PIN, with its hash. ``for_update`` locks their PIN row, so
        wrong PINs from every worker and host are counted one after the other."""
        connection = await self._uow.connection()
        query = (
            select(staff.c.name, staff.c.role, staff.c.is_active, staff_pins)
            .join(staff_pins, staff_pins.c.staff_id == staff.c.id)
            .where(staff.c.id == staff_id)
        )
        if for_update:
            query = query.with_for_update(of=staff_pins)
        row = (await connection.execute(query)).first()
        if row is None:
            return None
        return PinHolder(row.staff_id, row.name, Role(row.role), row.is_active, row.pin_hash)

    async def set_pin(self, staff_id: UUID, pin_hash: str, at: datetime) -> None:
        """Set or replace the PIN. A new PIN keeps the wrong-PIN counts (pin_locks): it is no
        way round a lock-out."""
        connection = await self._uow.connection()
        statement = (
            insert_or_update(connection, staff_pins)
            .values(staff_id=staff_id, pin_hash=pin_hash, set_at=at)
            .on_conflict_do_update(
                index_elements=[staff_pins.c.staff_id], set_={"pin_hash": pin_hash, "set_at": at}
            )
        )
        await connection.execute(statement)

    async def attempts(self, staff_id: UUID, source: str) -> FailedAttempts:
        """Wrong PINs for ``staff_id`` from ``source``, and its lock (read under the PIN row's
        lock, taken by ``holder``)."""
        connection = await self._uow.connection()
        c = pin_locks.c
        query = select(c.failures, c.first_failure_at, c.locked_until).where(
            c.staff_id == staff_id, c.source == source
        )
        row = (await connection.execute(query)).first()
        return FailedAttempts() if row is None else record_from_row(FailedAttempts, row)

    async def save_attempts(self, staff_id: UUID, source: str, attempts: FailedAttempts) -> None:
        connection = await self._uow.connection()
        values = row_from_record(attempts)
        statement = (
            insert_or_update(connection, pin_locks)
            .values(staff_id=staff_id, source=source, **values)
            .on_conflict_do_update(
                index_elements=[pin_locks.c.staff_id, pin_locks.c.source], set_=values
            )
        )
        await connection.execute(statement)

    async def directory(self, *, page: int, limit: int) -> tuple[list[DirectoryEntry], int]:
        """Active staff who have a PIN, by name: who a terminal's staff picker shows."""
        connection = await self._uow.connection()
        joined = staff.join(staff_pins, staff_pins.c.staff_id == staff.c.id)
        active: ColumnElement[bool] = staff.c.is_active.is_(True)
        total = (
            await connection.execute(select(func.count()).select_from(joined).where(active))
        ).scalar_one()
        query = (
            select(staff.c.id, staff.c.name, staff.c.role)
            .select_from(joined)
            .where(active)
            .order_by(staff.c.name, staff.c.id)
            .offset((page - 1) * limit)
            .limit(limit)
        )
        rows = await connection.execute(query)
        return [DirectoryEntry(row.id, row.name, Role(row.role)) for row in rows], total


class SessionRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, session: StaffSession) -> None:
        connection = await self._uow.connection()
        await connection.execute(staff_sessions.insert().values(row_from_record(session)))

    async def signed_in(self, digest: str, now: datetime) -> SignedInStaff | None:
        connection = await self._uow.connection()
        row = (await connection.execute(_SESSION_BY_DIGEST, {"digest": digest, "now": now})).first()
        if row is None:
            return None
        return record_from_row(SignedInStaff, row, role=Role(row.role))

    async def end(self, session_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        c = staff_sessions.c
        statement = update(staff_sessions).where(c.id == session_id, c.ended_at.is_(None))
        await connection.execute(statement.values(ended_at=at))

    async def end_all_of(self, staff_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        c = staff_sessions.c
        statement = update(staff_sessions).where(c.staff_id == staff_id, c.ended_at.is_(None))
        await connection.execute(statement.values(ended_at=at))


class ApprovalRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, approval: Approval) -> None:
        connection = await self._uow.connection()
        await connection.execute(approvals.insert().values(row_from_record(approval)))

    async def consume(
        self, digest: str, requested_by: str, at: datetime, *, action: str, resource: str
    ) -> tuple[UUID, int | None] | None:
        """Mark a live approval of ``requested_by`` for ``action`` on ``resource`` used and
        answer its approver and the amount it approves, or None.

        One conditional update: of two requests racing with one approval, one gets it.
        """
        connection = await self._uow.connection()
        c = approvals.c
        statement = (
            update(approvals)
            .where(
                and_(
                    c.token_digest == digest,
                    c.requested_by == requested_by,
                    c.action == action,
                    c.resource == resource,
                    c.used_at.is_(None),
                    c.expires_at > at,
                )
            )
            .values(used_at=at)
            .returning(c.approver_id, c.amount_cents)
        )
        row = (await connection.execute(statement)).one_or_none()
        return None if row is None else (row.approver_id, row.amount_cents)

    async def purge_expired(self, before: datetime) -> None:
        connection = await self._uow.connection()
        await connection.execute(approvals.delete().where(approvals.c.expires_at < before))


class PinFailureRepository:
    """Wrong PINs per source (a device, a client address) and window, whoever they were for."""

    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def counts(self, sources: list[str], window_start: datetime) -> dict[str, int]:
        connection = await self._uow.connection()
        c = pin_failures.c
        query = select(c.source, c.failures).where(
            c.source.in_(sources), c.window_start == window_start
        )
        return {row.source: row.failures for row in await connection.execute(query)}

    async def count_failure(
        self,
        source: str,
        window: tuple[datetime, datetime],
        limit: int,
        *,
        location_id: UUID | None,
        device_id: UUID | None,
    ) -> None:
        """One more wrong PIN from ``source`` in its ``window`` (start, end); the one that
        reaches ``limit`` records ``security.pin_failures`` (``limit_reached``)."""
        start, end = window
        connection = await self._uow.connection()
        count = await count_one_more(connection, pin_failures, source=source, window_start=start)
        alert = PinFailureAlert(source, count, start, end)
        self._uow.record(limit_reached(alert, limit, location_id=location_id, device_id=device_id))

    async def purge_before(self, moment: datetime) -> None:
        connection = await self._uow.connection()
        await connection.execute(delete(pin_failures).where(pin_failures.c.window_start < moment))


# Where a paired device is, for the location boundary (kit/http/located.py).
device_location = location_reader(devices)

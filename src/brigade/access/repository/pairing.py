"""Every pairing-code query (docs/design.md §23)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import Row, delete, func, select, update

from brigade.access.domain.pairing import PairingCode
from brigade.access.domain.terminals import DeviceKind
from brigade.access.tables import pairing_codes
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import record_from_row, row_from_record


def _to_code(row: Row[Any]) -> PairingCode:
    return record_from_row(PairingCode, row, kind=DeviceKind(row.kind))


class PairingCodeRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def take_code(self, code: str, at: datetime) -> bool:
        """Whether ``code`` is free for a new pairing: an expired holder gives its digits up."""
        connection = await self._uow.connection()
        c = pairing_codes.c
        await connection.execute(
            update(pairing_codes).where(c.code == code, c.expires_at <= at).values(code=None)
        )
        taken = await connection.execute(select(c.id).where(c.code == code))
        return taken.first() is None

    async def insert(self, pairing: PairingCode) -> None:
        connection = await self._uow.connection()
        values = row_from_record(pairing, kind=pairing.kind.value)
        await connection.execute(pairing_codes.insert().values(values))

    async def by_code(self, code: str) -> PairingCode | None:
        """The code's holder, locked: two managers typing it are answered one after the other."""
        connection = await self._uow.connection()
        query = select(pairing_codes).where(pairing_codes.c.code == code).with_for_update()
        row = (await connection.execute(query)).first()
        return None if row is None else _to_code(row)

    async def by_claim(self, claim_digest: str) -> PairingCode | None:
        connection = await self._uow.connection()
        c = pairing_codes.c
        query = select(pairing_codes).where(c.claim_digest == claim_digest).with_for_update()
        row = (await connection.execute(query)).first()
        return None if row is None else _to_code(row)

    async def asked_from(self, client_address: str, since: datetime) -> tuple[int, datetime | None]:
        """How many codes ``client_address`` asked for since ``since``, and the first of them."""
        connection = await self._uow.connection()
        c = pairing_codes.c
        query = select(func.count(), func.min(c.created_at)).where(
            c.client_address == client_address, c.created_at > since
        )
        count, first = (await connection.execute(query)).one()
        return int(count), first

    async def approve(self, pairing_id: UUID, device_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        statement = update(pairing_codes).where(pairing_codes.c.id == pairing_id)
        await connection.execute(statement.values(device_id=device_id, approved_at=at))

    async def mark_claimed(self, pairing_id: UUID, at: datetime) -> None:
        connection = await self._uow.connection()
        statement = update(pairing_codes).where(pairing_codes.c.id == pairing_id)
        await connection.execute(statement.values(claimed_at=at))

    async def purge_expired_before(self, before: datetime) -> None:
        connection = await self._uow.connection()
        await connection.execute(delete(pairing_codes).where(pairing_codes.c.expires_at < before))

"""Idempotency keys: claimed, and their answer stored, in the transaction of the effect."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, select, text, update
from sqlalchemy.exc import DBAPIError

from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import insert_or_update
from brigade.kit.db.tables import idempotency_keys as keys

# PostgreSQL: how long a retry waits for the first request holding the same key.
_PG_KEY_WAIT = "'5s'"
_PG_LOCK_NOT_AVAILABLE = "55P03"


class KeyBusy(Exception):
    """Another request with the same key is still running."""


@dataclass(frozen=True, slots=True)
class KeyIdentity:
    caller: str
    scope: str
    key: str


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    request_hash: str
    status_code: int | None
    body: bytes | None
    headers: dict[str, str]


def _identity(identity: KeyIdentity) -> Any:
    return and_(
        keys.c.caller == identity.caller, keys.c.scope == identity.scope, keys.c.key == identity.key
    )


class IdempotencyRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def claim(
        self, identity: KeyIdentity, request_hash: str, *, now: datetime, expires_at: datetime
    ) -> StoredAnswer | None:
        """Claim the key for this request (None), or answer what an earlier request stored.

        A concurrent request with the same key waits on the first one's row until that
        commits (then sees its answer) or rolls back (then claims the key itself).
        """
        connection = await self._uow.connection()
        await connection.execute(delete(keys).where(_identity(identity), keys.c.expires_at <= now))
        statement = (
            insert_or_update(connection, keys)
            .values(
                caller=identity.caller,
                scope=identity.scope,
                key=identity.key,
                request_hash=request_hash,
                created_at=now,
                expires_at=expires_at,
            )
            .on_conflict_do_nothing()
            .returning(keys.c.key)
        )
        if connection.dialect.name == "postgresql":
            await connection.execute(text(f"SET LOCAL lock_timeout = {_PG_KEY_WAIT}"))
        try:
            claimed = (await connection.execute(statement)).first() is not None
        except DBAPIError as error:
            if getattr(error.orig, "sqlstate", None) == _PG_LOCK_NOT_AVAILABLE:
                raise KeyBusy from error
            raise
        if connection.dialect.name == "postgresql":
            await connection.execute(text("SET LOCAL lock_timeout = 0"))
        if claimed:
            return None
        row = (await connection.execute(select(keys).where(_identity(identity)))).one()
        return StoredAnswer(
            request_hash=row.request_hash,
            status_code=row.status_code,
            body=row.response_body,
            headers=row.response_headers or {},
        )

    async def store_answer(
        self, identity: KeyIdentity, status_code: int, body: bytes, headers: dict[str, str]
    ) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            update(keys)
            .where(_identity(identity))
            .values(status_code=status_code, response_body=body, response_headers=headers)
        )

    async def purge_expired(self, now: datetime) -> int:
        connection = await self._uow.connection()
        result = await connection.execute(delete(keys).where(keys.c.expires_at <= now))
        return result.rowcount

"""Every stream ticket query."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import and_, update

from brigade.access.domain.stream_tickets import CredentialKind, StreamCredential, StreamTicket
from brigade.access.tables import stream_tickets
from brigade.kit.db.engine import UnitOfWork


class StreamTicketRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def insert(self, ticket: StreamTicket) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            stream_tickets.insert().values(
                id=ticket.id,
                ticket_digest=ticket.ticket_digest,
                credential_kind=ticket.credential.kind.value,
                credential_digest=ticket.credential.digest,
                created_at=ticket.created_at,
                expires_at=ticket.expires_at,
                used_at=ticket.used_at,
            )
        )

    async def spend(self, digest: str, at: datetime) -> StreamCredential | None:
        """Mark a live, unused ticket used and answer its credential, or None.

        One conditional update: of two streams racing with one ticket, one opens."""
        connection = await self._uow.connection()
        c = stream_tickets.c
        statement = (
            update(stream_tickets)
            .where(and_(c.ticket_digest == digest, c.used_at.is_(None), c.expires_at > at))
            .values(used_at=at)
            .returning(c.credential_kind, c.credential_digest)
        )
        row = (await connection.execute(statement)).first()
        if row is None:
            return None
        return StreamCredential(CredentialKind(row.credential_kind), row.credential_digest)

    async def purge_expired(self, before: datetime) -> None:
        connection = await self._uow.connection()
        await connection.execute(
            stream_tickets.delete().where(stream_tickets.c.expires_at < before)
        )

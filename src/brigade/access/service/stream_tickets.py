"""One-use tickets for the event stream (docs/design.md §8): asked for with a credential,
spent once by GET /api/events/stream?ticket=…, which then acts as that credential.

Only the ticket's SHA-256 is stored, in the database, so any worker or host can spend it.
"""

from __future__ import annotations

import hmac
from datetime import datetime, timedelta

from brigade.access.domain.staff import new_token, token_digest
from brigade.access.domain.stream_tickets import (
    TICKET_PREFIX,
    CredentialKind,
    StreamCredential,
    StreamTicket,
    credential_kind,
)
from brigade.access.repository.stream_tickets import StreamTicketRepository
from brigade.access.service import passwords
from brigade.access.service import staff as access
from brigade.kit.access import BOOTSTRAP_ADMIN, Actor, TokenOwner
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import BadToken, InvalidTicket
from brigade.kit.ids import new_id


async def issue(
    uow: UnitOfWork, actor: Actor, presented: str, *, lifetime: timedelta
) -> tuple[str, datetime]:
    """A new ticket standing for ``actor``'s credential (``presented``: the bearer token or
    session cookie the request came with), and when it expires. Shown this once."""
    secret = new_token(TICKET_PREFIX)
    at = now()
    ticket = StreamTicket(
        id=new_id(),
        ticket_digest=token_digest(secret),
        credential=StreamCredential(credential_kind(actor), token_digest(presented)),
        created_at=at,
        expires_at=at + lifetime,
    )
    repository = StreamTicketRepository(uow)
    await repository.purge_expired(at)
    await repository.insert(ticket)
    return secret, ticket.expires_at


async def spend(uow: UnitOfWork, presented: str) -> StreamCredential:
    """The credential a live, unused ticket stands for, the ticket used up; or InvalidTicket."""
    credential = await StreamTicketRepository(uow).spend(token_digest(presented), now())
    if credential is None:
        raise InvalidTicket(
            "The stream ticket is unknown, used or expired: ask POST /api/events/stream-tickets "
            "for a new one."
        )
    return credential


async def authenticate(
    uow: UnitOfWork, credential: StreamCredential, *, admin_token: str | None, idle: timedelta
) -> TokenOwner:
    """Who the credential a ticket stands for is now, checked as that credential is on every
    request (revoked, signed out, expired, deactivated: BadToken)."""
    if credential.kind is CredentialKind.WEB_SESSION:
        return await passwords.authenticate_session(uow, credential.digest, idle=idle)
    if credential.kind is CredentialKind.BOOTSTRAP_ADMIN:
        if admin_token and hmac.compare_digest(token_digest(admin_token), credential.digest):
            return TokenOwner(BOOTSTRAP_ADMIN, last_used_at=None)
        raise BadToken("The admin token that asked for this ticket is not the installation's.")
    return await access.authenticate_bearer(uow, credential.digest, credential.kind)

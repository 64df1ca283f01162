"""Revoking a credential for good: a staff token (access/service/staff.py) or a paired device
(access/service/terminals.py), the one way for both.

Lock it, have this worker's token cache forget it once the change commits (also when it was
revoked already, through another worker), and, unless it was revoked already, stamp it
revoked and audit that. Revoking twice changes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import Field, dataclass
from datetime import datetime
from typing import Any, ClassVar, Generic, Protocol, TypeVar
from uuid import UUID

from brigade.access.domain.audit import AuditAction, AuditedEntity
from brigade.access.domain.token_cache import Credentials, Through
from brigade.access.service import audit
from brigade.access.service import token_cache as worker_token_cache
from brigade.kit.access import Actor
from brigade.kit.clock import now
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.errors import NotFound


class Revocable(Protocol):
    """A credential's record (a dataclass): revoked when ``revoked_at`` is set."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def revoked_at(self) -> datetime | None: ...


Held = TypeVar("Held", bound=Revocable)
Stored = TypeVar("Stored", bound=Revocable, covariant=True)


class RevocableStore(Protocol[Stored]):
    """A repository of one kind of credential (tokens, devices)."""

    async def get(self, record_id: UUID, /, *, for_update: bool = False) -> Stored | None: ...

    async def revoke(self, record_id: UUID, at: datetime, /) -> None: ...


@dataclass(frozen=True, slots=True)
class Revocation(Generic[Held]):
    """One kind of credential: its name (a 404 says it), what the token cache knows it by,
    how its revocation is audited, and the location an entry of it is filed under."""

    name: str
    through: Through
    action: AuditAction
    entity: AuditedEntity
    location_of: Callable[[Held], UUID | None] = lambda _held: None


async def revoke(
    uow: UnitOfWork,
    actor: Actor,
    store: RevocableStore[Held],
    kind: Revocation[Held],
    record_id: UUID,
) -> Held:
    """Revoke ``record_id`` of ``kind``; answers it as it now is."""
    held = await store.get(record_id, for_update=True)
    if held is None:
        raise NotFound(kind.name, record_id)
    worker_token_cache.forget_on_commit(uow, Credentials(kind.through, record_id))
    if held.revoked_at is not None:
        return held
    at = now()
    await store.revoke(record_id, at)
    await audit.record(
        uow,
        actor,
        kind.action,
        (kind.entity, record_id),
        location_id=kind.location_of(held),
        before={"revokedAt": None},
        after={"revokedAt": at.isoformat()},
    )
    return dataclasses.replace(held, revoked_at=at)

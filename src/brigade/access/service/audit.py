"""Writing and reading the audit log. Entries are written in the transaction of the change
they describe, so an entry exists exactly when its change does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from brigade.access.domain.audit import (
    AuditAction,
    AuditedEntity,
    AuditEntry,
    AuditFilter,
    NamedAuditEntry,
)
from brigade.access.repository.audit import AuditRepository
from brigade.kit.access import Actor
from brigade.kit.clock import now
from brigade.kit.cursor import Cursor
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.ids import new_id


async def record(
    uow: UnitOfWork,
    actor: Actor,
    action: AuditAction,
    entity: tuple[AuditedEntity, UUID],
    *,
    location_id: UUID | None = None,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
    reason: str | None = None,
) -> None:
    """``before``/``after``: the fields that changed, as JSON values (money as decimal strings)."""
    entity_type, entity_id = entity
    await AuditRepository(uow).insert(
        AuditEntry(
            id=new_id(),
            at=now(),
            location_id=location_id,
            staff_id=actor.staff_id,
            staff_name=actor.name,
            action=action,
            entity_type=entity_type,
            entity_id=entity_id,
            before=dict(before) if before is not None else None,
            after=dict(after) if after is not None else None,
            reason=reason,
            approved_by_id=actor.approver.staff_id if actor.approver else None,
            approved_by_name=actor.approver.name if actor.approver else None,
        )
    )


async def list_entries(
    uow: UnitOfWork, filters: AuditFilter, *, page: int, limit: int, after: Cursor | None = None
) -> tuple[list[NamedAuditEntry], int]:
    return await AuditRepository(uow).list(filters, page=page, limit=limit, after=after)

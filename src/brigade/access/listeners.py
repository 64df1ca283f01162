"""What access does when another feature's change tells it to, in that change's transaction
(docs/design.md §7): subscribed when the app starts."""

from __future__ import annotations

from brigade.access.domain.audit import AuditNote
from brigade.access.service import audit
from brigade.kit.db.engine import DomainEventHandler, UnitOfWork


async def keep(uow: UnitOfWork, note: AuditNote) -> None:
    """The audit log keeps the action, by whom, on what, why."""
    await audit.record(
        uow,
        note.actor,
        note.action,
        note.entity,
        location_id=note.location_id,
        before=note.before,
        after=note.after,
        reason=note.reason,
    )


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = ((AuditNote, keep),)

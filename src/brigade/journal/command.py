"""`brigade journal verify`'s work: read only, importing only the journal and the kit, so the
command starts fast (docs/design.md §18)."""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from brigade.journal import service as journal
from brigade.journal.domain import Verification
from brigade.kit.db.engine import Database
from brigade.settings import Settings


async def verify_journal(
    settings: Settings,
    location_id: UUID | None,
    witnesses: Sequence[journal.Witness] = (),
    roster: journal.Roster | None = None,
) -> list[Verification]:
    """Each location's chain recomputed (one location's with ``location_id``; else the
    journal's and the ``roster``'s), and what each witness says of it."""
    database = Database(settings)
    try:
        async with database.unit_of_work(write=False) as uow:
            return await journal.verify_all(uow, location_id, witnesses, roster)
    finally:
        await database.dispose()

"""The journal's use cases (docs/design.md §18): append in the caller's unit of work, read,
verify. Other features write through ``append`` (orders) or ``claim`` and ``write`` (a Z,
whose figures are those of the entries before it); nothing updates or deletes an entry."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from uuid import UUID

from brigade.journal.domain import (
    EntryKind,
    Head,
    JournalEntry,
    NewEntry,
    Verification,
    sealed,
    unsealed,
    verify_chain,
)
from brigade.journal.repository import JournalRepository
from brigade.kit.db.engine import UnitOfWork

# What one read of the entries answers at most.
MAX_PAGE = 500


async def append(
    uow: UnitOfWork, location_id: UUID, entries: Sequence[NewEntry], at: datetime
) -> list[JournalEntry]:
    """``entries`` as the location's next sequences, in order, chained and written."""
    if not entries:
        return []
    repository = JournalRepository(uow)
    if len(entries) == 1:
        # PostgreSQL, at a location with a head: claimed and written in one statement.
        lone = await repository.append_next(unsealed(location_id, entries[0], at))
        if lone is not None:
            return [lone]
    head = await repository.claim_many(location_id, len(entries))
    written: list[JournalEntry] = []
    previous_hash = head.last_hash
    for offset, new in enumerate(entries):
        entry = sealed(location_id, head.last_sequence + offset, new, at, previous_hash)
        written.append(entry)
        previous_hash = entry.hash
    await repository.insert(written)
    return written


async def claim(uow: UnitOfWork, location_id: UUID) -> Head:
    """The next sequence, locked for this transaction: no other entry of the location is
    written until it ends, so what comes before it is settled (a Z's figures)."""
    return await JournalRepository(uow).claim(location_id)


async def write(
    uow: UnitOfWork, location_id: UUID, head: Head, new: NewEntry, at: datetime
) -> JournalEntry:
    """The entry at the sequence ``claim`` gave."""
    entry = sealed(location_id, head.last_sequence, new, at, head.last_hash)
    await JournalRepository(uow).insert([entry])
    return entry


async def entries(uow: UnitOfWork, location_id: UUID, after: int, limit: int) -> list[JournalEntry]:
    """The location's entries after sequence ``after``, in order, at most ``limit``."""
    return await JournalRepository(uow).page(location_id, after, min(limit, MAX_PAGE))


async def entries_between(
    uow: UnitOfWork, location_id: UUID, after: int, before: int | None = None
) -> list[JournalEntry]:
    """Every entry after sequence ``after`` and before ``before`` (None: to the last)."""
    repository = JournalRepository(uow)
    found: list[JournalEntry] = []
    while True:
        page = await repository.page(location_id, after, MAX_PAGE)
        found += [e for e in page if before is None or e.sequence < before]
        if len(page) < MAX_PAGE or (before is not None and page[-1].sequence >= before):
            return found
        after = page[-1].sequence


async def entry(uow: UnitOfWork, location_id: UUID, sequence: int) -> JournalEntry | None:
    return await JournalRepository(uow).entry(location_id, sequence)


async def of_order(
    uow: UnitOfWork, location_id: UUID, order_id: UUID, kind: EntryKind, after: int
) -> list[JournalEntry]:
    """The order's entries of ``kind`` after sequence ``after`` (a sale's tip adjustments)."""
    return await JournalRepository(uow).of_order(location_id, order_id, kind, after)


async def last_sequence_of(uow: UnitOfWork, location_id: UUID, kind: EntryKind) -> int:
    """The location's last entry of ``kind`` (a Z); 0 for none."""
    return await JournalRepository(uow).last_sequence_of(location_id, kind)


# Another feature's record of what the chain holds (the Zs' copies, which say how many entries
# there must be): the first sequence it finds the chain disagrees with, or None. The app hands
# them over (the journal imports none of its writers).
Witness = Callable[[UnitOfWork, UUID], Awaitable[int | None]]
# Another feature's list of the locations there are: each is verified whether or not its chain
# can still be found (a chain deleted with its counter leaves no trace in the journal's tables).
Roster = Callable[[UnitOfWork], Awaitable[Sequence[UUID]]]


async def verify(
    uow: UnitOfWork, location_id: UUID, witnesses: Sequence[Witness] = ()
) -> Verification:
    """Recompute the location's chain in one pass over its rows, in sequence order; then ask
    each witness whether it agrees (a chain deleted with its head is whole, yet a Z names it)."""
    repository = JournalRepository(uow)
    head = await repository.head(location_id)
    rows = [row async for row in repository.stored_rows(location_id)]
    found = verify_chain(location_id, rows, head)
    if not found.ok:
        return found
    for witness in witnesses:
        broken = await witness(uow, location_id)
        if broken is not None:
            return dataclasses.replace(found, ok=False, first_broken_sequence=broken)
    return found


async def verify_all(
    uow: UnitOfWork,
    location_id: UUID | None = None,
    witnesses: Sequence[Witness] = (),
    roster: Roster | None = None,
) -> list[Verification]:
    """One location's verification, or every location's: each that has a journal, and each
    the ``roster`` names."""
    if location_id is not None:
        chosen = [location_id]
    else:
        named = set(await roster(uow)) if roster is not None else set()
        chosen = sorted(named | set(await JournalRepository(uow).locations()))
    return [await verify(uow, location, witnesses) for location in chosen]


async def of_kind(uow: UnitOfWork, location_id: UUID, kind: EntryKind) -> list[JournalEntry]:
    """The location's entries of ``kind`` (its Zs: a few a day), in sequence order."""
    return await JournalRepository(uow).of_kind(location_id, kind)

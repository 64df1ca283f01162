"""What the journal writes when another feature's change asks it to, and what it answers, in
that change's transaction (docs/design.md §18): subscribed when the app starts. The journal
reads no order: an order's change tells it what to write (``ToJournal``)."""

from __future__ import annotations

from uuid import UUID

from brigade.journal import service
from brigade.journal.domain import (
    EntryKind,
    JournalEntry,
    JournalNote,
    LastZ,
    NewEntry,
    ToJournal,
)
from brigade.journal.notes import SaleNote, TipAdjustNote
from brigade.kit.clock import now
from brigade.kit.db.engine import Answerer, DomainEventHandler, UnitOfWork
from brigade.kit.db.rows import location_in


async def write_notes(uow: UnitOfWork, asked: ToJournal) -> None:
    """The entries the notes ask for, as the location's next sequences; a SALE's sequence is
    given back (``numbered``): the order's receipt number."""
    location_id = location_in(asked.location_id)
    entries = [
        entry
        for note in asked.notes
        if (entry := await _entry(uow, location_id, asked.order_id, note)) is not None
    ]
    for written in await service.append(uow, location_id, entries, now()):
        if written.receipt_number is not None:
            asked.numbered(written.receipt_number)


async def _entry(
    uow: UnitOfWork, location_id: UUID, order_id: UUID, note: JournalNote
) -> NewEntry | None:
    """The entry ``note`` asks for; a REOPEN negates the SALE it reverses as it stands, with
    the tips adjusted since (None: the sale was never journaled, completed before the journal
    began, and nothing is written)."""
    if note.note is not None:
        return NewEntry.of(note.note, order_id)
    if note.kind is not EntryKind.REOPEN or note.reverses is None:
        return None
    sold = await service.entry(uow, location_id, note.reverses)
    sale = None if sold is None else sold.note
    if not isinstance(sale, SaleNote):
        raise LookupError(f"the journal has no SALE {note.reverses} to reverse")
    tips = await service.of_order(
        uow, location_id, order_id, EntryKind.TIP_ADJUST, after=note.reverses
    )
    adjusted = [entry.note for entry in tips]
    standing = sale.with_tips_adjusted(a for a in adjusted if isinstance(a, TipAdjustNote))
    return NewEntry.of(standing.reopened(note.reverses), order_id)


async def last_z(uow: UnitOfWork, asked: LastZ) -> JournalEntry | None:
    location_id = location_in(asked.location_id)
    closed = await service.last_sequence_of(uow, location_id, EntryKind.Z)
    return None if closed == 0 else await service.entry(uow, location_id, closed)


LISTENERS: tuple[tuple[type, DomainEventHandler], ...] = ((ToJournal, write_notes),)
ANSWERS: tuple[tuple[type, Answerer], ...] = ((LastZ, last_z),)

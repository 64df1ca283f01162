"""The journal's entries and their hash chain (docs/design.md §18): the standard library only.

Each entry's hash is SHA-256 over the canonical JSON (sorted keys, no spaces) of its content,
sequence, kind, location, order, time and the previous entry's hash; the first entry's
previous hash is 64 zeros. An entry is never changed or deleted: a correction is a new entry.
Entries written before the order was hashed keep their version 1 hash (without it).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from brigade.access.domain.scopes import Scope
from brigade.journal.notes import EntryKind as EntryKind
from brigade.journal.notes import Note, OrderNote, read_note
from brigade.journal.notes import canonical as canonical
from brigade.kit.access import Needs, Permission, Role, declare_permissions
from brigade.kit.questions import Question


class JournalPermissions(Permission):
    READ_JOURNAL = "read and verify the journal"


PERMISSIONS = declare_permissions(
    {
        JournalPermissions.READ_JOURNAL: Needs(
            Role.MANAGER, scopes=frozenset({Scope.REPORTS_READ})
        ),
    }
)

GENESIS_HASH = "0" * 64
# What an entry's hash covers: 2 adds its order (issue 51); 1 is kept to verify older rows.
HASH_VERSION = 2


def instant_text(at: datetime) -> str:
    """An entry's time as it is hashed: UTC, microseconds, ``+00:00``."""
    return at.astimezone(UTC).isoformat(timespec="microseconds")


def hashed_around(
    *,
    location_id: UUID,
    kind: str,
    at: datetime,
    content_text: str,
    order_id: UUID | None,
    version: int = HASH_VERSION,
) -> tuple[str, str, str]:
    """The text an entry's hash is taken over, cut where the two values only its claim of the
    sequence gives go: ``before + previous_hash + between + str(sequence) + after``.

    The canonical serialization of ``{at, content, kind, locationId, orderId, previousHash,
    sequence}`` (version 1: without ``orderId``) is built around the content's own canonical
    text (keys in sorted order), so the content is never parsed again to check it. A hash is
    hex: its canonical JSON is itself in quotes.
    """
    order = "" if version < 2 else f'"orderId":{canonical(_text_or_none(order_id))},'
    before = (
        f'{{"at":{canonical(instant_text(at))},"content":{content_text},'
        f'"kind":{canonical(kind)},"locationId":{canonical(str(location_id))},{order}'
        '"previousHash":"'
    )
    return before, '","sequence":', "}"


def _text_or_none(value: UUID | None) -> str | None:
    return None if value is None else str(value)


def entry_hash(
    *,
    location_id: UUID,
    sequence: int,
    kind: str,
    at: datetime,
    content_text: str,
    order_id: UUID | None,
    previous_hash: str,
    version: int = HASH_VERSION,
) -> str:
    """The hash of an entry whose content is ``content_text`` (its canonical JSON)."""
    before, between, after = hashed_around(
        location_id=location_id,
        kind=kind,
        at=at,
        content_text=content_text,
        order_id=order_id,
        version=version,
    )
    text = f"{before}{previous_hash}{between}{sequence}{after}"
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class JournalNote:
    """An entry a feature's action asks for: its record (journal/notes.py), or a REOPEN's
    ``reverses``, the SALE sequence it negates (the journal writes it as that sale stands,
    negated: ``SaleNote.reopened``)."""

    kind: EntryKind
    note: OrderNote | None = None
    reverses: int | None = None

    @classmethod
    def of(cls, note: OrderNote) -> JournalNote:
        return cls(note.KIND, note)

    @classmethod
    def reopening(cls, sale_sequence: int | None) -> JournalNote:
        return cls(EntryKind.REOPEN, reverses=sale_sequence)


@dataclass(frozen=True, slots=True)
class ToJournal:
    """What an order's change asks the journal to write, in its transaction (its listener,
    journal/listeners.py): the order's notes in the order they happened. ``numbered`` is given
    the sequence of each SALE written: the order's receipt number."""

    # None: an order of no location (its entries are kept under the kit's NO_LOCATION).
    location_id: UUID | None
    order_id: UUID
    notes: Sequence[JournalNote]
    numbered: Callable[[int], None]


@dataclass(frozen=True, slots=True)
class NewEntry:
    """What a feature asks the journal to write: the sequence, time and hashes are its own."""

    kind: EntryKind
    content: Mapping[str, Any]
    order_id: UUID | None = None

    @classmethod
    def of(cls, note: Note, order_id: UUID | None) -> NewEntry:
        """The entry holding ``note``: its content as it is written (``write_note``)."""
        return cls(note.KIND, note.content(), order_id)


@dataclass(frozen=True, slots=True)
class JournalEntry:
    location_id: UUID
    sequence: int
    kind: EntryKind
    order_id: UUID | None
    at: datetime
    content_text: str
    previous_hash: str
    hash: str

    @property
    def content(self) -> dict[str, Any]:
        """The content as stored, as JSON (what the journal's answer shows)."""
        found: dict[str, Any] = json.loads(self.content_text)
        return found

    @property
    def note(self) -> Note:
        """The content as its kind's record (not a Z's: the reports read that)."""
        return read_note(self.kind, self.content_text)

    @property
    def receipt_number(self) -> int | None:
        """A SALE's sequence is its order's receipt number."""
        return self.sequence if self.kind is EntryKind.SALE else None


@dataclass(frozen=True, slots=True)
class Unsealed:
    """An entry before its claim: all of it but its sequence and the hashes."""

    location_id: UUID
    kind: EntryKind
    order_id: UUID | None
    at: datetime
    content_text: str

    @property
    def hashed_around(self) -> tuple[str, str, str]:
        return hashed_around(
            location_id=self.location_id,
            kind=self.kind.value,
            at=self.at,
            content_text=self.content_text,
            order_id=self.order_id,
        )

    def at_sequence(self, sequence: int, previous_hash: str, hash_: str) -> JournalEntry:
        """This entry as written at ``sequence``, its hashes as they were computed."""
        where = (self.location_id, sequence, self.kind, self.order_id, self.at)
        return JournalEntry(*where, self.content_text, previous_hash, hash_)


def unsealed(location_id: UUID, new: NewEntry, at: datetime) -> Unsealed:
    return Unsealed(location_id, new.kind, new.order_id, at, canonical(dict(new.content)))


def sealed(
    location_id: UUID,
    sequence: int,
    new: NewEntry,
    at: datetime,
    previous_hash: str,
) -> JournalEntry:
    """``new`` as the entry at ``sequence``, chained to ``previous_hash``."""
    entry = unsealed(location_id, new, at)
    digest = entry_hash(
        location_id=location_id,
        sequence=sequence,
        kind=new.kind.value,
        at=at,
        content_text=entry.content_text,
        order_id=new.order_id,
        previous_hash=previous_hash,
    )
    return entry.at_sequence(sequence, previous_hash, digest)


@dataclass(frozen=True, slots=True)
class StoredRow:
    """An entry's row as stored, unchecked: what verification recomputes."""

    sequence: int
    kind: str
    at: datetime
    content_text: str
    previous_hash: str
    hash: str
    order_id: UUID | None
    version: int


@dataclass(frozen=True, slots=True)
class Head:
    """The location's counter row: the last sequence given and that entry's hash."""

    last_sequence: int
    last_hash: str


@dataclass(frozen=True, slots=True)
class Verification:
    location_id: UUID
    ok: bool
    entries: int
    first_broken_sequence: int | None


def verify_chain(location_id: UUID, rows: Iterable[StoredRow], head: Head | None) -> Verification:
    """Recompute the chain in one pass over ``rows`` (in sequence order).

    A changed row (its hash is not what its fields give), a deleted row (a gap in the
    sequences, or a previous hash that is not the entry before's) or a counter that does not
    name the last entry and its hash break it; the first broken sequence is answered.
    """
    expected_sequence, previous, count, version_before = 1, GENESIS_HASH, 0, 1
    for row in rows:
        count += 1
        if row.sequence != expected_sequence or row.previous_hash != previous:
            return Verification(location_id, False, count, expected_sequence)
        recomputed = entry_hash(
            location_id=location_id,
            sequence=row.sequence,
            kind=row.kind,
            at=row.at,
            content_text=row.content_text,
            order_id=row.order_id,
            previous_hash=row.previous_hash,
            version=row.version,
        )
        # A version is never lowered: a newer row's hash over the older text breaks it.
        if recomputed != row.hash or row.version < version_before:
            return Verification(location_id, False, count, row.sequence)
        previous, expected_sequence = row.hash, row.sequence + 1
        version_before = row.version
    last = expected_sequence - 1
    head_sequence = 0 if head is None else head.last_sequence
    head_hash = GENESIS_HASH if head is None else head.last_hash
    if head_sequence != last:
        return Verification(location_id, False, count, min(head_sequence, last) + 1)
    if head_hash != previous:
        return Verification(location_id, False, count, max(last, 1))
    return Verification(location_id, True, count, None)


@dataclass(frozen=True, slots=True)
class LastZ(Question[JournalEntry | None]):
    """The location's last Z entry (None before its first): what a Z closed and when, for a
    feature that must refuse to change what it closed (journal/listeners.py answers)."""

    # None: an order of no location (the kit's NO_LOCATION).
    location_id: UUID | None

"""Every SQL statement on the journal: entries are only inserted, the counter row only moves on."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any
from uuid import UUID

from sqlalchemy import (
    ARRAY,
    BigInteger,
    SmallInteger,
    String,
    Text,
    Uuid,
    bindparam,
    func,
    select,
    text,
    union,
    update,
)

from brigade.journal.domain import (
    GENESIS_HASH,
    HASH_VERSION,
    EntryKind,
    Head,
    JournalEntry,
    StoredRow,
    Unsealed,
)
from brigade.journal.tables import journal_entries, journal_heads
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.db.rows import by_column, upsert_per_database
from brigade.kit.db.types import UTCDateTime

# Verification reads the chain in pages of this many rows, in sequence order.
VERIFY_PAGE = 5000

_COLUMNS = (
    journal_entries.c.sequence,
    journal_entries.c.kind,
    journal_entries.c.at,
    journal_entries.c.content,
    journal_entries.c.previous_hash,
    journal_entries.c.hash,
)

# The writes of every sale, built once (see next_order_number in orders/repository/orders.py).
_CLAIM = upsert_per_database(
    journal_heads,
    lambda insert: (
        insert.values(
            location_id=bindparam("location_key"), last_sequence=1, last_hash=GENESIS_HASH
        )
        .on_conflict_do_update(
            index_elements=[journal_heads.c.location_id],
            set_={"last_sequence": journal_heads.c.last_sequence + 1},
        )
        .returning(journal_heads.c.last_sequence, journal_heads.c.last_hash)
    ),
)
_MOVE_HEAD = (
    update(journal_heads)
    .where(journal_heads.c.location_id == bindparam("location_key"))
    .values(last_sequence=bindparam("sequence"), last_hash=bindparam("hash"))
)

# PostgreSQL: the entries and the head's move in one statement (``insert``).
_PG_WRITE = text(
    """
    WITH moved AS (
        UPDATE journal_heads SET last_sequence = :head_sequence, last_hash = :head_hash
        WHERE location_id = :location_key
    )
    INSERT INTO journal_entries
        (location_id, sequence, kind, order_id, at, content, previous_hash, hash, hash_version)
    SELECT * FROM unnest(
        CAST(:location_id AS uuid[]), CAST(:sequence AS bigint[]), CAST(:kind AS varchar[]),
        CAST(:order_id AS uuid[]), CAST(:at AS timestamptz[]), CAST(:content AS text[]),
        CAST(:previous_hash AS varchar[]), CAST(:hash AS varchar[]),
        CAST(:hash_version AS smallint[])
    )
    """
).bindparams(
    bindparam("location_key", type_=Uuid()),
    bindparam("head_sequence", type_=BigInteger()),
    bindparam("head_hash", type_=String()),
    bindparam("location_id", type_=ARRAY(Uuid())),
    bindparam("sequence", type_=ARRAY(BigInteger)),
    bindparam("kind", type_=ARRAY(String)),
    bindparam("order_id", type_=ARRAY(Uuid())),
    bindparam("at", type_=ARRAY(UTCDateTime())),
    bindparam("content", type_=ARRAY(Text)),
    bindparam("previous_hash", type_=ARRAY(String)),
    bindparam("hash", type_=ARRAY(String)),
    bindparam("hash_version", type_=ARRAY(SmallInteger)),
)


# PostgreSQL: a lone entry appended in one statement, its claim of the sequence included, so
# the location's head is locked for one round trip fewer (until COMMIT, as with ``_CLAIM``).
# The head's row is locked first (FOR UPDATE answers its newest version, after any wait), then
# the entry hashed over the text the domain cut around its sequence and previous hash
# (``hashed_around``), then the head moved on. Nothing when the location has no head yet.
_PG_APPEND_ONE = text(
    """
    WITH head AS (
        SELECT last_sequence + 1 AS sequence, last_hash AS previous_hash
        FROM journal_heads WHERE location_id = :location_id FOR UPDATE
    ), entry AS (
        SELECT sequence, previous_hash, encode(sha256(convert_to(
            :before || previous_hash || :between || sequence || :after, 'UTF8'
        )), 'hex') AS hash
        FROM head
    ), moved AS (
        UPDATE journal_heads SET last_sequence = entry.sequence, last_hash = entry.hash
        FROM entry WHERE journal_heads.location_id = :location_id
    )
    INSERT INTO journal_entries
        (location_id, sequence, kind, order_id, at, content, previous_hash, hash, hash_version)
    SELECT :location_id, sequence, :kind, :order_id, :at, :content, previous_hash, hash,
        :hash_version
    FROM entry
    RETURNING sequence, previous_hash, hash
    """
).bindparams(
    bindparam("location_id", type_=Uuid()),
    bindparam("before", type_=Text()),
    bindparam("between", type_=Text()),
    bindparam("after", type_=Text()),
    bindparam("kind", type_=String()),
    bindparam("order_id", type_=Uuid()),
    bindparam("at", type_=UTCDateTime()),
    bindparam("content", type_=Text()),
    bindparam("hash_version", type_=SmallInteger()),
)


def _stored(row: Any) -> tuple[Any, ...]:
    return (int(row[0]), row[1], row[2], row[3], row[4], row[5], row[6], int(row[7]))


def _entry(location_id: UUID, row: Any) -> JournalEntry:
    return JournalEntry(
        location_id=location_id,
        sequence=int(row.sequence),
        kind=EntryKind(row.kind),
        order_id=row.order_id,
        at=row.at,
        content_text=row.content,
        previous_hash=row.previous_hash,
        hash=row.hash,
    )


class JournalRepository:
    def __init__(self, uow: UnitOfWork) -> None:
        self._uow = uow

    async def _rows(self, statement: Any) -> list[Any]:
        connection = await self._uow.connection()
        return list(await connection.execute(statement))

    async def claim(self, location_id: UUID) -> Head:
        """The location's next sequence and the hash of the entry before it, in one upsert
        that holds the counter row's lock until the transaction ends: concurrent writers at
        one location, in any process, take consecutive sequences with no gap."""
        connection = await self._uow.connection()
        statement = _CLAIM[connection.dialect.name]
        found = await connection.execute(statement, {"location_key": location_id})
        sequence, previous_hash = found.one()
        return Head(int(sequence), previous_hash)

    async def insert(self, entries: Sequence[JournalEntry]) -> None:
        """Write ``entries`` (one location's, consecutive) and move its counter's hash on: one
        statement on PostgreSQL, where the counter stays locked until COMMIT and every round
        trip before it keeps the location's next sale waiting; two on SQLite."""
        if not entries:
            return
        connection = await self._uow.connection()
        rows = [
            {
                "location_id": entry.location_id,
                "sequence": entry.sequence,
                "kind": entry.kind.value,
                "order_id": entry.order_id,
                "at": entry.at,
                "content": entry.content_text,
                "previous_hash": entry.previous_hash,
                "hash": entry.hash,
                "hash_version": HASH_VERSION,
            }
            for entry in entries
        ]
        last = entries[-1]
        if connection.dialect.name == "postgresql":
            head = {
                "location_key": last.location_id,
                "head_sequence": last.sequence,
                "head_hash": last.hash,
            }
            await connection.execute(_PG_WRITE, by_column(rows) | head)
            return
        await connection.execute(journal_entries.insert(), rows)
        moved = {"location_key": last.location_id, "sequence": last.sequence, "hash": last.hash}
        await connection.execute(_MOVE_HEAD, moved)

    async def append_next(self, unsealed: Unsealed) -> JournalEntry | None:
        """``unsealed`` as the location's next entry in one statement, claim included, on
        PostgreSQL; None elsewhere, or when the location has no head yet (its first entry):
        the caller claims, then inserts."""
        connection = await self._uow.connection()
        if connection.dialect.name != "postgresql":
            return None
        before, between, after = unsealed.hashed_around
        found = await connection.execute(
            _PG_APPEND_ONE,
            {
                "location_id": unsealed.location_id,
                "before": before,
                "between": between,
                "after": after,
                "kind": unsealed.kind.value,
                "order_id": unsealed.order_id,
                "at": unsealed.at,
                "content": unsealed.content_text,
                "hash_version": HASH_VERSION,
            },
        )
        row = found.first()
        if row is None:
            return None
        return unsealed.at_sequence(int(row.sequence), row.previous_hash, row.hash)

    async def claim_many(self, location_id: UUID, count: int) -> Head:
        """``count`` sequences at once (the first of them and the hash before it): for a
        writer seeding many entries in one transaction."""
        head = await self.claim(location_id)
        if count > 1:
            connection = await self._uow.connection()
            await connection.execute(
                update(journal_heads)
                .where(journal_heads.c.location_id == location_id)
                .values(last_sequence=head.last_sequence + count - 1)
            )
        return head

    async def head(self, location_id: UUID) -> Head | None:
        rows = await self._rows(
            select(journal_heads.c.last_sequence, journal_heads.c.last_hash).where(
                journal_heads.c.location_id == location_id
            )
        )
        return Head(int(rows[0][0]), rows[0][1]) if rows else None

    async def page(self, location_id: UUID, after: int, limit: int) -> list[JournalEntry]:
        rows = await self._rows(
            select(*_COLUMNS, journal_entries.c.order_id)
            .where(journal_entries.c.location_id == location_id, journal_entries.c.sequence > after)
            .order_by(journal_entries.c.sequence)
            .limit(limit)
        )
        return [_entry(location_id, row) for row in rows]

    async def of_order(
        self, location_id: UUID, order_id: UUID, kind: EntryKind, after: int
    ) -> list[JournalEntry]:
        """The order's entries of ``kind`` after sequence ``after``, in order."""
        rows = await self._rows(
            select(*_COLUMNS, journal_entries.c.order_id)
            .where(
                journal_entries.c.location_id == location_id,
                journal_entries.c.sequence > after,
                journal_entries.c.kind == kind.value,
                journal_entries.c.order_id == order_id,
            )
            .order_by(journal_entries.c.sequence)
        )
        return [_entry(location_id, row) for row in rows]

    async def of_kind(self, location_id: UUID, kind: EntryKind) -> list[JournalEntry]:
        rows = await self._rows(
            select(*_COLUMNS, journal_entries.c.order_id)
            .where(
                journal_entries.c.location_id == location_id,
                journal_entries.c.kind == kind.value,
            )
            .order_by(journal_entries.c.sequence)
        )
        return [_entry(location_id, row) for row in rows]

    async def count(self, location_id: UUID) -> int:
        rows = await self._rows(
            select(func.count()).where(journal_entries.c.location_id == location_id)
        )
        return int(rows[0][0])

    async def entry(self, location_id: UUID, sequence: int) -> JournalEntry | None:
        found = await self.page(location_id, sequence - 1, 1)
        return found[0] if found and found[0].sequence == sequence else None

    async def stored_rows(self, location_id: UUID) -> AsyncIterator[StoredRow]:
        """Every row of the location in sequence order, a page at a time."""
        after = 0
        while True:
            rows = await self._rows(
                select(*_COLUMNS, journal_entries.c.order_id, journal_entries.c.hash_version)
                .where(
                    journal_entries.c.location_id == location_id,
                    journal_entries.c.sequence > after,
                )
                .order_by(journal_entries.c.sequence)
                .limit(VERIFY_PAGE)
            )
            for row in rows:
                yield StoredRow(*_stored(row))
            if len(rows) < VERIFY_PAGE:
                return
            after = int(rows[-1][0])

    async def last_sequence_of(self, location_id: UUID, kind: EntryKind) -> int:
        """The sequence of the location's last entry of ``kind``; 0 for none."""
        rows = await self._rows(
            select(func.max(journal_entries.c.sequence)).where(
                journal_entries.c.location_id == location_id,
                journal_entries.c.kind == kind.value,
            )
        )
        return int(rows[0][0] or 0)

    async def locations(self) -> list[UUID]:
        """Every location with a journal (a counter row or an entry)."""
        statement = union(
            select(journal_heads.c.location_id),
            select(journal_entries.c.location_id).distinct(),
        )
        return sorted(row[0] for row in await self._rows(statement))

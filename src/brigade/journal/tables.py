"""The journal's tables (docs/design.md §18): its entries, and one counter row per location."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Index,
    PrimaryKeyConstraint,
    SmallInteger,
    String,
    Table,
    Text,
    Uuid,
)

from brigade.kit.db.tables import metadata
from brigade.kit.db.types import UTCDateTime

# The last sequence given at each location and that entry's hash: updated in the writer's
# transaction, so concurrent writers take their turn on the row and the sequence has no gap.
journal_heads = Table(
    "journal_heads",
    metadata,
    Column("location_id", Uuid, primary_key=True),
    Column("last_sequence", BigInteger, nullable=False),
    Column("last_hash", String(64), nullable=False),
)

# Rows are only ever inserted (corrections are new entries).
journal_entries = Table(
    "journal_entries",
    metadata,
    Column("location_id", Uuid, nullable=False),
    Column("sequence", BigInteger, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("order_id", Uuid, nullable=True),
    Column("at", UTCDateTime(), nullable=False),
    # The canonical JSON (sorted keys, no spaces) that was hashed.
    Column("content", Text, nullable=False),
    Column("previous_hash", String(64), nullable=False),
    Column("hash", String(64), nullable=False),
    # What the hash covers (journal/domain.py HASH_VERSION): 1 for rows from before the order.
    Column("hash_version", SmallInteger, nullable=False, server_default="1"),
    PrimaryKeyConstraint("location_id", "sequence"),
    Index("ix_journal_entries_location_kind", "location_id", "kind", "sequence"),
)

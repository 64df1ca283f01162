"""The event log's tables: the outbox and how far retention has swept it."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Index,
    Integer,
    String,
    Table,
    Text,
    Uuid,
)

from brigade.kit.db.tables import metadata
from brigade.kit.db.types import UTCDateTime

# The outbox: every committed change's events, ids in commit order (events/domain.py).
# AUTOINCREMENT on SQLite: ids never come back, even after retention empties the table.
events = Table(
    "events",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True),
    Column("type", String(40), nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Column("location_id", Uuid, nullable=True),
    Column("entity_id", Uuid, nullable=True),
    Column("order_id", Uuid, nullable=True),
    # The resource as the API shows it, serialized once when the event was written.
    Column("data", Text, nullable=False),
    Index("ix_events_location_id", "location_id", "id"),
    Index("ix_events_at", "at"),
    sqlite_autoincrement=True,
)

# One row (id 1): the highest event id retention has deleted; older cursors answer 410.
events_swept = Table(
    "events_swept",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("through_id", BigInteger, nullable=False),
)

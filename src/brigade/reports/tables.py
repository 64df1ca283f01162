"""The reports' one table: each location's Z reports, stored whole (docs/design.md §18)."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Integer, PrimaryKeyConstraint, Table, Text, Uuid

from brigade.kit.db.tables import metadata
from brigade.kit.db.types import UTCDateTime

# A Z as it was answered when it closed the day: the same JSON forever.
z_reports = Table(
    "z_reports",
    metadata,
    Column("location_id", Uuid, nullable=False),
    Column("number", Integer, nullable=False),
    Column("journal_sequence", BigInteger, nullable=False),
    Column("closed_at", UTCDateTime(), nullable=False),
    Column("snapshot", Text, nullable=False),
    PrimaryKeyConstraint("location_id", "number"),
)

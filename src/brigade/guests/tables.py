"""Guests' visits at tables (docs/design.md §28)."""

from __future__ import annotations

from sqlalchemy import Column, Index, Table, Uuid

from brigade.kit.db.tables import metadata
from brigade.kit.db.types import UTCDateTime

guest_visits = Table(
    "guest_visits",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("table_id", Uuid, nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("order_id", Uuid, nullable=True),
    Column("started_at", UTCDateTime(), nullable=False),
    Column("ended_at", UTCDateTime(), nullable=True),
    Index("ix_guest_visits_order", "order_id"),
    Index("ix_guest_visits_table", "table_id", "started_at"),
)

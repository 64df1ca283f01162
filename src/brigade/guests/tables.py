"""Guests' visits at tables (docs/design.md §28)."""

from __future__ import annotations

from sqlalchemy import Column, Index, String, Table, Uuid

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

# The staff called from a visit: a call's event is the terminals', the row its visit's limit.
guest_calls = Table(
    "guest_calls",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("visit_id", Uuid, nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("table_id", Uuid, nullable=False),
    Column("table_name", String(200), nullable=False),
    Column("order_id", Uuid, nullable=True),
    Column("kind", String(16), nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Index("ix_guest_calls_visit", "visit_id", "kind", "at"),
)

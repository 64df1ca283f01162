"""Guests' visits at tables (docs/design.md §28)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Column, Index, String, Table, Text, Uuid, text

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


def _from_a_visit() -> list[Column[Any]]:
    """What a call and a round keep of the visit they came from: its table, by name too (the
    terminal shows it), and the check it was bound to."""
    return [
        Column("id", Uuid, primary_key=True),
        Column("visit_id", Uuid, nullable=False),
        Column("location_id", Uuid, nullable=False),
        Column("table_id", Uuid, nullable=False),
        Column("table_name", String(200), nullable=False),
        Column("order_id", Uuid, nullable=True),
    ]


# The staff called from a visit: a call's event is the terminals', the row its visit's limit.
guest_calls = Table(
    "guest_calls",
    metadata,
    *_from_a_visit(),
    Column("kind", String(16), nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Index("ix_guest_calls_visit", "visit_id", "kind", "at"),
)

# The rounds guests ordered from their phones: a WAITING one is a server's to confirm; a
# visit's recent ones are its limits'.
guest_rounds = Table(
    "guest_rounds",
    metadata,
    *_from_a_visit(),
    Column("status", String(16), nullable=False),
    # [{"name", "quantity", "totalCents", "notes", "itemId"}]: what was asked for, as ordered.
    Column("lines", JSON, nullable=False),
    Column("total_cents", BigInteger, nullable=False),
    Column("placed_at", UTCDateTime(), nullable=False),
    Column("decided_at", UTCDateTime(), nullable=True),
    Column("decided_by", String(200), nullable=True),
    Column("reason", Text, nullable=True),
    Index("ix_guest_rounds_visit", "visit_id", "placed_at"),
    Index(
        "ix_guest_rounds_waiting",
        "location_id",
        "placed_at",
        sqlite_where=text("status = 'WAITING'"),
        postgresql_where=text("status = 'WAITING'"),
    ),
)

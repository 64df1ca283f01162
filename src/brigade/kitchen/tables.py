"""The kitchen's table: the tickets sent to it."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    Uuid,
)

from brigade.kit.db.tables import metadata
from brigade.kit.db.types import UTCDateTime

kitchen_tickets = Table(
    "kitchen_tickets",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("order_id", Uuid, ForeignKey("orders.id"), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("order_number", Integer, nullable=False),
    Column("table_id", Uuid, nullable=True),
    # [{itemId, productId, name, quantity, modifiers, notes}] as sent.
    Column("items", JSON, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("sent_by_id", Uuid, nullable=True),
    Column("sent_by_name", String(200), nullable=True),
    # ORDER (a send) or VOID (what a void took back off the kitchen: negative lines, a reason).
    Column("kind", String(8), nullable=False, server_default="ORDER"),
    Column("reason", Text, nullable=True),
    # When a kitchen screen bumped it off the board (done); null while it is on the board.
    Column("bumped_at", UTCDateTime(), nullable=True),
    Index("ix_kitchen_tickets_created", "created_at", "id"),
    Index("ix_kitchen_tickets_location_created", "location_id", "created_at", "id"),
    Index("ix_kitchen_tickets_order_id", "order_id"),
    # The last ticket bumped at a location (Recall).
    Index("ix_kitchen_tickets_location_bumped", "location_id", "bumped_at"),
)

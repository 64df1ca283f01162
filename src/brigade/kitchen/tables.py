"""The kitchen's tables: the tickets sent to it, its stations, which station each kitchen
display is, and each station's bump of its part of a ticket (docs/design.md §19)."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    Uuid,
)

from brigade.kit.db.tables import metadata, timestamps
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

# A station of a location's kitchen: the categories it makes (nested ones count; [] every
# category) or, for the expo, every ticket whole.
kitchen_stations = Table(
    "kitchen_stations",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("name", String(200), nullable=False),
    Column("category_ids", JSON, nullable=False),
    Column("is_expo", Boolean, nullable=False),
    *timestamps(),
    Index("ix_kitchen_stations_location", "location_id", "name", "id"),
)

# The station a kitchen display shows (a device without a row shows every station's work).
kitchen_device_stations = Table(
    "kitchen_device_stations",
    metadata,
    Column("device_id", Uuid, primary_key=True),
    Column("station_id", Uuid, ForeignKey("kitchen_stations.id"), nullable=False),
    Index("ix_kitchen_device_stations_station", "station_id"),
)

# A station's part of a ticket, bumped (no row: not bumped; a recall deletes it).
kitchen_ticket_stations = Table(
    "kitchen_ticket_stations",
    metadata,
    Column("ticket_id", Uuid, ForeignKey("kitchen_tickets.id"), primary_key=True),
    Column("station_id", Uuid, ForeignKey("kitchen_stations.id"), primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("bumped_at", UTCDateTime(), nullable=False),
    # The ticket a station bumped last (its Recall).
    Index("ix_kitchen_ticket_stations_last", "station_id", "bumped_at"),
)

"""The dining room's tables: locations and their dining tables."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Index,
    Integer,
    String,
    Table,
    Uuid,
    false,
    true,
)

from brigade.kit.db.tables import LIVE, metadata, timestamps
from brigade.kit.db.types import UTCDateTime

# A location's profile; a location without one is still a valid id everywhere.
locations = Table(
    "locations",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("timezone", String(64), nullable=False),
    Column("currency", String(3), nullable=False),
    *timestamps(),
    # A kitchen ticket's age turns amber, then red (late), past these.
    Column("ticket_warn_minutes", Integer, nullable=False, server_default="5"),
    Column("ticket_late_minutes", Integer, nullable=False, server_default="10"),
    # docs/design.md §15: prices carry tax on top (EXCLUSIVE) or inside (INCLUSIVE); the cash
    # rounding step in cents, None for none.
    Column("tax_mode", String(16), nullable=False, server_default="EXCLUSIVE"),
    Column("cash_rounding_cents", BigInteger, nullable=True),
    # A check paid to the cent with nothing left to send completes by itself (docs/design.md §5).
    Column("auto_complete", Boolean, nullable=False, server_default=true()),
    # A terminal untouched this long signs out; NULL: never.
    Column("idle_sign_out_seconds", Integer, nullable=True, server_default="180"),
    # A SERVER may open a cash drawer (docs/design.md §17).
    Column("servers_open_drawers", Boolean, nullable=False, server_default=true()),
    # The guests' board shows dine-in orders too (docs/design.md §20).
    Column("board_shows_dine_in", Boolean, nullable=False, server_default=false()),
    # Its receipts', tickets' and screens' language (docs/design.md §26).
    Column("language", String(8), nullable=False, server_default="en"),
    # Guests ordering from their phones at its tables (docs/design.md §28).
    Column("guest_ordering", String(16), nullable=False, server_default="OFF"),
    Column("guest_orders_need_confirm", Boolean, nullable=False, server_default=true()),
    Index("ix_locations_name", "name", "id"),
)

dining_tables = Table(
    "dining_tables",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("name", String(200), nullable=False),
    Column("section", String(200), nullable=True),
    Column("seats", Integer, nullable=True),
    *timestamps(),
    # Soft delete: old orders still name the table they were at.
    Column("deleted_at", UTCDateTime(), nullable=True),
    # The table's guest code (docs/design.md §28), what its QR code points at.
    Column("guest_code", String(32), nullable=False),
    Index("uq_dining_tables_guest_code", "guest_code", unique=True),
    Index(
        "uq_dining_tables_location_name",
        "location_id",
        "name",
        unique=True,
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    ),
)

"""Printing's tables: printers and the print outbox (docs/design.md §12)."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    Uuid,
    text,
)

from brigade.kit.db.tables import metadata, timestamps
from brigade.kit.db.types import UTCDateTime

PENDING = text("status = 'PENDING'")

printers = Table(
    "printers",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("host", String(253), nullable=False),
    Column("port", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    # [categoryId, ...] a KITCHEN printer prints (its station); []: every category.
    Column("category_ids", JSON, nullable=False),
    *timestamps(),
    Index("ix_printers_location_kind", "location_id", "kind"),
    Index("ix_printers_created_at", "created_at", "id"),
)

# The print outbox: written in the transaction of the send or the receipt request.
print_jobs = Table(
    "print_jobs",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("printer_id", Uuid, ForeignKey("printers.id", ondelete="CASCADE"), nullable=False),
    Column("kind", String(16), nullable=False),
    # Null for a document of no order (a Z report, docs/design.md §18).
    Column("order_id", Uuid, ForeignKey("orders.id"), nullable=True),
    Column("ticket_id", Uuid, nullable=True),
    Column("payload", LargeBinary, nullable=False),
    Column("status", String(16), nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("retrying_since", UTCDateTime(), nullable=True),
    Column("next_attempt_at", UTCDateTime(), nullable=False),
    # A worker printing holds the job until then; a crashed worker's lease runs out.
    Column("lease_until", UTCDateTime(), nullable=True),
    Column("last_error", Text, nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("printed_at", UTCDateTime(), nullable=True),
    Index("ix_print_jobs_due", "next_attempt_at", sqlite_where=PENDING, postgresql_where=PENDING),
    Index("ix_print_jobs_printer_created", "printer_id", "created_at", "id"),
)

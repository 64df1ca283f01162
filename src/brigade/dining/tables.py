"""The dining room's tables: locations, dining tables, devices, PINs, sessions, approvals."""

from __future__ import annotations

from sqlalchemy import (
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Uuid,
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
    Index(
        "uq_dining_tables_location_name",
        "location_id",
        "name",
        unique=True,
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    ),
)

devices = Table(
    "devices",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("location_id", Uuid, nullable=False),
    # SHA-256 of the device token; the token itself is shown once and never stored.
    Column("token_digest", String(64), nullable=False),
    Column("hint", String(16), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("revoked_at", UTCDateTime(), nullable=True),
    Index("uq_devices_token_digest", "token_digest", unique=True),
    Index("ix_devices_created_at", "created_at", "id"),
)

# A staff member's PIN (scrypt, salted) and their wrong-PIN count, shared by every worker.
staff_pins = Table(
    "staff_pins",
    metadata,
    Column("staff_id", Uuid, ForeignKey("staff.id"), primary_key=True),
    Column("pin_hash", String(200), nullable=False),
    Column("set_at", UTCDateTime(), nullable=False),
)

# Wrong PINs for one staff member from one source (a device, or a client address without
# one), and that source's lock: one client cannot lock a person out everywhere.
pin_locks = Table(
    "pin_locks",
    metadata,
    Column("staff_id", Uuid, ForeignKey("staff.id"), primary_key=True),
    Column("source", String(80), primary_key=True),
    Column("failures", Integer, nullable=False),
    Column("first_failure_at", UTCDateTime(), nullable=True),
    Column("locked_until", UTCDateTime(), nullable=True),
)

# Wrong PINs from one source, whoever they were typed for, per window: the spray limit.
pin_failures = Table(
    "pin_failures",
    metadata,
    Column("source", String(80), primary_key=True),
    Column("window_start", UTCDateTime(), primary_key=True),
    Column("failures", Integer, nullable=False),
    Index("ix_pin_failures_window_start", "window_start"),
)

staff_sessions = Table(
    "staff_sessions",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("staff_id", Uuid, ForeignKey("staff.id"), nullable=False),
    Column("device_id", Uuid, ForeignKey("devices.id"), nullable=False),
    Column("token_digest", String(64), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("ended_at", UTCDateTime(), nullable=True),
    Index("uq_staff_sessions_token_digest", "token_digest", unique=True),
    Index("ix_staff_sessions_staff_id", "staff_id"),
)

approvals = Table(
    "approvals",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("token_digest", String(64), nullable=False),
    Column("approver_id", Uuid, ForeignKey("staff.id"), nullable=False),
    # The credential (session, token or device id) whose next write it approves.
    Column("requested_by", String(64), nullable=False),
    # The one action on the one resource it approves (access/domain/staff.py ApprovalAction).
    Column("action", String(40), nullable=False),
    Column("resource", String(200), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("used_at", UTCDateTime(), nullable=True),
    Index("uq_approvals_token_digest", "token_digest", unique=True),
    Index("ix_approvals_expires_at", "expires_at"),
)

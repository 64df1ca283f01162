"""The till's tables: cash drawers, their movements and the staff's shifts (docs/design.md §17)."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, ForeignKey, Index, String, Table, Uuid, text

from brigade.kit.db.tables import metadata
from brigade.kit.db.types import UTCDateTime

OPEN = text("status = 'OPEN'")
OPEN_ON_A_DEVICE = text("status = 'OPEN' AND device_id IS NOT NULL")
OPEN_WITHOUT_DEVICE = text("status = 'OPEN' AND device_id IS NULL")
ON_SHIFT = text("clocked_out_at IS NULL")

cash_drawers = Table(
    "cash_drawers",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("device_id", Uuid, nullable=True),
    Column("status", String(16), nullable=False),
    Column("opening_float_cents", BigInteger, nullable=False),
    # Fixed when the drawer is counted and closed.
    Column("expected_cents", BigInteger, nullable=True),
    Column("counted_cents", BigInteger, nullable=True),
    Column("opened_at", UTCDateTime(), nullable=False),
    Column("opened_by_id", Uuid, nullable=True),
    Column("opened_by_name", String(200), nullable=False),
    Column("closed_at", UTCDateTime(), nullable=True),
    Column("closed_by_id", Uuid, nullable=True),
    Column("closed_by_name", String(200), nullable=True),
    Column("updated_at", UTCDateTime(), nullable=False),
    # One open drawer per device; one device-less open drawer per location.
    Index(
        "uq_cash_drawers_open_device",
        "device_id",
        unique=True,
        sqlite_where=OPEN_ON_A_DEVICE,
        postgresql_where=OPEN_ON_A_DEVICE,
    ),
    Index(
        "uq_cash_drawers_open_location",
        "location_id",
        unique=True,
        sqlite_where=OPEN_WITHOUT_DEVICE,
        postgresql_where=OPEN_WITHOUT_DEVICE,
    ),
    Index("ix_cash_drawers_location_opened_at", "location_id", "opened_at", "id"),
    Index("ix_cash_drawers_open", "location_id", sqlite_where=OPEN, postgresql_where=OPEN),
)

cash_drawer_movements = Table(
    "cash_drawer_movements",
    metadata,
    Column("id", Uuid, primary_key=True),
    # NULL: a cash sale or refund that found no open drawer (unassigned).
    Column("drawer_id", Uuid, ForeignKey("cash_drawers.id"), nullable=True),
    Column("location_id", Uuid, nullable=False),
    Column("type", String(16), nullable=False),
    # 0 or more: the type gives the sign.
    Column("amount_cents", BigInteger, nullable=False),
    Column("rounding_cents", BigInteger, nullable=False, server_default="0"),
    Column("reason", String(500), nullable=True),
    Column("order_id", Uuid, nullable=True),
    Column("payment_id", Uuid, nullable=True),
    Column("refund_id", Uuid, nullable=True),
    Column("staff_id", Uuid, nullable=True),
    Column("staff_name", String(200), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Index("ix_cash_drawer_movements_drawer", "drawer_id", "created_at", "id"),
    Index("ix_cash_drawer_movements_location_created_at", "location_id", "created_at"),
)

shifts = Table(
    "shifts",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("staff_id", Uuid, nullable=False),
    Column("staff_name", String(200), nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("clocked_in_at", UTCDateTime(), nullable=False),
    Column("clocked_out_at", UTCDateTime(), nullable=True),
    # One open shift per person.
    Index(
        "uq_shifts_open_staff",
        "staff_id",
        unique=True,
        sqlite_where=ON_SHIFT,
        postgresql_where=ON_SHIFT,
    ),
    Index("ix_shifts_location_clocked_in_at", "location_id", "clocked_in_at", "id"),
    Index("ix_shifts_staff_clocked_in_at", "staff_id", "clocked_in_at"),
)

"""Card readers, the checkouts on them and the refunds to cards (docs/design.md §27)."""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Column, Index, String, Table, Uuid, false, text

from brigade.kit.db.tables import metadata
from brigade.kit.db.types import UTCDateTime

# A checkout not yet ended holds its reader: one such checkout per reader, so two starts at
# once cannot both win (the second insert breaks this index).
OPEN_CHECKOUT = text("status IN ('PENDING', 'WAITING_FOR_CARD')")
# Waiting for its provider (the poller's to claim), and a tab's card still held (the Z's).
WORKING_CHECKOUT = text("status IN ('PENDING', 'WAITING_FOR_CARD', 'CAPTURING', 'RELEASING')")
HOLDING_CHECKOUT = text("status IN ('HELD', 'CAPTURING', 'RELEASING')")
PENDING_REFUND = text("status = 'PENDING'")

payment_readers = Table(
    "payment_readers",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("provider", String(40), nullable=False),
    Column("name", String(200), nullable=False),
    Column("external_id", String(200), nullable=True),
    Column("mode", String(16), nullable=False),
    Column("created_at", UTCDateTime(), nullable=False),
    Index("ix_payment_readers_location", "location_id", "name"),
)

# A terminal's default reader: one per terminal.
payment_reader_defaults = Table(
    "payment_reader_defaults",
    metadata,
    Column("device_id", Uuid, primary_key=True),
    Column("reader_id", Uuid, nullable=False),
    Index("ix_payment_reader_defaults_reader", "reader_id"),
)

card_checkouts = Table(
    "card_checkouts",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("order_id", Uuid, nullable=False),
    Column("location_id", Uuid, nullable=False),
    # NULL: an online checkout, the card typed on the phone of the guests' visit_id.
    Column("reader_id", Uuid, nullable=True),
    Column("provider", String(40), nullable=False),
    Column("status", String(20), nullable=False),
    Column("currency", String(3), nullable=False),
    Column("amount_cents", BigInteger, nullable=False),
    Column("tip_mode", String(16), nullable=False),
    Column("tip_cents", BigInteger, nullable=False),
    Column("charge_ref", String(200), nullable=True),
    Column("payment_ref", String(200), nullable=True),
    Column("card_brand", String(40), nullable=True),
    Column("card_last_four", String(4), nullable=True),
    Column("reason", String(500), nullable=True),
    Column("cancel_requested", Boolean, nullable=False),
    Column("started_by_id", Uuid, nullable=True),
    Column("started_by_name", String(200), nullable=False),
    Column("device_id", Uuid, nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False),
    Column("expires_at", UTCDateTime(), nullable=False),
    Column("finished_at", UTCDateTime(), nullable=True),
    Column("hold", Boolean, nullable=False, server_default=false()),
    Column("held_cents", BigInteger, nullable=True),
    Column("capture_cents", BigInteger, nullable=True),
    Column("capture_tip_cents", BigInteger, nullable=True),
    Column("capture_id", Uuid, nullable=True),
    Column("lease_until", UTCDateTime(), nullable=True),
    Column("visit_id", Uuid, nullable=True),
    Column("client_secret", String(300), nullable=True),
    Index(
        "uq_card_checkouts_open_reader",
        "reader_id",
        unique=True,
        sqlite_where=OPEN_CHECKOUT,
        postgresql_where=OPEN_CHECKOUT,
    ),
    Index("ix_card_checkouts_order", "order_id", "created_at"),
    Index("ix_card_checkouts_visit", "visit_id"),
    Index(
        "ix_card_checkouts_working",
        "status",
        sqlite_where=WORKING_CHECKOUT,
        postgresql_where=WORKING_CHECKOUT,
    ),
    Index(
        "ix_card_checkouts_holding",
        "location_id",
        sqlite_where=HOLDING_CHECKOUT,
        postgresql_where=HOLDING_CHECKOUT,
    ),
)

card_refunds = Table(
    "card_refunds",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("checkout_id", Uuid, nullable=False),
    Column("order_id", Uuid, nullable=False),
    Column("location_id", Uuid, nullable=False),
    Column("order_refund_id", Uuid, nullable=True),
    Column("amount_cents", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),
    Column("refund_ref", String(200), nullable=True),
    Column("reason", String(500), nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False),
    Column("lease_until", UTCDateTime(), nullable=True),
    Index("ix_card_refunds_order", "order_id", "created_at"),
    Index(
        "ix_card_refunds_pending",
        "status",
        sqlite_where=PENDING_REFUND,
        postgresql_where=PENDING_REFUND,
    ),
)

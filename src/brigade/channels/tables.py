"""The channels' tables: a location's channels and the orders they brought in."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
    Uuid,
    text,
)

from brigade.kit.db.tables import metadata
from brigade.kit.db.types import UTCDateTime

channels = Table(
    "channels",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("location_id", Uuid, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("name", String(100), nullable=False),
    # A WEB channel's page: /order/{slug}, unique across the server.
    Column("slug", String(60), nullable=True, unique=True),
    # Where an INBOUND channel is told its orders' statuses (its webhook has the channel's id).
    Column("status_url", String(2000), nullable=True),
    Column("accept_window_seconds", Integer, nullable=False),
    Column("auto_accept", Boolean, nullable=False),
    Column("prep_minutes", Integer, nullable=False),
    Column("orders_per_slot", Integer, nullable=True),
    Column("paused_until", UTCDateTime(), nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False),
    Index("ix_channels_location", "location_id", "created_at"),
)

NEW = text("status = 'NEW'")

channel_orders = Table(
    "channel_orders",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("channel_id", Uuid, nullable=False),
    Column("channel_name", String(100), nullable=False),
    Column("location_id", Uuid, nullable=False),
    # The channel's own id for it: pushed twice, it is one order.
    Column("channel_order_id", String(100), nullable=False),
    Column("order_id", Uuid, nullable=False),
    Column("order_number", Integer, nullable=False),
    Column("order_type", String(16), nullable=False),
    Column("status", String(16), nullable=False),
    Column("customer_name", String(60), nullable=True),
    Column("phone", String(40), nullable=True),
    Column("pickup_at", UTCDateTime(), nullable=False),
    Column("slot", UTCDateTime(), nullable=False),
    # [{"plu", "name", "quantity", "totalCents", "notes"}]: as brought in, as priced here.
    Column("lines", JSON, nullable=False),
    Column("total_cents", BigInteger, nullable=False),
    Column("paid", Boolean, nullable=False),
    Column("received_at", UTCDateTime(), nullable=False),
    Column("accept_by", UTCDateTime(), nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False),
    Column("reason", Text, nullable=True),
    UniqueConstraint("channel_id", "channel_order_id", name="uq_channel_orders_channel_order"),
    Index("ix_channel_orders_order", "order_id"),
    Index("ix_channel_orders_slot", "location_id", "slot"),
    Index("ix_channel_orders_new", "accept_by", sqlite_where=NEW, postgresql_where=NEW),
)

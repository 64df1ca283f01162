"""The webhooks' tables: subscriptions, deliveries, and the server's signing keys."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
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

webhooks = Table(
    "webhooks",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("url", String(2000), nullable=False),
    Column("types", JSON, nullable=False),
    Column("description", Text, nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    # The last event handled (delivered, or given up on): deliveries go on from there.
    Column("cursor", BigInteger, nullable=False),
    # Failed attempts at the event after the cursor, and when the first of them was made.
    Column("attempts", Integer, nullable=False),
    Column("retrying_since", UTCDateTime(), nullable=True),
    Column("next_attempt_at", UTCDateTime(), nullable=False),
    # A worker delivering holds the webhook until then; a crashed worker's lease runs out.
    Column("lease_until", UTCDateTime(), nullable=True),
    Index("ix_webhooks_next_attempt_at", "next_attempt_at"),
    Index("ix_webhooks_created_at", "created_at", "id"),
)

webhook_deliveries = Table(
    "webhook_deliveries",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column(
        "webhook_id",
        Uuid,
        ForeignKey("webhooks.id", ondelete="CASCADE"),
        nullable=False,
    ),
    Column("event_id", BigInteger, nullable=False),
    Column("event_type", String(40), nullable=False),
    Column("attempt", Integer, nullable=False),
    Column("at", UTCDateTime(), nullable=False),
    Column("duration_ms", Integer, nullable=False),
    Column("status_code", Integer, nullable=True),
    Column("outcome", String(16), nullable=False),
    Column("error", Text, nullable=True),
    Index("ix_webhook_deliveries_webhook_at", "webhook_id", "at", "id"),
    Index("ix_webhook_deliveries_at", "at"),
)

# Keys the server makes for itself, kept when no setting provides them (webhook signing).
server_keys = Table(
    "server_keys",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("value", String(128), nullable=False),
)

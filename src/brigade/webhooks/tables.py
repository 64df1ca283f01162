"""The webhooks' tables: subscriptions, deliveries, and the server's signing keys."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    Uuid,
    true,
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
    # A worker delivering holds the webhook until then; a crashed worker's lease runs out.
    Column("lease_until", UTCDateTime(), nullable=True),
    # A disabled webhook is paused: nothing is sent, nothing is lost (docs/decisions.md).
    Column("enabled", Boolean, nullable=False, server_default=true()),
    # Which secret signs (webhooks/domain.py), and when it last changed: the previous one
    # signs too for the overlap after a rotation.
    Column("secret_version", Integer, nullable=False, server_default="0"),
    Column("rotated_at", UTCDateTime(), nullable=True),
    # Set: the webhook follows this one entity's events only (a channel's own webhook).
    Column("entity_id", Uuid, nullable=True),
    Index("ix_webhooks_created_at", "created_at", "id"),
)

# One row per event (or test ping) to deliver to one webhook: its id is the ``webhook-id``
# header, the same on every attempt. Deliveries of one ``ordering_key`` go in ``position``
# order; other keys do not wait for them.
webhook_queue = Table(
    "webhook_queue",
    metadata,
    Column("id", Uuid, primary_key=True),
    Column("webhook_id", Uuid, ForeignKey("webhooks.id", ondelete="CASCADE"), nullable=False),
    Column("position", BigInteger, nullable=False),
    Column("event_id", BigInteger, nullable=True),
    Column("event_type", String(40), nullable=False),
    Column("ordering_key", String(80), nullable=False),
    Column("body", Text, nullable=False),
    # PENDING, DELIVERED, FAILED (given up after 24 h: the dead letter) or SKIPPED.
    Column("state", String(16), nullable=False),
    # Failed attempts so far, when the first of them was made, and when to try next.
    Column("attempts", Integer, nullable=False),
    Column("retrying_since", UTCDateTime(), nullable=True),
    Column("next_attempt_at", UTCDateTime(), nullable=False),
    Column("last_error", Text, nullable=True),
    Column("created_at", UTCDateTime(), nullable=False),
    Index("ix_webhook_queue_due", "webhook_id", "state", "next_attempt_at"),
    Index("ix_webhook_queue_key", "webhook_id", "ordering_key", "position"),
    Index("ix_webhook_queue_created_at", "created_at"),
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
    # The delivery (webhook_queue) attempted; null for attempts logged before it existed.
    Column("delivery_id", Uuid, nullable=True),
    # Null for a test ping.
    Column("event_id", BigInteger, nullable=True),
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

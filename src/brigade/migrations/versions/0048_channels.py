"""Channels: online ordering pages and delivery platforms, the orders they bring in, and a
webhook that follows one channel's events

Revision ID: 0048_channels
Revises: 0047_online_card_checkouts
Create Date: 2026-12-07 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0048_channels"
down_revision: str | None = "0047_online_card_checkouts"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NEW = sa.text("status = 'NEW'")


def upgrade() -> None:
    op.create_table(
        "channels",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("slug", sa.String(60), nullable=True, unique=True),
        sa.Column("status_url", sa.String(2000), nullable=True),
        sa.Column("accept_window_seconds", sa.Integer, nullable=False),
        sa.Column("auto_accept", sa.Boolean, nullable=False),
        sa.Column("prep_minutes", sa.Integer, nullable=False),
        sa.Column("orders_per_slot", sa.Integer, nullable=True),
        sa.Column("paused_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_channels_location", "channels", ["location_id", "created_at"])
    op.create_table(
        "channel_orders",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("channel_id", sa.Uuid, nullable=False),
        sa.Column("channel_name", sa.String(100), nullable=False),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("channel_order_id", sa.String(100), nullable=False),
        sa.Column("order_id", sa.Uuid, nullable=False),
        sa.Column("order_number", sa.Integer, nullable=False),
        sa.Column("order_type", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("customer_name", sa.String(60), nullable=True),
        sa.Column("phone", sa.String(40), nullable=True),
        sa.Column("pickup_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("slot", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lines", sa.JSON, nullable=False),
        sa.Column("total_cents", sa.BigInteger, nullable=False),
        sa.Column("paid", sa.Boolean, nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("accept_by", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.Text, nullable=True),
        sa.UniqueConstraint(
            "channel_id", "channel_order_id", name="uq_channel_orders_channel_order"
        ),
    )
    op.create_index("ix_channel_orders_order", "channel_orders", ["order_id"])
    op.create_index("ix_channel_orders_slot", "channel_orders", ["location_id", "slot"])
    op.create_index(
        "ix_channel_orders_new",
        "channel_orders",
        ["accept_by"],
        sqlite_where=NEW,
        postgresql_where=NEW,
    )
    with op.batch_alter_table("webhooks") as batch:
        batch.add_column(sa.Column("entity_id", sa.Uuid, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("webhooks") as batch:
        batch.drop_column("entity_id")
    op.drop_table("channel_orders")
    op.drop_table("channels")

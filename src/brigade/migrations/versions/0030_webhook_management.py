"""Webhooks integrators manage: enabled, secret versions and rotation, a delivery queue with
ordering keys (webhook_queue), attempts naming their delivery

Revision ID: 0030_webhook_management
Revises: 0029_web_sessions_on_a_terminal
Create Date: 2026-11-27 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0030_webhook_management"
down_revision: str | None = "0029_web_sessions_on_a_terminal"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # docs/design.md §8. Secret version 0 is the hex secret every existing webhook has: its
    # receivers keep it. The per-webhook retry state moves to each queued delivery; a retry in
    # progress starts again from its first attempt (the event after the cursor is queued anew).
    with op.batch_alter_table("webhooks") as batch:
        batch.add_column(sa.Column("enabled", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(
            sa.Column("secret_version", sa.Integer, nullable=False, server_default="0")
        )
        batch.add_column(sa.Column("rotated_at", sa.DateTime(timezone=True), nullable=True))
        batch.drop_index("ix_webhooks_next_attempt_at")
        batch.drop_column("attempts")
        batch.drop_column("retrying_since")
        batch.drop_column("next_attempt_at")
    op.create_table(
        "webhook_queue",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column(
            "webhook_id",
            sa.Uuid,
            sa.ForeignKey("webhooks.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("position", sa.BigInteger, nullable=False),
        sa.Column("event_id", sa.BigInteger, nullable=True),
        sa.Column("event_type", sa.String(40), nullable=False),
        sa.Column("ordering_key", sa.String(80), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("retrying_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_webhook_queue_due", "webhook_queue", ["webhook_id", "state", "next_attempt_at"]
    )
    op.create_index(
        "ix_webhook_queue_key", "webhook_queue", ["webhook_id", "ordering_key", "position"]
    )
    op.create_index("ix_webhook_queue_created_at", "webhook_queue", ["created_at"])
    with op.batch_alter_table("webhook_deliveries") as batch:
        batch.add_column(sa.Column("delivery_id", sa.Uuid, nullable=True))
        batch.alter_column("event_id", existing_type=sa.BigInteger, nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("webhook_deliveries") as batch:
        batch.drop_column("delivery_id")
    op.execute("DELETE FROM webhook_deliveries WHERE event_id IS NULL")
    with op.batch_alter_table("webhook_deliveries") as batch:
        batch.alter_column("event_id", existing_type=sa.BigInteger, nullable=False)
    op.drop_table("webhook_queue")
    with op.batch_alter_table("webhooks") as batch:
        batch.add_column(sa.Column("attempts", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("retrying_since", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(
            sa.Column(
                "next_attempt_at",
                sa.DateTime(timezone=True),
                nullable=False,
                server_default=sa.func.now(),
            )
        )
        batch.create_index("ix_webhooks_next_attempt_at", ["next_attempt_at"])
        batch.drop_column("rotated_at")
        batch.drop_column("secret_version")
        batch.drop_column("enabled")

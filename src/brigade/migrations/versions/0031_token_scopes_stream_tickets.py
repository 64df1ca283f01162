"""Scoped staff tokens (api_tokens.scopes) and one-use event stream tickets (stream_tickets)

Revision ID: 0031_token_scopes_stream_tickets
Revises: 0030_webhook_management
Create Date: 2026-11-27 13:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0031_token_scopes_stream_tickets"
down_revision: str | None = "0030_webhook_management"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # docs/security.md. Every existing token stays unscoped (null): its role's permissions.
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("scopes", sa.JSON, nullable=True))
    op.create_table(
        "stream_tickets",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("ticket_digest", sa.String(64), nullable=False),
        sa.Column("credential_kind", sa.String(16), nullable=False),
        sa.Column("credential_digest", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index(
        "uq_stream_tickets_ticket_digest", "stream_tickets", ["ticket_digest"], unique=True
    )
    op.create_index("ix_stream_tickets_expires_at", "stream_tickets", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_stream_tickets_expires_at", table_name="stream_tickets")
    op.drop_index("uq_stream_tickets_ticket_digest", table_name="stream_tickets")
    op.drop_table("stream_tickets")
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("scopes")

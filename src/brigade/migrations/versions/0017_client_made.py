"""Orders, items and payments made under an id the client chose remember the request that
made them

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-26 13:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "client_made",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("order_id", sa.Uuid, sa.ForeignKey("orders.id"), nullable=False),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_client_made_order_id", "client_made", ["order_id"])


def downgrade() -> None:
    op.drop_index("ix_client_made_order_id", table_name="client_made")
    op.drop_table("client_made")

"""An order may carry its pickup time: when a TAKEOUT or DELIVERY order is promised

Revision ID: 0049_order_pickup_time
Revises: 0048_channels
Create Date: 2026-12-07 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0049_order_pickup_time"
down_revision: str | None = "0048_channels"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every order so far was promised for no time (NULL).
    op.add_column("orders", sa.Column("pickup_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("pickup_at")

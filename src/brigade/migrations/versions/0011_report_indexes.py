"""The sales report reads completed orders by location and completion time, and refunds by
when they were given

Revision ID: 0011
Revises: 0008
Create Date: 2026-11-24 13:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COMPLETED = sa.text("status = 'COMPLETED'")
REFUNDED = sa.text("refunded_at IS NOT NULL")


def upgrade() -> None:
    op.create_index(
        "ix_orders_location_completed_at",
        "orders",
        ["location_id", "completed_at"],
        sqlite_where=COMPLETED,
        postgresql_where=COMPLETED,
    )
    op.create_index(
        "ix_payments_refunded_at",
        "payments",
        ["refunded_at"],
        sqlite_where=REFUNDED,
        postgresql_where=REFUNDED,
    )


def downgrade() -> None:
    op.drop_index("ix_payments_refunded_at", table_name="payments")
    op.drop_index("ix_orders_location_completed_at", table_name="orders")

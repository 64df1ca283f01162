"""The sales report reads completed orders by location and completion time

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24 13:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COMPLETED = sa.text("status = 'COMPLETED'")


def upgrade() -> None:
    op.create_index(
        "ix_orders_location_completed_at",
        "orders",
        ["location_id", "completed_at"],
        sqlite_where=COMPLETED,
        postgresql_where=COMPLETED,
    )


def downgrade() -> None:
    op.drop_index("ix_orders_location_completed_at", table_name="orders")

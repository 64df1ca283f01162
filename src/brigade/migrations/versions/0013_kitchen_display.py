"""The kitchen display: bumped tickets and each location's ticket age thresholds

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-25 11:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("kitchen_tickets") as batch:
        batch.add_column(sa.Column("bumped_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(
        "ix_kitchen_tickets_location_bumped", "kitchen_tickets", ["location_id", "bumped_at"]
    )
    with op.batch_alter_table("locations") as batch:
        batch.add_column(
            sa.Column("ticket_warn_minutes", sa.Integer(), nullable=False, server_default="5")
        )
        batch.add_column(
            sa.Column("ticket_late_minutes", sa.Integer(), nullable=False, server_default="10")
        )


def downgrade() -> None:
    with op.batch_alter_table("locations") as batch:
        batch.drop_column("ticket_late_minutes")
        batch.drop_column("ticket_warn_minutes")
    op.drop_index("ix_kitchen_tickets_location_bumped", table_name="kitchen_tickets")
    with op.batch_alter_table("kitchen_tickets") as batch:
        batch.drop_column("bumped_at")

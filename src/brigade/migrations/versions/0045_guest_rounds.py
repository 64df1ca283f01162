"""Guests' rounds: what guests order from their phones onto their table's check

Revision ID: 0045_guest_rounds
Revises: 0044_guest_visits
Create Date: 2026-12-05 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0045_guest_rounds"
down_revision: str | None = "0044_guest_visits"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WAITING = sa.text("status = 'WAITING'")


def upgrade() -> None:
    op.create_table(
        "guest_rounds",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("visit_id", sa.Uuid, nullable=False),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("table_id", sa.Uuid, nullable=False),
        sa.Column("table_name", sa.String(200), nullable=False),
        sa.Column("order_id", sa.Uuid, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("lines", sa.JSON, nullable=False),
        sa.Column("total_cents", sa.BigInteger, nullable=False),
        sa.Column("placed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_by", sa.String(200), nullable=True),
        sa.Column("reason", sa.Text, nullable=True),
    )
    op.create_index("ix_guest_rounds_visit", "guest_rounds", ["visit_id", "placed_at"])
    op.create_index(
        "ix_guest_rounds_waiting",
        "guest_rounds",
        ["location_id", "placed_at"],
        sqlite_where=WAITING,
        postgresql_where=WAITING,
    )


def downgrade() -> None:
    op.drop_table("guest_rounds")

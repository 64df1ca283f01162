"""A location says how long its terminals may stay untouched before they sign out

Revision ID: 0022_idle_sign_out
Revises: 0018
Create Date: 2026-11-26 19:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022_idle_sign_out"
down_revision: str | None = "0021_auto_complete"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every location keeps the 3 minutes its terminals had; NULL is "never".
    op.add_column(
        "locations",
        sa.Column("idle_sign_out_seconds", sa.Integer, nullable=True, server_default="180"),
    )


def downgrade() -> None:
    with op.batch_alter_table("locations") as batch:
        batch.drop_column("idle_sign_out_seconds")

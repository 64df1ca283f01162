"""A check merged into another says which (merged_into); a split, a move or a merge keeps the
cents that make the checks' taxes add up (tax_adjustments)

Revision ID: 0020_merged_into
Revises: 0018
Create Date: 2026-11-26 19:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020_merged_into"
down_revision: str | None = "0019_seats_courses"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("tax_adjustments", sa.JSON(), nullable=True))
    op.add_column("orders", sa.Column("merged_into", sa.Uuid(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("merged_into")
        batch.drop_column("tax_adjustments")

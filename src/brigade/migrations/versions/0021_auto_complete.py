"""A location says whether its checks complete by themselves once paid (on for every
location, those from before too)

Revision ID: 0021_auto_complete
Revises: 0018
Create Date: 2026-11-26 19:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021_auto_complete"
down_revision: str | None = "0020_merged_into"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "locations",
        sa.Column("auto_complete", sa.Boolean(), nullable=False, server_default=sa.true()),
    )


def downgrade() -> None:
    with op.batch_alter_table("locations") as batch:
        batch.drop_column("auto_complete")

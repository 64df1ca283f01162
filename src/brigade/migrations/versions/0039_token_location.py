"""A staff token may be bound to one location

Revision ID: 0039_token_location
Revises: 0038_approval_amount
Create Date: 2026-11-29 18:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0039_token_location"
down_revision: str | None = "0038_approval_amount"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every token made so far reaches every location, as it did: null.
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("location_id", sa.Uuid(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("location_id")

"""Journal entries say what their hash covers: new ones their order too

Revision ID: 0037_journal_hash_version
Revises: 0036_order_refund_count
Create Date: 2026-11-29 14:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0037_journal_hash_version"
down_revision: str | None = "0036_order_refund_count"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Entries written so far were hashed without their order (version 1) and keep their hash:
    # the chain is never rewritten; the ones written from now on cover it (journal/domain.py).
    with op.batch_alter_table("journal_entries") as batch:
        batch.add_column(
            sa.Column("hash_version", sa.SmallInteger(), nullable=False, server_default="1")
        )


def downgrade() -> None:
    with op.batch_alter_table("journal_entries") as batch:
        batch.drop_column("hash_version")

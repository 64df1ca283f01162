"""An approval of a change that moves money names the most it approves

Revision ID: 0038_approval_amount
Revises: 0037_journal_hash_version
Create Date: 2026-11-29 17:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0038_approval_amount"
down_revision: str | None = "0037_journal_hash_version"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Approvals live 60 s: any row here is spent or about to lapse, and null covers it (the
    # change it approved, if still to come, is bounded by nothing more than before).
    with op.batch_alter_table("approvals") as batch:
        batch.add_column(sa.Column("amount_cents", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("approvals") as batch:
        batch.drop_column("amount_cents")

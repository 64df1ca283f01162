"""The journal, its counters, receipt numbers on orders, and the Z reports

Revision ID: 0024_journal
Revises: 0023_till
Create Date: 2026-12-01 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024_journal"
down_revision: str | None = "0023_till"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Orders completed before this migration get no entries: the chain starts here.
    op.create_table(
        "journal_heads",
        sa.Column("location_id", sa.Uuid, primary_key=True),
        sa.Column("last_sequence", sa.BigInteger, nullable=False),
        sa.Column("last_hash", sa.String(64), nullable=False),
    )
    op.create_table(
        "journal_entries",
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("sequence", sa.BigInteger, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("order_id", sa.Uuid, nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("content", sa.Text, nullable=False),
        sa.Column("previous_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("location_id", "sequence"),
    )
    op.create_index(
        "ix_journal_entries_location_kind", "journal_entries", ["location_id", "kind", "sequence"]
    )
    op.create_table(
        "z_reports",
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("journal_sequence", sa.BigInteger, nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("snapshot", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("location_id", "number"),
    )
    op.add_column("orders", sa.Column("receipt_number", sa.BigInteger, nullable=True))
    # A Z prints on a receipt printer and belongs to no order.
    with op.batch_alter_table("print_jobs") as batch:
        batch.alter_column("order_id", existing_type=sa.Uuid, nullable=True)


def downgrade() -> None:
    op.execute("DELETE FROM print_jobs WHERE order_id IS NULL")
    with op.batch_alter_table("print_jobs") as batch:
        batch.alter_column("order_id", existing_type=sa.Uuid, nullable=False)
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("receipt_number")
    op.drop_table("z_reports")
    op.drop_index("ix_journal_entries_location_kind", table_name="journal_entries")
    op.drop_table("journal_entries")
    op.drop_table("journal_heads")

"""The kitchen follows the food, lines carry their discount between checks, a tip adjustment is
its own journal entry

Revision ID: 0035_kitchen_follows_the_food
Revises: 0034_order_payment_count
Create Date: 2026-11-29 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0035_kitchen_follows_the_food"
down_revision: str | None = "0034_order_payment_count"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SENT_AS_A_PART = sa.text("sent_as_id IS NOT NULL")


def upgrade() -> None:
    # A part of a sent line that a split or a share makes names the item its kitchen ticket's
    # line names (docs/design.md §25). Parts made before have none: their tickets are off the
    # board within a day.
    # A line that moves between checks keeps its part of the discount (docs/design.md §25).
    with op.batch_alter_table("order_items") as batch:
        batch.add_column(sa.Column("sent_as_id", sa.Uuid(), nullable=True))
        batch.add_column(sa.Column("discount_cents", sa.BigInteger(), nullable=True))
    op.create_index(
        "ix_order_items_sent_as",
        "order_items",
        ["sent_as_id"],
        sqlite_where=SENT_AS_A_PART,
        postgresql_where=SENT_AS_A_PART,
    )
    # TIP_ADJUST is ten letters.
    with op.batch_alter_table("journal_entries") as batch:
        batch.alter_column(
            "kind", existing_type=sa.String(8), type_=sa.String(16), existing_nullable=False
        )


def downgrade() -> None:
    with op.batch_alter_table("journal_entries") as batch:
        batch.alter_column(
            "kind", existing_type=sa.String(16), type_=sa.String(8), existing_nullable=False
        )
    op.drop_index("ix_order_items_sent_as", table_name="order_items")
    with op.batch_alter_table("order_items") as batch:
        batch.drop_column("discount_cents")
        batch.drop_column("sent_as_id")

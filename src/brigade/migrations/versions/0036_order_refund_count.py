"""Orders count their refunds on their own row

Revision ID: 0036_order_refund_count
Revises: 0035_kitchen_follows_the_food
Create Date: 2026-11-29 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0036_order_refund_count"
down_revision: str | None = "0035_kitchen_follows_the_food"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A load reads an order's refunds when its row counts some: a check reopened after a
    # refund is open and still holds it (docs/design.md §25), which the status no longer says.
    with op.batch_alter_table("orders") as batch:
        batch.add_column(
            sa.Column("refund_count", sa.Integer(), nullable=False, server_default="0")
        )
    op.execute(
        "UPDATE orders SET refund_count ="
        " (SELECT count(*) FROM refunds WHERE refunds.order_id = orders.id)"
        " WHERE EXISTS (SELECT 1 FROM refunds WHERE refunds.order_id = orders.id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("refund_count")

"""Orders count their payments on their own row

Revision ID: 0034_order_payment_count
Revises: 0033_event_ids_at_commit
Create Date: 2026-11-28 05:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0034_order_payment_count"
down_revision: str | None = "0033_event_ids_at_commit"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A write locks the order's row and reads its payments only when this says it has some
    # (docs/decisions.md, "Performance"): every order counts those it holds today.
    with op.batch_alter_table("orders") as batch:
        batch.add_column(
            sa.Column("payment_count", sa.Integer(), nullable=False, server_default="0")
        )
    op.execute(
        "UPDATE orders SET payment_count ="
        " (SELECT count(*) FROM payments WHERE payments.order_id = orders.id)"
        " WHERE EXISTS (SELECT 1 FROM payments WHERE payments.order_id = orders.id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("orders") as batch:
        batch.drop_column("payment_count")

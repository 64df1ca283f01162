"""Kitchen tickets have a kind (ORDER or VOID) and a void's reason

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23 12:20:00.000000

Tickets from before were all sends: they become ORDER tickets, without a reason.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("kitchen_tickets", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("kind", sa.String(length=8), nullable=False, server_default="ORDER")
        )
        batch_op.add_column(sa.Column("reason", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("kitchen_tickets", schema=None) as batch_op:
        batch_op.drop_column("reason")
        batch_op.drop_column("kind")

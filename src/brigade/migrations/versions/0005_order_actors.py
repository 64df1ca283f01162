"""Orders record who completed or cancelled them, kitchen tickets who sent them

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 11:40:00.000000

The columns are nullable: orders and tickets from before stay unattributed (the API shows null).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ORDER_ACTORS = ("completed_by", "cancelled_by")


def upgrade() -> None:
    with op.batch_alter_table("orders", schema=None) as batch_op:
        for actor in _ORDER_ACTORS:
            batch_op.add_column(sa.Column(f"{actor}_id", sa.Uuid(), nullable=True))
            batch_op.add_column(sa.Column(f"{actor}_name", sa.String(length=200), nullable=True))
    with op.batch_alter_table("kitchen_tickets", schema=None) as batch_op:
        batch_op.add_column(sa.Column("sent_by_id", sa.Uuid(), nullable=True))
        batch_op.add_column(sa.Column("sent_by_name", sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("kitchen_tickets", schema=None) as batch_op:
        batch_op.drop_column("sent_by_name")
        batch_op.drop_column("sent_by_id")
    with op.batch_alter_table("orders", schema=None) as batch_op:
        for actor in reversed(_ORDER_ACTORS):
            batch_op.drop_column(f"{actor}_name")
            batch_op.drop_column(f"{actor}_id")

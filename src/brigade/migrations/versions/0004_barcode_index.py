"""Barcode lookups across locations use an index

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 03:58:45.294827
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("products", schema=None) as batch_op:
        batch_op.create_index(
            "ix_products_barcode",
            ["barcode"],
            unique=False,
            sqlite_where=sa.text("deleted_at IS NULL AND barcode IS NOT NULL"),
            postgresql_where=sa.text("deleted_at IS NULL AND barcode IS NOT NULL"),
        )


def downgrade() -> None:
    with op.batch_alter_table("products", schema=None) as batch_op:
        batch_op.drop_index(
            "ix_products_barcode",
            sqlite_where=sa.text("deleted_at IS NULL AND barcode IS NOT NULL"),
            postgresql_where=sa.text("deleted_at IS NULL AND barcode IS NOT NULL"),
        )

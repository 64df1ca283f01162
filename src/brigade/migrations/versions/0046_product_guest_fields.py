"""Products for the guests' menu: whether guests see one on their phones, and the allergens it
contains

Revision ID: 0046_product_guest_fields
Revises: 0045_guest_rounds
Create Date: 2026-12-05 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0046_product_guest_fields"
down_revision: str | None = "0045_guest_rounds"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Every product so far stays off the guests' menu until a manager shows it, and declares
    # no allergens (NULL, as the catalogue writes none).
    with op.batch_alter_table("products") as batch:
        batch.add_column(
            sa.Column("guest_visible", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("allergens", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("products") as batch:
        batch.drop_column("allergens")
        batch.drop_column("guest_visible")

"""A location says whether its guests' board shows dine-in orders too

Revision ID: 0026_pickup_board
Revises: 0025_kitchen_stations
Create Date: 2026-11-27 03:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0026_pickup_board"
down_revision: str | None = "0025_kitchen_stations"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # The board for guests (docs/design.md §20) shows takeout and delivery; dine-in on request.
    op.add_column(
        "locations",
        sa.Column("board_shows_dine_in", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("locations") as batch:
        batch.drop_column("board_shows_dine_in")

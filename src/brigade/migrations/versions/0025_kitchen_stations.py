"""Kitchen stations, each kitchen display's station, each station's bump, prep times

Revision ID: 0025_kitchen_stations
Revises: 0024_journal
Create Date: 2026-12-02 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025_kitchen_stations"
down_revision: str | None = "0024_journal"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Products made before it have no prep time: they start at once (docs/design.md §19).
    op.add_column("products", sa.Column("prep_seconds", sa.Integer, nullable=True))
    op.create_table(
        "kitchen_stations",
        sa.Column("id", sa.Uuid, primary_key=True),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("category_ids", sa.JSON(), nullable=False),
        sa.Column("is_expo", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_kitchen_stations_location", "kitchen_stations", ["location_id", "name", "id"]
    )
    op.create_table(
        "kitchen_device_stations",
        sa.Column("device_id", sa.Uuid, primary_key=True),
        sa.Column("station_id", sa.Uuid, sa.ForeignKey("kitchen_stations.id"), nullable=False),
    )
    op.create_index("ix_kitchen_device_stations_station", "kitchen_device_stations", ["station_id"])
    op.create_table(
        "kitchen_ticket_stations",
        sa.Column("ticket_id", sa.Uuid, sa.ForeignKey("kitchen_tickets.id"), primary_key=True),
        sa.Column("station_id", sa.Uuid, sa.ForeignKey("kitchen_stations.id"), primary_key=True),
        sa.Column("location_id", sa.Uuid, nullable=False),
        sa.Column("bumped_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_kitchen_ticket_stations_last",
        "kitchen_ticket_stations",
        ["station_id", "bumped_at"],
    )


def downgrade() -> None:
    op.drop_table("kitchen_ticket_stations")
    op.drop_table("kitchen_device_stations")
    op.drop_table("kitchen_stations")
    with op.batch_alter_table("products") as batch:
        batch.drop_column("prep_seconds")

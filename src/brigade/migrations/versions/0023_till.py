"""The till: cash drawers, their movements, shifts; a location lets servers open drawers

Revision ID: 0023_till
Revises: 0022_idle_sign_out
Create Date: 2026-11-27 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023_till"
down_revision: str | None = "0022_idle_sign_out"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OPEN = sa.text("status = 'OPEN'")
OPEN_ON_A_DEVICE = sa.text("status = 'OPEN' AND device_id IS NOT NULL")
OPEN_WITHOUT_DEVICE = sa.text("status = 'OPEN' AND device_id IS NULL")
ON_SHIFT = sa.text("clocked_out_at IS NULL")


def upgrade() -> None:
    # Every location keeps letting its servers open drawers, as before there were drawers.
    op.add_column(
        "locations",
        sa.Column("servers_open_drawers", sa.Boolean(), nullable=False, server_default=sa.true()),
    )
    op.create_table(
        "cash_drawers",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("device_id", sa.Uuid(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("opening_float_cents", sa.BigInteger(), nullable=False),
        sa.Column("expected_cents", sa.BigInteger(), nullable=True),
        sa.Column("counted_cents", sa.BigInteger(), nullable=True),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("opened_by_id", sa.Uuid(), nullable=True),
        sa.Column("opened_by_name", sa.String(length=200), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed_by_id", sa.Uuid(), nullable=True),
        sa.Column("closed_by_name", sa.String(length=200), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cash_drawers")),
    )
    op.create_index(
        "uq_cash_drawers_open_device",
        "cash_drawers",
        ["device_id"],
        unique=True,
        sqlite_where=OPEN_ON_A_DEVICE,
        postgresql_where=OPEN_ON_A_DEVICE,
    )
    op.create_index(
        "uq_cash_drawers_open_location",
        "cash_drawers",
        ["location_id"],
        unique=True,
        sqlite_where=OPEN_WITHOUT_DEVICE,
        postgresql_where=OPEN_WITHOUT_DEVICE,
    )
    op.create_index(
        "ix_cash_drawers_location_opened_at", "cash_drawers", ["location_id", "opened_at", "id"]
    )
    op.create_index(
        "ix_cash_drawers_open",
        "cash_drawers",
        ["location_id"],
        sqlite_where=OPEN,
        postgresql_where=OPEN,
    )
    op.create_table(
        "cash_drawer_movements",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("drawer_id", sa.Uuid(), nullable=True),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("type", sa.String(length=16), nullable=False),
        sa.Column("amount_cents", sa.BigInteger(), nullable=False),
        sa.Column("rounding_cents", sa.BigInteger(), nullable=False, server_default="0"),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("order_id", sa.Uuid(), nullable=True),
        sa.Column("payment_id", sa.Uuid(), nullable=True),
        sa.Column("refund_id", sa.Uuid(), nullable=True),
        sa.Column("staff_id", sa.Uuid(), nullable=True),
        sa.Column("staff_name", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["drawer_id"],
            ["cash_drawers.id"],
            name=op.f("fk_cash_drawer_movements_drawer_id_cash_drawers"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cash_drawer_movements")),
    )
    op.create_index(
        "ix_cash_drawer_movements_drawer",
        "cash_drawer_movements",
        ["drawer_id", "created_at", "id"],
    )
    op.create_index(
        "ix_cash_drawer_movements_location_created_at",
        "cash_drawer_movements",
        ["location_id", "created_at"],
    )
    op.create_table(
        "shifts",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("staff_id", sa.Uuid(), nullable=False),
        sa.Column("staff_name", sa.String(length=200), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("clocked_in_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("clocked_out_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shifts")),
    )
    op.create_index(
        "uq_shifts_open_staff",
        "shifts",
        ["staff_id"],
        unique=True,
        sqlite_where=ON_SHIFT,
        postgresql_where=ON_SHIFT,
    )
    op.create_index(
        "ix_shifts_location_clocked_in_at", "shifts", ["location_id", "clocked_in_at", "id"]
    )
    op.create_index("ix_shifts_staff_clocked_in_at", "shifts", ["staff_id", "clocked_in_at"])


def downgrade() -> None:
    op.drop_table("shifts")
    op.drop_table("cash_drawer_movements")
    op.drop_table("cash_drawers")
    with op.batch_alter_table("locations") as batch:
        batch.drop_column("servers_open_drawers")

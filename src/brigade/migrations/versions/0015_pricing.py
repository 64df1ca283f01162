"""Named tax rates and service charges; a location's tax mode and cash rounding; a product's
named tax rate (docs/design.md §15)

Revision ID: 0015_pricing
Revises: 0014
Create Date: 2026-11-26 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015_pricing"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_LIVE_RATE = sa.text("deleted_at IS NULL AND archived_at IS NULL")
_LIVE_CHARGE = sa.text("archived_at IS NULL")


def upgrade() -> None:
    op.create_table(
        "tax_rates",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("rate_units", sa.Integer(), nullable=False),
        sa.Column("takeout_rate_units", sa.Integer(), nullable=True),
        sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tax_rates")),
    )
    op.create_index(
        "uq_tax_rates_location_name",
        "tax_rates",
        ["location_id", "name"],
        unique=True,
        sqlite_where=_LIVE_RATE,
        postgresql_where=_LIVE_RATE,
    )
    op.create_table(
        "service_charges",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("location_id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("rate_units", sa.Integer(), nullable=True),
        sa.Column("amount_cents", sa.BigInteger(), nullable=True),
        sa.Column("tax_rate_id", sa.Uuid(), nullable=True),
        sa.Column("automatic", sa.Boolean(), nullable=False),
        sa.Column("min_guests", sa.Integer(), nullable=True),
        sa.Column("order_types", sa.String(length=100), nullable=False),
        sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tax_rate_id"],
            ["tax_rates.id"],
            name=op.f("fk_service_charges_tax_rate_id_tax_rates"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_service_charges")),
    )
    op.create_index(
        "uq_service_charges_location_name",
        "service_charges",
        ["location_id", "name"],
        unique=True,
        sqlite_where=_LIVE_CHARGE,
        postgresql_where=_LIVE_CHARGE,
    )
    op.create_index("ix_service_charges_tax_rate_id", "service_charges", ["tax_rate_id"])
    # Existing locations keep taxing on top of prices, without cash rounding.
    with op.batch_alter_table("locations") as batch:
        batch.add_column(
            sa.Column("tax_mode", sa.String(length=16), nullable=False, server_default="EXCLUSIVE")
        )
        batch.add_column(sa.Column("cash_rounding_cents", sa.BigInteger(), nullable=True))
    # Existing products name no rate: they keep their own taxRate. No foreign key: SQLite
    # would have to rebuild the products table for one (the service checks the rate).
    with op.batch_alter_table("products") as batch:
        batch.add_column(sa.Column("tax_rate_id", sa.Uuid(), nullable=True))
        batch.create_index("ix_products_tax_rate_id", ["tax_rate_id"])


def downgrade() -> None:
    with op.batch_alter_table("products") as batch:
        batch.drop_index("ix_products_tax_rate_id")
        batch.drop_column("tax_rate_id")
    with op.batch_alter_table("locations") as batch:
        batch.drop_column("cash_rounding_cents")
        batch.drop_column("tax_mode")
    op.drop_index("ix_service_charges_tax_rate_id", table_name="service_charges")
    op.drop_index("uq_service_charges_location_name", table_name="service_charges")
    op.drop_table("service_charges")
    op.drop_index("uq_tax_rates_location_name", table_name="tax_rates")
    op.drop_table("tax_rates")
